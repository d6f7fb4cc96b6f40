import { type Language, projectContract, type shiftReportContract } from '@boreline/contracts';
import type { ShiftRecordRow, ShiftReportRow } from './shiftReport.repo.js';
import { type RecordDraft, shareOf, stopReasonOf, workProcessOf } from './shiftRecords.js';
import { reportShiftName, type SlotSpan } from './shiftSlots.js';

type ShiftMain = shiftReportContract.ShiftMain;
type ShiftRecord = shiftReportContract.ShiftRecord;

/**
 * The slot a stored report was made for, as it was when the report began (later shift edits do not
 * move it); with a language, a default shift is named in it.
 */
export const spanOfReport = (row: ShiftReportRow, language?: Language): SlotSpan => ({
  date: row.date,
  shiftNo: row.shift_no,
  shiftId: row.shift_id,
  shiftName: language ? reportShiftName(row, language) : row.shift_name,
  start: row.start_ts,
  end: row.end_ts,
});

export const machineStatusOf = (value: string | null) => projectContract.RUN_STATUSES.find((s) => s === value) ?? null;

export function presentMain(row: ShiftReportRow): ShiftMain {
  return {
    shiftRecId: row.id,
    leader: row.leader,
    headcount: row.headcount,
    ringStart: row.ring_start,
    ringEnd: row.ring_end,
    machineStatus: machineStatusOf(row.machine_status),
    remark: row.remark,
    handover: row.handover,
    generatedAt: row.generated_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_name,
  };
}

export function draftOf(row: ShiftRecordRow): RecordDraft {
  const kind = row.kind === 'process' ? 'process' : 'stop';
  return {
    kind,
    process: kind === 'process' ? workProcessOf(row.process) : null,
    stopReason: kind === 'stop' ? stopReasonOf(row.stop_reason) : null,
    start: row.start_ts,
    end: row.end_ts,
    primary: row.is_primary === 1,
    generated: row.generated === 1,
    remark: row.remark,
  };
}

export function presentRecord(row: ShiftRecordRow, shiftMs: number): ShiftRecord {
  const draft = draftOf(row);
  const durationMs = draft.end - draft.start;
  return {
    recordId: row.id,
    kind: draft.kind,
    process: draft.process,
    stopReason: draft.stopReason,
    start: draft.start,
    end: draft.end,
    durationMs,
    share: shareOf(durationMs, shiftMs),
    primary: draft.primary,
    generated: draft.generated,
    remark: draft.remark,
  };
}
