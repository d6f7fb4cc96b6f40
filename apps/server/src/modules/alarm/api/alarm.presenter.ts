import { alarmContract, type Language, type messagesContract, tagDisplayName, type TagDef } from '@boreline/contracts';
import { type MessageKey, translate } from '@boreline/i18n';
import type { Selectable } from 'kysely';
import { localeOf } from '../../../core/i18n.js';
import type { AlarmTable } from '../../../db/schema/alarm.js';
import { tagNameParam } from '../../messages/index.js';

type Alarm = alarmContract.Alarm;
export type AlarmRow = Selectable<AlarmTable>;

/** The machine-state kind of a point code (`state.longStop` -> `longStop`). */
const MACHINE_STATE_POINTS_OF: Readonly<Record<string, 'longStop' | 'connectionLost'>> = Object.fromEntries(
  Object.entries(alarmContract.MACHINE_STATE_POINTS).map(([kind, point]) => [point, kind as 'longStop' | 'connectionLost']),
);

/** Working hours a repair of a subsystem usually takes (machine-state alarms by their kind). */
const WORKING_HOURS: Readonly<Record<string, number>> = {
  state: 0.5,
  cutterhead: 2,
  thrust: 1.5,
  earthPressure: 1,
  screwConveyor: 2,
  foam: 1,
  bentonite: 1,
  water: 0.5,
  grouting: 1.5,
  guidance: 1,
  lubricationSeal: 1.5,
  hydraulic: 2,
  electric: 1.5,
  cutter: 4,
  auxiliary: 1,
  slurryCircuit: 2,
  outerWater: 1,
  beltConveyor: 1.5,
  connectionLost: 1,
};

/** Repair suggestions by subsystem and direction. */
const SUGGESTIONS: Readonly<Record<string, { high: MessageKey; low: MessageKey }>> = {
  state: { high: 'alarm.suggestion.state.high', low: 'alarm.suggestion.state.low' },
  cutterhead: { high: 'alarm.suggestion.cutterhead.high', low: 'alarm.suggestion.cutterhead.low' },
  thrust: { high: 'alarm.suggestion.thrust.high', low: 'alarm.suggestion.thrust.low' },
  earthPressure: { high: 'alarm.suggestion.earthPressure.high', low: 'alarm.suggestion.earthPressure.low' },
  screwConveyor: { high: 'alarm.suggestion.screwConveyor.high', low: 'alarm.suggestion.screwConveyor.low' },
  foam: { high: 'alarm.suggestion.foam.high', low: 'alarm.suggestion.foam.low' },
  bentonite: { high: 'alarm.suggestion.bentonite.high', low: 'alarm.suggestion.bentonite.low' },
  water: { high: 'alarm.suggestion.water.high', low: 'alarm.suggestion.water.low' },
  grouting: { high: 'alarm.suggestion.grouting.high', low: 'alarm.suggestion.grouting.low' },
  guidance: { high: 'alarm.suggestion.guidance.high', low: 'alarm.suggestion.guidance.low' },
  lubricationSeal: { high: 'alarm.suggestion.lubricationSeal.high', low: 'alarm.suggestion.lubricationSeal.low' },
  hydraulic: { high: 'alarm.suggestion.hydraulic.high', low: 'alarm.suggestion.hydraulic.low' },
  electric: { high: 'alarm.suggestion.electric.high', low: 'alarm.suggestion.electric.low' },
  cutter: { high: 'alarm.suggestion.cutter.high', low: 'alarm.suggestion.cutter.low' },
  auxiliary: { high: 'alarm.suggestion.auxiliary.high', low: 'alarm.suggestion.auxiliary.low' },
  slurryCircuit: { high: 'alarm.suggestion.slurryCircuit.high', low: 'alarm.suggestion.slurryCircuit.low' },
  outerWater: { high: 'alarm.suggestion.outerWater.high', low: 'alarm.suggestion.outerWater.low' },
  beltConveyor: { high: 'alarm.suggestion.beltConveyor.high', low: 'alarm.suggestion.beltConveyor.low' },
};

