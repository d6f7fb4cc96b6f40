import { dictionaryContract, type shiftReportContract } from '@boreline/contracts';
import { Descriptions, Table, Tag } from 'antd';
import { useFormat } from '../../../../core/format.js';
import { useShiftLabels } from './shiftLabels.js';
import { useT } from '../../../../core/i18n.js';

const isProcess = (code: string | null): code is dictionaryContract.WorkProcess => dictionaryContract.WORK_PROCESSES.some((p) => p === code);
const isReason = (code: string | null): code is dictionaryContract.StopReason => dictionaryContract.STOP_REASONS.some((r) => r === code);

/**
 * Where the shift's time went by the records, beside what the machine data says about the same
 * hours: the statistics come with the report, so they change with every save in the same answer.
 */
export function ShiftStats({ stats: s }: { stats: shiftReportContract.ShiftStats }) {
  const t = useT();
  const f = useFormat();
  const labels = useShiftLabels();
  const lineName = (kind: string, code: string | null) =>
    kind === 'process'
      ? isProcess(code)
        ? labels.process(code)
        : (code ?? '—')
      : isReason(code)
        ? `${t('report.shiftPage.records.stop')}: ${labels.reason(code)}`
        : t('report.shiftPage.records.unexplainedStop');

  return (
    <div className="shift-stats" data-testid="shift-stats">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered>
        <Descriptions.Item label={t('report.shiftPage.stats.shift')}>{f.duration(s.shiftMs)}</Descriptions.Item>
        <Descriptions.Item label={t('report.shiftPage.stats.processes')}>{f.duration(s.processMs)}</Descriptions.Item>
        <Descriptions.Item label={t('report.shiftPage.stats.stops')}>{f.duration(s.stopMs)}</Descriptions.Item>
        <Descriptions.Item label={t('report.shiftPage.stats.unrecorded')}>
          {s.unrecordedMs > 0 ? <Tag color="warning">{f.duration(s.unrecordedMs)}</Tag> : f.duration(0)}
        </Descriptions.Item>
        <Descriptions.Item label={t('report.shiftPage.stats.unexplained')}>
          {s.unexplainedStops > 0 ? <Tag color="error">{s.unexplainedStops}</Tag> : 0}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        pagination={false}
        rowKey={(line) => `${line.kind}-${line.code ?? 'none'}`}
        dataSource={s.lines}
        locale={{ emptyText: t('report.shiftPage.records.empty') }}
        columns={[
          { key: 'name', title: t('report.shiftPage.stats.line'), render: (_v, line) => lineName(line.kind, line.code) },
          { key: 'count', title: t('report.shiftPage.stats.count'), dataIndex: 'count', width: 90, align: 'right' },
          { key: 'time', title: t('report.shiftPage.records.duration'), width: 130, align: 'right', render: (_v, line) => f.duration(line.durationMs) },
          { key: 'share', title: t('report.shiftPage.records.share'), width: 100, align: 'right', render: (_v, line) => f.percent(line.share) },
        ]}
        data-testid="shift-stat-lines"
      />
      <Descriptions size="small" title={t('report.shiftPage.stats.machine')} column={{ xs: 1, sm: 2, lg: 5 }} bordered data-testid="shift-stat-machine">
        <Descriptions.Item label={t('report.column.advance')}>{f.duration(s.machine.advanceMs)}</Descriptions.Item>
        <Descriptions.Item label={t('report.column.ringBuild')}>{f.duration(s.machine.ringBuildMs)}</Descriptions.Item>
        <Descriptions.Item label={t('report.column.waiting')}>{f.duration(s.machine.waitingMs)}</Descriptions.Item>
        <Descriptions.Item label={t('report.shiftPage.stats.rings')}>{s.machine.ringsCompleted}</Descriptions.Item>
        <Descriptions.Item label={t('report.shiftPage.stats.metres')}>{f.number(s.machine.metres)} m</Descriptions.Item>
      </Descriptions>
    </div>
  );
}
