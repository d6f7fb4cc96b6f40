import { ClockCircleOutlined, EditOutlined } from '@ant-design/icons';
import { type CurrentRun, DATE_FORMATS, type shiftReportContract } from '@boreline/contracts';
import { Alert, Button, Card, Empty, Skeleton, Space, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { formatInstant } from '../../../../core/format.js';
import { type SlotRef, useShiftReport } from '../../shiftApi.js';
import { DeleteReportButton, GenerateButton, UnsavedGuard } from './ShiftActions.js';
import { ShiftMainForm } from './ShiftMainForm.js';
import { ShiftRecordsEditor } from './ShiftRecordsEditor.js';
import { ShiftStats } from './ShiftStats.js';
import { ShiftTimeBar } from './ShiftTimeBar.js';
import type { ShiftSpan } from './shiftTime.js';
import { useEditWindow } from './useEditWindow.js';
import { useT } from '../../../../core/i18n.js';

export type DayShift = shiftReportContract.ShiftDay['shifts'][number];

// What each editor starts from: it starts again only when that part changed on the server, so
// saving one part never drops unsaved changes of the other.
const mainSignature = (main: shiftReportContract.ShiftMain | null) =>
  main ? JSON.stringify([main.shiftRecId, main.leader, main.headcount, main.ringStart, main.ringEnd, main.machineStatus, main.remark, main.handover]) : 'none';
const recordsSignature = (records: shiftReportContract.ShiftRecord[]) => JSON.stringify(records);

/** The shift view of one shift: its edit window, main part, time bar, records and statistics. Keyed by shift. */
export function ShiftReportView({ run, slot }: { run: CurrentRun; slot: DayShift }) {
  const t = useT();
  const ref: SlotRef = { runId: run.runId, date: slot.date, shiftNo: slot.shiftNo };
  const span: ShiftSpan = { date: slot.date, start: slot.start, end: slot.end, timeZone: slot.timeZone };
  const report = useShiftReport(ref);
  const editWindow = useEditWindow(slot);
  const [started, setStarted] = useState(false);
  const [mainDirty, setMainDirty] = useState(false);
  const [recordsDirty, setRecordsDirty] = useState(false);
  const onRecordsDirty = useCallback((dirty: boolean) => setRecordsDirty(dirty), []);
  const { editable, markExpired } = editWindow;
  const at = (ms: number) => formatInstant(ms, slot.timeZone, DATE_FORMATS.dateTime);

  const head = (
    <div className="shift-sheet-head">
      <div>
        <h2 className="shift-sheet-title">
          {slot.shiftName} · {formatInstant(slot.start, slot.timeZone, DATE_FORMATS.date)}
        </h2>
        <div className="shift-sheet-sub">
          {at(slot.start)} – {at(slot.end)} · {run.projectName} · {run.tbmCode}
        </div>
      </div>
      {editable ? (
        <Tag icon={<ClockCircleOutlined />} color="processing" className="no-print" data-testid="shift-editable-until">
          {t('report.shiftPage.editableUntil', { time: at(editWindow.until) })}
        </Tag>
      ) : null}
    </div>
  );
  const expired = editable ? null : (
    <Alert type="warning" showIcon className="no-print" title={t('report.shift.editExpired')} description={t('report.shiftPage.readOnly')} data-testid="shift-expired" />
  );

  if (report.isPending) return <Card>{head}<Skeleton active /></Card>;
  if (report.isError)
    return (
      <Card>
        {head}
        <Alert
          type="error"
          showIcon
          title={report.error.message}
          action={
            <Button size="small" onClick={() => void report.refetch()}>
              {t('report.shiftPage.retry')}
            </Button>
          }
        />
      </Card>
    );

  const data = report.data;
  const actions = (
    <Space wrap className="no-print">
      {editable ? <GenerateButton slotRef={ref} onExpired={markExpired} /> : null}
      {editable && data ? <DeleteReportButton slotRef={ref} shiftRecId={data.main.shiftRecId} onExpired={markExpired} /> : null}
    </Space>
  );

  if (!data && !started)
    return (
      <Card>
        {head}
        {expired}
        <Empty description={editable ? t('report.shiftPage.noReport') : t('report.shiftPage.noReportClosed')} data-testid="shift-no-report">
          {editable ? (
            <Space wrap>
              <Button icon={<EditOutlined />} onClick={() => setStarted(true)}>
                {t('report.shiftPage.start')}
              </Button>
              <GenerateButton slotRef={ref} onExpired={markExpired} primary />
            </Space>
          ) : null}
        </Empty>
      </Card>
    );

  return (
    <div className="shift-sheet" data-testid="shift-report">
      <UnsavedGuard dirty={mainDirty || recordsDirty} />
      <Card>
        {head}
        {expired}
        <div className="shift-sheet-actions">{actions}</div>
      </Card>
      <Card title={t('report.shiftPage.main.title')} size="small">
        <ShiftMainForm
          key={mainSignature(data?.main ?? null)}
          slotRef={ref}
          span={span}
          main={data?.main ?? null}
          editable={editable}
          onExpired={markExpired}
          onDirtyChange={setMainDirty}
        />
      </Card>
      {data ? (
        <>
          <Card title={t('report.shiftPage.bar.title')} size="small" className="shift-avoid-break">
            <ShiftTimeBar runId={run.runId} shiftRecId={data.main.shiftRecId} span={span} />
          </Card>
          <Card title={t('report.shiftPage.records.title')} size="small">
            <ShiftRecordsEditor
              key={recordsSignature(data.records)}
              slotRef={ref}
              shiftRecId={data.main.shiftRecId}
              span={span}
              records={data.records}
              editable={editable}
              onExpired={markExpired}
              onDirtyChange={onRecordsDirty}
            />
          </Card>
          <Card title={t('report.shiftPage.stats.title')} size="small" className="shift-avoid-break">
            <ShiftStats stats={data.stats} />
          </Card>
        </>
      ) : (
        <Alert type="info" showIcon title={t('report.shiftPage.saveFirst')} className="no-print" />
      )}
    </div>
  );
}
