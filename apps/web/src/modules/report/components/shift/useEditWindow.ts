import { RESULT_CODE, shiftReportContract } from '@boreline/contracts';
import { ApiError } from '../../../../core/api/client.js';
import { useEffect, useState } from 'react';

/** setTimeout takes at most about 24.8 days; longer waits are done in steps. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Whether a shift's report may still be changed. The page stays open through a night shift, so it
 * closes by itself the moment the clock passes `editableUntil`; a save the server refused as too
 * late closes it as well (`markExpired`), whatever this browser's clock says.
 */
export function useEditWindow(slot: { date: string; shiftNo: number; editable: boolean; editableUntil: number }) {
  const key = `${slot.date}/${slot.shiftNo}`;
  const until = slot.editableUntil;
  const [passed, setPassed] = useState<number | null>(null);
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  const [recheck, setRecheck] = useState(0);
  useEffect(() => {
    const timer = setTimeout(
      () => (Date.now() >= until ? setPassed(until) : setRecheck((n) => n + 1)),
      Math.max(0, Math.min(until - Date.now(), MAX_DELAY_MS)),
    );
    return () => clearTimeout(timer);
  }, [until, recheck]);
  return {
    editable: slot.editable && passed !== until && refusedFor !== key,
    until,
    markExpired: () => setRefusedFor(key),
  };
}

/** A refusal of the server because the edit window closed (its message is the spec's text in the reader's language). */
export function isEditExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === RESULT_CODE.business && shiftReportContract.isShiftRefusal(error.data, 'editExpired');
}
