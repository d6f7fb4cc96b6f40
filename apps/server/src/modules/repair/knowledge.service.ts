import type { Page, repairContract } from '@boreline/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { KnowledgeItemTable } from '../../db/schema/repair.js';
import { type FileRow, type FilesService, presentFile } from '../files/index.js';
import type { RunScope } from '../project/index.js';
import { EXTRACT_LIMITS, type ExtractLimits, extractText, isExtracted } from './search/extract.js';
import type { RepairSearch } from './search/repairSearch.js';

type Knowledge = repairContract.Knowledge;
type KnowledgeRow = Selectable<KnowledgeItemTable>;
type PageInput = { runId: number; keyword?: string | undefined; system?: string | undefined; page: number; pageSize: number };

export const KNOWLEDGE_OWNER = 'knowledgeItem';
const PURPOSE = 'knowledge';
/** Files larger than this keep no text (their upload limit is higher: a video may be 200 MB). */
export const EXTRACT_MAX_BYTES = 50 * 1024 * 1024;

export interface KnowledgeServiceDeps {
  db: Kysely<Database>;
  runs: RunScope;
  files: FilesService;
  search: RepairSearch;
  now: () => number;
  /** Where an extraction that failed is told (the server's log). */
  warn: (message: string, detail: unknown) => void;
  limits?: ExtractLimits;
}

/**
 * A run's knowledge base (spec §2 `stm_smtce`): documents with a name, code, system and remark, each
 * with one file uploaded for it (purpose `knowledge`). The text of a PDF or Office file is extracted
 * after the write, in a worker thread (state pending → done or failed; pictures and videos: none),
 * and the item is indexed again with it.
 */
export class KnowledgeService {
  /** Extractions run one after another: one worker's memory at a time. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: KnowledgeServiceDeps) {}

  /** Resolves once every extraction asked for so far has ended (tests, benches, shutdown). */
  settled(): Promise<void> {
    return this.queue;
  }

