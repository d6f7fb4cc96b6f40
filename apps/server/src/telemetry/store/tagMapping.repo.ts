import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** SQL of the machines' data linkers (gateway variable name -> catalogue tag). */
export class TagMappingRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The same SQL inside a transaction. */
  within(trx: Kysely<Database>): TagMappingRepo {
    return new TagMappingRepo(trx);
  }

  /** Adds mappings, a name already mapped taking the new tag (call inside a transaction). */
  async upsert(runId: number, mappings: readonly { rawName: string; tagCode: string }[]): Promise<void> {
    for (let i = 0; i < mappings.length; i += 500) {
      const part = mappings.slice(i, i + 500).map((m) => ({ run_id: runId, raw_name: m.rawName, tag_code: m.tagCode }));
      if (part.length > 0) await this.db.insertInto('tag_mappings').values(part).onConflict((oc) => oc.columns(['run_id', 'raw_name']).doUpdateSet((eb) => ({ tag_code: eb.ref('excluded.tag_code') }))).execute();
    }
  }

  async of(runId: number): Promise<{ rawName: string; tagCode: string }[]> {
    const rows = await this.db.selectFrom('tag_mappings').select(['raw_name', 'tag_code']).where('run_id', '=', runId).orderBy('raw_name').execute();
    return rows.map((r) => ({ rawName: r.raw_name, tagCode: r.tag_code }));
  }

  async replace(runId: number, mappings: readonly { rawName: string; tagCode: string }[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tag_mappings').where('run_id', '=', runId).execute();
      for (let i = 0; i < mappings.length; i += 500) {
        const part = mappings.slice(i, i + 500).map((m) => ({ run_id: runId, raw_name: m.rawName, tag_code: m.tagCode }));
        if (part.length > 0) await trx.insertInto('tag_mappings').values(part).execute();
      }
    });
  }
}
