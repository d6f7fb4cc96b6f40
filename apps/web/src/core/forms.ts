import type { MessageParams } from '@boreline/i18n';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { ApiError } from './api/client.js';
import { isMessageKey, type Translate } from './i18n.js';
import { notify } from './notify.js';

/**
 * The text of a contract issue, as the server words it (server core/i18n describeIssues): the
 * issue's message key with its limit — `{{max}}` of a too-big issue, or the parameters a custom
 * check adds (ring and chainage ranges say their maximum there) — and a generic text when the
 * contract gave no key.
 */
export function issueText(issue: z.core.$ZodIssue | undefined, t: Translate): string {
  if (!issue) return t('validation.invalid');
  const key = issue.message;
  if (!key.includes('.') || !isMessageKey(key)) {
    if (issue.code === 'invalid_type' && issue.input === undefined) return t('validation.required');
    return t('validation.invalid');
  }
  const max = issue.code === 'too_big' ? issue.maximum : undefined;
  const params = issue.code === 'custom' && issue.params ? textParams(issue.params) : {};
  return t(key, { ...params, ...(max === undefined ? {} : { max: String(max) }) });
}

/** The parameters a text can show (numbers and words) out of what a custom check reported. */
function textParams(values: Record<string, unknown>): MessageParams {
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(values)) if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  return params;
}

/** A field check from a contract schema: the same validator and message keys as the server. */
export function zodCheck(schema: z.ZodType, t: Translate): (value: unknown) => string | null {
  return (value) => {
    const result = schema.safeParse(value === '' ? undefined : value);
    return result.success ? null : issueText(result.error.issues[0], t);
  };
}

/** The same check as an antd form rule (pages inside the application frame). */
export function zodRule(schema: z.ZodType, t: Translate): FormRule {
  const check = zodCheck(schema, t);
  return {
    validator: async (_rule, value: unknown) => {
      const error = check(value);
      if (error) throw new Error(error);
    },
  };
}

/**
 * A field checked with the whole contract schema of its form (`input` gives the form as the
 * endpoint takes it), so rules between fields — completion not before start, unique names in a
 * list — show the server's message on the field they name. `path` is the field's path in the
 * input (`shifts.1.name`). The rule is a bare validator, so lists (Form.List) take it too.
 */
export function zodFormRule(schema: z.ZodType, input: () => unknown, path: string, t: Translate): { validator: () => Promise<void> } {
  return {
    validator: async () => {
      const result = schema.safeParse(input());
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path.join('.') === path);
      if (issue) throw new Error(issueText(issue, t));
    },
  };
}

/**
 * A form's input parsed with its contract schema, as the server will parse it; on failure each
 * problem goes onto the field at its path and null is answered.
 */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown, form: FormInstance, t: Translate): z.output<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  form.setFields(
    result.error.issues.map((issue) => ({
      name: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
      errors: [issueText(issue, t)],
    })),
  );
  return null;
}

/** The antd rule of a "confirm password" field: required and equal to `newPassword` (as the server checks). */
export const confirmPasswordRule =
  (t: Translate): FormRule =>
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
  form.setFields(problems.map((p) => ({ name: fieldPath(p.field), errors: [p.message] })));

/** A field named by the server (`shifts.1.name`) as antd's path to it (`['shifts', 1, 'name']`). */
const fieldPath = (field: string): (string | number)[] => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * An integer typed as text (an address's `?ringStart=412`, a free-text ring field) as the number a
 * contract takes: contracts take numbers only. Anything else stays text for the contract to refuse
 * with its message; empty text is `undefined`.
 */
export function numberFromText(text: string | null | undefined): number | string | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  return /^-?\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
}
