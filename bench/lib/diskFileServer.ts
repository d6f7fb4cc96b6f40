import { createReadStream, statSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The baseline of B10: a bare Fastify route serving one file from disk (whole, or one byte range)
 * with `fs.createReadStream`, the same framework and transport as the file service without the
 * database, the access checks and the chunks.
 */
const port = Number(process.env.PORT);
const path = process.env.FILE ?? '';
const size = statSync(path).size;
const app = Fastify();
app.get('/file', async (request, reply) => {
  const match = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? ''));
  if (!match) return reply.header('content-type', 'video/mp4').header('content-length', String(size)).send(createReadStream(path));
  const start = Number(match[1]);
  const end = Math.min(Number(match[2]), size - 1);
  return reply
    .status(206)
    .header('content-type', 'video/mp4')
    .header('content-length', String(end - start + 1))
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .send(createReadStream(path, { start, end }));
});
await app.listen({ host: '127.0.0.1', port });
console.log('disk file server ready');
