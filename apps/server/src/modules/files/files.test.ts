import { createHash, randomBytes } from 'node:crypto';
import { adminContract, endpointUrl, filesContract, type FilePurpose, LIMITS, RESOURCE_CODES, type ResourceCode, type StoredFile } from '@boreline/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { fileOf, multipartOf, pngOf } from './files.fixture.js';
import { FilesRepo } from './files.repo.js';
import { FilesService } from './files.service.js';

const c = filesContract;
const UPLOAD = endpointUrl(c.upload);
const UPLOADS = endpointUrl(c.uploads);
const DOWNLOAD = endpointUrl(c.download);
let ipSequence = 0;
const nextIp = () => `10.93.${Math.floor(ipSequence / 200)}.${(ipSequence++ % 200) + 1}`;

interface Member {
  id: number;
  token: string;
}

/**
 * Two tenants whose org ids collide by prefix (A = n, B = n2), a run in each; members of A with
 * every code, with the risk pictures' read code only, and with no file code; a member of B.
 */
async function buildTenants(t: TestApp) {
  const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: nextIp() });
  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) => {
    const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
    if (body.code !== 0) throw new Error(`${endpoint.path}: ${body.msg}`);
    const data: unknown = body.data;
    return typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'number' ? data.id : 0;
  };
  const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
  const orgA = await post(adminContract.orgAdd, { parentId: root.id, name: 'Contractor A', type: 'company', sort: 1 });
  const orgB = Number(`${orgA}2`);
  await t.db.kysely.insertInto('orgs').values({ id: orgB, name: 'Contractor B', type: 'company', parent_id: root.id, path: `/${root.id}/${orgB}/`, sort: 2, created_at: Date.now() }).execute();
  for (const orgId of [orgA, orgB]) await post(adminContract.orgResourcesEdit, { orgId, codes: [...RESOURCE_CODES] });
  const member = async (orgId: number, codes: readonly ResourceCode[]): Promise<Member> => {
    const roleId = await post(adminContract.roleAdd, { name: `Role ${nextIp()}`, kind: 'custom', orgId, sort: 1 });
    await post(adminContract.roleResourcesUpdate, { roleId, codes });
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    await post(adminContract.userAssignRoles, { userId: user.id, roleIds: [roleId] });
    return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip: nextIp() }) };
  };
  return {
    runA: await buildRun(t.db, orgA),
    runB: await buildRun(t.db, orgB),
    uploader: await member(orgA, RESOURCE_CODES),
    colleague: await member(orgA, RESOURCE_CODES),
    reader: await member(orgA, ['alarm.risk.read']),
    noCode: await member(orgA, ['project.run.read']),
    other: await member(orgB, RESOURCE_CODES),
  };
}

type Tenants = Awaited<ReturnType<typeof buildTenants>>;

