import type { DbOrTx } from './client';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A hot statement built and prepared once per database handle, then executed with its placeholders' values
 * (`sql.placeholder('patientId')`): no SQL is built per request, and PostgreSQL plans it once per connection.
 * `name` must be unique in the server (it names the statement on PostgreSQL). Inside a transaction the statement
 * is built for that transaction, which is short-lived, so nothing is kept for it.
 */
export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx) => T): T {
  if (isTransaction(db)) return build(db);
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}

function isTransaction(db: DbOrTx): boolean {
  // drizzle's transactions have rollback(); the database handle has not.
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}
