import { connect } from 'node:net';
import { authContract, endpointUrl, filesContract, importsContract } from '@boreline/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './spreadsheets.js';
import { buildUser, signIn } from './factories.js';
import { createTestApp, envelope, type TestApp } from './testApp.js';

/**
 * Every upload of the product reads its form through one multipart reader: a broken form answers
 * code 3 (never a 500), saying what is wrong, on every upload endpoint alike.
 */

const BOUNDARY = '----boreline-upload-test';

type Field = [name: string, value: string];
interface FileField {
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart body: the fields, then the files, each part as a browser writes it. */
function form(fields: Field[], files: FileField[], boundary = BOUNDARY): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

interface UploadEndpoint {
  name: string;
  url: string;
  /** The fields of a valid upload (sent before the file). */
  fields: Field[];
  /** A file the endpoint accepts. */
  file(): Promise<FileField>;
  /** Text fields its form may carry. */
  maxFields: number;
}

const png = async (): Promise<FileField> => ({
  filename: 'picture.png',
  type: 'image/png',
  data: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } }).png({ compressionLevel: 0 }).toBuffer(),
});

const ENDPOINTS: UploadEndpoint[] = [
  { name: 'avatar', url: endpointUrl(authContract.uploadAvatar), fields: [], file: png, maxFields: 10 },
  { name: 'file upload v1', url: endpointUrl(filesContract.upload), fields: [['purpose', 'feedbackScreenshot']], file: png, maxFields: 10 },
  { name: 'file uploads v1', url: endpointUrl(filesContract.uploads), fields: [['purpose', 'feedbackScreenshot']], file: png, maxFields: 10 },
  { name: 'file upload v2', url: endpointUrl(filesContract.uploadV2), fields: [['purpose', 'feedbackScreenshot']], file: png, maxFields: 10 },
  {
    name: 'spreadsheet import',
    url: endpointUrl(importsContract.importCheck),
    fields: [['kind', 'tailcleance']],
    file: () => Promise.resolve({ filename: 'rings.xlsx', type: 'application/octet-stream', data: fixture('tailcleance.xlsx') }),
    maxFields: 5,
  },
];

const MALFORMED = 'The upload is not a valid form; please send it again';
const CUT_OFF = 'The upload was cut off before it ended; please send it again';

