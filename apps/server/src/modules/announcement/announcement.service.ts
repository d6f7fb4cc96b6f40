import { type announcementContract, LIMITS, messagesContract, type Page } from '@boreline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { OrgScope } from '../admin/index.js';
import type { MessageCentre } from '../messages/index.js';
import type { RunScope } from '../project/index.js';
import type { AnnouncementRepo, AnnouncementWithAudience } from './announcement.repo.js';
import { cleanAnnouncementHtml, plainTextOf } from './sanitize.js';

type Announcement = announcementContract.Announcement;
type ManagedAnnouncement = announcementContract.ManagedAnnouncement;
type Fields = announcementContract.AnnouncementAddOutput;

const WRITE = 'messages.announcement.write' as const;
/** The run code whose holders at a run get an announcement's message (everyone who reads the project). */
const RUN_AUDIENCE_CODE = 'project.run.read' as const;

export interface AnnouncementServiceDeps {
  repo: AnnouncementRepo;
  runs: RunScope;
  orgs: OrgScope;
  messages: () => MessageCentre;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Who a reader is, for matching audiences: their organization's path and the runs they may see. */
interface Reader {
  orgPath: string | null;
  runIds: Set<number>;
}

/**
 * Announcements: writers address organizations within their scope (OrgScope) and runs they may
 * write at (RunScope, code `messages.announcement.write`); everything outside answers as missing.
 * A reader is addressed by an organization when it is theirs or one above theirs, and by a run
 * they may see now. Bodies are cleaned on every save (`sanitize.ts`) and stored cleaned.
 */
export class AnnouncementService {
  constructor(private readonly deps: AnnouncementServiceDeps) {}

  // Readers ---------------------------------------------------------------------------------

  private async reader(session: AuthSession): Promise<Reader> {
    const [orgPath, runs] = await Promise.all([this.deps.repo.userOrgPath(session.userId), this.deps.runs.visible(session)]);
    return { orgPath, runIds: new Set(runs.map((r) => r.id)) };
  }

  private static addresses(a: AnnouncementWithAudience, reader: Reader): boolean {
    if (reader.orgPath && a.orgIds.some((id) => reader.orgPath?.includes(`/${id}/`))) return true;
    return a.runIds.some((id) => reader.runIds.has(id));
  }

