import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built site. Hashed assets are cached for a year; everything else (index.html,
 * manifest) is revalidated so a new deploy shows at once.
 */
export async function serveSite(app: FastifyInstance, staticDir: string | null): Promise<void> {
  if (!staticDir) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    index: false,
    setHeaders(res, filePath) {
      const immutable = /[\\/]assets[\\/]/.test(filePath);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_request, reply) =>
    reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html'),
  );
}
