import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

const CSP_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // The component library writes CSS variables into a style element at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The headers of an answer the server writes outside the route hooks (a path that is no valid URL, a request the
 * HTTP parser refuses): the same policy as every other answer.
 */
export function baselineSecurityHeaders(): Record<string, string> {
  const csp = Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join(';');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
}

/** Strict headers on every response; health data responses are never cached. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES, ...(options.https ? { upgradeInsecureRequests: [] } : {}) },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    xContentTypeOptions: true,
    frameguard: { action: 'deny' },
  });
  // Paths match whatever their case, so the rule does too; /token answers carry tokens.
  app.addHook('onSend', async (request, reply) => {
    const path = request.url.toLowerCase();
    if (
      (path.startsWith('/api/') ||
        path.startsWith('/integration/v1/') ||
        path === '/token' ||
        path.startsWith('/token?')) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
  });
}