describe('files', () => {
  let t: TestApp;
  let x: Tenants;
  beforeAll(async () => {
    t = await createTestApp();
    x = await buildTenants(t);
  }, 60_000);
  afterAll(() => t.close());

  const upload = async (token: string, fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[], url = UPLOAD) => {
    const form = multipartOf(fields, files);
    const response = await t.app.inject({ method: 'POST', url, headers: { ...form.headers, authorization: token, lang: 'en_US' }, payload: form.payload, remoteAddress: '127.0.0.1' });
    return { response, body: envelope(response) };
  };
  const fieldsOf = (purpose: FilePurpose): Record<string, string> => ({ purpose, ...(c.FILE_PURPOSES[purpose].run ? { runId: String(x.runA) } : {}) });
  const stored = (data: unknown): StoredFile => c.StoredFileSchema.parse(data);
  const download = (token: string, id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${DOWNLOAD}?id=${encodeURIComponent(id)}`, headers: { authorization: token, lang: 'en_US', ...headers } });
  const rows = async () => {
    const files = await t.db.kysely.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const chunks = await t.db.kysely.selectFrom('file_chunks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { files: Number(files.n), chunks: Number(chunks.n) };
  };

  describe('POST /u/web/common/file/upload/v1', () => {
    it('answers code 1 without a session', async () => {
      const form = multipartOf({ purpose: 'riskPicture' }, [{ name: 'a.png', data: await pngOf(1000) }]);
      expect(envelope(await t.app.inject({ method: 'POST', url: UPLOAD, ...form })).code).toBe(1);
    });

    // The 100 MB and 200 MB limits are checked with streams in files.service.test.ts.
    const small = c.UPLOAD_PURPOSES.filter((p) => c.FILE_PURPOSES[p].maxBytes <= 10 * 1024 * 1024);
    it.each(small)('%s: the limit itself is accepted, one byte more refused', async (purpose) => {
      const rule = c.FILE_PURPOSES[purpose];
      const kind = rule.kinds[0];
      const exact = await fileOf(kind, rule.maxBytes);
      const accepted = await upload(x.uploader.token, fieldsOf(purpose), [{ name: `limit.${kind}`, data: exact }]);
      expect(accepted.body.code, accepted.body.msg).toBe(0);
      const file = stored(accepted.body.data);
      expect(file).toMatchObject({ size: rule.maxBytes, name: `limit.${kind}`, sha256: createHash('sha256').update(exact).digest('hex') });
      expect(file.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(file.thumbUrl !== undefined).toBe(rule.image);
      const over = await upload(x.uploader.token, fieldsOf(purpose), [{ name: `over.${kind}`, data: await fileOf(kind, rule.maxBytes + 1) }]);
      expect(over.body.code).toBe(3);
      expect(over.body.msg).toMatch(/^The file must be at most \d+ (KB|MB)$/);
    });

    it('tells the type by the bytes: a PNG named .mp4, HTML named .jpg, a docx sent as a spreadsheet are refused', async () => {
      const png = await pngOf(2000);
      const asVideo = await upload(x.uploader.token, fieldsOf('repairVideo'), [{ name: 'clip.mp4', type: 'video/mp4', data: png }]);
      expect(asVideo.body).toMatchObject({ code: 3, msg: 'Please choose a file of one of these types: mp4' });
      const html = Buffer.from('<!doctype html><script>alert(1)</script>');
      const asJpg = await upload(x.uploader.token, fieldsOf('riskPicture'), [{ name: 'photo.jpg', type: 'image/jpeg', data: html }]);
      expect(asJpg.body).toMatchObject({ code: 3, msg: 'Please choose a JPG or PNG image' });
      const docx = await fileOf('docx', 5000);
      expect((await upload(x.uploader.token, fieldsOf('segmentImport'), [{ name: 'rings.xlsx', data: docx }])).body).toMatchObject({ code: 3, msg: 'Please choose a file of one of these types: xls, xlsx' });
      const xlsx = await upload(x.uploader.token, fieldsOf('segmentImport'), [{ name: 'rings.xlsx', data: await fileOf('xlsx', 5000) }]);
      expect(stored(xlsx.body.data).contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      // A PNG sent under a JPG name is served as what it is.
      const renamed = stored((await upload(x.uploader.token, fieldsOf('riskPicture'), [{ name: 'photo.jpg', data: png }])).body.data);
      expect(renamed).toMatchObject({ name: 'photo.png', contentType: 'image/png' });
    });

    it('decodes images: right first bytes with garbage after them are refused', async () => {
      const png = await pngOf(2000);
      const garbage = Buffer.concat([png.subarray(0, 16), Buffer.alloc(3000, 0x41)]);
      expect((await upload(x.uploader.token, fieldsOf('riskPicture'), [{ name: 'a.png', data: garbage }])).body).toMatchObject({ code: 3, msg: 'The image could not be read; please choose another one' });
      const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>'), Buffer.alloc(100)]);
      expect((await upload(x.uploader.token, fieldsOf('drawing'), [{ name: 'a.jpg', data: polyglot }])).body.code).toBe(3);
      const noisy = await sharp(randomBytes(120 * 90 * 3), { raw: { width: 120, height: 90, channels: 3 } }).png().toBuffer();
      const truncated = noisy.subarray(0, Math.floor(noisy.length / 2));
      expect((await upload(x.uploader.token, fieldsOf('feedbackScreenshot'), [{ name: 'a.png', data: truncated }])).body.code).toBe(3);
    });

    it('stores a phone’s motion photo as its still picture: the video after the JPEG is neither kept nor served', async () => {
      const jpg = await sharp(randomBytes(80 * 60 * 3), { raw: { width: 80, height: 60, channels: 3 } }).jpeg().toBuffer();
      const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), Buffer.from([0, 0, 0, 0x10]), Buffer.from('mdat'), randomBytes(40_000)]);
      const sent = await upload(x.uploader.token, fieldsOf('repairPhoto'), [{ name: 'PXL_20261125_031500.MP.jpg', type: 'image/jpeg', data: Buffer.concat([jpg, video]) }]);
      expect(sent.body.code).toBe(0);
      const file = stored(sent.body.data);
      expect(file).toMatchObject({ contentType: 'image/jpeg', size: jpg.length });
      const served = await download(x.uploader.token, file.id);
      expect(served.rawPayload.equals(jpg)).toBe(true);
    });

    const imagePurposes = c.UPLOAD_PURPOSES.filter((p) => c.FILE_PURPOSES[p].image);
    it.each(imagePurposes)('%s: a real PNG or JPEG with an HTML page after it is refused, however it is named', async (purpose) => {
      const before = await rows();
      const html = Buffer.from('<!doctype html><html><body><script>fetch("/steal?c="+document.cookie)</script></body></html>');
      const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#345' } }).png().toBuffer();
      const jpg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#543' } }).jpeg().toBuffer();
      const sent = [
        { name: 'page.png', type: 'image/png', data: Buffer.concat([png, html]) },
        { name: 'page.jpg', type: 'image/jpeg', data: Buffer.concat([jpg, html]) },
        { name: 'page.html', type: 'text/html', data: Buffer.concat([png, html]) },
      ];
      for (const file of sent) {
        const { body } = await upload(x.uploader.token, fieldsOf(purpose), [file]);
        expect([file.name, body.code, body.msg]).toEqual([file.name, 3, 'The file holds more than an image: data follows the end of the picture; please save it again as a plain JPG or PNG']);
      }
      expect(await rows()).toEqual(before);
      // The same pictures without the page are stored.
      expect((await upload(x.uploader.token, fieldsOf(purpose), [{ name: 'plain.png', data: png }])).body.code).toBe(0);
    });

    it('keeps the original name for display only, cleaned of paths, control and direction characters', async () => {
      const png = await pngOf(1500);
      const names: [string, string][] = [
        ['../../etc/passwd', 'passwd.png'],
        ['..\\..\\windows\\win.ini.png', 'win.ini.png'],
        ['evil\u202egnp.exe.png', 'evilgnp.exe.png'],
        ['tab\there.png', 'tab_here.png'],
        ['nul\u0000byte.png', 'nul_byte.png'],
        [`${'x'.repeat(400)}.png`, `${'x'.repeat(LIMITS.fileNameMaxLength - 4)}.png`],
        ['Übersicht 图纸.png', 'Übersicht 图纸.png'],
      ];
      for (const [sent, shown] of names) {
        const body = (await upload(x.uploader.token, fieldsOf('riskPicture'), [{ name: sent, data: png }])).body;
        expect(body.code, sent).toBe(0);
        expect(stored(body.data).name, sent).toBe(shown);
      }
      const last = stored((await upload(x.uploader.token, fieldsOf('riskPicture'), [{ name: 'Übersicht 图纸.png', data: png }])).body.data);
      expect((await download(x.uploader.token, last.id)).headers['content-disposition']).toBe(`inline; filename="_bersicht __.png"; filename*=UTF-8''%C3%9Cbersicht%20%E5%9B%BE%E7%BA%B8.png`);
    });

    it('checks the form: a purpose, a run for a run purpose, the caller allowed to write at that run', async () => {
      const png = await pngOf(1500);
      expect((await upload(x.uploader.token, {}, [{ name: 'a.png', data: png }])).body.code).toBe(3);
      expect((await upload(x.uploader.token, { purpose: 'avatar' }, [{ name: 'a.png', data: png }])).body.code).toBe(3);
      expect((await upload(x.uploader.token, { purpose: 'riskPicture' }, [{ name: 'a.png', data: png }])).body.code).toBe(3);
      expect((await upload(x.uploader.token, { purpose: 'riskPicture', runId: String(x.runB) }, [{ name: 'a.png', data: png }])).body.code).toBe(2);
      expect((await upload(x.reader.token, { purpose: 'riskPicture', runId: String(x.runA) }, [{ name: 'a.png', data: png }])).body.code).toBe(2);
      expect((await upload(x.uploader.token, fieldsOf('riskPicture'), [])).body).toMatchObject({ code: 3, msg: 'Please choose a file' });
      expect(envelope(await call(t.app, 'POST', UPLOAD, { token: x.uploader.token, payload: {} }))).toMatchObject({ code: 3, msg: 'Please choose a file' });
    });

    it('answers malformed multipart with a 4xx, never a 500, and stores nothing', async () => {
      const before = await rows();
      const png = await pngOf(1500);
      const good = multipartOf(fieldsOf('riskPicture'), [{ name: 'a.png', data: png }]);
      const bodies: [string, Buffer][] = [
        ['multipart/form-data', good.payload],
        [good.headers['content-type'], good.payload.subarray(0, good.payload.length - 700)],
        [good.headers['content-type'], Buffer.from('garbage without any boundary')],
        ['multipart/form-data; boundary=x', Buffer.from('--x\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nriskPicture')],
      ];
      for (const [type, payload] of bodies) {
        const response = await t.app.inject({ method: 'POST', url: UPLOAD, headers: { 'content-type': type, authorization: x.uploader.token }, payload });
        expect(response.statusCode, `${type} ${payload.length}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${type} ${payload.length}`).toBeLessThan(500);
        expect(envelope(response).code).not.toBe(0);
      }
      expect(await rows()).toEqual(before);
    });
  });

  describe('POST /u/web/common/file/uploads/v1 and /u/web/file/upload/v2', () => {
    it('stores several files at once, all or none; more risk pictures than a point holds are refused', async () => {
      const png = await pngOf(1500);
      const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data: png }));
      const ok = await upload(x.uploader.token, fieldsOf('riskPicture'), six, UPLOADS);
      expect(ok.body.code, ok.body.msg).toBe(0);
      expect(c.uploads.output.parse(ok.body.data)).toHaveLength(6);
      const before = await rows();
      const seven = await upload(x.uploader.token, fieldsOf('riskPicture'), [...six, { name: 'p7.png', data: png }], UPLOADS);
      expect(seven.body).toMatchObject({ code: 3, msg: 'At most 6 files can be added here' });
      const badLast = await upload(x.uploader.token, fieldsOf('riskPicture'), [six[0] ?? { name: 'x', data: png }, { name: 'b.png', data: Buffer.from('not an image at all') }], UPLOADS);
      expect(badLast.body.code).toBe(3);
      expect(await rows()).toEqual(before);
    });

    it('the risk pages upload through the same service', async () => {
      const body = (await upload(x.uploader.token, fieldsOf('riskPicture'), [{ name: 'risk.jpg', data: await fileOf('jpg', 3000) }], endpointUrl(c.uploadV2))).body;
      expect(stored(body.data)).toMatchObject({ contentType: 'image/jpeg', size: 3000 });
    });
  });

  describe('GET /g/web/getDownloadFile/v1 and the thumbnail', () => {
    let video: StoredFile;
    let bytes: Buffer;
    beforeAll(async () => {
      bytes = Buffer.concat([await fileOf('mp4', 700_000)]);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = i < 40 ? (bytes[i] ?? 0) : (i * 7) % 251;
      video = stored((await upload(x.uploader.token, fieldsOf('repairVideo'), [{ name: 'leak.mp4', data: bytes }])).body.data);
    });

    it('serves the whole file with its type, a safe disposition, nosniff and private caching', async () => {
      const response = await download(x.uploader.token, video.id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
      expect(response.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff', 'content-length': String(bytes.length) });
      expect(String(response.headers['cache-control'])).toMatch(/^private/);
      expect(response.headers['content-disposition']).toBe(`inline; filename="leak.mp4"; filename*=UTF-8''leak.mp4`);
      // A player's HEAD gets the headers alone.
      const head = await t.app.inject({ method: 'HEAD', url: `${DOWNLOAD}?id=${video.id}`, headers: { authorization: x.uploader.token } });
      expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([200, String(bytes.length), 0]);
    });

    it('answers ranges from the chunks: first bytes, across a chunk edge, a suffix, open-ended; 416 past the end', async () => {
      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=262100-262200', 262_100, 262_200],
        ['bytes=-100', bytes.length - 100, bytes.length - 1],
        ['bytes=600000-', 600_000, bytes.length - 1],
        ['bytes=0-99999999', 0, bytes.length - 1],
      ];
      for (const [range, start, end] of cases) {
        const response = await download(x.uploader.token, video.id, { range });
        expect(response.statusCode, range).toBe(206);
        expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/${bytes.length}`);
        expect(response.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
      }
      const past = await download(x.uploader.token, video.id, { range: `bytes=${bytes.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect((await download(x.uploader.token, video.id, { range: 'bytes=-0' })).statusCode).toBe(416);
      // Several ranges are answered with the whole file (RFC 9110 allows ignoring Range).
      expect((await download(x.uploader.token, video.id, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
    });

    it('an unattached upload is its uploader\'s alone; another tenant gets code 2 like a missing file', async () => {
      expect(envelope(await download(x.colleague.token, video.id)).code).toBe(2);
      expect(envelope(await download(x.other.token, video.id)).code).toBe(2);
      expect(envelope(await download(x.uploader.token, 'AAAAAAAAAAAAAAAAAAAAAA')).code).toBe(2);
      expect(envelope(await download(x.uploader.token, '../../etc/passwd')).code).toBe(3);
      expect(envelope(await t.app.inject({ method: 'GET', url: `${DOWNLOAD}?id=${video.id}` })).code).toBe(1);
    });

    it('an attached file is read by the run: colleagues with the read code, not another tenant nor a member without it', async () => {
      const picture = stored((await upload(x.uploader.token, fieldsOf('riskPicture'), [{ name: 'crack.png', data: await pngOf(20_000, 800, 600) }])).body.data);
      // The risk module attaches pictures when it saves a point; the service is driven directly here.
      const service = new FilesService(new FilesRepo(t.db.kysely, t.db.dialect), { require: () => Promise.resolve() });
      await service.attach([picture.id], { kind: 'riskPoint', id: 41 }, { runId: x.runA, by: x.uploader.id });
      for (const member of [x.uploader, x.colleague, x.reader]) expect((await download(member.token, picture.id)).statusCode).toBe(200);
      expect(envelope(await download(x.noCode.token, picture.id)).code).toBe(2);
      expect(envelope(await download(x.other.token, picture.id)).code).toBe(2);
      const thumb = await t.app.inject({ method: 'GET', url: picture.thumbUrl ?? '', headers: { authorization: x.reader.token } });
      expect(thumb.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([LIMITS.thumbnailMaxPx, 240]);
      const noThumb = await t.app.inject({ method: 'GET', url: `${endpointUrl(c.thumb)}?id=${video.id}`, headers: { authorization: x.uploader.token } });
      expect(envelope(noThumb)).toMatchObject({ code: 3, msg: 'This file has no preview' });
      expect(envelope(await t.app.inject({ method: 'GET', url: picture.thumbUrl ?? '', headers: { authorization: x.other.token } })).code).toBe(2);
    });
  });

  describe('POST /u/web/file/ticket/v1 and GET /g/web/file/stream/v1', () => {
    const TICKET = endpointUrl(c.ticketIssue);
    let video: StoredFile;
    let other: StoredFile;
    let bytes: Buffer;
    beforeAll(async () => {
      bytes = Buffer.from(await fileOf('mp4', 600_000));
      for (let i = 40; i < bytes.length; i += 1) bytes[i] = (i * 13) % 251;
      video = stored((await upload(x.uploader.token, fieldsOf('repairVideo'), [{ name: 'pump.mp4', data: bytes }])).body.data);
      other = stored((await upload(x.uploader.token, fieldsOf('repairVideo'), [{ name: 'belt.mp4', data: await fileOf('mp4', 50_000) }])).body.data);
    });
    const issue = async (token: string, id: string, lang = 'en_US') =>
      envelope(await t.app.inject({ method: 'POST', url: TICKET, headers: { authorization: token, lang }, payload: { id }, remoteAddress: '127.0.0.1' }));
    const ticketOf = async (id: string) => {
      const body = await issue(x.uploader.token, id);
      expect(body.code, body.msg).toBe(0);
      return c.ticketIssue.output.parse(body.data);
    };
    /** The stream as a player asks for it: no session header, a Range. */
    const play = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { lang: 'en_US', ...headers } });

    it('streams the file a reader was given a ticket for, without a session header: Range answers 206 with the bytes, several times', async () => {
      const before = Date.now();
      const ticket = await ticketOf(video.id);
      expect(ticket.url.startsWith(`${endpointUrl(c.stream)}?ticket=ft`)).toBe(true);
      expect(ticket.expiresAt).toBeGreaterThanOrEqual(before + LIMITS.fileTicketTtlMs);
      expect(ticket.expiresAt).toBeLessThanOrEqual(Date.now() + LIMITS.fileTicketTtlMs);
      // The session token never appears in the link, and the ticket itself is not stored.
      expect(ticket.url).not.toContain(x.uploader.token);
      const token = new URL(ticket.url, 'http://x').searchParams.get('ticket') ?? '';
      expect(token.length).toBeGreaterThanOrEqual(43);
      const stored = await t.db.kysely.selectFrom('file_tickets').select(['token_hash', 'file_id', 'user_id']).where('file_id', '=', video.id).execute();
      expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), file_id: video.id, user_id: x.uploader.id }]);

      const first = await play(ticket.url, { range: 'bytes=0-99' });
      expect(first.statusCode).toBe(206);
      expect(first.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-range': `bytes 0-99/${bytes.length}` });
      expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
      expect(String(first.headers['cache-control'])).toBe('private, no-store');
      const seek = await play(ticket.url, { range: 'bytes=500000-' });
      expect(seek.statusCode).toBe(206);
      expect(seek.headers['content-range']).toBe(`bytes 500000-${bytes.length - 1}/${bytes.length}`);
      expect(seek.rawPayload.equals(bytes.subarray(500_000))).toBe(true);
      const whole = await play(ticket.url);
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(bytes)).toBe(true);
    });

    it('issues tickets only to callers who may read the file: another tenant and a colleague of an unattached upload get code 2', async () => {
      expect((await issue(x.other.token, video.id)).code).toBe(2);
      expect((await issue(x.colleague.token, video.id)).code).toBe(2);
      expect((await issue(x.uploader.token, 'AAAAAAAAAAAAAAAAAAAAAA')).code).toBe(2);
      expect((await issue(x.uploader.token, '../../etc/passwd')).code).toBe(3);
      expect(envelope(await t.app.inject({ method: 'POST', url: TICKET, payload: { id: video.id } })).code).toBe(1);
      expect(await t.db.kysely.selectFrom('file_tickets').select('id').where('user_id', 'in', [x.other.id, x.colleague.id]).execute()).toEqual([]);
    });

    it('refuses a stream without a ticket, with a made-up one, with an expired one, in the caller’s language', async () => {
      const none = await play(endpointUrl(c.stream));
      expect([none.statusCode, envelope(none).code]).toEqual([400, 3]);
      const madeUp = await play(`${endpointUrl(c.stream)}?ticket=ft${randomBytes(32).toString('base64url')}`);
      expect(madeUp.statusCode).toBe(404);
      expect(envelope(madeUp)).toMatchObject({ code: 3, msg: 'This link to the file has expired or is not valid; please open the file again' });
      const german = await play(`${endpointUrl(c.stream)}?ticket=ft${randomBytes(32).toString('base64url')}`, { lang: 'de_AT' });
      expect(envelope(german).msg).toBe('Der Link zur Datei ist abgelaufen oder ungültig; bitte öffnen Sie die Datei erneut');
      // A session token is no ticket.
      expect((await play(`${endpointUrl(c.stream)}?ticket=${encodeURIComponent(x.uploader.token)}`)).statusCode).toBeGreaterThanOrEqual(400);

      const ticket = await ticketOf(video.id);
      expect((await play(ticket.url, { range: 'bytes=0-9' })).statusCode).toBe(206);
      const hash = createHash('sha256').update(new URL(ticket.url, 'http://x').searchParams.get('ticket') ?? '').digest('hex');
      await t.db.kysely.updateTable('file_tickets').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', hash).execute();
      const expired = await play(ticket.url, { range: 'bytes=0-9' });
      expect([expired.statusCode, envelope(expired).code]).toEqual([404, 3]);
      // Expired tickets go when the next one is issued.
      await ticketOf(other.id);
      expect(await t.db.kysely.selectFrom('file_tickets').select('id').where('token_hash', '=', hash).execute()).toEqual([]);
    });

    it('a ticket opens its own file only: naming another file beside it still streams the first', async () => {
      const ticket = await ticketOf(video.id);
      const aside = await play(`${ticket.url}&id=${encodeURIComponent(other.id)}`);
      expect(aside.statusCode).toBe(200);
      expect(aside.rawPayload.equals(bytes)).toBe(true);
      const otherBytes = (await download(x.uploader.token, other.id)).rawPayload;
      const theirs = await play((await ticketOf(other.id)).url);
      expect(theirs.rawPayload.equals(otherBytes)).toBe(true);
      expect(theirs.rawPayload.equals(bytes)).toBe(false);
    });
  });
});
