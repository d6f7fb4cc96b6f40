import { findTag, KEY_TAGS, type MachineType } from '@boreline/contracts';
import type { MessageCentre } from './messageCentre.js';
import { tagNameParam } from './messageParams.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface DemoRunRef {
  id: number;
  tbmCode: string;
  machineType: MachineType;
}

/**
 * A few realistic messages for the demo's runs, addressed like the real senders will address them
 * (everyone who may see the run and holds the code), plus a welcome to each of those users. Every
 * message carries a dedupe key: seeding again (each start of the embedded default) adds nothing.
 * Answers how many messages were written.
 */
export async function seedDemoMessages(centre: MessageCentre, runs: readonly DemoRunRef[], now: number): Promise<number> {
  let written = 0;
  const readers = new Set<number>();
  for (const [index, run] of runs.entries()) {
    const key = (name: string) => `demo:${run.id}:${name}`;
    const sends: Parameters<MessageCentre['send']>[0][] = [
      {
        type: 'maintenanceReminder',
        audience: { runId: run.id, resourceCode: 'maintenance.message.read' },
        key: 'messages.template.maintenanceDue',
        params: { tbm: run.tbmCode, item: index % 2 === 0 ? 'Main bearing grease top-up (weekly)' : 'Screw conveyor wear plates, thickness check (monthly)' },
        at: now + 3 * HOUR,
        dedupeKey: key('reminder'),
      },
      {
        type: 'componentAlarm',
        audience: { runId: run.id, resourceCode: 'alarm.message.read' },
        key: 'messages.template.componentAlarm',
        params: { component: 'Main drive gearbox oil', tbm: run.tbmCode, value: 78 + index, unit: '°C', limit: 75 },
        at: now - 35 * MINUTE,
        dedupeKey: key('gearbox'),
      },
      {
        type: 'stockWarning',
        audience: { runId: run.id, resourceCode: 'maintenance.message.read' },
        key: 'messages.template.stockBelowLine',
        params: { part: 'Disc cutter 17"', code: 'DC-17-432', stock: 6 - index, line: 8 },
        at: now - 2 * HOUR,
        dedupeKey: key('cutters'),
      },
      {
        type: 'announcement',
        audience: { runId: run.id, resourceCode: 'project.run.read' },
        key: 'messages.template.announcement',
        params: { title: 'Night shift handover moves to 19:30' },
        text: 'From Monday the night shift takes over at 19:30 instead of 19:00, so the day crew can finish the ring it is building. The handover briefing stays at the segment yard.',
        at: now - 26 * HOUR,
        dedupeKey: key('handover'),
      },
    ];
    const torque = findTag(run.machineType, KEY_TAGS.cutterTorque);
    if (torque) {
      sends.push({
        type: 'monitoringAlarm',
        audience: { runId: run.id, resourceCode: 'alarm.message.read' },
        key: 'messages.template.monitoringHigh',
        params: { point: tagNameParam(torque), value: Math.round(torque.max * 1.06), unit: torque.unit, limit: torque.max },
        at: now - 12 * MINUTE,
        dedupeKey: key('torque'),
      });
    }
    // Face support fell under its low alarm: the chamber's top sensor on an EPB machine, the bubble chamber on a slurry one.
    const slurry = run.machineType === 'slurry';
    const face = findTag(run.machineType, slurry ? KEY_TAGS.bubblePressure : KEY_TAGS.earthPressureTop);
    if (face) {
      sends.push({
        type: 'monitoringAlarm',
        audience: { runId: run.id, resourceCode: 'alarm.message.read' },
        key: 'messages.template.monitoringLow',
        params: { point: tagNameParam(face), value: slurry ? 1.55 : 0.95, unit: face.unit, limit: slurry ? 1.8 : 1.2 },
        at: now - 50 * MINUTE,
        dedupeKey: key('face'),
      });
    }
    for (const input of sends) {
      const result = await centre.send(input);
      written += result.recipients.length;
      for (const userId of result.recipients) readers.add(userId);
    }
    for (const userId of await centre.sentTo(key('handover'))) readers.add(userId);
  }
  if (readers.size > 0) {
    const welcome = await centre.send({ type: 'system', userIds: [...readers], key: 'messages.system.welcome', at: now - 27 * HOUR, dedupeKey: 'demo:welcome' });
    written += welcome.recipients.length;
  }
  return written;
}
