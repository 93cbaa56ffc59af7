import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { INTEGRATION_SCOPES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { IntegrationClientsService } from './modules/integration/integration.service';

// `npm run import -- --facility riverside file.ndjson`: loads the integration API's resources from NDJSON, one per
// line, through the API's own routes (the same validation, transactions, audit and "a resend changes nothing"),
// as a client registered for the run and revoked at its end, so the audit names the import.
//
// A line is {"put": "<path under /integration/v1>", "body": {...}} or {"delete": "<path>"}, e.g.
//   {"put": "/patients/RCC-100234/lab-results/ACC-1", "body": {"isPublished": true, ...}}
// Lines of one patient run in file order (a patient before their results), several patients at once. Bad lines are reported with their number and reason,
// written to the rejects file, and do not stop the others.

/** Progress is reported every this many lines. */
export const IMPORT_BATCH_LINES = 500;
/** Calls in flight at once (lines of different patients; the database pool serves them side by side). */
export const IMPORT_CONCURRENCY = 8;
/** A line longer than this is rejected unread (a note's pages travel base64-encoded: 20 MiB like the API). */
const MAX_LINE_CHARS = 28 * 1024 * 1024;
const PREFIX = '/integration/v1';

export interface ImportSummary {
  lines: number;
  /** PUTs that stored or changed something. */
  written: number;
  /** PUTs of what was already there as sent (a resend): nothing written (issue 32, finding 20). */
  unchanged: number;
  withdrawn: number;
  rejected: number;
  seconds: number;
  /** How far through the file (0 to 1), for a progress bar. */
  fraction: number;
}

export interface ImportProgress {
  (summary: ImportSummary): void;
}

interface Rejection {
  line: number;
  reason: string;
}

type ParsedLine = { method: 'PUT' | 'DELETE'; path: string; body?: unknown } | { error: string };

export function parseImportLine(text: string): ParsedLine {
  if (text.length > MAX_LINE_CHARS) return { error: 'The line is longer than 28 MiB.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'The line is not JSON.' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'The line is not a JSON object.' };
  const line = value as Record<string, unknown>;
  const method = typeof line.put === 'string' ? 'PUT' : typeof line.delete === 'string' ? 'DELETE' : null;
  if (!method) return { error: 'The line names no "put" or "delete" path.' };
  const path = String(method === 'PUT' ? line.put : line.delete);
  if (!/^\/[A-Za-z0-9._~:@^|+=%/-]{1,600}$/.test(path) || path.includes('..') || path.startsWith('/token')) {
    return { error: `"${method === 'PUT' ? 'put' : 'delete'}" is not a resource path under ${PREFIX}.` };
  }
  if (method === 'PUT' && (line.body === undefined || line.body === null))
    return { error: 'A "put" line needs a body.' };
  return method === 'PUT' ? { method, path, body: line.body } : { method, path };
}

/** A PUT's answer saying it changed nothing: { changed: false } of a record, { outcome: 'unchanged' } of a document. */
function isResend(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { changed?: unknown; outcome?: unknown };
    return parsed.changed === false || parsed.outcome === 'unchanged';
  } catch {
    return false;
  }
}

/** The reason of a refused call: the API's own message, with the field it names. */
function reasonOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: string; field?: string; error?: string };
    const message = parsed.message ?? parsed.error ?? `HTTP ${status}`;
    return parsed.field ? `${status} ${message} (field ${parsed.field})` : `${status} ${message}`;
  } catch {
    return `HTTP ${status}`;
  }
}

