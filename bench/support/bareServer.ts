import Fastify from 'fastify';

/** Baseline for the cold-start benchmark: Fastify answering one page, nothing else. */
const app = Fastify();
app.get('/', (_request, reply) =>
  reply.type('text/html').send('<!doctype html><title>bare</title>'),
);
await app.listen({ port: Number(process.env.PORT ?? 4391), host: '127.0.0.1' });
