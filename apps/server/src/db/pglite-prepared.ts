// The timers module's own, which a test's fake timers do not replace: a statement must never wait for a faked clock.
import { setImmediate } from 'node:timers';
import {
  parse as pgliteParse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * PGlite's `query()` sends each statement unnamed: PostgreSQL parses, analyses and plans it anew every time, and
 * PGlite makes six calls into the database for it (parse, describe, bind, describe, execute, sync). The portal sends
 * the same few hundred statement texts over and over, so here each text is parsed once into a named prepared
 * statement, and a query is then one call: bind, execute and sync. PostgreSQL keeps the plan once it finds a
 * generic one as good as the custom ones (after five runs), as it does for any prepared statement.
 *
 * What callers see does not change: the same rows and counts as PGlite's own parsing gives (with the caller's
 * parsers), the same errors (a `DatabaseError` with the query and its parameters), the same locks (a query outside a
 * transaction waits for any running transaction, as PGlite's own `query()` does). Notices and notifications of these
 * statements are not passed on (the portal uses neither).
 */

/** How many statement texts stay prepared: the portal has a few hundred; the least recently used are closed first. */
export const PREPARED_STATEMENT_LIMIT = 512;

/** How long statements may run back to back before the event loop is let turn (see letEventLoopTurn). */
const EVENT_LOOP_TURN_MS = 10;

type RowDescriptionMessage = InstanceType<typeof protocol.messages.RowDescriptionMessage>;

interface PreparedStatement {
  name: string;
  paramTypes: number[];
  /** The columns of its rows (none for a statement that returns no rows). */
  fields: { name: string; dataTypeID: number }[];
}

const { serialize } = protocol;

// Backend message codes (PostgreSQL's frontend/backend protocol).
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'
const CHANGE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** The error of an ErrorResponse message, as PGlite's protocol parser makes it. */
function databaseError(message: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(message, (parsed) => {
    if (parsed instanceof protocol.messages.DatabaseError) error = parsed;
  });
  return error ?? new Error('The embedded database answered with an error it could not describe.');
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const message = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

function withQueryContext(err: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (err instanceof protocol.messages.DatabaseError) {
    // As PGlite's own query() attaches them (makePGliteError).
    Object.assign(err, { query, params, queryOptions: options });
  }
  return err;
}

class StatementCache {
  readonly #statements = new Map<string, PreparedStatement>();
  #counter = 0;
  /** Close messages for statements dropped from the cache, sent with the next message to the database. */
  #pendingCloses: Uint8Array[] = [];

  constructor(
    private readonly client: PGlite,
    private readonly limit: number,
  ) {}

  /** Runs a statement; the caller holds PGlite's query lock. */
  async run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
    await this.#letEventLoopTurn();
    try {
      return await this.#runOnce<T>(text, params, options);
    } catch (err) {
      const cached = this.#statements.get(text);
      if (!cached || !isStale(err)) {
        throw withQueryContext(err, text, params, options);
      }
      this.#drop(text, cached);
      try {
        return await this.#runOnce<T>(text, params, options);
      } catch (retryErr) {
        throw withQueryContext(retryErr, text, params, options);
      }
    } finally {
      if (!inTransaction) await this.client.syncToFs();
    }
  }

  #lastTurn = performance.now();

  /**
   * PGlite runs each statement synchronously and hands the lock on through promises, so under load one statement
   * follows another in a single chain of microtasks and the event loop does not turn until the queue is empty: new
   * connections wait in the kernel's queue and arriving requests are not read (about 100 ms per turn at 50
   * connections, and new connections admitted one per turn, 2 s for the last of 50). Holding the lock, every
   * EVENT_LOOP_TURN_MS the chain waits for one turn of the loop, so requests are read and timers run meanwhile.
   */
  async #letEventLoopTurn(): Promise<void> {
    if (performance.now() - this.#lastTurn < EVENT_LOOP_TURN_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.#lastTurn = performance.now();
  }

  async #runOnce<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text));
    // Most recently used last, so the first entry is the one to close when the cache is full.
    this.#statements.delete(text);
    this.#statements.set(text, statement);

    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serializeParam = options?.serializers?.[oid] ?? this.client.serializers[oid];
      // As PGlite's own query(): a type without a serialiser is sent as the value's text.
      return serializeParam ? serializeParam(param) : (param as { toString(): string }).toString();
    });
    // The raw stream, not execProtocolRaw: that one runs every byte through PGlite's protocol parser as well.
    const chunks: Uint8Array[] = [];
    await this.client.execProtocolRawStream(
      concat([
        ...this.#takePendingCloses(),
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      // The bytes are the database's own memory, reused by the next write: kept as a copy.
      { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) },
    );
    return this.#results<T>(statement, chunks.length === 1 ? chunks[0]! : concat(chunks), options);
  }

  /**
   * The answer read from the bytes the database wrote, as PGlite's own query() gives it for one statement. PGlite
   * makes an object of every message, copies each value's bytes before decoding them, and copies its whole table of
   * type parsers on every call (together a third of the server's time under load); here the values are decoded in
   * place and each column's parser is looked up once per call. An error is read by PGlite's own protocol parser.
   */
  #results<T>(statement: PreparedStatement, answer: Uint8Array, options: QueryOptions | undefined): Results<T> {
    const { fields } = statement;
    const parsers = fields.map(
      (field) => options?.parsers?.[field.dataTypeID] ?? this.client.parsers[field.dataTypeID],
    );
    const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
    const rows: unknown[] = [];
    let result: Results<T> = { rows: [], fields: [], affectedRows: 0 };
    let offset = 0;
    while (offset < bytes.length) {
      const code = bytes[offset]!;
      const start = offset + 5;
      const end = offset + 1 + bytes.readInt32BE(offset + 1);
      if (code === DATA_ROW) {
        const count = bytes.readInt16BE(start);
        const row: unknown[] | Record<string, unknown> = options?.rowMode === 'array' ? new Array(count) : {};
        let at = start + 2;
        for (let i = 0; i < count; i++) {
          const length = bytes.readInt32BE(at);
          at += 4;
          let value: unknown = null;
          if (length >= 0) {
            const text = bytes.toString('utf8', at, at + length);
            at += length;
            const parser = parsers[i];
            value = parser ? parser(text, fields[i]!.dataTypeID) : text;
          }
          if (Array.isArray(row)) row[i] = value;
          else row[fields[i]!.name] = value;
        }
        rows.push(row);
      } else if (code === COMMAND_COMPLETE) {
        // A tag ends in its row count ("SELECT 2", "INSERT 0 5") or in a word ("CREATE TABLE").
        const parts = bytes.toString('utf8', start, end - 1).split(' ');
        const command = parts[0]!;
        const rowCount = parseInt(parts[parts.length - 1]!, 10);
        result = {
          rows: rows as T[],
          fields,
          command,
          affectedRows: CHANGE_COMMANDS.has(command) ? rowCount : 0,
          ...(Number.isNaN(rowCount) ? {} : { rowCount }),
        };
      } else if (code === ERROR_RESPONSE) {
        throw databaseError(answer.subarray(offset, end));
      }
      offset = end;
    }
    return result;
  }

  async #prepare(text: string): Promise<PreparedStatement> {
    const name = `portal_${++this.#counter}`;
    const messages = await this.client.execProtocolStream(
      concat([
        ...this.#takePendingCloses(),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: PreparedStatement = {
      name,
      paramTypes: pgliteParse.parseDescribeStatementResults(messages),
      fields:
        (
          messages.find((message) => message.name === 'rowDescription') as RowDescriptionMessage | undefined
        )?.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) ?? [],
    };
    if (this.#statements.size >= this.limit) {
      const [oldestText, oldest] = this.#statements.entries().next().value as [string, PreparedStatement];
      this.#drop(oldestText, oldest);
    }
    this.#statements.set(text, statement);
    return statement;
  }

  #drop(text: string, statement: PreparedStatement): void {
    this.#statements.delete(text);
    this.#pendingCloses.push(serialize.close({ type: 'S', name: statement.name }));
  }

  #takePendingCloses(): Uint8Array[] {
    const closes = this.#pendingCloses;
    this.#pendingCloses = [];
    return closes;
  }
}

