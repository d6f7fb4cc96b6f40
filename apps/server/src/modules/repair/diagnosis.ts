import { type Language, type repairContract, SUBSYSTEM_NAME_KEYS } from '@boreline/contracts';
import { LOCALES, type MessageKey, translate } from '@boreline/i18n';
import { type Kysely, sql } from 'kysely';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { Database } from '../../db/schema.js';
import { type MachineHistory, runTagList } from '../../telemetry/index.js';
import { presentAlarm, type RunNaming } from '../alarm/index.js';
import { machineTypeOf, type RunScope, type ScopedRun } from '../project/index.js';
import { markedWords } from './search/normalize.js';
import type { RankedHit, RepairSearch } from './search/repairSearch.js';

type Suggestion = repairContract.Suggestion;
type Reason = Suggestion['reasons'][number];
type SourceKind = Suggestion['kind'];

/** How much each reason adds to a suggestion's score (text relevance is 0–1). */
export const WEIGHTS = {
  text: 1,
  samePoint: 0.6,
  sameSystem: 0.3,
  /** Times the values' similarity (0–1), counted from SIMILAR_MIN. */
  similarValues: 0.4,
  /** Per net helpful mark (helpful − not helpful), capped both ways. */
  helpfulEach: 0.15,
  helpfulMax: 0.6,
  notHelpfulMax: -0.3,
  /** The alarm's own repair suggestion before marks. */
  alarmSuggestion: 0.5,
} as const;
/** Similarity of the values before a fault below which it is no reason. */
const SIMILAR_MIN = 0.6;
/** Candidates taken from each search before scoring. */
const CASES_CONSIDERED = 60;
const KNOWLEDGE_CONSIDERED = 20;

export interface DiagnosisDeps {
  db: Kysely<Database>;
  runs: RunScope;
  search: RepairSearch;
  machine: MachineHistory;
}

type DiagnoseInput = { runId: number; alarmId?: number | undefined; repairId?: number | undefined; text?: string | undefined };

/** What a fault is known by: its words, and where available its point, system and the machine's values. */
interface Fault {
  query: string;
  point: string | null;
  pointName: string | null;
  /** Names the fault's system goes by (lower case, every language), and the name shown. */
  systems: Set<string>;
  systemName: string | null;
  values: ReadonlyMap<string, number>;
  suggestion: { alarmId: number; text: string } | null;
  repairId: number | null;
}

/** The names of a subsystem in the six languages and its code, lower case. */
function subsystemNames(code: string | null): Set<string> {
  const names = new Set<string>();
  if (!code) return names;
  names.add(code.toLowerCase());
  const key = (SUBSYSTEM_NAME_KEYS as Readonly<Record<string, MessageKey>>)[code];
  if (key) for (const locale of LOCALES) names.add(translate(locale, key).toLowerCase());
  return names;
}

