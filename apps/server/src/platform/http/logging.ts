import type { FastifyServerOptions } from 'fastify';

const MASK = '[REDACTED]';

// Query parameters that carry credentials or identity (download tokens, link ids, PINs, usernames and emails).
const SECRET_QUERY_PARAMS =
  /([?&](?:token|access_token|refresh_token|data|pin|u|id|ptId|password|secret|code|userName|username|email|mrn|externalId|firstName|lastName|birthDate|dateOfBirth|ssn)=)[^&]*/gi;

/**
 * Path parameters whose values are secrets or identify a person outside the portal's own numbering: tokens, PINs,
 * kiosk secrets, encrypted ids, MRNs, external record ids, usernames and emails. The portal's surrogate ids
 * (patientId, userId, contactId...) stay readable: they mean nothing outside its database and tie a log line to the
 * audit trail.
 */
const SECRET_PARAM_NAME = /token|pin|secret|password|encrypted|mrn|external|email|username|ssn/i;

/** The shape of one route for the log: its segments, each static text or a parameter to show or to mask. */
type Segment = { text: string } | { param: string; masked: boolean };

interface RouteShapes {
  /** By route pattern as registered (what request.routeOptions.url holds). */
  byPattern: Map<string, Segment[]>;
  /** The static words each of the first two path positions has in some route: what an unknown path may keep. */
  knownWords: [Set<string>, Set<string>];
}

function shapeOf(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((segment): Segment => {
      // A wildcard's value is any path at all: shown as nothing but a mask.
      if (segment.includes('*')) return { param: '*', masked: true };
      if (segment.startsWith(':')) return { param: segment.slice(1), masked: SECRET_PARAM_NAME.test(segment.slice(1)) };
      return { text: segment };
    });
}

// The route table is filled while the app registers its routes and no longer changes once requests come in;
// the count of entries tells a table that has grown since.
const shapesCache = new WeakMap<readonly { url: string }[], { size: number; shapes: RouteShapes }>();

function routeShapes(table: readonly { url: string }[]): RouteShapes {
  const cached = shapesCache.get(table);
  if (cached && cached.size === table.length) return cached.shapes;
  const shapes: RouteShapes = { byPattern: new Map(), knownWords: [new Set(), new Set()] };
  for (const { url } of table) {
    const shape = shapeOf(url);
    shapes.byPattern.set(url, shape);
    shape.slice(0, 2).forEach((segment, i) => {
      if ('text' in segment) shapes.knownWords[i]!.add(segment.text.toLowerCase());
    });
  }
  shapesCache.set(table, { size: table.length, shapes });
  return shapes;
}

/** The query as logged, with its `?`: its secret parameters masked. */
function redactQuery(query: string): string {
  return query ? `?${query}`.replace(SECRET_QUERY_PARAMS, `$1${MASK}`) : '';
}

/**
 * A path no route holds (a 404, the web app's pages, a kiosk device's /kio{secret}): its first two segments when
 * some route has those words there, else a mask, and nothing of the rest but a mask.
 */
function redactUnknownPath(path: string, knownWords: [Set<string>, Set<string>] | null): string {
  const segments = path.split('/').filter(Boolean);
  const shown = segments
    .slice(0, 2)
    .map((segment, i) => (knownWords?.[i]!.has(segment.toLowerCase()) ? segment : MASK));
  if (segments.length > 2) shown.push(MASK);
  return `/${shown.join('/')}`;
}

export interface LoggedRequest {
  url: string;
  /** The matched route's pattern (Fastify's request.routeOptions); absent for a path no route holds. */
  routeOptions?: { url?: string };
  params?: unknown;
  /** The app, whose routeTable lists every route. */
  server?: { routeTable?: readonly { url: string }[] };
}

/**
 * The URL a log line shows: the matched route's pattern with its parameters filled in, those that carry a secret
 * or an identifier masked, whatever trailing slashes, empty segments or encodings the raw URL had; the query with
 * its secret parameters masked. The route table decides which routes exist and which of their parameters hide.
 */
export function redactUrl(request: LoggedRequest): string {
  const raw = request.url ?? '';
  const queryAt = raw.indexOf('?');
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const query = redactQuery(queryAt === -1 ? '' : raw.slice(queryAt + 1));
  const table = request.server?.routeTable;
  const shapes = table ? routeShapes(table) : null;
  const pattern = request.routeOptions?.url;
  const shape = pattern === undefined ? undefined : shapes?.byPattern.get(pattern);
  if (!shape) return redactUnknownPath(path, shapes?.knownWords ?? null) + query;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const filled = shape.map((segment) => {
    if ('text' in segment) return segment.text;
    if (segment.masked) return MASK;
    const value = params[segment.param];
    return typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(value) : '';
  });
  return `/${filled.join('/')}${query}`;
}

/** pino options: JSON lines with request ids; secrets and health data never reach the log. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["link-data"]',
        'req.headers["last-name"]',
        'req.headers["birth-date"]',
        'req.headers["sso-id"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        '*.confirmPassword',
        '*.ssn',
        '*.pin',
        '*.access_token',
        '*.refresh_token',
        '*.token',
      ],
      censor: MASK,
    },
    serializers: {
      req: (req: LoggedRequest & { method: string; id: string; headers: Record<string, unknown> }) => ({
        method: req.method,
        url: redactUrl(req),
        id: req.id,
        portalType: req.headers['portal-type'],
        userAgent: req.headers['user-agent'],
      }),
    },
  };
}
