import type { Kysely } from 'kysely';
import { DAY_MS, localDateOf, parseLocalDate, shiftLocalDate, zonedMinutesToUtc } from '../../../core/timeZone.js';
import type { Database } from '../../../db/schema.js';
import { calendarInterval } from '../planSchedule.js';
import { isRecurring, nextDue, occurrencesBetween, type PlanCycle } from '../schedule/index.js';

type Cycle = PlanCycle;

interface DemoPlan {
  title: string;
  cycle: Cycle;
  system: string;
  component: string;
  content: string;
  items: string[];
  /** Wall time of the occurrences (minutes after midnight). */
  at?: number;
  counter?: { kind: 'ringsBuilt' | 'driveHours' | 'pumpHours' | 'metresAdvanced'; interval: number };
  remind?: { daysAhead: number; pushTime: string; content: string };
}

const H = (h: number, m = 0) => h * 60 + m;

/** About forty plans a TBM site keeps (greasing, seals, hydraulics, cutters, conveyor, electrics, segment erector…). */
export const DEMO_PLANS: readonly DemoPlan[] = [
  { title: 'Main bearing greasing', cycle: 'daily', system: 'Main drive', component: 'Main bearing', content: 'Grease the main bearing through the automatic lubrication (EP2)', items: ['Grease pump pressure', 'Grease consumption per shift', 'Leakage at the labyrinth'], at: H(7, 30), remind: { daysAhead: 0, pushTime: '07:00', content: 'Main bearing greasing at shift start' } },
  { title: 'Tail-seal grease', cycle: 'daily', system: 'Shield', component: 'Tail seal', content: 'Tail-seal grease injection per shift: all chambers filled, pressure logged', items: ['Chamber pressures', 'Grease barrel level', 'Grout or water through the seal'], at: H(6) },
  { title: 'Main drive seal check', cycle: 'daily', system: 'Main drive', component: 'Outer seal', content: 'Check the outer seal grease pressure and the leakage chamber', items: ['Seal grease pressure', 'Leakage chamber dry'], at: H(8) },
  { title: 'Cutterhead visual check', cycle: 'daily', system: 'Cutterhead', component: 'Cutting tools', content: 'Visual check of scrapers and buckets through the man lock camera', items: ['Scrapers complete', 'Buckets free'], at: H(9) },
  { title: 'Hydraulic oil level', cycle: 'daily', system: 'Hydraulics', component: 'Main tank', content: 'Check the hydraulic tank level and oil temperature', items: ['Tank level', 'Oil temperature', 'Return filter indicator'], at: H(7) },
  { title: 'Erector daily check', cycle: 'daily', system: 'Segment erector', component: 'Gripper', content: 'Check the erector gripper, vacuum plate and limit switches', items: ['Vacuum holds', 'Limit switches', 'Hoses undamaged'], at: H(10) },
  { title: 'Grout lines flush', cycle: 'daily', system: 'Grouting', component: 'Grout lines', content: 'Flush the tail grout lines at the end of the shift', items: ['All six lines flushed', 'Pressure sensors clean'], at: H(18) },
  { title: 'Belt conveyor walk', cycle: 'weekly', system: 'Belt conveyor', component: 'Belt', content: 'Walk the tunnel belt: tracking, rollers, scrapers and splices', items: ['Belt tracking', 'Idler rollers turning', 'Belt scraper wear', 'Splices'], at: H(9, 30) },
  { title: 'Belt conveyor drive', cycle: 'weekly', system: 'Belt conveyor', component: 'Drive station', content: 'Check the conveyor drive gearbox oil and the brake', items: ['Gearbox oil level', 'Brake test'], at: H(11) },
  { title: 'Screw conveyor wear', cycle: 'weekly', system: 'Screw conveyor', component: 'Flights', content: 'Measure screw flight wear through the inspection ports', items: ['Flight thickness', 'Casing wear plates'], at: H(13) },
  { title: 'Thrust cylinders', cycle: 'weekly', system: 'Thrust system', component: 'Thrust cylinders', content: 'Inspect thrust cylinder rods, shoes and hoses', items: ['Rods undamaged', 'Shoe pads', 'No hydraulic leakage'], at: H(14) },
  { title: 'Articulation cylinders', cycle: 'weekly', system: 'Thrust system', component: 'Articulation', content: 'Check articulation cylinders and the articulation seal', items: ['Stroke sensors', 'Seal tight'], at: H(14, 30) },
  { title: 'Segment feeder', cycle: 'weekly', system: 'Segment erector', component: 'Segment feeder', content: 'Lubricate and check the segment feeder chains', items: ['Chain tension', 'Lubrication'], at: H(15) },
  { title: 'Ventilation duct', cycle: 'weekly', system: 'Ventilation', component: 'Duct cassette', content: 'Check the ventilation duct cassette and the booster fan', items: ['Duct undamaged', 'Fan vibration'], at: H(10) },
  { title: 'Gas detectors bump test', cycle: 'weekly', system: 'Safety', component: 'Gas detectors', content: 'Bump test of the CH4, CO and O2 detectors', items: ['CH4', 'CO', 'O2'], at: H(8, 30) },
  { title: 'Fire suppression check', cycle: 'weekly', system: 'Safety', component: 'Fire suppression', content: 'Check the fire suppression cylinders and nozzles', items: ['Cylinder pressure', 'Nozzles clear'], at: H(12) },
  { title: 'Man lock test', cycle: 'weekly', system: 'Man lock', component: 'Lock chambers', content: 'Pressure test of the man lock and its communication', items: ['Door seals', 'Intercom', 'Pressure gauges'], at: H(16) },
  { title: 'Water pumps', cycle: 'weekly', system: 'Water system', component: 'Cooling pumps', content: 'Check the cooling water pumps and the heat exchanger', items: ['Pump pressure', 'Exchanger temperatures'], at: H(9) },
  { title: 'Hydraulic oil sample', cycle: 'monthly', system: 'Hydraulics', component: 'Main tank', content: 'Take a hydraulic oil sample for laboratory analysis (ISO 4406)', items: ['Sample labelled', 'Colour', 'Free water'], at: H(10) },
  { title: 'Gear oil sample', cycle: 'monthly', system: 'Main drive', component: 'Gearboxes', content: 'Take a main drive gear oil sample and check magnetic plugs', items: ['Sample labelled', 'Magnetic plugs'], at: H(10, 30) },
  { title: 'Pressure filters', cycle: 'monthly', system: 'Hydraulics', component: 'Pressure filters', content: 'Change the hydraulic pressure filter elements', items: ['Elements changed', 'Differential pressure after'], at: H(11) },
  { title: 'Earth pressure sensors', cycle: 'monthly', system: 'Cutterhead', component: 'Chamber sensors', content: 'Check the earth pressure sensors against the reference gauge', items: ['Top', 'Middle', 'Bottom'], at: H(13) },
  { title: 'Motor insulation', cycle: 'monthly', system: 'Electrical', component: 'Main drive motors', content: 'Insulation resistance of the main drive motors', items: ['Motor 1–4', 'Motor 5–8'], at: H(14) },
  { title: 'Grout pumps overhaul', cycle: 'monthly', system: 'Grouting', component: 'Grout pumps', content: 'Check grout pump pistons and valves, change worn parts', items: ['Pistons', 'Valves'], at: H(15) },
  { title: 'Guidance system check', cycle: 'monthly', system: 'Guidance', component: 'Total station', content: 'Check the guidance total station and target against the survey', items: ['Station fixed', 'Target clean', 'Survey comparison'], at: H(9) },
  { title: 'Crane inspection', cycle: 'monthly', system: 'Backup', component: 'Segment crane', content: 'Inspect the backup segment crane: ropes, hooks, brakes', items: ['Rope', 'Hook latch', 'Brake'], at: H(11, 30) },
  { title: 'Transformer inspection', cycle: 'quarterly', system: 'Electrical', component: 'Transformer 20 kV', content: 'Inspect the 20 kV transformer: oil level, temperatures, thermography', items: ['Oil level', 'Winding temperature', 'Thermography'], at: H(10) },
  { title: 'Switchgear', cycle: 'quarterly', system: 'Electrical', component: 'Medium voltage switchgear', content: 'Check the medium voltage switchgear and protection relays', items: ['Relay test', 'Contacts'], at: H(13) },
  { title: 'Compressor service', cycle: 'quarterly', system: 'Compressed air', component: 'Compressor', content: 'Service the compressor: oil, separator, air filter', items: ['Oil changed', 'Separator', 'Air filter'], at: H(9) },
  { title: 'Cable reel', cycle: 'quarterly', system: 'Electrical', component: 'Cable reel', content: 'Check the high voltage cable reel and slip rings', items: ['Slip rings', 'Cable jacket'], at: H(15) },
  { title: 'Main bearing endoscopy', cycle: 'halfYearly', system: 'Main drive', component: 'Main bearing', content: 'Endoscopy of the main bearing raceways', items: ['Raceway photos', 'Particles'], at: H(10) },
  { title: 'Emergency generator', cycle: 'halfYearly', system: 'Electrical', component: 'Emergency generator', content: 'Load test of the emergency generator', items: ['Start time', 'Load 80 % for 1 h'], at: H(11) },
  { title: 'Pressure vessels', cycle: 'yearly', system: 'Compressed air', component: 'Air receivers', content: 'Statutory inspection of the air receivers', items: ['Certificate', 'Safety valves'], at: H(10) },
  { title: 'Lifting gear certification', cycle: 'yearly', system: 'Backup', component: 'Lifting gear', content: 'Yearly certification of slings, shackles and hoists', items: ['Register updated', 'Tags'], at: H(9) },
  { title: 'Commissioning check', cycle: 'initial', system: 'Backup', component: 'Gantries', content: 'Commissioning check of the backup gantries', items: ['Rails', 'Couplings'] },
  { title: 'Before-use erector test', cycle: 'beforeUse', system: 'Segment erector', component: 'Control', content: 'Function test of the erector radio control before use', items: ['Emergency stop', 'Slow speed'] },
  { title: 'After-use cleaning', cycle: 'afterUse', system: 'Grouting', component: 'Grout mixer', content: 'Clean the grout mixer after use', items: ['Mixer clean'] },
  { title: 'Cutter inspection', cycle: 'daily', system: 'Cutterhead', component: 'Disc cutters', content: 'Inspect disc cutters every 20 rings: wear, rings, hubs', items: ['Wear measured', 'Blocked cutters', 'Bolts torqued'], counter: { kind: 'ringsBuilt', interval: 20 } },
  { title: 'Main drive oil change', cycle: 'daily', system: 'Main drive', component: 'Gearboxes', content: 'Change the gear oil every 2,000 drive hours', items: ['Oil changed', 'Filters'], counter: { kind: 'driveHours', interval: 2000 } },
  { title: 'Pump service by hours', cycle: 'daily', system: 'Hydraulics', component: 'Main pumps', content: 'Service the main hydraulic pumps every 1,000 operating hours', items: ['Case drain flow', 'Couplings'], counter: { kind: 'pumpHours', interval: 1000 } },
];