/** 0–1: how close two sets of values are, tag by tag (1 − relative difference, averaged); null with fewer than two tags in common. */
export function valueSimilarity(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number | null {
  let sum = 0;
  let n = 0;
  for (const [tag, x] of a) {
    const y = b.get(tag);
    if (y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    const scale = Math.max(Math.abs(x), Math.abs(y));
    sum += scale === 0 ? 1 : 1 - Math.min(1, Math.abs(x - y) / scale);
    n += 1;
  }
  return n >= 2 ? sum / n : null;
}

/** The key values a repair kept from before its fault (at the fault), by tag. */
function fingerprintValues(json: string | null): Map<string, number> {
  const values = new Map<string, number>();
  if (!json) return values;
  try {
    const parsed = JSON.parse(json) as { values?: { tag?: unknown; at?: unknown; before?: unknown }[] };
    for (const v of parsed.values ?? []) {
      const value = typeof v.at === 'number' ? v.at : typeof v.before === 'number' ? v.before : null;
      if (typeof v.tag === 'string' && value !== null) values.set(v.tag, value);
    }
  } catch {
    // A fingerprint that does not parse is no reason.
  }
  return values;
}

/** Numbers say little about a fault's kind (a value of 82 finds every text with 82): left out of the words searched. */
const wordsOf = (...parts: readonly (string | null | undefined)[]) =>
  parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .join(' ')
    .replace(/[\p{N}.,:;%()[\]/+-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Diagnosis (issue 22): ranks published cases, knowledge items and the alarm's own repair
 * suggestion for a fault. Cases come from every run where the reader holds the repair read code,
 * knowledge from every run where he holds the knowledge read code — never from elsewhere. Each
 * suggestion is a source (its id and run) with the reasons it matched; nothing is said without one.
 */
export class Diagnosis {
  constructor(private readonly deps: DiagnosisDeps) {}

  /** The runs where the reader holds a code (a subset of the runs he sees at all). */
  private async runsWith(session: AuthSession, code: 'maintenance.repair.read' | 'maintenance.knowledge.read'): Promise<ScopedRun[]> {
    const visible = await this.deps.runs.visible(session);
    const held = await Promise.all(
      visible.map((run) =>
        this.deps.runs.require(session, run.id, code).then(
          () => true,
          () => false,
        ),
      ),
    );
    return visible.filter((_, i) => held[i]);
  }

  async diagnose(session: AuthSession, input: DiagnoseInput, language: Language): Promise<{ query: string; suggestions: Suggestion[] }> {
    const run = await this.deps.runs.require(session, input.runId, 'maintenance.repair.read');
    const fault = await this.faultOf(run, input, language);
    const [caseRuns, knowledgeRuns] = await Promise.all([this.runsWith(session, 'maintenance.repair.read'), this.runsWith(session, 'maintenance.knowledge.read')]);
    const projects = new Map([...caseRuns, ...knowledgeRuns].map((r) => [r.id, r.project_name]));
    const caseRunIds = caseRuns.map((r) => r.id);
    const [caseHits, knowledgeHits] = await Promise.all([
      fault.query ? this.deps.search.rank('repair', caseRunIds, fault.query, { publishedOnly: true, mode: 'any', limit: CASES_CONSIDERED }) : Promise.resolve([]),
      fault.query ? this.deps.search.rank('knowledge', knowledgeRuns.map((r) => r.id), fault.query, { mode: 'any', limit: KNOWLEDGE_CONSIDERED }) : Promise.resolve([]),
    ]);
    const textOf = new Map<number, RankedHit>(caseHits.map((h) => [h.id, h]));

    // Cases of the same point are candidates even when no word matched.
    let caseIds = caseHits.map((h) => h.id);
    if (fault.point !== null && caseRunIds.length > 0) {
      // From the alarms of the point to their repairs, both by index. The state and run are tested on
      // expressions (`|| ''`, `+ 0`: the same values) so no planner walks every published case of the
      // runs instead, which it would for want of statistics.
      const point = fault.point;
      const samePoint = await this.deps.db
        .selectFrom('repair_records as r')
        .select('r.id')
        .where('r.alarm_id', 'in', (eb) => eb.selectFrom('alarms as a').select('a.id').where('a.point', '=', point))
        .where(sql`r.case_state || ''`, '=', 'published')
        .where(sql`r.run_id + 0`, 'in', caseRunIds)
        .orderBy('r.found_at', 'desc')
        .limit(20)
        .execute();
      caseIds = [...new Set([...caseIds, ...samePoint.map((r) => r.id)])];
    }
    if (fault.repairId !== null) caseIds = caseIds.filter((id) => id !== fault.repairId);
    const cases =
      caseIds.length === 0
        ? []
        : await this.deps.db
            .selectFrom('repair_records as r')
            .leftJoin('alarms as a', 'a.id', 'r.alarm_id')
            .select(['r.id', 'r.run_id', 'r.title', 'r.system', 'r.description', 'r.fingerprint', 'a.point'])
            .where('r.id', 'in', caseIds)
            .execute();
    const knowledgeRows =
      knowledgeHits.length === 0 ? [] : await this.deps.db.selectFrom('knowledge_items').select(['id', 'run_id', 'name', 'system']).where('id', 'in', knowledgeHits.map((h) => h.id)).execute();

    const sources: { kind: SourceKind; id: number }[] = [
      ...cases.map((c) => ({ kind: 'case' as const, id: c.id })),
      ...knowledgeRows.map((k) => ({ kind: 'knowledge' as const, id: k.id })),
      ...(fault.suggestion ? [{ kind: 'alarmSuggestion' as const, id: fault.suggestion.alarmId }] : []),
    ];
    const marks = await this.marksOf(sources);
    const helpfulReason = (kind: SourceKind, id: number): { bonus: number; reason: Reason | null; helpful: number; notHelpful: number } => {
      const m = marks.get(`${kind}:${id}`) ?? { helpful: 0, notHelpful: 0 };
      const net = m.helpful - m.notHelpful;
      const bonus = Math.max(WEIGHTS.notHelpfulMax, Math.min(WEIGHTS.helpfulMax, net * WEIGHTS.helpfulEach));
      const reason = m.helpful > 0 ? { kind: 'helpful' as const, text: t(language, 'diagnosis.reason.helpful', { count: m.helpful }) } : null;
      return { bonus, reason, ...m };
    };
    // The words matched are told from the snippets, made below for the suggestions kept only.
    const termsReason = (hit: RankedHit | undefined): Reason | null => (hit ? { kind: 'terms', text: '' } : null);

    const suggestions: Suggestion[] = [];
    for (const c of cases) {
      const hit = textOf.get(c.id);
      const reasons: Reason[] = [];
      let score = 0;
      const terms = termsReason(hit);
      if (hit && terms) {
        score += WEIGHTS.text * hit.score;
        reasons.push(terms);
      }
      if (fault.point !== null && c.point === fault.point) {
        score += WEIGHTS.samePoint;
        reasons.push({ kind: 'samePoint', text: t(language, 'diagnosis.reason.samePoint', { point: fault.pointName ?? fault.point }) });
      }
      if (fault.systems.has(c.system.trim().toLowerCase())) {
        score += WEIGHTS.sameSystem;
        reasons.push({ kind: 'sameSystem', text: t(language, 'diagnosis.reason.sameSystem', { system: c.system }) });
      }
      const similarity = fault.values.size > 0 ? valueSimilarity(fingerprintValues(c.fingerprint), fault.values) : null;
      if (similarity !== null && similarity >= SIMILAR_MIN) {
        score += WEIGHTS.similarValues * ((similarity - SIMILAR_MIN) / (1 - SIMILAR_MIN));
        reasons.push({ kind: 'similarValues', text: t(language, 'diagnosis.reason.similarValues', { percent: Math.round(similarity * 100) }) });
      }
      if (reasons.length === 0) continue;
      const marked = helpfulReason('case', c.id);
      if (marked.reason) reasons.push(marked.reason);
      suggestions.push({
        kind: 'case',
        id: c.id,
        runId: c.run_id,
        project: projects.get(c.run_id) ?? '',
        title: c.title,
        snippet: { text: c.description.slice(0, 180), marks: [] },
        score: score + marked.bonus,
        reasons,
        helpful: marked.helpful,
        notHelpful: marked.notHelpful,
      });
    }
    const knowledgeHit = new Map(knowledgeHits.map((h) => [h.id, h]));
    for (const k of knowledgeRows) {
      const hit = knowledgeHit.get(k.id);
      const terms = termsReason(hit);
      if (!hit || !terms) continue;
      const reasons: Reason[] = [terms];
      let score = WEIGHTS.text * hit.score;
      if (k.system !== null && fault.systems.has(k.system.trim().toLowerCase())) {
        score += WEIGHTS.sameSystem;
        reasons.push({ kind: 'sameSystem', text: t(language, 'diagnosis.reason.sameSystem', { system: k.system }) });
      }
      const marked = helpfulReason('knowledge', k.id);
      if (marked.reason) reasons.push(marked.reason);
      suggestions.push({
        kind: 'knowledge',
        id: k.id,
        runId: k.run_id,
        project: projects.get(k.run_id) ?? '',
        title: k.name,
        snippet: { text: '', marks: [] },
        score: score + marked.bonus,
        reasons,
        helpful: marked.helpful,
        notHelpful: marked.notHelpful,
      });
    }
    if (fault.suggestion) {
      const marked = helpfulReason('alarmSuggestion', fault.suggestion.alarmId);
      suggestions.push({
        kind: 'alarmSuggestion',
        id: fault.suggestion.alarmId,
        runId: run.id,
        project: run.project_name,
        title: fault.pointName ?? '',
        snippet: { text: fault.suggestion.text, marks: [] },
        score: WEIGHTS.alarmSuggestion + marked.bonus,
        reasons: [{ kind: 'alarmSuggestion', text: t(language, 'diagnosis.reason.alarmSuggestion') }, ...(marked.reason ? [marked.reason] : [])],
        helpful: marked.helpful,
        notHelpful: marked.notHelpful,
      });
    }
    suggestions.sort((a, b) => b.score - a.score || a.kind.localeCompare(b.kind) || b.id - a.id);
    const kept = suggestions.slice(0, 10);
    // Snippets, and the words they mark, for the suggestions shown: the text search's best stretch of each.
    const matched = (kind: 'case' | 'knowledge') => kept.filter((s) => s.kind === kind && s.reasons[0]?.kind === 'terms').map((s) => s.id);
    const [caseSnippets, knowledgeSnippets] = await Promise.all([
      this.deps.search.snippets('repair', matched('case'), fault.query),
      this.deps.search.snippets('knowledge', matched('knowledge'), fault.query),
    ]);
    for (const s of kept) {
      const terms = s.reasons[0];
      if (s.kind === 'alarmSuggestion' || terms?.kind !== 'terms') continue;
      const snippet = (s.kind === 'case' ? caseSnippets : knowledgeSnippets).get(s.id) ?? { text: '', marks: [] };
      const words = markedWords(snippet);
      s.snippet = snippet;
      terms.text = words.length > 0 ? t(language, 'diagnosis.reason.terms', { terms: words.join(', ') }) : t(language, 'diagnosis.reason.termsInTitle');
    }
    return { query: fault.query, suggestions: kept.map((s) => ({ ...s, score: Math.round(s.score * 1000) / 1000 })) };
  }

  /** The fault asked about: an alarm of the run, a repair of the run, or words. */
  private async faultOf(run: ScopedRun, input: DiagnoseInput, language: Language): Promise<Fault> {
    const typed = input.text?.trim() ?? '';
    const none: Fault = { query: typed, point: null, pointName: null, systems: new Set(), systemName: null, values: new Map(), suggestion: null, repairId: null };
    if (input.alarmId !== undefined) {
      const row = await this.deps.db.selectFrom('alarms').selectAll().where('id', '=', input.alarmId).where('run_id', '=', run.id).executeTakeFirst();
      if (!row) throw errors.business('diagnosis.error.sourceNotFound');
      const tags = new Map((await runTagList(this.deps.db, run.id, machineTypeOf(run), language)).map((tag) => [tag.code, tag]));
      const naming: RunNaming = { language, tags, mapped: new Map(), users: new Map(), shelvedUntil: new Map() };
      const alarm = presentAlarm(row, naming);
      const systemKey = row.subsystem ? (SUBSYSTEM_NAME_KEYS as Readonly<Record<string, MessageKey>>)[row.subsystem] : undefined;
      const systemName = systemKey ? t(language, systemKey) : null;
      const latest = await this.deps.machine.latest(run.id);
      const values = new Map(Object.entries(latest?.values ?? {}).flatMap(([tag, v]) => (typeof v === 'number' ? [[tag, v] as const] : [])));
      return {
        query: wordsOf(alarm.name, systemName, alarm.repairSuggestion, typed),
        point: row.point,
        pointName: alarm.name,
        systems: subsystemNames(row.subsystem),
        systemName,
        values,
        suggestion: alarm.repairSuggestion ? { alarmId: row.id, text: alarm.repairSuggestion } : null,
        repairId: null,
      };
    }
    if (input.repairId !== undefined) {
      const row = await this.deps.db
        .selectFrom('repair_records as r')
        .leftJoin('alarms as a', 'a.id', 'r.alarm_id')
        .select(['r.id', 'r.title', 'r.system', 'r.component', 'r.description', 'r.fingerprint', 'a.point'])
        .where('r.id', '=', input.repairId)
        .where('r.run_id', '=', run.id)
        .executeTakeFirst();
      if (!row) throw errors.business('diagnosis.error.sourceNotFound');
      return {
        query: wordsOf(row.title, row.component, row.description, typed),
        point: row.point ?? null,
        pointName: row.point ?? null,
        systems: new Set([row.system.trim().toLowerCase()]),
        systemName: row.system,
        values: fingerprintValues(row.fingerprint),
        suggestion: null,
        repairId: row.id,
      };
    }
    return none;
  }

  private async marksOf(sources: readonly { kind: SourceKind; id: number }[]): Promise<Map<string, { helpful: number; notHelpful: number }>> {
    const counts = new Map<string, { helpful: number; notHelpful: number }>();
    for (const kind of ['case', 'knowledge', 'alarmSuggestion'] as const) {
      const ids = sources.filter((s) => s.kind === kind).map((s) => s.id);
      if (ids.length === 0) continue;
      const rows = await this.deps.db
        .selectFrom('diagnosis_marks')
        .select(['source_id', 'helpful'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('source_kind', '=', kind)
        .where('source_id', 'in', ids)
        .groupBy(['source_id', 'helpful'])
        .execute();
      for (const row of rows) {
        const key = `${kind}:${row.source_id}`;
        const entry = counts.get(key) ?? { helpful: 0, notHelpful: 0 };
        if (Number(row.helpful) === 1) entry.helpful += Number(row.n);
        else entry.notHelpful += Number(row.n);
        counts.set(key, entry);
      }
    }
    return counts;
  }

  /** One mark per reader and source (a new one replaces the old); the source must be one the reader could be shown. */
  async feedback(session: AuthSession, input: { runId: number; kind: SourceKind; id: number; helpful: boolean }, now: number): Promise<{ helpful: number; notHelpful: number }> {
    const run = await this.deps.runs.require(session, input.runId, 'maintenance.repair.read');
    if (!(await this.reachable(session, run, input.kind, input.id))) throw errors.business('diagnosis.error.sourceNotFound');
    await this.deps.db
      .insertInto('diagnosis_marks')
      .values({ user_id: session.userId, source_kind: input.kind, source_id: input.id, helpful: input.helpful ? 1 : 0, at: now })
      .onConflict((oc) => oc.columns(['user_id', 'source_kind', 'source_id']).doUpdateSet({ helpful: input.helpful ? 1 : 0, at: now }))
      .execute();
    const counts = await this.marksOf([{ kind: input.kind, id: input.id }]);
    return counts.get(`${input.kind}:${input.id}`) ?? { helpful: 0, notHelpful: 0 };
  }

  private async reachable(session: AuthSession, run: ScopedRun, kind: SourceKind, id: number): Promise<boolean> {
    if (kind === 'alarmSuggestion') return (await this.deps.db.selectFrom('alarms').select('id').where('id', '=', id).where('run_id', '=', run.id).executeTakeFirst()) !== undefined;
    if (kind === 'case') {
      const row = await this.deps.db.selectFrom('repair_records').select('run_id').where('id', '=', id).where('case_state', '=', 'published').executeTakeFirst();
      return row !== undefined && (await this.runsWith(session, 'maintenance.repair.read')).some((r) => r.id === row.run_id);
    }
    const row = await this.deps.db.selectFrom('knowledge_items').select('run_id').where('id', '=', id).executeTakeFirst();
    return row !== undefined && (await this.runsWith(session, 'maintenance.knowledge.read')).some((r) => r.id === row.run_id);
  }
}
