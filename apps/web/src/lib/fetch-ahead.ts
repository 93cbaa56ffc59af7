import type { Capabilities } from '@portal/contracts';
import { api } from './api-instance';

/**
 * Answers asked for before the page that shows them has loaded: at start, the calls a page will make are
 * sent beside the download of its code instead of after it. The page's query takes the answer once (as
 * its initial data when it is there already, else as its call's promise) and asks afresh every later
 * time, so each call is made once, as the page would have made it. Login and logout forget whatever is
 * left, so no answer outlives its session.
 */

interface Ahead {
  promise: Promise<unknown>;
  at: number;
  answer?: { value: unknown };
}

const ahead = new Map<string, Ahead>();

/** An answer no page took this long after it was asked for is not used: the page asks again. */
const KEEP_MS = 30_000;

/**
 * The calls a query made itself (nothing was asked ahead for it), while on their way: a component that mounts
 * before the start's own asking (the header's patient, say) has asked already, and asking again is a second
 * call for the same answer.
 */
const askedByQueries = new Map<string, Promise<unknown>>();

/**
 * GET `path` now (once: a second call answers the same promise, as does a call a query has on its way), for a
 * page's query to take later.
 */
export function fetchAhead<T>(path: string): Promise<T> {
  const found = ahead.get(path);
  if (found) return found.promise as Promise<T>;
  const asked = askedByQueries.get(path);
  if (asked) return asked as Promise<T>;
  const entry: Ahead = { promise: api.get<T>(path), at: Date.now() };
  entry.promise.then(
    (value) => {
      entry.answer = { value };
    },
    // A failure reaches the query that takes the promise; untaken, it is no one's error.
    () => undefined,
  );
  ahead.set(path, entry);
  return entry.promise as Promise<T>;
}

function take(path: string): Ahead | undefined {
  const found = ahead.get(path);
  ahead.delete(path);
  return found && Date.now() - found.at < KEEP_MS ? found : undefined;
}

/** A query's GET: the call asked for ahead, the first time and while fresh, else the call itself. */
export function getTakingAhead<T>(path: string, signal?: AbortSignal): Promise<T> {
  const taken = take(path);
  if (taken) return taken.promise as Promise<T>;
  const call = api.get<T>(path, signal ? { signal } : undefined);
  askedByQueries.set(path, call);
  const done = () => {
    if (askedByQueries.get(path) === call) askedByQueries.delete(path);
  };
  call.then(done, done);
  return call;
}

/**
 * A query's initial data: the answer asked for ahead when it has come already (the page then renders
 * with it at once, without a loading state in between), taken once; else undefined, and the query asks.
 */
export function answeredAhead<T>(path: string): T | undefined {
  const found = ahead.get(path);
  if (!found?.answer) return undefined;
  return take(path)?.answer?.value as T | undefined;
}

/** Drops every answer asked for ahead (a new login or a logout: none is for the next user). */
export function forgetAhead(): void {
  ahead.clear();
  askedByQueries.clear();
}

/** What a page is told at start to ask for its own data ahead: whose record, and what the user may see. */
export interface SessionAhead {
  userId: number;
  patientId: number;
  capabilities: Capabilities;
}

/** A page module's optional export: the calls the page makes first, asked for ahead (fetchAhead). */
export type PagePrefetch = (ahead: SessionAhead) => void;
