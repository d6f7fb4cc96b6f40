import { messagesContract as m, projectContract } from '@boreline/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../core/api/client.js';
import { realtime } from '../../core/realtime/realtime.js';
import { useFramework } from '../../core/session.js';

/**
 * Every query of the message centre starts with `messages`: a new message, a read here or in
 * another tab, or a reconnection makes them all current again at once. Lists carry the language
 * because the server renders each message's text in it.
 */
export const MESSAGE_KEYS = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  latest: (language: string | null) => ['messages', 'latest', language] as const,
  reminderPage: (language: string | null, input: object) => ['messages', 'reminderPage', language, input] as const,
  runStats: (language: string | null, runId: number) => ['messages', 'runStats', language, runId] as const,
  runPage: (language: string | null, input: object) => ['messages', 'runPage', language, input] as const,
};

type ReadResult = m.ReadResult;
type UnreadCounts = m.UnreadCounts;

/** While the socket is down (it reconnects every 5 s), counts are read this often instead. */
export const OFFLINE_POLL_MS = 60_000;
/** How many of the newest unread messages the bell shows. */
export const BELL_LATEST = 8;

/** Lists and stats read again; the counts are set from what the server said. */
function refreshAfter(client: QueryClient, unread: UnreadCounts | null): Promise<void> {
  if (unread) client.setQueryData(MESSAGE_KEYS.unread, unread);
  return client.invalidateQueries({ queryKey: MESSAGE_KEYS.all, predicate: (query) => unread === null || query.queryKey[1] !== 'unread' });
}

/**
 * The live feed of the signed-in user's messages, mounted once with the header bell: the personal
 * channel's frames set the counts and refresh the open lists (no polling while the socket is up).
 * A reconnection reads everything again, for what arrived while the socket was down; the first
 * connection only the counts, for what arrived between the page's first read and the socket.
 * Answers whether the socket is up.
 */
export function useMessageFeed(): boolean {
  const client = useQueryClient();
  const [open, setOpen] = useState(realtime.status === 'open');
  useEffect(() => {
    const offPersonal = realtime.onPersonal((frame) => void refreshAfter(client, frame.unread));
    let wasDown = false;
    const offStatus = realtime.onStatus((status) => {
      setOpen(status === 'open');
      if (status === 'closed') wasDown = true;
      if (status !== 'open') return;
      if (wasDown) void refreshAfter(client, null);
      else void client.invalidateQueries({ queryKey: MESSAGE_KEYS.unread });
      wasDown = false;
    });
    return () => {
      offPersonal();
      offStatus();
    };
  }, [client]);
  return open;
}

/** The user's unread messages, in all and per type (the bell, the list's counts). */
export function useUnreadCounts(options: { socketOpen?: boolean } = {}) {
  return useQuery({
    queryKey: MESSAGE_KEYS.unread,
    queryFn: () => call(m.countPersonal, {}),
    refetchInterval: options.socketOpen === false ? OFFLINE_POLL_MS : false,
  });
}

/** The bell's newest unread messages, read when its panel opens. */
export function useLatestUnread(enabled: boolean) {
  const language = useFramework((s) => s.language);
  const client = useQueryClient();
  return useQuery({
    queryKey: MESSAGE_KEYS.latest(language),
    enabled,
    staleTime: 0,
    queryFn: async () => {
      const answer = await call(m.getPersonal, { limit: BELL_LATEST, unreadOnly: true });
      client.setQueryData(MESSAGE_KEYS.unread, answer.unread);
      return answer.records;
    },
  });
}

/** Read calls answer the new counts: the badge takes them at once, the lists read again. */
export function useAfterRead() {
  const client = useQueryClient();
  return (result: ReadResult) => refreshAfter(client, result.unread);
}

/** The time zone of each run the user may see (for messages' times), and the runs for a filter. */
export function useRunOptions(enabled = true) {
  const runs = useQuery({ queryKey: ['runOptions'], enabled, staleTime: 5 * 60_000, queryFn: () => call(projectContract.runQueryProject, {}) });
  const current = useFramework((s) => s.run);
  const zones = useMemo(() => {
    const map = new Map<number, string>((runs.data ?? []).map((run) => [run.runId, run.timeZone]));
    if (current) map.set(current.runId, current.timeZone);
    return map;
  }, [runs.data, current]);
  return { runs, zones };
}
