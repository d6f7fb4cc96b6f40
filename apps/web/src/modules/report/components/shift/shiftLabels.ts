import { type dictionaryContract, MACHINE_STATE_KEYS } from '@boreline/contracts';
import { STOP_REASON_KEYS, WORK_PROCESS_KEYS } from '@boreline/i18n/dictionaryKeys';
import { STATUS_COLORS } from '../../../../core/runStatus.js';
import type { RecordRow } from './shiftTime.js';
import { useT } from '../../../../core/i18n.js';



/**
 * Process colours of the time bar: advance and ring building keep the machine-state colours of every
 * project screen, so the two lanes read alike; the other processes take colours no state uses.
 */
export const PROCESS_COLORS = {
  advance: STATUS_COLORS.advance,
  ringBuild: STATUS_COLORS.ringBuild,
  cutterChange: '#eb2f96',
  maintenance: '#13c2c2',
  survey: '#2f54eb',
  serviceExtension: '#a0d911',
  other: '#597ef7',
} as const satisfies Record<dictionaryContract.WorkProcess, string>;

const isState = (state: string): state is keyof typeof MACHINE_STATE_KEYS => Object.hasOwn(MACHINE_STATE_KEYS, state);
const isColoured = (state: string): state is keyof typeof STATUS_COLORS => Object.hasOwn(STATUS_COLORS, state);

export const stateColor = (state: string): string => (isColoured(state) ? STATUS_COLORS[state] : STATUS_COLORS.offline);

/** Names of processes, stop reasons and machine states in the reader's language. */
export function useShiftLabels() {
  const t = useT();
  const process = (code: dictionaryContract.WorkProcess) => t(WORK_PROCESS_KEYS[code]);
  const reason = (code: dictionaryContract.StopReason) => t(STOP_REASON_KEYS[code]);
  return {
    process,
    reason,
    state: (state: string) => (isState(state) ? t(MACHINE_STATE_KEYS[state]) : state),
    /** A record named by what it is: its process, its stop reason, or a stop still to be explained. */
    record: (row: Pick<RecordRow, 'kind' | 'process' | 'stopReason'>) =>
      row.kind === 'process'
        ? row.process
          ? process(row.process)
          : t('report.shiftPage.records.process')
        : row.stopReason
          ? `${t('report.shiftPage.records.stop')}: ${reason(row.stopReason)}`
          : t('report.shiftPage.records.unexplainedStop'),
  };
}
