import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UnknownName } from '../decode.js';

export interface UnmappedTagRow {
  rawName: string;
  frames: number;
  firstSeen: number;
  lastSeen: number;
  lastValue: number | null;
}

/** Rows written by one statement (well under both databases' bound-parameter limits). */
const ROWS_PER_STATEMENT = 500;

/** SQL of the names a machine sends that map to no tag: counted per ingest call, listed for the tag-mapping page. */
export class UnmappedTagsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The same SQL inside a transaction. */
  within(trx: Kysely<Database>): UnmappedTagsRepo {
    return new UnmappedTagsRepo(trx);
  }

  /**
   * Adds one ingest call's unknown names: frames are summed, first and last seen widened, the newest
   * value kept. At most `keep` names are kept per run: names already kept go on being counted, new
   * ones are added while there is room. Answers how many new names found no room.
   */
  async record(runId: number, unknown: ReadonlyMap<string, UnknownName>, keep: number): Promise<number> {
    let rows = [...unknown].map(([name, u]) => ({ run_id: runId, raw_name: name, frames: u.frames, first_seen: u.firstTs, last_seen: u.lastTs, last_value: u.lastValue }));
    const kept = Number((await this.db.selectFrom('unmapped_tags').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', runId).executeTakeFirstOrThrow()).n);
    let refused = 0;
    if (kept + rows.length > keep) {
      const known = new Set<string>();
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        const names = rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => r.raw_name);
        for (const r of await this.db.selectFrom('unmapped_tags').select('raw_name').where('run_id', '=', runId).where('raw_name', 'in', names).execute()) known.add(r.raw_name);
      }
      let room = Math.max(0, keep - kept);
      rows = rows.filter((r) => {
        if (known.has(r.raw_name)) return true;
        if (room > 0) {
          room -= 1;
          return true;
        }
        refused += 1;
        return false;
      });
    }
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      await this.db
        .insertInto('unmapped_tags')
        .values(rows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflict((oc) =>
          oc.columns(['run_id', 'raw_name']).doUpdateSet({
            frames: sql<number>`unmapped_tags.frames + excluded.frames`,
            first_seen: sql<number>`case when excluded.first_seen < unmapped_tags.first_seen then excluded.first_seen else unmapped_tags.first_seen end`,
            last_value: sql<number | null>`case when excluded.last_seen >= unmapped_tags.last_seen then excluded.last_value else unmapped_tags.last_value end`,
            last_seen: sql<number>`case when excluded.last_seen > unmapped_tags.last_seen then excluded.last_seen else unmapped_tags.last_seen end`,
          }),
        )
        .execute();
    }
    return refused;
  }

  /** The most recently seen names first, at most `limit`, and how many there are. */
  async list(runId: number, limit: number): Promise<{ total: number; items: UnmappedTagRow[] }> {
    const count = await this.db.selectFrom('unmapped_tags').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', runId).executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('unmapped_tags')
      .select(['raw_name', 'frames', 'first_seen', 'last_seen', 'last_value'])
      .where('run_id', '=', runId)
      .orderBy('last_seen', 'desc')
      .orderBy('raw_name')
      .limit(limit)
      .execute();
    return {
      total: Number(count.n),
      items: rows.map((r) => ({ rawName: r.raw_name, frames: Number(r.frames), firstSeen: Number(r.first_seen), lastSeen: Number(r.last_seen), lastValue: r.last_value === null ? null : Number(r.last_value) })),
    };
  }

  /** Names that are mapped now leave the list. */
  async forget(runId: number, names: readonly string[]): Promise<void> {
    for (let i = 0; i < names.length; i += ROWS_PER_STATEMENT) {
      const part = names.slice(i, i + ROWS_PER_STATEMENT);
      if (part.length > 0) await this.db.deleteFrom('unmapped_tags').where('run_id', '=', runId).where('raw_name', 'in', part).execute();
    }
  }
}
