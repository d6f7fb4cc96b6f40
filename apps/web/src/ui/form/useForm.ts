import { useState } from 'react';

export type Validators<T> = { [K in keyof T]?: (value: T[K], all: T) => string | null };

/**
 * Form state for the light forms: values, one error per field, validation on submit and after a
 * field has been touched, and server field problems put onto their fields.
 */
export function useForm<T extends Record<string, string | boolean>>(initial: T, validators: Validators<T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});

  const check = (name: keyof T, all: T): string | null => validators[name]?.(all[name], all) ?? null;

  const set = <K extends keyof T>(name: K, value: T[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors((e) => ({ ...e, [name]: check(name, next) ?? undefined }));
  };

  /** Validates every field (or the given ones); true when all pass. */
  const validate = (names: (keyof T)[] = Object.keys(values)): boolean => {
    const found: Partial<Record<keyof T, string>> = {};
    for (const name of names) {
      const error = check(name, values);
      if (error) found[name] = error;
    }
    setErrors((e) => ({ ...e, ...Object.fromEntries(names.map((n) => [n, found[n]])) }));
    return Object.keys(found).length === 0;
  };

  const setFieldErrors = (problems: { field: string; message: string }[]) =>
    setErrors((e) => ({ ...e, ...Object.fromEntries(problems.filter((p) => p.field in values).map((p) => [p.field, p.message])) }));

  return { values, errors, set, validate, setFieldErrors };
}
