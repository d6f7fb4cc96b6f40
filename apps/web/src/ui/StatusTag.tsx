import type { RunStatus } from '@boreline/contracts';
import { Tag } from 'antd';
import { STATUS_COLORS, useStatusLabel } from '../core/runStatus.js';

/** A machine's state as a coloured tag, worded and coloured alike on every screen. */
export function StatusTag({ status }: { status: RunStatus }) {
  const label = useStatusLabel();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="run-status" data-status={status} style={{ marginInlineEnd: 0 }}>
      {label(status)}
    </Tag>
  );
}
