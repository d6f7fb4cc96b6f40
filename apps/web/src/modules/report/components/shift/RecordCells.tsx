import { DeleteOutlined, LockOutlined } from '@ant-design/icons';
import { dictionaryContract } from '@boreline/contracts';
import { Button, Popconfirm, Select, Tag, TimePicker, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useShiftLabels } from './shiftLabels.js';
import { dayMonthTime, instantInShift, localDate, type RecordRow, type ShiftSpan, wallTime } from './shiftTime.js';
import { useT } from '../../../../core/i18n.js';

/** A wall time on a fixed day for the picker, which shows hours and minutes only. */
const toPicker = (ms: number | null, timeZone: string): Dayjs | null => {
  if (ms === null) return null;
  const [h, m] = wallTime(ms, timeZone).split(':').map(Number);
  return dayjs('2000-01-03T00:00')
    .hour(h ?? 0)
    .minute(m ?? 0);
};

export function CellError({ message }: { message: string | undefined }) {
  return message ? (
    <div className="shift-cell-error" role="alert">
      {message}
    </div>
  ) : null;
}

/** A start or end typed as HH:mm; the day follows the shift, shown beside it when it is not the shift's date. */
export function TimeCell(props: {
  row: RecordRow;
  edge: 'start' | 'end';
  span: ShiftSpan;
  editable: boolean;
  error: string | undefined;
  onChange(value: number | null): void;
}) {
  const t = useT();
  const { row, edge, span } = props;
  const value = edge === 'start' ? row.start : row.end;
  const label = edge === 'start' ? t('report.shiftPage.records.start') : t('report.shiftPage.records.end');
  const nextDay = value !== null && localDate(edge === 'end' ? value - 1 : value, span.timeZone) !== span.date;
  if (!props.editable) return <span>{value === null ? '—' : nextDay ? dayMonthTime(value, span.timeZone) : wallTime(value, span.timeZone)}</span>;
  return (
    <div>
      <TimePicker
        format="HH:mm"
        needConfirm={false}
        size="small"
        value={toPicker(value, span.timeZone)}
        status={props.error ? 'error' : undefined}
        aria-label={label}
        style={{ width: 84 }}
        onChange={(picked) => props.onChange(picked ? instantInShift(span, picked.hour() * 60 + picked.minute(), edge) : null)}
      />
      {nextDay && value !== null ? <span className="shift-next-day">{dayjs(value).tz(span.timeZone).format('DD/MM')}</span> : null}
      <CellError message={props.error} />
    </div>
  );
}

/** The process of a process record, the reason of a stop; a stop without one is marked until it gets it. */
export function WhatCell(props: {
  row: RecordRow;
  editable: boolean;
  error: string | undefined;
  onProcess(value: dictionaryContract.WorkProcess | null): void;
  onReason(value: dictionaryContract.StopReason | null): void;
}) {
  const t = useT();
  const labels = useShiftLabels();
  const { row } = props;
  const missing = row.kind === 'stop' && row.stopReason === null;
  if (!props.editable || row.primary) {
    if (missing) return <Tag color="error">{t('report.shiftPage.records.reasonMissing')}</Tag>;
    return <span>{row.kind === 'process' ? (row.process ? labels.process(row.process) : '—') : row.stopReason ? labels.reason(row.stopReason) : '—'}</span>;
  }
  return (
    <div>
      {row.kind === 'process' ? (
        <Select
          size="small"
          value={row.process}
          aria-label={t('report.shiftPage.records.process')}
          placeholder={t('report.shiftPage.records.choose')}
          status={props.error ? 'error' : undefined}
          style={{ width: '100%' }}
          options={dictionaryContract.WORK_PROCESSES.map((code) => ({ value: code, label: labels.process(code) }))}
          onChange={(value) => props.onProcess(value)}
        />
      ) : (
        <Select
          size="small"
          value={row.stopReason}
          aria-label={t('report.shiftPage.records.reason')}
          placeholder={t('report.shiftPage.records.reasonMissing')}
          status={missing ? 'error' : undefined}
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          options={dictionaryContract.STOP_REASONS.map((code) => ({ value: code, label: labels.reason(code) }))}
          onChange={(value) => props.onReason(value)}
        />
      )}
      <CellError message={props.error} />
    </div>
  );
}

export function KindCell({ row }: { row: RecordRow }) {
  const t = useT();
  const name = row.kind === 'process' ? t('report.shiftPage.records.process') : t('report.shiftPage.records.stop');
  if (!row.primary) return <span>{name}</span>;
  return (
    <Tooltip title={t('report.shift.primaryLocked')}>
      <span className="shift-primary" aria-label={`${name} – ${t('report.shift.primaryLocked')}`}>
        <LockOutlined /> {name}
      </span>
    </Tooltip>
  );
}

/** Removing a saved record deletes it for good once the records are saved: that is asked first; a new row just goes. */
export function DeleteCell({ row, onDelete }: { row: RecordRow; onDelete(): void }) {
  const t = useT();
  const button = (
    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('report.shiftPage.records.delete')} {...(row.recordId === null ? { onClick: onDelete } : {})} />
  );
  if (row.recordId === null) return button;
  return (
    <Popconfirm title={t('report.shiftPage.records.deleteConfirm')} okText={t('report.shiftPage.records.delete')} okButtonProps={{ danger: true }} onConfirm={onDelete}>
      {button}
    </Popconfirm>
  );
}