  private async present(session: AuthSession, rows: readonly AnnouncementWithAudience[]): Promise<Announcement[]> {
    const now = this.deps.now();
    const read = await this.deps.repo.readIds(
      session.userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      start: Number(r.start_at),
      end: Number(r.end_at),
      pinned: r.pinned === 1,
      current: Number(r.start_at) <= now && now < Number(r.end_at),
      read: read.has(r.id),
      createdAt: Number(r.created_at),
    }));
  }

  /** The caller's current announcements: pinned first, then the latest start first. */
  async current(session: AuthSession): Promise<Announcement[]> {
    const reader = await this.reader(session);
    const rows = (await this.deps.repo.started(this.deps.now(), true)).filter((a) => AnnouncementService.addresses(a, reader));
    rows.sort((x, y) => y.pinned - x.pinned || Number(y.start_at) - Number(x.start_at) || y.id - x.id);
    return this.present(session, rows);
  }

  async history(session: AuthSession, input: { page: number; pageSize: number }): Promise<Page<Announcement>> {
    const reader = await this.reader(session);
    const rows = (await this.deps.repo.started(this.deps.now(), false)).filter((a) => AnnouncementService.addresses(a, reader));
    const from = (input.page - 1) * input.pageSize;
    return { total: rows.length, page: input.page, pageSize: input.pageSize, records: await this.present(session, rows.slice(from, from + input.pageSize)) };
  }

  /** Marks one read; an announcement not addressed to the caller (or not started) answers as missing. */
  async markRead(session: AuthSession, id: number): Promise<{ changed: number }> {
    const found = await this.deps.repo.find(id);
    if (!found || Number(found.start_at) > this.deps.now() || !AnnouncementService.addresses(found, await this.reader(session))) throw errors.business('announcement.error.notFound');
    return { changed: await this.deps.repo.markRead(id, session.userId, this.deps.now()) };
  }

  // Writers ---------------------------------------------------------------------------------

  /** Whether every organization and run an announcement addresses is within the writer's scope. */
  private async manageable(session: AuthSession, a: AnnouncementWithAudience, cache: Map<number, boolean>): Promise<boolean> {
    const scope = await this.deps.orgs.of(session);
    if (scope.kind === 'none' && a.orgIds.length > 0) return false;
    const orgs = await this.deps.repo.orgs(a.orgIds);
    if (orgs.length !== a.orgIds.length && scope.kind !== 'all') return false;
    if (!orgs.every((o) => OrgScope.contains(scope, o.path))) return false;
    for (const runId of a.runIds) {
      let ok = cache.get(runId);
      if (ok === undefined) {
        ok = await this.deps.runs.require(session, runId, WRITE).then(
          () => true,
          () => false,
        );
        cache.set(runId, ok);
      }
      if (!ok) return false;
    }
    return true;
  }

  private async managed(session: AuthSession, id: number): Promise<AnnouncementWithAudience> {
    const found = await this.deps.repo.find(id);
    if (!found || !(await this.manageable(session, found, new Map()))) throw errors.business('announcement.error.notFound');
    return found;
  }

  async list(session: AuthSession, input: { page: number; pageSize: number }): Promise<Page<ManagedAnnouncement>> {
    const cache = new Map<number, boolean>();
    const mine: AnnouncementWithAudience[] = [];
    for (const a of await this.deps.repo.all()) if (await this.manageable(session, a, cache)) mine.push(a);
    const from = (input.page - 1) * input.pageSize;
    const page = mine.slice(from, from + input.pageSize);
    const presented = await this.present(session, page);
    const [orgs, runs] = await Promise.all([this.deps.repo.orgs(page.flatMap((a) => a.orgIds)), this.deps.repo.runNames(page.flatMap((a) => a.runIds))]);
    const records = page.map((a, i) => ({
      ...(presented[i] as Announcement),
      orgIds: a.orgIds,
      runIds: a.runIds,
      orgs: orgs.filter((o) => a.orgIds.includes(o.id)).map((o) => ({ id: o.id, name: o.name })),
      runs: runs.filter((r) => a.runIds.includes(r.id)),
      updatedAt: Number(a.updated_at),
    }));
    return { total: mine.length, page: input.page, pageSize: input.pageSize, records };
  }

  /** The organizations and runs the writer may address. */
  async audience(session: AuthSession): Promise<announcementContract.AudienceOptions> {
    const scope = await this.deps.orgs.of(session);
    const orgs = scope.kind === 'none' ? [] : await this.deps.repo.orgsUnder(OrgScope.filterPath(scope));
    const top = Math.min(...orgs.map((o) => o.path.split('/').filter(Boolean).length));
    const runs = [];
    for (const run of await this.deps.runs.visible(session)) {
      const ok = await this.deps.runs.require(session, run.id, WRITE).then(
        () => true,
        () => false,
      );
      if (ok) runs.push({ id: run.id, name: `${run.project_name} · ${run.tbm_code}` });
    }
    return { orgs: orgs.map((o) => ({ id: o.id, name: o.name, depth: o.path.split('/').filter(Boolean).length - top })), runs };
  }

  /** The audience's ids checked against the writer's scope (refusals as for missing ids), and the body cleaned. */
  private async checked(session: AuthSession, input: Fields): Promise<{ content: string; orgPaths: string[] }> {
    const orgIds = [...new Set(input.orgIds)];
    const scope = await this.deps.orgs.of(session);
    const orgs = await this.deps.repo.orgs(orgIds);
    if (orgs.length !== orgIds.length || !orgs.every((o) => OrgScope.contains(scope, o.path))) throw errors.business('announcement.error.orgNotFound');
    for (const runId of new Set(input.runIds)) {
      await this.deps.runs.require(session, runId, WRITE).catch(() => {
        throw errors.business('announcement.error.runNotFound');
      });
    }
    const content = cleanAnnouncementHtml(input.content);
    if (plainTextOf(content, LIMITS.announcementContentMaxLength).length === 0) throw errors.business('announcement.error.emptyContent');
    if (content.length > LIMITS.announcementContentMaxLength) throw errors.business('announcement.error.contentTooLong', { max: LIMITS.announcementContentMaxLength });
    return { content, orgPaths: orgs.map((o) => o.path) };
  }

  async add(session: AuthSession, input: Fields): Promise<{ id: number; recipients: number }> {
    const { content, orgPaths } = await this.checked(session, input);
    const now = this.deps.now();
    const id = await this.deps.repo.insert(
      { title: input.title, content, start_at: input.start, end_at: input.end, pinned: input.pinned ? 1 : 0, created_by: session.userId, created_at: now, updated_at: now },
      input.orgIds,
      input.runIds,
    );
    return { id, recipients: await this.publish(id, input, content, orgPaths) };
  }

  async edit(session: AuthSession, input: announcementContract.AnnouncementEditOutput): Promise<{ id: number }> {
    await this.managed(session, input.id);
    const { content } = await this.checked(session, input);
    await this.deps.repo.update(input.id, { title: input.title, content, start_at: input.start, end_at: input.end, pinned: input.pinned ? 1 : 0, updated_at: this.deps.now() }, input.orgIds, input.runIds);
    return { id: input.id };
  }

  async remove(session: AuthSession, id: number): Promise<void> {
    await this.managed(session, id);
    await this.deps.repo.remove(id);
  }

  /**
   * One `announcement` message per addressee through the message centre: the users of the
   * organizations (and below), and whoever reads each run. One dedupe key per announcement, so a
   * user addressed twice gets one message. Answers how many users were told; a failure to send is
   * logged, the announcement stays published.
   */
  private async publish(id: number, input: Fields, content: string, orgPaths: readonly string[]): Promise<number> {
    const base = {
      type: 'announcement' as const,
      key: 'messages.template.announcement' as const,
      params: { title: input.title },
      text: plainTextOf(content, messagesContract.MESSAGE_LIMITS.textMaxLength),
      object: { kind: 'announcement' as const, id },
      at: input.start,
      dedupeKey: `announcement:${id}`,
    };
    const told = new Set<number>();
    try {
      const centre = this.deps.messages();
      const users = await this.deps.repo.usersUnder(orgPaths);
      if (users.length > 0) for (const u of (await centre.send({ ...base, userIds: users })).recipients) told.add(u);
      for (const runId of new Set(input.runIds)) {
        for (const u of (await centre.send({ ...base, audience: { runId, resourceCode: RUN_AUDIENCE_CODE } })).recipients) told.add(u);
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'announcement message failed');
    }
    return told.size;
  }
}
