import { findTag, KEY_TAGS, type ResourceCode } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { machineTypeOf } from '../project/index.js';
import type { MessageCentre, SendInput } from './messageCentre.js';
import { tagNameParam } from './messageParams.js';
import { RecipientsRepo } from './recipients.repo.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A demo message: who may see it (the holders of `code` at the run) and what it says. */
type DemoMessage = Omit<SendInput, 'audience' | 'userIds' | 'runId' | 'dedupeKey'> & { code: ResourceCode; name: string };

/**
 * A few realistic messages for the demo's runs: a maintenance reminder, component and monitoring
 * alarms, a stock warning and an announcement per run, and a welcome. Each goes to everyone who
 * may see the run and holds its code there, as the real senders will address them, and to the
 * super administrators (the demo's own users: the embedded default starts with no other account)
 * so a fresh demo shows a full bell. Every message carries a dedupe key: seeding again adds
 * nothing. Answers how many messages were written.
 */
export async function seedDemoMessages(db: Kysely<Database>, centre: MessageCentre, runIds: readonly number[], now: number): Promise<number> {
  if (runIds.length === 0) return 0;
  const recipients = new RecipientsRepo(db);
  const admins = await recipients.superAdmins();
  const readers = new Set<number>(admins);
  let written = 0;
  for (const [index, runId] of runIds.entries()) {
    const run = await recipients.run(runId);
    if (!run) continue;
    for (const message of demoMessagesOf({ id: run.id, tbmCode: run.tbm_code, machineType: machineTypeOf(run) }, index, now)) {
      const { code, name, ...content } = message;
      const dedupeKey = `demo:${run.id}:${name}`;
      const toHolders = await centre.send({ ...content, audience: { runId: run.id, resourceCode: code }, dedupeKey });
      const toAdmins = await centre.send({ ...content, runId: run.id, userIds: admins, dedupeKey });
      written += toHolders.recipients.length + toAdmins.recipients.length;
      for (const userId of toHolders.recipients) readers.add(userId);
    }
  }
  if (readers.size > 0) {
    const welcome = await centre.send({ type: 'system', userIds: [...readers], key: 'messages.system.welcome', at: now - 27 * HOUR, dedupeKey: 'demo:welcome' });
    written += welcome.recipients.length;
  }
  return written;
}

function demoMessagesOf(run: { id: number; tbmCode: string; machineType: 'epb' | 'slurry' }, index: number, now: number): DemoMessage[] {
  const messages: DemoMessage[] = [
    {
      name: 'reminder',
      code: 'maintenance.message.read',
      type: 'maintenanceReminder',
      key: 'messages.template.maintenanceDue',
      params: { tbm: run.tbmCode, item: index % 2 === 0 ? 'Main bearing grease top-up (weekly)' : 'Screw conveyor wear plates, thickness check (monthly)' },
      at: now + 3 * HOUR,
    },
    {
      name: 'gearbox',
      code: 'alarm.message.read',
      type: 'componentAlarm',
      key: 'messages.template.componentAlarm',
      params: { component: 'Main drive gearbox oil', tbm: run.tbmCode, value: 78 + index, unit: '°C', limit: 75 },
      at: now - 35 * MINUTE,
    },
    {
      name: 'cutters',
      code: 'maintenance.message.read',
      type: 'stockWarning',
      key: 'messages.template.stockBelowLine',
      params: { part: 'Disc cutter 17"', code: 'DC-17-432', stock: Math.max(0, 6 - index), line: 8 },
      at: now - 2 * HOUR,
    },
    {
      name: 'handover',
      code: 'project.run.read',
      type: 'announcement',
      key: 'messages.template.announcement',
      params: { title: 'Night shift handover moves to 19:30' },
      text: 'From Monday the night shift takes over at 19:30 instead of 19:00, so the day crew can finish the ring it is building. The handover briefing stays at the segment yard.',
      at: now - 26 * HOUR,
    },
  ];
  const torque = findTag(run.machineType, KEY_TAGS.cutterTorque);
  if (torque) {
    messages.push({
      name: 'torque',
      code: 'alarm.message.read',
      type: 'monitoringAlarm',
      key: 'messages.template.monitoringHigh',
      params: { point: tagNameParam(torque), value: Math.round(torque.max * 1.06), unit: torque.unit, limit: torque.max },
      at: now - 12 * MINUTE,
    });
  }
  // Face support fell under its low alarm: the chamber's top sensor on an EPB machine, the bubble chamber on a slurry one.
  const slurry = run.machineType === 'slurry';
  const face = findTag(run.machineType, slurry ? KEY_TAGS.bubblePressure : KEY_TAGS.earthPressureTop);
  if (face) {
    messages.push({
      name: 'face',
      code: 'alarm.message.read',
      type: 'monitoringAlarm',
      key: 'messages.template.monitoringLow',
      params: { point: tagNameParam(face), value: slurry ? 1.55 : 0.95, unit: face.unit, limit: slurry ? 1.8 : 1.2 },
      at: now - 50 * MINUTE,
    });
  }
  return messages;
}