  async page(session: AuthSession, input: PageInput): Promise<Page<Knowledge & { snippet: repairContract.Snippet | null }>> {
    await this.deps.runs.require(session, input.runId, 'maintenance.knowledge.read');
    const keyword = input.keyword?.trim() ?? '';
    const offset = (input.page - 1) * input.pageSize;
    if (keyword.length > 0) {
      let hits = await this.deps.search.findKnowledge([input.runId], keyword, { mode: 'all' });
      if (input.system !== undefined && input.system !== '' && hits.length > 0) {
        const ofSystem = new Set(
          (await this.deps.db.selectFrom('knowledge_items').select('id').where('id', 'in', hits.map((h) => h.id)).where('system', '=', input.system).execute()).map((r) => r.id),
        );
        hits = hits.filter((h) => ofSystem.has(h.id));
      }
      const slice = hits.slice(offset, offset + input.pageSize);
      const rows = slice.length === 0 ? [] : await this.deps.db.selectFrom('knowledge_items').selectAll().where('id', 'in', slice.map((h) => h.id)).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const present = await this.presentAll(slice.flatMap((h) => byId.get(h.id) ?? []));
      const presented = new Map(present.map((k) => [k.id, k]));
      return {
        total: hits.length,
        page: input.page,
        pageSize: input.pageSize,
        records: slice.flatMap((h) => {
          const item = presented.get(h.id);
          return item ? [{ ...item, snippet: h.snippet }] : [];
        }),
      };
    }
    let query = this.deps.db.selectFrom('knowledge_items').where('run_id', '=', input.runId);
    if (input.system !== undefined && input.system !== '') query = query.where('system', '=', input.system);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(input.pageSize).offset(offset).execute(),
    ]);
    return { total: Number(count?.n ?? 0), page: input.page, pageSize: input.pageSize, records: (await this.presentAll(rows)).map((k) => ({ ...k, snippet: null })) };
  }

  async detail(session: AuthSession, runId: number, id: number): Promise<Knowledge> {
    const row = await this.itemFor(session, runId, id, 'maintenance.knowledge.read');
    const [item] = await this.presentAll([row]);
    if (!item) throw errors.business('diagnosis.error.knowledgeNotFound');
    return item;
  }

  async add(session: AuthSession, input: repairContract.KnowledgeFields): Promise<Knowledge> {
    await this.deps.runs.require(session, input.runId, 'maintenance.knowledge.write');
    const file = await this.checkFile(session, input.runId, input.fileId, null);
    const now = this.deps.now();
    const extraction = isExtracted(file.kind) ? 'pending' : 'none';
    const { id } = await this.deps.db
      .insertInto('knowledge_items')
      .values({ run_id: input.runId, name: input.name, code: input.code, system: input.system, remark: input.remark, file_id: file.id, extraction, text: null, created_by: session.userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await this.deps.files.attach([file.id], { kind: KNOWLEDGE_OWNER, id }, { runId: input.runId, by: session.userId });
    } catch (error) {
      await this.deps.db.deleteFrom('knowledge_items').where('id', '=', id).execute();
      throw error;
    }
    await this.deps.search.reindex('knowledge', id);
    if (extraction === 'pending') this.schedule(id, file.id);
    return this.detail(session, input.runId, id);
  }

  async edit(session: AuthSession, input: repairContract.KnowledgeFields & { id: number }): Promise<Knowledge> {
    const item = await this.itemFor(session, input.runId, input.id, 'maintenance.knowledge.write');
    const owner = { kind: KNOWLEDGE_OWNER, id: item.id };
    const changes: Partial<KnowledgeRow> = { name: input.name, code: input.code, system: input.system, remark: input.remark, updated_at: this.deps.now() };
    let extract: string | null = null;
    if (input.fileId !== item.file_id) {
      const file = await this.checkFile(session, item.run_id, input.fileId, item.id);
      const dropped = (await this.deps.files.filesOf(owner, PURPOSE)).filter((f) => f.id !== file.id).map((f) => f.id);
      await this.deps.files.remove(dropped);
      await this.deps.files.attach([file.id], owner, { runId: item.run_id, by: session.userId });
      changes.file_id = file.id;
      changes.text = null;
      changes.extraction = isExtracted(file.kind) ? 'pending' : 'none';
      if (changes.extraction === 'pending') extract = file.id;
    }
    await this.deps.db.updateTable('knowledge_items').set(changes).where('id', '=', item.id).execute();
    await this.deps.search.reindex('knowledge', item.id);
    if (extract !== null) this.schedule(item.id, extract);
    return this.detail(session, item.run_id, item.id);
  }

  async remove(session: AuthSession, runId: number, id: number): Promise<{ deleted: boolean }> {
    const item = await this.itemFor(session, runId, id, 'maintenance.knowledge.write');
    const files = await this.deps.files.filesOf({ kind: KNOWLEDGE_OWNER, id: item.id });
    await this.deps.files.remove(files.map((f) => f.id));
    await this.deps.db.deleteFrom('diagnosis_marks').where('source_kind', '=', 'knowledge').where('source_id', '=', item.id).execute();
    await this.deps.db.deleteFrom('knowledge_items').where('id', '=', item.id).execute();
    await this.deps.search.reindex('knowledge', item.id);
    return { deleted: true };
  }

  /** An item of the run, the caller holding `code` there; anything else answers as missing. */
  private async itemFor(session: AuthSession, runId: number, id: number, code: 'maintenance.knowledge.read' | 'maintenance.knowledge.write'): Promise<KnowledgeRow> {
    await this.deps.runs.require(session, runId, code);
    const row = await this.deps.db.selectFrom('knowledge_items').selectAll().where('id', '=', id).where('run_id', '=', runId).executeTakeFirst();
    if (!row) throw errors.business('diagnosis.error.knowledgeNotFound');
    return row;
  }

  /**
   * A file an item may take: uploaded for this run with purpose `knowledge`, complete, and either
   * unattached and the caller's, or already this item's. Anything else (another run's or tenant's
   * file, another item's) is the file service's own refusal.
   */
  private async checkFile(session: AuthSession, runId: number, fileId: string, itemId: number | null): Promise<FileRow> {
    const file = await this.deps.files.find(fileId);
    const own = file !== undefined && file.owner_kind === null && file.uploader_id === session.userId;
    const mine = file !== undefined && itemId !== null && file.owner_kind === KNOWLEDGE_OWNER && file.owner_id === String(itemId);
    if (!file || file.purpose !== PURPOSE || file.parent_id !== null || file.run_id !== runId || file.state !== 'complete' || !(own || mine)) {
      throw errors.business('files.attach.invalid');
    }
    return file;
  }

  private schedule(id: number, fileId: string): void {
    this.queue = this.queue.then(() => this.extract(id, fileId)).catch((error: unknown) => this.deps.warn('knowledge extraction', error));
  }

  /** Reads the file's text in a worker and keeps it with the item, if the item still has that file. */
  private async extract(id: number, fileId: string): Promise<void> {
    const file = await this.deps.files.find(fileId);
    let state: 'done' | 'failed' = 'failed';
    let text: string | null = null;
    if (file && isExtracted(file.kind) && file.size <= EXTRACT_MAX_BYTES) {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of this.deps.files.open(file).body) chunks.push(Buffer.from(chunk as Uint8Array));
        text = await extractText({ kind: file.kind, bytes: Buffer.concat(chunks) }, this.deps.limits ?? EXTRACT_LIMITS);
        state = 'done';
      } catch (error) {
        this.deps.warn(`knowledge ${id}: text not extracted`, error);
      }
    }
    const changed = await this.deps.db.updateTable('knowledge_items').set({ extraction: state, text }).where('id', '=', id).where('file_id', '=', fileId).executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) await this.deps.search.reindex('knowledge', id);
  }

  private async presentAll(rows: readonly KnowledgeRow[]): Promise<Knowledge[]> {
    const userIds = [...new Set(rows.flatMap((r) => (r.created_by === null ? [] : [r.created_by])))];
    const users = userIds.length === 0 ? [] : await this.deps.db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', userIds).execute();
    const names = new Map(users.map((u) => [u.id, u.nickname]));
    const files = await Promise.all(rows.map((r) => (r.file_id === null ? undefined : this.deps.files.find(r.file_id))));
    return rows.map((row, i) => {
      const file = files[i];
      return {
        id: row.id,
        runId: row.run_id,
        name: row.name,
        code: row.code,
        system: row.system,
        remark: row.remark,
        file: file && file.state === 'complete' ? presentFile(file) : null,
        extraction: row.extraction as Knowledge['extraction'],
        textLength: row.text?.length ?? 0,
        createdBy: row.created_by === null ? null : { id: row.created_by, name: names.get(row.created_by) ?? '' },
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
      };
    });
  }
}
