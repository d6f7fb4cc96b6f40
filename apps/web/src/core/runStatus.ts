import { MACHINE_STATE_KEYS, type RunStatus } from '@boreline/contracts';
import { useCallback } from 'react';
import { useT } from './i18n.js';

/** One colour per state, the same on every project screen and chart; offline is grey. */
export const STATUS_COLORS = {
  advance: '#52c41a',
  ringBuild: '#1677ff',
  waiting: '#faad14',
  finish: '#722ed1',
  offline: '#8c8c8c',
} as const satisfies Record<RunStatus, string>;

/** The name of a machine state in the reader's language. */
export function useStatusLabel(): (status: RunStatus) => string {
  const t = useT();
  return useCallback((status: RunStatus) => (status === 'offline' ? t('project.status.offline') : t(MACHINE_STATE_KEYS[status])), [t]);
}
