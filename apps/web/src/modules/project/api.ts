import { boardContract as b, projectContract as c } from '@boreline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../core/api/client.js';
import { showApiError } from '../../core/forms.js';
import { useFramework } from '../../core/session.js';

/** Figures of the list and the board move with the machines: read again every minute. */
export const LIST_REFRESH_MS = 60_000;
/** The machine's state on the project home is live: read again every 30 seconds. */
export const STATE_REFRESH_MS = 30_000;

export interface RunFilter {
  tbmCode?: string;
  country?: string;
  projectName?: string;
}

export const useRunList = (filter: RunFilter = {}) =>
  useQuery({
    queryKey: ['runList', filter],
    queryFn: () => call(c.runQueryAll, filter),
    refetchInterval: LIST_REFRESH_MS,
    staleTime: 0,
  });

export const useTbmCodes = () => useQuery({ queryKey: ['runTbmCodes'], queryFn: () => call(c.runQueryTbm, {}) });
export const useCountries = () => useQuery({ queryKey: ['runCountries'], queryFn: () => call(c.runQueryCountry, {}) });

export const useIndexPage = (runId: number) =>
  useQuery({
    queryKey: ['indexPage', runId],
    queryFn: () => call(b.indexPageData, { runId }),
    refetchInterval: LIST_REFRESH_MS,
    staleTime: 0,
  });

export const useRunState = (runId: number) =>
  useQuery({
    queryKey: ['runState', runId],
    queryFn: () => call(c.runStateQuery, { runId }),
    refetchInterval: STATE_REFRESH_MS,
    staleTime: 0,
  });

export const PROGRESS_UNITS = ['day', 'week', 'month'] as const;
export type ProgressUnit = (typeof PROGRESS_UNITS)[number];
const PROGRESS_ENDPOINTS = { day: b.progressGraphDay, week: b.progressGraphWeek, month: b.progressGraphMonth } as const;

export const useProgress = (runId: number, unit: ProgressUnit, range: { from: string; to: string }) =>
  useQuery({
    queryKey: ['progress', runId, unit, range.from, range.to],
    queryFn: () => call(PROGRESS_ENDPOINTS[unit], { runId, ...range }),
    refetchInterval: LIST_REFRESH_MS,
  });

/**
 * "Enter system": reads the run as the framework keeps it, makes it the current run (the header
 * shows its name, project pages use its id and time zone) and opens the project home.
 */
export function useEnterRun() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const setRun = useFramework((s) => s.setRun);
  const [entering, setEntering] = useState<number | null>(null);
  const enter = async (runId: number) => {
    setEntering(runId);
    try {
      const run = await client.fetchQuery({ queryKey: ['run', runId], queryFn: () => call(c.runQuery, { runId }), staleTime: 0 });
      setRun(run);
      await navigate('/fw1/home');
    } catch (error) {
      showApiError(error);
    } finally {
      setEntering(null);
    }
  };
  return { enter, entering };
}
