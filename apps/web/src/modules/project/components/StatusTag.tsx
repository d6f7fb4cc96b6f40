import { MACHINE_STATE_KEYS, type RunStatus } from '@boreline/contracts';
import { Tag } from 'antd';
import { useT } from '../../../core/i18n.js';

/** One colour per state, the same on every project screen and chart; offline is grey. */
export const STATUS_COLORS = {
  advance: '#52c41a',
  ringBuild: '#1677ff',
  waiting: '#faad14',
  finish: '#722ed1',
  offline: '#8c8c8c',
} as const satisfies Record<RunStatus, string>;

export function useStatusLabel() {
  const t = useT();
  return (status: RunStatus) => (status === 'offline' ? t('project.status.offline') : t(MACHINE_STATE_KEYS[status]));
}

export function StatusTag({ status }: { status: RunStatus }) {
  const label = useStatusLabel();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="run-status" data-status={status} style={{ marginInlineEnd: 0 }}>
      {label(status)}
    </Tag>
  );
}
