import { alarmContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { runTagList } from '../../../telemetry/index.js';
import type { MessageCentre } from '../../messages/index.js';
import { machineTypeOf, type RunRepo } from '../../project/index.js';
import { pointNameParam } from './alarm.presenter.js';

/** Records looked at per pass (the rest wait for the next minute). */
const PASS_LIMIT = 500;

export interface EscalationDeps {
  db: Kysely<Database>;
  runs: () => Pick<RunRepo, 'find'>;
  messages: () => MessageCentre;
}

/**
 * The escalation job's pass: every alarm (active or cleared, not from backfill) still
 * unacknowledged after its run's `escalateAfterMinutes` (0: never) is told once to the run's
 * supervisors — everyone who may handle its alarms. `escalated_at` is set by a conditional update
 * before the message goes out, so two instances never send it twice.
 */
export async function escalationPass(deps: EscalationDeps, now: number, signal: AbortSignal): Promise<number> {
  const defaultMinutes = alarmContract.ALARM_RUN_SETTINGS_DEFAULT.escalateAfterMinutes;
  const due = await deps.db
    .selectFrom('alarms')
    .leftJoin('alarm_run_settings', 'alarm_run_settings.run_id', 'alarms.run_id')
    .select(['alarms.id', 'alarms.run_id', 'alarms.number', 'alarms.point', 'alarms.start_ts', 'alarm_run_settings.escalate_after_min'])
    .where('alarms.acked_at', 'is', null)
    .where('alarms.escalated_at', 'is', null)
    .where('alarms.backfill', '=', 0)
    .where('alarms.start_ts', '<=', now - 60_000)
    .orderBy('alarms.start_ts')
    .limit(PASS_LIMIT)
    .execute();
  let sent = 0;
  const tagsByRun = new Map<number, { tbm: string; tags: Map<string, Awaited<ReturnType<typeof runTagList>>[number]> } | null>();
  for (const alarm of due) {
    if (signal.aborted) break;
    const minutes = alarm.escalate_after_min ?? defaultMinutes;
    if (minutes <= 0 || alarm.start_ts > now - minutes * 60_000) continue;
    const claimed = await deps.db.updateTable('alarms').set({ escalated_at: now }).where('id', '=', alarm.id).where('escalated_at', 'is', null).where('acked_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    let run = tagsByRun.get(alarm.run_id);
    if (run === undefined) {
      const row = await deps.runs().find(alarm.run_id);
      run = row ? { tbm: row.tbm_code, tags: new Map((await runTagList(deps.db, row.id, machineTypeOf(row))).map((t) => [t.code, t])) } : null;
      tagsByRun.set(alarm.run_id, run);
    }
    await deps.db.insertInto('alarm_actions').values({ alarm_id: alarm.id, at: now, action: 'escalationSent', user_id: null, text: null }).execute();
    if (!run) continue;
    await deps.messages().send({
      audience: { runId: alarm.run_id, resourceCode: 'alarm.record.handle' },
      type: 'monitoringAlarm',
      key: 'alarm.message.escalation',
      params: { number: alarm.number, tbm: run.tbm, minutes, point: pointNameParam(alarm.point, run.tags) },
      object: { kind: 'alarm', id: alarm.id },
      at: now,
    });
    sent += 1;
  }
  return sent;
}
