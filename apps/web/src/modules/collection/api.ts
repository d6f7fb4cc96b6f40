import { collectionContract as c, projectContract } from '@boreline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../core/api/client.js';
import { useFramework } from '../../core/session.js';

export const COLLECTION_KEY = ['collection'] as const;

export const useCollection = (enabled = true) => useQuery({ queryKey: COLLECTION_KEY, queryFn: () => call(c.collectionList, {}), enabled, staleTime: 30_000 });
export const addToCollection = (input: c.CollectionAdd) => call(c.collectionAdd, input);
export const removeFromCollection = (id: number) => call(c.collectionRemove, { id });

export function useInvalidateCollection() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: COLLECTION_KEY }), [client]);
}

/** Where an entry leads: a page's own address, or the screen of the object. */
export function pathOf(entry: Pick<c.CollectionEntry, 'kind' | 'target'>): string {
  switch (entry.kind) {
    case 'page':
      return entry.target;
    case 'project':
      return '/fw1/home';
    case 'ringReport':
      return `/fw1/report/ring?ringStart=${encodeURIComponent(entry.target)}&ringEnd=${encodeURIComponent(entry.target)}`;
    case 'alarm':
      return `/fw1/alarm/history_alarm?open=${encodeURIComponent(entry.target)}`;
  }
}

/** Opens an entry: enters its run first when it is not the current one, then goes to its page. */
export function useOpenEntry() {
  const navigate = useNavigate();
  const run = useFramework((s) => s.run);
  const setRun = useFramework((s) => s.setRun);
  return useCallback(
    async (entry: c.CollectionEntry) => {
      if (entry.runId !== null && run?.runId !== entry.runId) setRun(await call(projectContract.runQuery, { runId: entry.runId }));
      await navigate(pathOf(entry));
    },
    [navigate, run, setRun],
  );
}
