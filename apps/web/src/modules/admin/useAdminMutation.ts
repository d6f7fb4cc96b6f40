import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { antdFields, showApiError } from '../../core/forms.js';
import { notify } from '../../core/notify.js';

/** A write that shows its outcome, refreshes the listed queries and puts field problems on the form. */
export function useAdminMutation<I, O>(options: { run: (input: I) => Promise<O>; success: string | (() => string); invalidate: string[]; form?: FormInstance; onDone?: (result: O) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: options.run,
    onSuccess: async (result) => {
      notify.show('success', typeof options.success === 'function' ? options.success() : options.success);
      await Promise.all(options.invalidate.map((key) => client.invalidateQueries({ queryKey: [key] })));
      options.onDone?.(result);
    },
    onError: (error) => showApiError(error, options.form ? antdFields(options.form) : undefined),
  });
}
