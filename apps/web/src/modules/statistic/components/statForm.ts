import type { FormInstance } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';
import { fieldProblems, issueText } from '../../../core/forms.js';
import type { Translate } from '../../../core/i18n.js';

/** The form field an issue belongs to: the last name on its path (`range.ringEnd` -> `ringEnd`), as the server names it. */
const fieldOfPath = (path: readonly PropertyKey[]): string => [...path].reverse().find((p): p is string => typeof p === 'string') ?? '';

/** Maps contract field names onto a form's own (the single-ring page's `ring` is the contract's `rings`). */
export type FieldNames = Partial<Record<string, string>>;

/**
 * A field rule checked with the whole contract schema of the form (`input` builds the query as the
 * endpoint takes it), so limits between fields — start above end, too many rings for the view —
 * show on the field the server would name, with the server's text, while the user types.
 */
export function statRule(schema: z.ZodType, input: () => unknown, field: string, t: Translate, names: FieldNames = {}) {
  return {
    validator: async () => {
      const result = schema.safeParse(input());
      if (result.success) return;
      const issue = result.error.issues.find((i) => {
        const name = fieldOfPath(i.path);
        return (names[name] ?? name) === field;
      });
      if (issue) throw new Error(issueText(issue, t));
    },
  };
}

/**
 * Parses a form's query with its contract schema before anything is sent. On failure every problem
 * goes onto its field (or the first field when it names none the form has) and null is answered:
 * nothing is sent, and the values typed stay as they are.
 */
export function parseQuery<S extends z.ZodType>(schema: S, input: unknown, form: FormInstance, t: Translate, names: FieldNames = {}): z.output<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const present = new Set(Object.keys(form.getFieldsValue(true) as object));
  const first = [...present][0] ?? '';
  form.setFields(
    result.error.issues.map((issue) => {
      const name = fieldOfPath(issue.path);
      const field = names[name] ?? name;
      return { name: present.has(field) ? field : first, errors: [issueText(issue, t)] };
    }),
  );
  return null;
}

/**
 * A refusal of the server (code 3 with `data.fields`) onto the form's fields; answers whether any
 * field took one (the page shows the message itself otherwise).
 */
export function showServerFields(error: unknown, form: FormInstance, names: FieldNames = {}): boolean {
  const present = new Set(Object.keys(form.getFieldsValue(true) as object));
  const problems = fieldProblems(error).map((p) => ({ ...p, field: names[p.field] ?? p.field })).filter((p) => present.has(p.field));
  if (problems.length === 0) return false;
  form.setFields(problems.map((p) => ({ name: p.field, errors: [p.message] })));
  return true;
}

/**
 * What ties a statistics form to its page: a refusal of the server is shown at the fields it names
 * (whenever a new one arrives), and a choice from the address the form refuses is checked once
 * when the form appears, so the fields say what is wrong before anyone touches them.
 */
export function useFormChecks(form: FormInstance, error: unknown, checkNow: boolean, check: () => void, names: FieldNames = {}): void {
  useEffect(() => {
    if (error) showServerFields(error, form, names);
  }, [error]);
  useEffect(() => {
    if (checkNow) check();
  }, []);
}
