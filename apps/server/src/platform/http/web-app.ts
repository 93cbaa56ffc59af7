import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../config';

/** Serves the built web app: its files, and index.html for any page address the app's router owns. */
export function registerWebApp(app: FastifyInstance, config: Config): void {
  const webRoot = config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist');
  const indexFile = path.join(webRoot, 'index.html');
  const serveWeb = existsSync(indexFile);
  if (serveWeb) {
    void app.register(fastifyStatic, {
      root: webRoot,
      // One catch-all route; a missing file falls through to the not-found handler below.
      wildcard: true,
      index: ['index.html'],
      redirect: false,
      setHeaders: (reply, filePath) => {
        // Vite puts content hashes in asset names, so they never change under the same URL.
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '') &&
      (request.headers.accept ?? '').includes('text/html');
    if (serveWeb && wantsPage) {
      // The app's own router decides what the path shows.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'not_found', message: 'Not found.', requestId: request.id });
  });
}
