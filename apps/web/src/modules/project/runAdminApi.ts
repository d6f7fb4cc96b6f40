import { runAdminContract as c } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../core/api/client.js';
import { useT } from '../../core/i18n.js';
import { useMutationWithNotice } from '../../core/useMutationWithNotice.js';

/** Queries a change of a run makes stale: the list, its filters and the run administration states. */
export const RUN_ADMIN_INVALIDATES = [['runList'], ['runTbmCodes'], ['runCountries'], ['runAdminStates'], ['runDetail']] as const;

/** Finish state, data and allowed actions of the runs the caller administers (read only with a run code). */
export const useRunAdminStates = (enabled: boolean) =>
  useQuery({ queryKey: ['runAdminStates'], queryFn: () => call(c.runAdminStates, {}), enabled, staleTime: 0 });

/** The organizations the caller may create runs in. */
export const useRunOrgOptions = (enabled: boolean) => useQuery({ queryKey: ['runOrgOptions'], queryFn: () => call(c.runOrgOptions, {}), enabled });

/** A run as its administrator edits it (null: no dialog open). */
export const useRunDetail = (runId: number | null) =>
  useQuery({ queryKey: ['runDetail', runId], queryFn: () => call(c.runDetail, { runId: runId ?? 0 }), enabled: runId !== null, staleTime: 0 });

/** Finish, reopen and delete, each saying how it went. */
export function useRunLifecycle() {
  const t = useT();
  const invalidate = RUN_ADMIN_INVALIDATES;
  const finish = useMutationWithNotice({ mutationFn: (runId: number) => call(c.runFinish, { runId }), success: t('runAdmin.outcome.finished'), invalidate });
  const reopen = useMutationWithNotice({ mutationFn: (runId: number) => call(c.runReopen, { runId }), success: t('runAdmin.outcome.reopened'), invalidate });
  const remove = useMutationWithNotice({ mutationFn: (runId: number) => call(c.runDelete, { runId }), success: t('common.outcome.deleteSuccess'), invalidate });
  return { finish, reopen, remove };
}
