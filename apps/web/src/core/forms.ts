import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api/client.js';
import { notify } from './notify.js';

/** An antd form rule from a contract schema: the same validator and message keys as the server. */
export function zodRule(schema: z.ZodType, t: TFunction): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === '' ? undefined : value);
      if (result.success) return;
      const issue = result.error.issues[0];
      const maximum = issue && 'maximum' in issue ? issue.maximum : undefined;
      throw new Error(t(issue?.message ?? 'validation.invalid', { max: maximum ?? '' }));
    },
  };
}

/**
 * Shows a failed call to the user: a code-3 answer that names fields goes onto those fields;
 * any other message as one message. Session and permission codes were shown by the client.
 */
export function showApiError(error: unknown, form?: FormInstance): void {
  if (!(error instanceof ApiError)) {
    notify.show('error', String(error));
    return;
  }
  if (error.code === 1 || error.code === 2) return;
  const fields = error.data && typeof error.data === 'object' && 'fields' in error.data ? error.data.fields : null;
  if (form && Array.isArray(fields) && fields.length > 0) {
    form.setFields(
      fields.flatMap((f: unknown) =>
        typeof f === 'object' && f !== null && 'field' in f && 'message' in f && typeof f.field === 'string' && typeof f.message === 'string'
          ? [{ name: f.field, errors: [f.message] }]
          : [],
      ),
    );
  }
  notify.show('error', error.message);
}
