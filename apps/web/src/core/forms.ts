import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api/client.js';
import { notify } from './notify.js';

/** A field check from a contract schema: the same validator and message keys as the server. */
export function zodCheck(schema: z.ZodType, t: TFunction): (value: unknown) => string | null {
  return (value) => {
    const result = schema.safeParse(value === '' ? undefined : value);
    if (result.success) return null;
    const issue = result.error.issues[0];
    const maximum = issue && 'maximum' in issue ? issue.maximum : undefined;
    return t(issue?.message ?? 'validation.invalid', { max: maximum ?? '' });
  };
}

/** The same check as an antd form rule (pages inside the application frame). */
export function zodRule(schema: z.ZodType, t: TFunction): FormRule {
  const check = zodCheck(schema, t);
  return {
    validator: async (_rule, value: unknown) => {
      const error = check(value);
      if (error) throw new Error(error);
    },
  };
}

/** The antd rule of a "confirm password" field: required and equal to `newPassword` (as the server checks). */
export const confirmPasswordRule =
  (t: TFunction): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(t('validation.required'));
      if (value !== getFieldValue('newPassword')) throw new Error(t('validation.passwordMismatch'));
    },
  });

export interface FieldProblem {
  field: string;
  message: string;
}

/** The field problems of a code-3 answer (`data.fields`). */
export function fieldProblems(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object' || !('fields' in error.data)) return [];
  const fields: unknown = error.data.fields;
  return Array.isArray(fields)
    ? fields.flatMap((f: unknown) =>
        typeof f === 'object' && f !== null && 'field' in f && 'message' in f && typeof f.field === 'string' && typeof f.message === 'string'
          ? [{ field: f.field, message: f.message }]
          : [],
      )
    : [];
}

/**
 * Shows a failed call: field problems go onto their fields, the message as the one message.
 * Session and permission answers (codes 1, 2) were already shown by the client.
 */
export function showApiError(error: unknown, onFields?: (problems: FieldProblem[]) => void): void {
  if (!(error instanceof ApiError)) {
    notify.show('error', String(error));
    return;
  }
  if (error.code === 1 || error.code === 2) return;
  const problems = fieldProblems(error);
  if (onFields && problems.length > 0) onFields(problems);
  notify.show('error', error.message);
}

/** Field problems onto an antd form. */
export const antdFields = (form: FormInstance) => (problems: FieldProblem[]) =>
  form.setFields(problems.map((p) => ({ name: p.field, errors: [p.message] })));