/**
 * A prepared statement the server no longer knows (DEALLOCATE ALL, DISCARD ALL), or whose result columns changed
 * under it (a migration altered a table it reads): it is prepared again, once.
 */
function isStale(err: unknown): boolean {
  if (!(err instanceof protocol.messages.DatabaseError)) return false;
  return (
    (err.code === '26000' && /prepared statement .* does not exist/.test(err.message)) ||
    (err.code === '0A000' && /cached plan must not change result type/.test(err.message))
  );
}

/**
 * PGlite with `query()` (outside and inside transactions) going through named prepared statements; everything else
 * (exec, listen, close, the raw protocol) is PGlite's own.
 */
export function withPreparedStatements(client: PGlite, limit = PREPARED_STATEMENT_LIMIT): PGlite {
  const cache = new StatementCache(client, limit);

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    // A file to copy from or to, or parameter types given by the caller: PGlite's own path handles those.
    if (options?.blob || options?.paramTypes) return client.query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => cache.run<T>(text, params, options, false)),
    );
  };

  const preparedTransaction = (tx: Transaction): Transaction => {
    const txQuery = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      if (options?.blob || options?.paramTypes) return tx.query<T>(text, params, options);
      // As PGlite's own transaction: a closed one refuses, and the transaction already holds the transaction lock.
      if (tx.closed) throw new Error('Transaction is closed');
      return client._runExclusiveQuery(() => cache.run<T>(text, params, options, true));
    };
    return Object.assign(Object.create(tx) as Transaction, { query: txQuery });
  };

  const overrides: Partial<PGlite> = {
    query,
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => work(preparedTransaction(tx))),
  };
  return new Proxy(client, {
    get: (target, prop) => {
      if (Object.hasOwn(overrides, prop)) return overrides[prop as keyof PGlite] as unknown;
      const value: unknown = Reflect.get(target, prop, target);
      // PGlite's methods check their receiver (private fields), so they run on the client itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