export const LEVEL_TEXT = { warning: 'alarm.level.warning', alarm: 'alarm.level.alarm' } as const satisfies Record<string, MessageKey>;
export const STATE_TEXT = {
  activeUnacked: 'alarm.state.activeUnacked',
  activeAcked: 'alarm.state.activeAcked',
  clearedUnacked: 'alarm.state.clearedUnacked',
  clearedAcked: 'alarm.state.clearedAcked',
} as const satisfies Record<string, MessageKey>;
const MACHINE_STATE_TEXT = { longStop: 'alarm.name.longStop', connectionLost: 'alarm.name.connectionLost' } as const satisfies Record<string, MessageKey>;
const KIND_SUGGESTIONS = { longStop: 'alarm.suggestion.longStop', connectionLost: 'alarm.suggestion.connectionLost', segment: 'alarm.suggestion.segment' } as const satisfies Record<string, MessageKey>;
/** Segment tolerance alarms by their point (one per dataset; the ring is the alarm's ring number). */
const SEGMENT_TEXT: Readonly<Record<string, MessageKey>> = {
  [alarmContract.SEGMENT_ALARM_POINTS.pose]: 'alarm.name.segmentPose',
  [alarmContract.SEGMENT_ALARM_POINTS.tailGap]: 'alarm.name.segmentTailGap',
  [alarmContract.SEGMENT_ALARM_POINTS.clearance]: 'alarm.name.segmentClearance',
};

/** What naming a run's alarms needs, read once per call. */
export interface RunNaming {
  language: Language;
  /** The run's tags (catalogue and own tags) by code. */
  tags: ReadonlyMap<string, TagDef>;
  /** Gateway variable names mapped to a tag, by tag code. */
  mapped: ReadonlyMap<string, string>;
  /** Users' names by id. */
  users: ReadonlyMap<number, string>;
  /** Points shelved now, until when. */
  shelvedUntil: ReadonlyMap<string, number>;
}

/** The texts of one language, with the catalogue's word order. */
const textOf = (language: Language) => {
  const locale = localeOf(language);
  return (key: string, vars?: Record<string, string | number>) => translate(locale, key, vars);
};

/** A point's name in the reader's language: its tag's name, or the machine state's. */
export function pointName(point: string, naming: Pick<RunNaming, 'language' | 'tags'>): string {
  const text = textOf(naming.language);
  const tag = naming.tags.get(point);
  if (tag) return tagDisplayName(tag, text);
  const state = MACHINE_STATE_POINTS_OF[point];
  if (state) return text(MACHINE_STATE_TEXT[state]);
  const segment = SEGMENT_TEXT[point];
  return segment ? text(segment) : point;
}

/** A point's name as a message parameter, rendered in each reader's language. */
export function pointNameParam(point: string, tags: ReadonlyMap<string, TagDef>): messagesContract.MessageParamValue {
  const tag = tags.get(point);
  if (tag) return tagNameParam(tag);
  const state = MACHINE_STATE_POINTS_OF[point];
  if (state) return { key: MACHINE_STATE_TEXT[state] };
  const segment = SEGMENT_TEXT[point];
  return segment ? { key: segment } : point;
}

const withUnit = (value: number, tag: TagDef | undefined): string => {
  const precision = tag ? Math.min(Math.max(tag.precision, 0), 6) : 2;
  const number = String(Number(value.toFixed(precision)));
  return tag?.unit ? `${number} ${tag.unit}` : number;
};