export async function importNdjson(options: {
  app: FastifyInstance;
  facility: string;
  file: string;
  rejectsFile: string;
  onProgress?: ImportProgress;
}): Promise<ImportSummary & { rejections: Rejection[] }> {
  const { app } = options;
  const clients = new IntegrationClientsService(app.deps.database.db, (s) => app.deps.sealedTokens.sealSecret(s));
  const started = Date.now();
  const client = await clients.create({
    facility: options.facility,
    name: `Bulk import ${new Date(started).toISOString()}`,
    scopes: INTEGRATION_SCOPES.filter((s) => s !== 'events').join(' '),
  });
  const summary: ImportSummary = {
    lines: 0,
    written: 0,
    unchanged: 0,
    withdrawn: 0,
    rejected: 0,
    seconds: 0,
    fraction: 0,
  };
  const totalBytes = Math.max((await stat(options.file)).size, 1);
  let bytesRead = 0;
  const rejections: Rejection[] = [];
  let rejects: WriteStream | undefined;
  let token = '';
  let tokenExpires = 0;
  const freshToken = async () => {
    // Tokens live 5 minutes; an import may take longer.
    if (Date.now() < tokenExpires) return token;
    const issued = await app.deps.integration.issue(
      { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret ?? '' },
      [],
    );
    token = issued.access_token;
    tokenExpires = Date.now() + (issued.expires_in - 30) * 1000;
    return token;
  };
  const reject = (line: number, reason: string, text: string) => {
    summary.rejected += 1;
    if (rejections.length < 1000) rejections.push({ line, reason });
    rejects ??= createWriteStream(options.rejectsFile);
    rejects.write(
      `${JSON.stringify({ line, reason, record: text.length <= 100_000 ? text : '(too long to copy)' })}\n`,
    );
  };

  const send = async (lineNumber: number, parsed: Exclude<ParsedLine, { error: string }>, text: string) => {
    const res = await app.inject({
      method: parsed.method,
      url: `${PREFIX}${parsed.path}`,
      headers: {
        authorization: `Bearer ${await freshToken()}`,
        ...(parsed.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(parsed.body === undefined ? {} : { payload: JSON.stringify(parsed.body) }),
    });
    if (res.statusCode >= 300) reject(lineNumber, reasonOf(res.statusCode, res.body), text);
    else if (parsed.method === 'DELETE') summary.withdrawn += 1;
    else if (isResend(res.body)) summary.unchanged += 1;
    else summary.written += 1;
  };

  // Up to IMPORT_CONCURRENCY lines at once, yet in file order for each patient (a patient before their results);
  // a line about no one patient (a care provider, an article) waits for everything before it, and holds what follows.
  const inFlight = new Set<Promise<void>>();
  const lastOfPatient = new Map<string, Promise<void>>();
  const input = createInterface({ input: createReadStream(options.file, 'utf8'), crlfDelay: Infinity });
  try {
    let lineNumber = 0;
    for await (const text of input) {
      lineNumber += 1;
      bytesRead += Buffer.byteLength(text, 'utf8') + 1;
      if (text.trim() === '') continue;
      summary.lines += 1;
      const parsed = parseImportLine(text);
      if ('error' in parsed) {
        reject(lineNumber, parsed.error, text);
      } else {
        const patient = /^\/patients\/([^/]+)/.exec(parsed.path)?.[1];
        if (patient === undefined) {
          await Promise.all(inFlight);
          await send(lineNumber, parsed, text);
        } else {
          while (inFlight.size >= IMPORT_CONCURRENCY) await Promise.race(inFlight);
          const before = lastOfPatient.get(patient);
          const line = lineNumber;
          const task: Promise<void> = (before ?? Promise.resolve())
            .then(() => send(line, parsed, text))
            .finally(() => {
              inFlight.delete(task);
              if (lastOfPatient.get(patient) === task) lastOfPatient.delete(patient);
            });
          inFlight.add(task);
          lastOfPatient.set(patient, task);
        }
      }
      if (summary.lines % IMPORT_BATCH_LINES === 0) {
        summary.seconds = (Date.now() - started) / 1000;
        summary.fraction = Math.min(bytesRead / totalBytes, 1);
        options.onProgress?.({ ...summary });
      }
    }
    await Promise.all(inFlight);
  } finally {
    input.close();
    await Promise.allSettled(inFlight);
    await new Promise<void>((resolve) => (rejects ? rejects.end(resolve) : resolve()));
    await clients.revoke(client.clientId);
  }
  rejections.sort((a, b) => a.line - b.line);
  summary.seconds = (Date.now() - started) / 1000;
  summary.fraction = 1;
  options.onProgress?.({ ...summary });
  return { ...summary, rejections };
}
