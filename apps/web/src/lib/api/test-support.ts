/**
 * Test fakes for the API client: in-memory Storage, a fake clock whose `sleep` is counted (not
 * slept), and a fake fetch that records requests and answers from scripted replies.
 * Only imported by *.test.ts files.
 */
import { afterEach, expect } from 'vitest';
import { ApiError, createApiClient } from './client';
import type { ApiClient, ClientDeps, PortalType } from './client';
import type { StorageLike } from './session';

export class MemoryStorage implements StorageLike {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}

/** Start of the fake clock (an arbitrary fixed epoch ms). */
export const T0 = 1_700_000_000_000;

export interface RecordedRequest {
  method: string;
  url: string;
  /** `METHOD /path` without the query, e.g. 'POST /token'. */
  key: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
  /** Fake time at which the request was sent. */
  at: number;
}

export type Reply =
  | {
      status?: number;
      /** Sent as JSON. */
      json?: unknown;
      /** Sent as is (takes precedence over `json`). */
      text?: string;
      /** The answer arrives this many fake ms after the request. */
      afterMs?: number;
    }
  | { networkError: true }
  | { never: true };

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

// Node's setImmediate (the web tsconfig has no Node types); a macrotask lets all pending
// promise chains (fetch answers, body reads) finish before the clock moves on.
const nodeSetImmediate = (globalThis as unknown as { setImmediate?: (callback: () => void) => void }).setImmediate;
const macrotask = () =>
  new Promise<void>((resolve) => (nodeSetImmediate ? nodeSetImmediate(resolve) : setTimeout(resolve, 0)));

export function createHarness(
  options: {
    portalType?: PortalType;
    baseUrl?: string;
    storage?: MemoryStorage;
  } = {},
) {
  let clock = T0;
  let seq = 0;
  const timers: Timer[] = [];
  const sleeps: number[] = [];
  /** Sleeps and requests in the order they happened: 'sleep 100', 'GET /x', ... */
  const events: string[] = [];
  const requests: RecordedRequest[] = [];
  const unscripted: string[] = [];
  const queues = new Map<string, Reply[]>();
  const storage = options.storage ?? new MemoryStorage();
  let portalType: PortalType = options.portalType ?? 'patientPortal';
  let sessionTimeouts = 0;

  function addTimer(at: number, fire: () => void): void {
    timers.push({ at, seq: seq++, fire });
  }

  /** Scripts the next answers for `METHOD /path` (consumed in order). */
  function reply(key: string, ...replies: Reply[]): void {
    queues.set(key, [...(queues.get(key) ?? []), ...replies]);
  }

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.split('?')[0]}`;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    requests.push({
      method,
      url,
      key,
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
      at: clock,
    });
    events.push(key);

    const next = queues.get(key)?.shift();
    if (next === undefined) {
      unscripted.push(key);
      throw new TypeError(`unscripted request ${key}`);
    }
    if ('networkError' in next) throw new TypeError('Failed to fetch');
    if ('never' in next) return new Promise<Response>(() => {});
    const status = next.status ?? 200;
    const body = next.text !== undefined ? next.text : next.json !== undefined ? JSON.stringify(next.json) : null;
    const make = () =>
      new Response(status === 204 ? null : body, {
        status,
        headers: next.text !== undefined ? { 'content-type': 'text/plain' } : { 'content-type': 'application/json' },
      });
    if (!next.afterMs) return make();
    return new Promise<Response>((resolve) => addTimer(clock + (next.afterMs ?? 0), () => resolve(make())));
  };

  const deps: ClientDeps = {
    baseUrl: options.baseUrl ?? '',
    fetch: fakeFetch,
    storage,
    now: () => clock,
    sleep: (ms) => {
      sleeps.push(ms);
      events.push(`sleep ${ms}`);
      return new Promise<void>((resolve) => addTimer(clock + ms, resolve));
    },
    portalType: () => portalType,
    onSessionTimeout: () => {
      sessionTimeouts++;
    },
  };
  const client: ApiClient = createApiClient(deps);

  /**
   * Drives the fake clock until `promise` settles: lets pending work run, then jumps to the next
   * timer (sleep or delayed answer) and fires every timer due at that time. Returns the outcome
   * without throwing, so tests can inspect rejections.
   */
  async function run<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
    let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
    promise.then(
      (value) => (outcome = { ok: true, value }),
      (error: unknown) => (outcome = { ok: false, error }),
    );
    for (;;) {
      for (let i = 0; i < 5; i++) await macrotask();
      if (outcome) return outcome;
      if (timers.length === 0) throw new Error('deadlock: promise pending and nothing scheduled');
      timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const first = timers[0];
      if (!first) continue;
      clock = Math.max(clock, first.at);
      const due = timers.filter((t) => t.at <= clock);
      timers.splice(0, due.length);
      for (const timer of due) timer.fire();
    }
  }

  /** Like `run`, but returns the error (fails when the promise resolves). */
  async function runError(promise: Promise<unknown>): Promise<unknown> {
    const outcome = await run(promise);
    if (outcome.ok) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
    return outcome.error;
  }

  /** Like `run`, but returns the value (rethrows a rejection). */
  async function runValue<T>(promise: Promise<T>): Promise<T> {
    const outcome = await run(promise);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** Stores a session as if logged in at the current fake time. */
  function login(
    token: {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      loginType?: string;
    } = {},
    userName = 'jdoe',
  ): void {
    client.session.set(
      {
        access_token: 'A1',
        refresh_token: 'R1',
        expires_in: 3600,
        loginType: 'patient',
        ...token,
      },
      { userName },
    );
  }

  return {
    client,
    deps,
    storage,
    requests,
    events,
    sleeps,
    unscripted,
    reply,
    run,
    runError,
    runValue,
    login,
    get now() {
      return clock;
    },
    /** Moves the fake clock forward without sleeping (time passing between user actions). */
    advance(ms: number) {
      clock += ms;
    },
    setPortalType(value: PortalType) {
      portalType = value;
    },
    get sessionTimeouts() {
      return sessionTimeouts;
    },
  };
}

export type Harness = ReturnType<typeof createHarness>;

/**
 * A file's harness maker: each test sets up its own harness, and after each test every request it
 * caused must have been scripted (an unscripted one would otherwise only show up as a network error).
 */
export function harnessPerTest(): (...args: Parameters<typeof createHarness>) => Harness {
  let current: Harness | undefined;
  afterEach(() => {
    expect(current?.unscripted ?? []).toEqual([]);
    current = undefined;
  });
  return (...args) => {
    current = createHarness(...args);
    return current;
  };
}

/** A successful POST /token answer, numbered: access token A<n>, refresh token R<n>. */
export function tokenAnswer(n: number, expiresIn = 3600): Reply {
  return {
    json: {
      access_token: `A${n}`,
      refresh_token: `R${n}`,
      expires_in: expiresIn,
      loginType: 'patient',
    },
  };
}

export function asApiError(error: unknown): ApiError {
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