describe('every upload endpoint reads a broken form as code 3 saying what is wrong', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await buildUser(t.db);
    token = await signIn(t.app, user.phone, user.password, { ip: '10.94.0.1' });
  });
  afterAll(() => t.close());

  const send = async (url: string, contentType: string, payload: Buffer, lang = 'en_US') => {
    const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType, authorization: token, lang }, payload });
    return { status: response.statusCode, body: envelope(response) };
  };
  const stored = async () => Number((await t.db.kysely.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const typeOf = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

  describe.each(ENDPOINTS)('$name', (endpoint) => {
    it('a valid upload is accepted (the cases below break only the form)', async () => {
      const { body } = await send(endpoint.url, typeOf(), form(endpoint.fields, [await endpoint.file()]));
      expect(body.code, body.msg).toBe(0);
    });

    it('no boundary, an empty one, one of thousands of characters, a body that is no form: not a valid form', async () => {
      const before = await stored();
      const file = await endpoint.file();
      const valid = form(endpoint.fields, [file]);
      const long = 'b'.repeat(5000);
      const cases: [string, string, Buffer][] = [
        ['no boundary', 'multipart/form-data', valid],
        ['no boundary value', 'multipart/form-data; boundary', valid],
        ['empty boundary', 'multipart/form-data; boundary=', valid],
        ['5000-character boundary', typeOf(long), form(endpoint.fields, [file], long)],
        ['5000-character quoted boundary', `multipart/form-data; boundary="${long}"`, form(endpoint.fields, [file], long)],
        ['a body without the boundary', typeOf(), Buffer.from('this is not a multipart body at all')],
      ];
      for (const [label, type, payload] of cases) {
        const { status, body } = await send(endpoint.url, type, payload);
        expect({ label, status, code: body.code, msg: body.msg }).toEqual({ label, status: 400, code: 3, msg: MALFORMED });
      }
      expect(await stored()).toBe(before);
    });

    it('more fields than the form holds: too many fields, not a size', async () => {
      const extra = Array.from({ length: endpoint.maxFields - endpoint.fields.length + 1 }, (_, i): Field => [`extra${i}`, 'x']);
      const { status, body } = await send(endpoint.url, typeOf(), form([...endpoint.fields, ...extra], [await endpoint.file()]));
      expect([status, body.code, body.msg]).toEqual([400, 3, `The form has too many fields (at most ${endpoint.maxFields})`]);
      // Exactly as many is fine.
      const fits = extra.slice(1);
      const accepted = await send(endpoint.url, typeOf(), form([...endpoint.fields, ...fits], [await endpoint.file()]));
      expect(accepted.body.code, accepted.body.msg).toBe(0);
    });

    it('a field longer than a field may be: the field is too long', async () => {
      const { body } = await send(endpoint.url, typeOf(), form([['note', 'n'.repeat(2000)], ...endpoint.fields], [await endpoint.file()]));
      expect([body.code, body.msg]).toEqual([3, 'A form field is too long (at most 1024 characters)']);
    });

    it('a body cut off in the file or between parts: cut off, in the caller language too, and nothing kept', async () => {
      const before = await stored();
      const file = await endpoint.file();
      const whole = form(endpoint.fields, [file]);
      const inTheFile = whole.subarray(0, whole.length - Math.floor(file.data.length / 2));
      // The avatar's form has no field of its own: a client's extra field comes before its file.
      const fields: Field[] = endpoint.fields.length > 0 ? endpoint.fields : [['note', 'x']];
      const beforeTheFile = form(fields, []).subarray(0, -`--${BOUNDARY}--\r\n`.length);
      const beforeTheEnd = whole.subarray(0, whole.length - `--${BOUNDARY}--\r\n`.length);
      for (const [label, payload] of [['in the file', inTheFile], ['before the file', beforeTheFile], ['before the close', beforeTheEnd]] as const) {
        const { status, body } = await send(endpoint.url, typeOf(), payload);
        expect({ label, status, code: body.code, msg: body.msg }).toEqual({ label, status: 400, code: 3, msg: CUT_OFF });
      }
      expect((await send(endpoint.url, typeOf(), inTheFile, 'de_AT')).body.msg).toBe('Der Upload wurde vor seinem Ende abgebrochen; bitte senden Sie ihn erneut');
      expect(await stored()).toBe(before);
    });
  });

  it('two files where one is taken: too many files', async () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.name !== 'file uploads v1')) {
      const file = await endpoint.file();
      const { body } = await send(endpoint.url, typeOf(), form(endpoint.fields, [file, file]));
      expect([endpoint.name, body.code, body.msg]).toEqual([endpoint.name, 3, 'At most 1 files can be uploaded at once']);
    }
  });

  describe('on a real connection, where Node reads the request before any route', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });

    /** Sends raw bytes, then closes the sending side; answers the status line's code and the body. */
    const raw = (head: string, body: Buffer) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        const received: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => received.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(received).toString('utf8');
          resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
        });
        socket.end(Buffer.concat([Buffer.from(head), body]));
      });

    it('a body shorter than its Content-Length answers code 3: the request was cut off', async () => {
      const payload = form([], [await png()]);
      const sent = payload.subarray(0, payload.length - 500);
      const head = `POST ${ENDPOINTS[0]?.url ?? ''} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${token}\r\nContent-Type: ${typeOf()}\r\nContent-Length: ${payload.length}\r\n\r\n`;
      const answer = await raw(head, sent);
      expect(answer.status).toBe(400);
      // Node never read the headers into a request, so its language is unknown: the default one answers.
      expect(JSON.parse(answer.body)).toEqual({ code: 3, msg: 'The request was cut off before it ended; please send it again', data: null });
    });

    it('a boundary longer than the headers may be answers code 3: the headers are too large', async () => {
      const boundary = 'b'.repeat(20_000);
      const head = `POST ${ENDPOINTS[0]?.url ?? ''} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${token}\r\nContent-Type: ${typeOf(boundary)}\r\nContent-Length: 4\r\n\r\n`;
      const answer = await raw(head, Buffer.from('body'));
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({ code: 3, msg: 'The request headers are too large', data: null });
    });
  });
});
