import { randomBytes } from 'node:crypto';
import { endpointUrl, filesContract, LIMITS, RESULT_CODE } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { hashToken } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import type { FileTicketRepo } from './fileTicket.repo.js';
import type { FileRow, FilesService } from './files.service.js';

/** Unknown, expired, or for a file gone since: one answer, as a missing page (code 3, HTTP 404). */
const invalidTicket = () => new AppError(RESULT_CODE.business, 404, 'files.ticket.invalid');

/**
 * Short-lived links that stream one file to an element that cannot send the session header (a
 * <video>): a ticket is 256 random bits issued to a caller who may read the file, bound to that file,
 * stored as its SHA-256, and honoured by every instance until it expires. It opens nothing else: no
 * session is made from it, and the session token never appears in a URL.
 */
export class FileTickets {
  constructor(
    private readonly files: FilesService,
    private readonly tickets: FileTicketRepo,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(session: AuthSession, fileId: string): Promise<{ url: string; expiresAt: number }> {
    const file = await this.files.requireReadable(session, fileId);
    const token = `ft${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const expiresAt = now + LIMITS.fileTicketTtlMs;
    await this.tickets.insert({ tokenHash: hashToken(token), fileId: file.id, userId: session.userId, now, expiresAt });
    await this.tickets.purge(now);
    return { url: `${endpointUrl(filesContract.stream)}?ticket=${token}`, expiresAt };
  }

  /** The file a live ticket was issued for. */
  async fileOf(token: string): Promise<FileRow> {
    const ticket = await this.tickets.find(hashToken(token), this.now());
    if (!ticket) throw invalidTicket();
    const file = await this.files.find(ticket.fileId);
    if (!file) throw invalidTicket();
    return file;
  }
}
