import { repairContract as c } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchWorld, searchWorld } from './search/repairSearch.fixture.js';

type Diagnosis = { query: string; suggestions: c.Suggestion[] };

/** The case base as a search finds it: six languages, two-character Chinese terms, umlauts, and never another tenant's cases. */
describe('repair search: full text over cases on the real database', () => {
  let w: SearchWorld;
  const ids = { seal: 0, zhLeak: 0, screw: 0, pump: 0, belt: 0, cutter: 0, grout: 0, draft: 0, otherSeal: 0, otherZh: 0, otherScrew: 0 };
  const marked = (hit: { snippet: c.Snippet } | undefined) => (hit ? hit.snippet.marks.map(([a, b]) => hit.snippet.text.slice(a, b)) : []);
  const corpus = {
    seal: { title: 'Main bearing seal leak', system: 'Main drive', component: 'Seal', description: 'Grease and gear oil leaking at the main bearing outer lip seal during advance', cause: 'Outer lip seal worn after 900 rings', result: 'Replaced the outer lip seal and refilled grease' },
    zhLeak: { title: '主驱动漏油', system: '主驱动', component: '密封', description: '主驱动漏油，检查发现主轴承密封圈磨损', cause: '密封圈老化', result: '更换密封圈' },
    screw: { title: 'Förderschnecke verstopft', system: 'Förderschnecke', component: 'Schnecke', description: 'Die Förderschnecke blockierte wegen Steinblöcken im Lehm', cause: 'Steine größer als der Schneckengang', result: 'Schnecke zurückgefahren, Steine entfernt' },
    pump: { title: 'Pompa idraulica guasta', system: 'Idraulica', component: 'Pompa', description: 'La pompa idraulica principale perde pressione e si surriscalda', cause: 'Guarnizione della pompa rotta', result: 'Pompa sostituita' },
    belt: { title: 'Desalinhamento da correia', system: 'Correia transportadora', component: 'Rolos', description: 'A correia transportadora desalinhou-se e raspou na estrutura', cause: 'Rolo de guia gasto', result: 'Rolo substituído e correia alinhada' },
    cutter: { title: 'Kesici disk aşınması', system: 'Kesici kafa', component: 'Disk', description: 'Kesici disklerde aşırı aşınma ve düzensiz yıpranma', cause: 'Sert kaya', result: 'Diskler değiştirildi' },
    grout: { title: 'Grout line blockage', system: 'Grouting', component: 'Grout line', description: 'Grout line 3 blocked by set mortar after a long stop', cause: 'Mortar set in the line', result: 'Line flushed with water' },
  };

  beforeAll(async () => {
    w = await searchWorld('10.97.1');
    ids.seal = await w.addRepair(w.runA, corpus.seal);
    ids.zhLeak = await w.addRepair(w.runA, corpus.zhLeak);
    ids.screw = await w.addRepair(w.runA2, corpus.screw);
    ids.pump = await w.addRepair(w.runA, corpus.pump);
    ids.belt = await w.addRepair(w.runA2, corpus.belt);
    ids.cutter = await w.addRepair(w.runA, corpus.cutter);
    ids.grout = await w.addRepair(w.runA, corpus.grout);
    // Not published: a repair, not a case.
    ids.draft = await w.addRepair(w.runA, { ...corpus.seal, title: 'Seal leak draft', case_state: 'none', published_at: null });
    // Tenant B holds the same words.
    ids.otherSeal = await w.addRepair(w.runB, corpus.seal);
    ids.otherZh = await w.addRepair(w.runB, corpus.zhLeak);
    ids.otherScrew = await w.addRepair(w.runB, corpus.screw);
  });
  afterAll(() => w.t.close());

  const tenantA = () => [w.runA, w.runA2];

  it('ranks each case first for its own description', async () => {
    for (const key of ['seal', 'zhLeak', 'screw', 'pump', 'belt', 'cutter', 'grout'] as const) {
      const hits = await w.search.findRepairs(tenantA(), corpus[key].description, { publishedOnly: true, mode: 'any' });
      expect(hits[0]?.id, key).toBe(ids[key]);
      expect(hits[0]?.score).toBe(1);
    }
  });

  it('finds 主驱动漏油 by the two characters 漏油, marking them in the snippet', async () => {
    const hits = await w.search.findRepairs(tenantA(), '漏油', { publishedOnly: true });
    expect(hits.map((h) => h.id)).toEqual([ids.zhLeak]);
    const [hit] = hits;
    expect(marked(hit)).toContain('漏油');
    // A lone character falls back to LIKE and still finds it.
    expect((await w.search.findRepairs(tenantA(), '漏', { publishedOnly: true })).map((h) => h.id)).toEqual([ids.zhLeak]);
    // Three characters inside the run (bigrams 密封, 封圈) too.
    expect((await w.search.findRepairs(tenantA(), '密封圈', { publishedOnly: true })).map((h) => h.id)).toEqual([ids.zhLeak]);
  });

  it('finds a German case by a query with umlauts, and by its ae/oe/ue spelling', async () => {
    for (const query of ['Förderschnecke', 'FÖRDERSCHNECKE blockierte', 'Foerderschnecke', 'Steinblöcken']) {
      const hits = await w.search.findRepairs(tenantA(), query, { publishedOnly: true });
      expect(hits.map((h) => h.id), query).toEqual([ids.screw]);
    }
    const [hit] = await w.search.findRepairs(tenantA(), 'Förderschnecke', { publishedOnly: true });
    expect(marked(hit)).toEqual(['Förderschnecke']);
    // A plain vowel is not an umlaut.
    expect(await w.search.findRepairs(tenantA(), 'Forderschnecke', { publishedOnly: true })).toEqual([]);
  });

  it('keeps every word of a keyword search, only published cases when asked, only the runs given', async () => {
    expect((await w.search.findRepairs(tenantA(), 'seal grease', { publishedOnly: true })).map((h) => h.id)).toEqual([ids.seal]);
    expect(new Set((await w.search.findRepairs(tenantA(), 'seal grease')).map((h) => h.id))).toEqual(new Set([ids.seal, ids.draft]));
    expect(await w.search.findRepairs(tenantA(), 'seal concrete', { publishedOnly: true })).toEqual([]);
    expect((await w.search.findRepairs([w.runA2], 'seal', { publishedOnly: true }))).toEqual([]);
    // The repair service's finder is the same search.
    expect((await w.search.find(tenantA(), 'pompa', { publishedOnly: true })).map((h) => h.id)).toEqual([ids.pump]);
  });

  it('follows a changed record and forgets a removed one', async () => {
    await w.t.db.kysely.updateTable('repair_records').set({ cause: 'Bentonite clogged the grout line' }).where('id', '=', ids.grout).execute();
    expect(await w.search.findRepairs(tenantA(), 'bentonite')).toEqual([]);
    await w.search.reindex('repair', ids.grout);
    expect((await w.search.findRepairs(tenantA(), 'bentonite')).map((h) => h.id)).toEqual([ids.grout]);
    const gone = await w.addRepair(w.runA, { title: 'Temporary', description: 'Ephemeral record' });
    expect(await w.search.findRepairs(tenantA(), 'ephemeral')).toHaveLength(1);
    await w.t.db.kysely.deleteFrom('repair_records').where('id', '=', gone).execute();
    await w.search.reindex('repair', gone);
    expect(await w.search.findRepairs(tenantA(), 'ephemeral')).toEqual([]);
  });

  it("never answers another tenant's cases, whatever the words (diagnosis across the reader's runs)", async () => {
    const tenantBIds = new Set([ids.otherSeal, ids.otherZh, ids.otherScrew]);
    for (const text of ['main bearing seal leak', '漏油', 'Förderschnecke verstopft']) {
      const found = w.data<Diagnosis>(await w.post(c.diagnose, { runId: w.runA, text }, w.reader.token));
      expect(found.suggestions.length, text).toBeGreaterThan(0);
      for (const s of found.suggestions) {
        expect(tenantBIds.has(s.id) && s.kind === 'case', text).toBe(false);
        expect([w.runA, w.runA2]).toContain(s.runId);
      }
      // Tenant B finds its own and nothing of A's.
      const theirs = w.data<Diagnosis>(await w.post(c.diagnose, { runId: w.runB, text }, w.stranger.token));
      expect(theirs.suggestions.every((s) => s.runId === w.runB)).toBe(true);
      expect(theirs.suggestions.some((s) => tenantBIds.has(s.id))).toBe(true);
    }
    // Asking about tenant B's run is refused outright.
    expect((await w.post(c.diagnose, { runId: w.runB, text: 'seal' }, w.reader.token)).code).toBe(2);
  });
});