const STAFF = ['Marco Bianchi', 'Ahmet Yılmaz', 'Li Wei', 'João Pereira', 'Anna Gruber', 'Sofia Russo', 'Emre Demir', 'Chen Jing'];
const CHECKERS = ['Luca Ferri', 'Zeynep Arslan', 'Wang Fang', 'Rui Costa'];
const REVIEWERS = ['Giulia Conti', 'Murat Şahin', 'Zhang Min', 'Inês Almeida'];

/** A small deterministic generator: the same demo each time for the same seed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 0x1_0000_0000;
  };
}

/**
 * A demo machine's plans (DEMO_PLANS) with three weeks of records: done by the crews mostly on
 * time, some late, some with an abnormal finding; two weekly plans left overdue today. Runs that
 * already have plans are left alone. Answers the plans and records written.
 */
export async function seedDemoMaintenance(db: Kysely<Database>, run: { runId: number; seed: number }, now: number, days = 21): Promise<{ plans: number; records: number }> {
  const held = await db.selectFrom('mtce_plans').select('id').where('run_id', '=', run.runId).executeTakeFirst();
  if (held) return { plans: 0, records: 0 };
  const zone = (await db.selectFrom('runs').select('time_zone').where('id', '=', run.runId).executeTakeFirstOrThrow()).time_zone;
  const rnd = random(run.seed * 7919 + 17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const start = parseLocalDate(localDateOf(now - days * DAY_MS, zone));
  // The first two weekly plans are left undone at their last occurrence: overdue today.
  const overdue = new Set(DEMO_PLANS.filter((p) => p.cycle === 'weekly').slice(0, 2).map((p) => p.title));
  let records = 0;
  for (const [index, p] of DEMO_PLANS.entries()) {
    const minutes = p.at ?? H(9);
    let anchor: number | null;
    if (p.cycle === 'weekly') anchor = zonedMinutesToUtc(shiftLocalDate(start, index % 7), minutes, zone);
    else if (p.cycle === 'monthly') anchor = zonedMinutesToUtc(shiftLocalDate(start, 2 + (index % 12)), minutes, zone);
    else if (isRecurring(p.cycle) && p.cycle !== 'daily') anchor = zonedMinutesToUtc(shiftLocalDate(start, 10 + (index % 15)), minutes, zone);
    else if (p.cycle === 'daily') anchor = zonedMinutesToUtc(start, minutes, zone);
    else anchor = p.cycle === 'initial' ? zonedMinutesToUtc(start, minutes, zone) : null;
    const counter = p.counter ?? null;
    const interval = calendarInterval(p.cycle);
    const plan = await db
      .insertInto('mtce_plans')
      .values({
        run_id: run.runId,
        title: p.title,
        cycle: p.cycle,
        system: p.system,
        component: p.component,
        content: p.content,
        items: JSON.stringify(p.items),
        remark: null,
        trigger: counter ? 'counter' : 'calendar',
        counter_kind: counter?.kind ?? null,
        counter_interval: counter?.interval ?? null,
        counter_base: counter ? 0 : null,
        anchor_mode: p.cycle === 'daily' || p.cycle === 'weekly' ? 'fixed' : 'floating',
        anchor_at: counter ? null : anchor,
        next_due: counter ? null : anchor,
        last_done_at: null,
        remind_enabled: p.remind ? 1 : 0,
        remind_content: p.remind?.content ?? null,
        remind_days_ahead: p.remind?.daysAhead ?? null,
        remind_push_time: p.remind?.pushTime ?? null,
        remind_repeat: null,
        remind_weekday: null,
        created_by: null,
        created_at: now - (days + 3) * DAY_MS,
        updated_at: now - (days + 3) * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (counter || anchor === null) continue;
    // Occurrences already settled by now: each done (on time mostly), unless the plan is one of the overdue two.
    const limit = now - interval / 10;
    const settled = anchor >= limit ? [] : isRecurring(p.cycle) ? occurrencesBetween({ cycle: p.cycle, anchor, mode: 'fixed' }, anchor, limit, zone) : [anchor];
    let open: number | null = isRecurring(p.cycle) ? nextDue({ cycle: p.cycle, anchor, mode: 'fixed' }, settled.at(-1) ?? anchor - 1, zone) : null;
    let lastDone: number | null = null;
    for (const [k, due] of settled.entries()) {
      if (overdue.has(p.title) && k === settled.length - 1) {
        open = due;
        break;
      }
      const late = rnd() < 0.08;
      const delay = late ? interval * (0.15 + rnd() * 0.3) : interval * rnd() * 0.08;
      const time = Math.min(now - 60_000, Math.round(due + delay));
      const abnormalItem = rnd() < 0.07 ? Math.floor(rnd() * p.items.length) : -1;
      await db
        .insertInto('mtce_records')
        .values({
          run_id: run.runId,
          plan_id: plan.id,
          type: p.cycle,
          time,
          system: p.system,
          component: p.component,
          content: p.content,
          done: 1,
          items: JSON.stringify(p.items.map((text, i) => ({ text, condition: i === abnormalItem ? 'abnormal' : 'normal', note: i === abnormalItem ? 'Reported to the shift engineer' : null }))),
          abnormal: abnormalItem >= 0 ? 1 : 0,
          remark: abnormalItem >= 0 ? 'Follow-up work order raised' : null,
          maintained_by: pick(STAFF),
          checked_by: pick(CHECKERS),
          reviewed_by: pick(REVIEWERS),
          entered_at: time + 30 * 60_000,
          entered_by: null,
          due_at: due,
          late: late ? 1 : 0,
        })
        .execute();
      records += 1;
      lastDone = time;
    }
    await db.updateTable('mtce_plans').set({ next_due: open, last_done_at: lastDone }).where('id', '=', plan.id).execute();
  }
  return { plans: DEMO_PLANS.length, records };
}
