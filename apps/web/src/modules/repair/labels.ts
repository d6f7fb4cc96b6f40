import type { MessageKey } from '@boreline/i18n';
import type { CaseState, ExtractionState, FailureMode, ReasonKind, RepairState, SuggestionKind } from './api.js';

/** The names of the contract's choices in the reader's language (literal keys, so the catalogue check finds them). */
export const FAILURE_MODE_LABELS: Record<FailureMode, MessageKey> = {
  leakage: 'repairWeb.failureMode.leakage',
  wear: 'repairWeb.failureMode.wear',
  fatigue: 'repairWeb.failureMode.fatigue',
  overheating: 'repairWeb.failureMode.overheating',
  misalignment: 'repairWeb.failureMode.misalignment',
  vibration: 'repairWeb.failureMode.vibration',
  blockage: 'repairWeb.failureMode.blockage',
  breakage: 'repairWeb.failureMode.breakage',
  electrical: 'repairWeb.failureMode.electrical',
  control: 'repairWeb.failureMode.control',
  other: 'repairWeb.failureMode.other',
};

export const STATE_LABELS: Record<RepairState, MessageKey> = {
  open: 'repairWeb.state.open',
  repaired: 'repairWeb.state.repaired',
};

export const CASE_STATE_LABELS: Record<CaseState, MessageKey> = {
  none: 'repairWeb.caseState.none',
  published: 'repairWeb.caseState.published',
};

export const EXTRACTION_LABELS: Record<ExtractionState, MessageKey> = {
  pending: 'repairWeb.extraction.pending',
  done: 'repairWeb.extraction.done',
  none: 'repairWeb.extraction.none',
  failed: 'repairWeb.extraction.failed',
};
export const EXTRACTION_COLOURS: Record<ExtractionState, string> = { pending: 'gold', done: 'green', none: 'default', failed: 'red' };

export const KIND_LABELS: Record<SuggestionKind, MessageKey> = {
  case: 'repairWeb.kind.case',
  knowledge: 'repairWeb.kind.knowledge',
  alarmSuggestion: 'repairWeb.kind.alarmSuggestion',
};

export const REASON_LABELS: Record<ReasonKind, MessageKey> = {
  terms: 'repairWeb.reason.terms',
  samePoint: 'repairWeb.reason.samePoint',
  sameSystem: 'repairWeb.reason.sameSystem',
  similarValues: 'repairWeb.reason.similarValues',
  helpful: 'repairWeb.reason.helpful',
  alarmSuggestion: 'repairWeb.reason.alarmSuggestion',
};
