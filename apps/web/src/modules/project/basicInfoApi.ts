import { basicInfoContract as b, dictionaryContract as d, projectContract as c, shiftContract as s } from '@boreline/contracts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { call } from '../../core/api/client.js';
import { antdFields, showApiError } from '../../core/forms.js';
import { notify } from '../../core/notify.js';
import { canUse, useFramework } from '../../core/session.js';
import { useLocale, useT } from '../../core/i18n.js';

export const projectInfoKey = (runId: number): QueryKey => ['projectInfo', runId];
export const deviceInfoKey = (runId: number): QueryKey => ['deviceInfo', runId];
export const shiftsKey = (runId: number): QueryKey => ['shifts', runId];

export const useProjectInfo = (runId: number) => useQuery({ queryKey: projectInfoKey(runId), queryFn: () => call(b.basicInfoProject, { runId }) });
export const useDeviceInfo = (runId: number) => useQuery({ queryKey: deviceInfoKey(runId), queryFn: () => call(b.basicInfoDevice, { runId }) });
export const useShifts = (runId: number) => useQuery({ queryKey: shiftsKey(runId), queryFn: () => call(s.shiftQuery, { runId }) });

/** A translated code list; its names follow the reader's language, so the language is part of the key. */
export function useDictionary(type: d.DicType) {
  const locale = useLocale();
  return useQuery({
    queryKey: ['dictionary', type, locale],
    queryFn: async () => (await call(d.dicQueryList, { types: [type] })).find((list) => list.type === type)?.items ?? [],
    staleTime: Infinity,
  });
}

/** Whether the signed-in user may change the basic info, and the shifts, of a project. */
export function useBasicInfoRights() {
  const state = useFramework();
  return { basicInfo: canUse(state, 'project.basicInfo.write'), shifts: canUse(state, 'project.shift.write') };
}

/**
 * Names, number, TBM code and time zone of the current run live in the framework state (the
 * header, the home's clock): after they were edited the run is read again.
 */
export function useRefreshCurrentRun() {
  const setRun = useFramework((st) => st.setRun);
  return async (runId: number) => {
    try {
      setRun(await call(c.runQuery, { runId }));
    } catch {
      // The saved data stands; the header keeps the old name until the project is entered again.
    }
  };
}

/**
 * A save of a basic-info form: the answer replaces the view's data at once, related figures are
 * read again, the success is shown and field problems of the server land on the form's fields.
 */
export function useBasicInfoSave<I, O>(options: {
  save: (input: I) => Promise<O>;
  key: QueryKey;
  /** Other queries showing what was saved (the project list shows names and codes). */
  invalidate?: string[];
  form?: FormInstance;
  /** Problems the form cannot put on a field of its own (a list's rows); replaces `form`. */
  onFailure?: (error: unknown) => void;
  onDone?: (result: O) => void | Promise<void>;
}) {
  const t = useT();
  const client = useQueryClient();
  return useMutation({
    mutationFn: options.save,
    onSuccess: async (result) => {
      client.setQueryData(options.key, result);
      notify.show('success', t('common.outcome.editSuccess'));
      await Promise.all((options.invalidate ?? []).map((key) => client.invalidateQueries({ queryKey: [key] })));
      await options.onDone?.(result);
    },
    onError: (error) => (options.onFailure ? options.onFailure(error) : showApiError(error, options.form ? antdFields(options.form) : undefined)),
  });
}
