import Fastify from 'fastify';

/** The baseline of API benchmarks: a bare Fastify JSON route answering a payload of a given size. */
const port = Number(process.env.PORT);
const payload = JSON.parse(process.env.PAYLOAD ?? '{}') as unknown;
const app = Fastify();
app.post('/baseline', async () => payload);
await app.listen({ host: '127.0.0.1', port });
console.log('baseline ready');
