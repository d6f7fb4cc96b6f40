import { KEY_TAGS, type Language, repairContract, tagDisplayName, type TagDef } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import type { Kysely } from 'kysely';
import { localeOf } from '../../core/i18n.js';
import type { Database } from '../../db/schema.js';
import type { MachineHistory } from '../../telemetry/index.js';

type Fingerprint = repairContract.Fingerprint;

const MINUTE_MS = 60_000;
/** A key value is the newest one within this span before its instant (a gap in the data gives none). */
const VALUE_LOOKBACK_MS = 5 * MINUTE_MS;

/**
 * The key values a fault's fingerprint keeps: what a crew compares first when a machine stops —
 * advance, cutterhead, thrust, face support, grouting and guidance. A machine type without a tag
 * (an EPB has no bubble pressure) simply leaves it out.
 */
export const FINGERPRINT_TAGS: readonly string[] = [
  KEY_TAGS.advanceSpeed,
  KEY_TAGS.cutterSpeed,
  KEY_TAGS.cutterTorque,
  KEY_TAGS.totalThrust,
  KEY_TAGS.penetration,
  KEY_TAGS.earthPressureTop,
  KEY_TAGS.bubblePressure,
  KEY_TAGS.groutPressure,
  KEY_TAGS.groutVolume,
  KEY_TAGS.pressureA,
  KEY_TAGS.headHorizontal,
  KEY_TAGS.headVertical,
];

/** The newest finite value of column `c` at or before `at` (within the look-back), or null. */
function valueAtOrBefore(frames: { ts: number[]; values: number[][] }, c: number, at: number): number | null {
  const column = frames.values[c] ?? [];
  for (let k = frames.ts.length - 1; k >= 0; k -= 1) {
    const ts = frames.ts[k] ?? 0;
    if (ts > at) continue;
    if (ts < at - VALUE_LOOKBACK_MS) break;
    const value = column[k];
    if (value !== undefined && Number.isFinite(value)) return value;
  }
  return null;
}

/**
 * The machine's state before a fault at `at`: the run's alarms that started in the 30 minutes
 * before it (the alarm the repair is made from left out), and the key values at `at` and 30
 * minutes before, from the machine history. Names are in the caller's language.
 */
export async function fingerprintOf(
  deps: { db: Kysely<Database>; machine: MachineHistory },
  run: { id: number },
  tags: ReadonlyMap<string, TagDef>,
  at: number,
  language: Language,
  exceptAlarm: number | null,
): Promise<Fingerprint> {
  const span = repairContract.REPAIR_LIMITS.fingerprintMinutes * MINUTE_MS;
  const before = at - span;
  const locale = localeOf(language);
  const text = (key: string, vars?: Record<string, string>) => translate(locale, key, vars);
  const nameOf = (point: string) => {
    const tag = tags.get(point);
    return tag ? tagDisplayName(tag, text) : point;
  };
  let alarms = deps.db.selectFrom('alarms').select(['id', 'point', 'level', 'start_ts']).where('run_id', '=', run.id).where('start_ts', '>=', before).where('start_ts', '<', at);
  if (exceptAlarm !== null) alarms = alarms.where('id', '!=', exceptAlarm);
  const alarmRows = await alarms.orderBy('start_ts').limit(50).execute();
  const codes = FINGERPRINT_TAGS.filter((code) => tags.has(code));
  const frames = codes.length > 0 ? await deps.machine.rawFrames(run.id, codes, before - VALUE_LOOKBACK_MS, at + 1) : { ts: [], values: [] };
  return {
    at,
    alarms: alarmRows.map((a) => ({ point: a.point, name: nameOf(a.point), level: a.level, start: a.start_ts })),
    values: codes.map((code, c) => ({
      tag: code,
      name: nameOf(code),
      unit: tags.get(code)?.unit ?? '',
      before: valueAtOrBefore(frames, c, before),
      at: valueAtOrBefore(frames, c, at),
    })),
  };
}

/** A stored fingerprint, or null when it is absent or unreadable. */
export function parseFingerprint(text: string | null): Fingerprint | null {
  if (text === null) return null;
  try {
    const parsed = repairContract.FingerprintSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
