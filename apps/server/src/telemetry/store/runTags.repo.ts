import { type Language, LANGUAGES, type MachineType, type Subsystem, tagCatalogue, type TagDef } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A run's own tag as stored: names by language (absent where none was given). */
export interface OwnTagRecord {
  code: string;
  names: Partial<Record<Language, string>>;
  unit: string;
  subsystem: Subsystem;
  rangeMin: number;
  rangeMax: number;
  precision: number;
  createdAt: number;
  updatedAt: number;
}

type OwnTagInput = Omit<OwnTagRecord, 'createdAt' | 'updatedAt'>;

const COLUMN = {
  zh_CN: 'name_zh_cn',
  en_US: 'name_en_us',
  it_IT: 'name_it_it',
  de_AT: 'name_de_at',
  pt_PT: 'name_pt_pt',
  tr_TR: 'name_tr_tr',
} as const satisfies Record<Language, string>;

/**
 * The name of an own tag in a language: its own, else Chinese, else English, else the first given
 * (at least one is, the contract sees to it).
 */
export function ownTagName(names: Partial<Record<Language, string>>, language: Language): string {
  const given = (l: Language) => (names[l] !== undefined && names[l] !== '' ? names[l] : undefined);
  return given(language) ?? given('zh_CN') ?? given('en_US') ?? LANGUAGES.map(given).find((n) => n !== undefined) ?? '';
}

/** An own tag as the platform's tag definition (storage, decoder, live values, statistics, alarms). */
export function ownTagDef(tag: OwnTagInput, language: Language = 'zh_CN'): TagDef {
  return {
    code: tag.code,
    subsystem: tag.subsystem,
    kind: 'analog',
    unit: tag.unit,
    // The gateway sends it under its code (or a name of the data linker).
    plcVar: tag.code,
    address: '',
    min: tag.rangeMin,
    max: tag.rangeMax,
    precision: tag.precision,
    name: { subject: 'ownTags.tab', quantity: 'ownTags.tab' },
    label: ownTagName(tag.names, language),
  };
}

/** SQL of the runs' own tags (table run_tags). */
export class RunTagsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async list(runId: number): Promise<OwnTagRecord[]> {
    const rows = await this.db.selectFrom('run_tags').selectAll().where('run_id', '=', runId).orderBy('code').execute();
    return rows.map((r) => ({
      code: r.code,
      names: Object.fromEntries(LANGUAGES.flatMap((l) => (r[COLUMN[l]] ? [[l, r[COLUMN[l]]]] : []))) as Partial<Record<Language, string>>,
      unit: r.unit,
      subsystem: r.subsystem as Subsystem,
      rangeMin: Number(r.range_min),
      rangeMax: Number(r.range_max),
      precision: Number(r.precision),
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    }));
  }

  private columns(tag: OwnTagInput) {
    const names = Object.fromEntries(LANGUAGES.map((l) => [COLUMN[l], tag.names[l] !== undefined && tag.names[l] !== '' ? tag.names[l] : null])) as Record<(typeof COLUMN)[Language], string | null>;
    return { ...names, unit: tag.unit, subsystem: tag.subsystem, range_min: tag.rangeMin, range_max: tag.rangeMax, precision: tag.precision };
  }

  async insert(runId: number, tag: OwnTagInput, now: number): Promise<void> {
    await this.db.insertInto('run_tags').values({ run_id: runId, code: tag.code, ...this.columns(tag), created_at: now, updated_at: now }).execute();
  }

  /** False when the run has no own tag of that code. */
  async update(runId: number, tag: OwnTagInput, now: number): Promise<boolean> {
    const result = await this.db.updateTable('run_tags').set({ ...this.columns(tag), updated_at: now }).where('run_id', '=', runId).where('code', '=', tag.code).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes the tag and the gateway names mapped to it; false when the run has no own tag of that code. */
  async delete(runId: number, code: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('run_tags').where('run_id', '=', runId).where('code', '=', code).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await trx.deleteFrom('tag_mappings').where('run_id', '=', runId).where('tag_code', '=', code).execute();
      return true;
    });
  }
}

/**
 * The tags of a run: its machine type's catalogue, then its own tags (by code). The one list the
 * layout, the decoder, the data linker's checks, statistics and part alarm settings all ask;
 * `language` names own tags for a reader.
 */
export async function runTagList(db: Kysely<Database>, runId: number, machineType: MachineType, language: Language = 'zh_CN'): Promise<TagDef[]> {
  const own = await new RunTagsRepo(db).list(runId);
  return [...tagCatalogue(machineType), ...own.map((tag) => ownTagDef(tag, language))];
}
