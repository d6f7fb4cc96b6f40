import { repairContract as c } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchWorld, searchWorld } from './search/repairSearch.fixture.js';

type Diagnosis = { query: string; suggestions: c.Suggestion[] };

const fingerprint = (values: Record<string, number>) =>
  JSON.stringify({ at: 0, alarms: [], values: Object.entries(values).map(([tag, at]) => ({ tag, name: tag, unit: '', before: at, at })) });

describe('diagnosis: cited suggestions from an alarm, a repair or words; helpful marks; reach', () => {
  let w: SearchWorld;
  let alarm = 0;
  let otherAlarm = 0;
  const ids = { samePoint: 0, sameSystem: 0, belt: 0, knowledge: 0, theirs: 0 };

  const insertAlarm = async (runId: number, number: number, start: number, ended = false) => {
    const row = await w.t.db.kysely
      .insertInto('alarms')
      .values({
        run_id: runId,
        number,
        kind: 'point',
        point: 'screwConveyor.torque',
        subsystem: 'screwConveyor',
        level: 'alarm',
        direction: 'high',
        start_ts: start,
        end_ts: ended ? start + 600_000 : null,
        fault_ts: start,
        start_value: 95,
        peak_value: 97,
        limit_value: 90,
        ring_no: 120,
        shift_date: '2026-10-14',
        shift_no: 1,
        start_chainage: null,
        end_chainage: null,
        escalated_to_alarm_at: null,
        end_reason: ended ? 'normal' : null,
        acked_at: null,
        acked_by: null,
        ack_comment: null,
        assigned_to: null,
        escalated_at: null,
        created_at: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const diagnose = async (payload: object, token = w.reader.token, lang = 'en_US') => w.data<Diagnosis>(await w.post(c.diagnose, { runId: w.runA, ...payload }, token, lang));

  beforeAll(async () => {
    w = await searchWorld('10.97.3');
    const earlier = await insertAlarm(w.runA, 1, Date.UTC(2026, 8, 1), true);
    alarm = await insertAlarm(w.runA, 2, Date.UTC(2026, 9, 14));
    otherAlarm = await insertAlarm(w.runB, 1, Date.UTC(2026, 9, 14));
    ids.samePoint = await w.addRepair(w.runA, {
      title: 'Boulders jammed the screw',
      system: 'Tail',
      component: 'Screw',
      description: 'Torque at the limit; boulders jammed the screw flights',
      cause: 'Boulders larger than the screw pitch',
      result: 'Screw reversed and cleared',
      alarm_id: earlier,
    });
    ids.sameSystem = await w.addRepair(w.runA2, {
      title: 'Schnecke blockiert',
      system: 'Förderschnecke',
      component: 'Schnecke',
      description: 'Screw conveyor blockage after the conditioning agent ran out',
      cause: 'No foam for two hours',
      result: 'Conditioning restored, screw cleared',
    });
    ids.belt = await w.addRepair(w.runA, { title: 'Belt conveyor misalignment', system: 'Belt conveyor', component: 'Idlers', description: 'The belt conveyor ran off its idlers' });
    const knowledge = await w.t.db.kysely
      .insertInto('knowledge_items')
      .values({ run_id: w.runA, name: 'Screw conveyor manual', code: 'KB-SC', system: 'Screw conveyor', remark: 'Clearing a blockage of the screw', file_id: null, extraction: 'none', text: null, created_by: null, created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.knowledge = knowledge.id;
    await w.search.reindex('knowledge', knowledge.id);
    // Tenant B: the very same words, never to be shown to tenant A.
    ids.theirs = await w.addRepair(w.runB, { title: 'Boulders jammed the screw', system: 'Screw conveyor', component: 'Screw', description: 'Screw conveyor blockage by boulders' });
  });
  afterAll(() => w.t.close());

  it('answers at least three cited suggestions for an alarm: cases, knowledge and its own repair suggestion, with reasons', async () => {
    const found = await diagnose({ alarmId: alarm });
    expect(found.query.length).toBeGreaterThan(0);
    expect(found.suggestions.length).toBeGreaterThanOrEqual(3);
    expect(found.suggestions.length).toBeLessThanOrEqual(10);
    for (const s of found.suggestions) {
      expect(s.reasons.length, s.title).toBeGreaterThan(0);
      expect(s.id).toBeGreaterThan(0);
      expect([w.runA, w.runA2]).toContain(s.runId);
      expect(s.project.length).toBeGreaterThan(0);
    }
    const of = (kind: c.Suggestion['kind'], id: number) => found.suggestions.find((s) => s.kind === kind && s.id === id);
    expect(of('case', ids.samePoint)?.reasons.map((r) => r.kind)).toContain('samePoint');
    expect(of('case', ids.sameSystem)?.reasons.map((r) => r.kind)).toEqual(expect.arrayContaining(['terms', 'sameSystem']));
    expect(of('knowledge', ids.knowledge)?.reasons.map((r) => r.kind)).toContain('terms');
    const own = of('alarmSuggestion', alarm);
    expect(own?.snippet.text).toBe(translate('en-US', 'alarm.suggestion.screwConveyor.high'));
    expect(own?.reasons.map((r) => r.kind)).toEqual(['alarmSuggestion']);
    // The two screw cases (same point; same system and words) lead; the belt case only shares a word.
    const cases = found.suggestions.filter((s) => s.kind === 'case').map((s) => s.id);
    expect(new Set(cases.slice(0, 2))).toEqual(new Set([ids.samePoint, ids.sameSystem]));
    if (cases.includes(ids.belt)) expect(cases.indexOf(ids.belt)).toBeGreaterThan(1);
    expect(found.suggestions.some((s) => s.id === ids.theirs && s.kind === 'case')).toBe(false);
    // Terms are marked by offsets in the snippet.
    const terms = of('case', ids.sameSystem)?.snippet ?? { text: '', marks: [] };
    expect(terms.marks.length).toBeGreaterThan(0);
    for (const [a, b] of terms.marks) expect(terms.text.slice(a, b).length).toBe(b - a);
  });

  it("words its reasons in the reader's language", async () => {
    const de = await diagnose({ alarmId: alarm }, w.reader.token, 'de_AT');
    const reasons = de.suggestions.flatMap((s) => s.reasons);
    expect(reasons.find((r) => r.kind === 'alarmSuggestion')?.text).toBe(translate('de-AT', 'diagnosis.reason.alarmSuggestion'));
    expect(reasons.find((r) => r.kind === 'sameSystem')?.text).toBe(translate('de-AT', 'diagnosis.reason.sameSystem', { system: 'Förderschnecke' }));
    const zh = await diagnose({ alarmId: alarm }, w.reader.token, 'zh_CN');
    expect(zh.suggestions.find((s) => s.kind === 'alarmSuggestion')?.snippet.text).toBe(translate('zh-CN', 'alarm.suggestion.screwConveyor.high'));
  });

  it('ranks cases with similar values before the fault when diagnosing a repair with its fingerprint', async () => {
    const values = { 'thrust.totalForce': 21000, 'cutterhead.torque': 3100, 'advance.speed': 42 };
    const close = await w.addRepair(w.runA, { title: 'Cutterhead overload', system: 'Cutterhead', component: 'Drive', description: 'Cutterhead torque overload in clay', fingerprint: fingerprint({ 'thrust.totalForce': 20500, 'cutterhead.torque': 3000, 'advance.speed': 40 }) });
    const far = await w.addRepair(w.runA, { title: 'Cutterhead overload', system: 'Cutterhead', component: 'Drive', description: 'Cutterhead torque overload in clay', fingerprint: fingerprint({ 'thrust.totalForce': 5000, 'cutterhead.torque': 400, 'advance.speed': 5 }) });
    const draft = await w.addRepair(w.runA, { title: 'Cutterhead overload again', system: 'Cutterhead', component: 'Drive', description: 'Cutterhead torque overload', case_state: 'none', fingerprint: fingerprint(values) });
    const found = await diagnose({ repairId: draft });
    const order = found.suggestions.filter((s) => s.kind === 'case').map((s) => s.id);
    expect(order.indexOf(close)).toBeLessThan(order.indexOf(far));
    expect(found.suggestions.find((s) => s.id === close)?.reasons.map((r) => r.kind)).toContain('similarValues');
    expect(found.suggestions.find((s) => s.id === far)?.reasons.map((r) => r.kind)).not.toContain('similarValues');
    // The repair asked about is no suggestion of itself.
    expect(order).not.toContain(draft);
  });

  it('moves a case marked helpful up; one mark per reader and source', async () => {
    const first = await w.addRepair(w.runA, { title: 'Hydraulic pump overheating', system: 'Hydraulics', component: 'Pump', description: 'Hydraulic pump overheating under load' });
    const second = await w.addRepair(w.runA, { title: 'Hydraulic pump overheating', system: 'Hydraulics', component: 'Pump', description: 'Hydraulic pump overheating under load' });
    const order = async () => (await diagnose({ text: 'hydraulic pump overheating' })).suggestions.map((s) => s.id);
    const before = await order();
    const [top = 0, below = 0] = before;
    expect(new Set([top, below])).toEqual(new Set([first, second]));

    const mark = async (id: number, helpful: boolean, token = w.reader.token) => w.post(c.diagnosisFeedback, { runId: w.runA, kind: 'case', id, helpful }, token);
    expect(w.data(await mark(below, true))).toEqual({ helpful: 1, notHelpful: 0 });
    expect((await order())[0]).toBe(below);
    const marked = (await diagnose({ text: 'hydraulic pump overheating' })).suggestions[0];
    expect(marked).toMatchObject({ id: below, helpful: 1, notHelpful: 0 });
    expect(marked?.reasons.map((r) => r.kind)).toContain('helpful');
    // A second mark of the same reader replaces the first.
    expect(w.data(await mark(below, true))).toEqual({ helpful: 1, notHelpful: 0 });
    expect(w.data(await mark(below, false))).toEqual({ helpful: 0, notHelpful: 1 });
    expect((await order())[0]).toBe(top);
    // Another reader's mark counts apart.
    expect(w.data(await mark(below, true, w.writer.token))).toEqual({ helpful: 1, notHelpful: 1 });
  });

  it("shows a reader none of the cases of a run he cannot reach, and no other tenant's sources", async () => {
    const all = await diagnose({ text: 'screw conveyor blockage' });
    expect(all.suggestions.map((s) => s.id)).toContain(ids.sameSystem);
    const limited = await diagnose({ text: 'screw conveyor blockage' }, w.limited.token);
    expect(limited.suggestions.length).toBeGreaterThan(0);
    expect(limited.suggestions.every((s) => s.runId === w.runA)).toBe(true);
    // Nor may he mark one of them.
    expect((await w.post(c.diagnosisFeedback, { runId: w.runA, kind: 'case', id: ids.sameSystem, helpful: true }, w.limited.token)).code).toBe(3);
    expect((await w.post(c.diagnosisFeedback, { runId: w.runA, kind: 'case', id: ids.theirs, helpful: true })).code).toBe(3);
    // Another tenant's alarm and run; no repair code at all.
    expect((await w.post(c.diagnose, { runId: w.runA, alarmId: otherAlarm }, w.reader.token)).code).toBe(3);
    expect((await w.post(c.diagnose, { runId: w.runB, alarmId: otherAlarm }, w.reader.token)).code).toBe(2);
    expect((await w.post(c.diagnose, { runId: w.runA, text: 'screw' }, w.plain.token)).code).toBe(2);
    expect((await w.post(c.diagnose, { runId: w.runA }, w.reader.token)).code).toBe(3);
  });
});
