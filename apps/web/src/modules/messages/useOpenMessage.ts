import { messagesContract as m, projectContract } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../core/api/client.js';
import { showApiError } from '../../core/forms.js';
import { canUse, useFramework } from '../../core/session.js';
import { useAfterRead } from './api.js';
import { type Message, MESSAGE_LIST_PATH, MESSAGE_LIST_RESOURCE, targetOf } from './messageTypes.js';

/**
 * Opens what a message is about (see `targetOf`) and marks it read. A page of another run makes
 * that run the current one first, as "enter system" would; a page the user may not open, or a run
 * they can no longer read, leads to the message list (when they have it; else they stay where they are).
 */
export function useOpenMessage(): (message: Message) => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  const afterRead = useAfterRead();
  return async (message) => {
    if (!message.read) {
      void call(m.readPersonal, { messageIds: [message.id] })
        .then(afterRead)
        .catch((error: unknown) => showApiError(error));
    }
    const state = useFramework.getState();
    const toList = () => (canUse(state, MESSAGE_LIST_RESOURCE) ? navigate(MESSAGE_LIST_PATH) : undefined);
    const target = targetOf(message);
    if (!canUse(state, target.resource)) return toList();
    if (target.runId !== null && state.run?.runId !== target.runId) {
      if (!canUse(state, 'project.run.read')) return toList();
      const runId = target.runId;
      try {
        state.setRun(await client.fetchQuery({ queryKey: ['run', runId], queryFn: () => call(projectContract.runQuery, { runId }), staleTime: 0 }));
      } catch {
        return toList();
      }
    }
    return navigate(target.path);
  };
}
