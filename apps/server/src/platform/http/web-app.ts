import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../config';
import { answerError } from '../errors/error-handler';

/**
 * Serves the built web app: its files, and index.html for any page address the app's router owns.
 * The build writes a .br and a .gz beside each compressible file (apps/web/scripts/precompress.mjs);
 * they are sent as they are to a browser that accepts them, with Vary: Accept-Encoding. Such an answer
 * carries its Content-Encoding, which @fastify/compress leaves alone, so no file is compressed per request.
 */
export function registerWebApp(app: FastifyInstance, config: Config): void {
  const webRoot = config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist');
  const indexFile = path.join(webRoot, 'index.html');
  const serveWeb = existsSync(indexFile);
  // Source maps show the app's source: a developer's tool, not served in production.
  const refuseMaps = config.env === 'production';
  if (serveWeb) {
    void app.register(fastifyStatic, {
      root: webRoot,
      // One catch-all route; a missing file falls through to the not-found handler below.
      wildcard: true,
      index: ['index.html'],
      redirect: false,
      preCompressed: true,
      // Checked against the file asked for (a .br or .gz sent for it counts as that file).
      allowedPath: refuseMaps ? (pathName) => !pathName.toLowerCase().endsWith('.map') : undefined,
      setHeaders: (reply, filePath) => {
        // Vite puts content hashes in asset names, so they never change under the same URL.
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // Fastify takes the 404 context's error handler here as for a route (lib/four-oh-four.js), though its types omit it.
  const notFoundOptions: object = {
    errorHandler: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      answerError(err, request, reply);
    },
  };
  app.setNotFoundHandler(notFoundOptions, (request, reply) => {
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
