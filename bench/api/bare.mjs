// The baseline of bench/api: a bare Fastify 5 route in its own process, the
// most a Node process on this machine can answer. `node bench/api/bare.mjs PORT`
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void app.close().then(() => process.exit(0)));
