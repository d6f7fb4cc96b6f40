import { announcementContract as c } from '@boreline/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../core/api/client.js';
import { useFormat } from '../../core/format.js';

export const ANNOUNCEMENT_KEY = ['announcement'] as const;
const CURRENT_KEY = ['announcement', 'current'] as const;
/** The header reads the current ones again this often (an announcement starts at its own time). */
const CURRENT_REFRESH_MS = 5 * 60_000;

export const useCurrentAnnouncements = () => useQuery({ queryKey: CURRENT_KEY, queryFn: () => call(c.announcementCurrent, {}), refetchInterval: CURRENT_REFRESH_MS });
export const useAnnouncementHistory = (page: number, pageSize: number) =>
  useQuery({ queryKey: ['announcement', 'history', page, pageSize], queryFn: () => call(c.announcementHistory, { page, pageSize }), placeholderData: keepPreviousData });
export const useManagedAnnouncements = (page: number, pageSize: number, enabled: boolean) =>
  useQuery({ queryKey: ['announcement', 'list', page, pageSize], queryFn: () => call(c.announcementList, { page, pageSize }), placeholderData: keepPreviousData, enabled });
export const useAudienceOptions = (enabled: boolean) => useQuery({ queryKey: ['announcement', 'audience'], queryFn: () => call(c.announcementAudience, {}), enabled, staleTime: 60_000 });

export const addAnnouncement = (input: c.AnnouncementAdd) => call(c.announcementAdd, input);
export const editAnnouncement = (input: c.AnnouncementEdit) => call(c.announcementEdit, input);
export const deleteAnnouncement = (id: number) => call(c.announcementDelete, { id });

/** Marks announcements read and reads the lists again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useCallback(
    async (ids: readonly number[]) => {
      for (const id of ids) await call(c.announcementRead, { id });
      await client.invalidateQueries({ queryKey: ANNOUNCEMENT_KEY });
    },
    [client],
  );
}

/** An instant in the reader's language and the browser's clock. */
export function useInstant() {
  const { locale } = useFormat();
  return useCallback((ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms), [locale]);
}
