import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FieldProblem, showApiError } from './forms.js';
import { notify } from './notify.js';

export interface MutationWithNoticeOptions<I, O> {
  mutationFn: (input: I) => Promise<O>;
  /** The success message (spec §8 outcomes: added, saved, deleted…); null when the screen says it otherwise. */
  success: string | ((result: O, input: I) => string) | null;
  /** Queries whose keys start so are read again after success (`[['users']]`). */
  invalidate?: readonly QueryKey[];
  /** Field problems of a code-3 answer, for the form that sent them; the message shows either way. */
  onFieldProblems?: (problems: FieldProblem[]) => void;
  onSuccess?: (result: O, input: I) => void;
}

/**
 * A write that says how it went, as one message on screen: the success text, or the server's
 * refusal (session and permission answers were already shown by the client). The lists it changed
 * are refreshed before `onSuccess` runs, so a closing dialog reveals the new row.
 */
export function useMutationWithNotice<I, O>(options: MutationWithNoticeOptions<I, O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, input) => {
      const text = typeof options.success === 'function' ? options.success(result, input) : options.success;
      if (text) notify.show('success', text);
      await Promise.all((options.invalidate ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
      options.onSuccess?.(result, input);
    },
    onError: (error) => showApiError(error, options.onFieldProblems),
  });
}