function contentOf(row: AlarmRow, name: string, naming: RunNaming): string {
  const text = textOf(naming.language);
  const tag = naming.tags.get(row.point);
  if (row.kind === 'connectionLost') return text('alarm.content.connectionLost');
  if (row.kind === 'segment') {
    return row.start_value !== null && row.limit_value !== null
      ? text('alarm.content.segment', { name, ring: row.ring_no ?? '', value: `${row.start_value} mm`, limit: `${row.limit_value} mm` })
      : text('alarm.content.segmentPlain', { name, ring: row.ring_no ?? '' });
  }
  if (row.kind === 'longStop') {
    return row.start_value !== null && row.limit_value !== null
      ? text('alarm.content.longStop', { minutes: Math.round(row.start_value), limit: Math.round(row.limit_value) })
      : text('alarm.content.longStopPlain');
  }
  const level = text(LEVEL_TEXT[row.level === 'warning' ? 'warning' : 'alarm']);
  if (row.start_value === null || row.limit_value === null || row.direction === null) return text('alarm.content.plain', { name, level });
  const vars = { name, level, value: withUnit(row.start_value, tag), limit: withUnit(row.limit_value, tag) };
  if (row.kind === 'guidance') return text('alarm.content.guidance', vars);
  return text(row.direction === 'low' ? 'alarm.content.low' : 'alarm.content.high', vars);
}

/** The repair suggestion's text key of an alarm: by its kind, or by its subsystem and direction. */
export function suggestionKey(row: Pick<AlarmRow, 'kind' | 'subsystem' | 'direction'>): MessageKey | null {
  if (row.kind === 'longStop' || row.kind === 'connectionLost' || row.kind === 'segment') return KIND_SUGGESTIONS[row.kind];
  const of = SUGGESTIONS[row.subsystem ?? (row.kind === 'guidance' ? 'guidance' : 'state')];
  return of ? of[row.direction === 'low' ? 'low' : 'high'] : null;
}

export function workingHoursOf(row: Pick<AlarmRow, 'kind' | 'subsystem'>): number | null {
  if (row.kind === 'longStop' || row.kind === 'segment') return null;
  if (row.kind === 'connectionLost') return WORKING_HOURS.connectionLost ?? null;
  return WORKING_HOURS[row.subsystem ?? (row.kind === 'guidance' ? 'guidance' : 'state')] ?? null;
}

export function stateOf(row: Pick<AlarmRow, 'end_ts' | 'acked_at'>): Alarm['state'] {
  if (row.end_ts === null) return row.acked_at === null ? 'activeUnacked' : 'activeAcked';
  return row.acked_at === null ? 'clearedUnacked' : 'clearedAcked';
}

const userRef = (id: number | null, users: ReadonlyMap<number, string>) => (id === null ? null : { id, name: users.get(id) ?? '' });

/** An alarm record as the pages show it, in the reader's language. */
export function presentAlarm(row: AlarmRow, naming: RunNaming): Alarm {
  const text = textOf(naming.language);
  const tag = naming.tags.get(row.point);
  const name = pointName(row.point, naming);
  const suggestion = suggestionKey(row);
  const plcVariable = tag ? (naming.mapped.get(row.point) ?? null) : null;
  return {
    id: row.id,
    runId: row.run_id,
    number: row.number,
    kind: row.kind as Alarm['kind'],
    point: row.point,
    name,
    content: contentOf(row, name, naming),
    subsystem: row.subsystem,
    level: row.level as Alarm['level'],
    direction: row.direction as Alarm['direction'],
    unit: tag?.unit ? tag.unit : null,
    startTs: row.start_ts,
    endTs: row.end_ts,
    faultTs: row.fault_ts,
    value: row.start_value,
    peakValue: row.peak_value,
    limit: row.limit_value,
    ringNo: row.ring_no,
    shiftDate: row.shift_date,
    shiftNo: row.shift_no,
    startChainage: row.start_chainage,
    endChainage: row.end_chainage,
    plcVariable,
    address: plcVariable !== null && tag?.address ? tag.address : null,
    repairSuggestion: suggestion ? text(suggestion) : null,
    workingHours: workingHoursOf(row),
    knowledge: [],
    state: stateOf(row),
    ackedAt: row.acked_at,
    ackedBy: userRef(row.acked_by, naming.users),
    ackComment: row.ack_comment,
    assignee: userRef(row.assigned_to, naming.users),
    escalatedAt: row.escalated_at,
    escalatedToAlarmAt: row.escalated_to_alarm_at,
    chattering: row.chattering === 1,
    backfill: row.backfill === 1,
    repeats: row.repeats,
    shelvedUntil: naming.shelvedUntil.get(row.point) ?? null,
  };
}
