import { Form } from 'antd';
import type { z } from 'zod';
import { zodFormRule } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';

/**
 * The check of a sheet's line field (`details.2.quantity`) or of the whole list (`details`) with
 * the sheet's contract schema, as the server checks it: the same message at the same place.
 */
export function useLineRule(schema: z.ZodType, hidden: Record<string, unknown>) {
  const t = useT();
  const form = Form.useFormInstance();
  const input = () => ({ ...hidden, ...(form.getFieldsValue(true) as Record<string, unknown>) });
  return (path: string) => zodFormRule(schema, input, path, t);
}
