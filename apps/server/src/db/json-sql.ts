import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// For answers the database writes as JSON text in the statement that reads them (platform/http/serializer.ts,
// writtenAsJson): the values must come out exactly as the API's own serialisers write them.

/** A timestamptz as JavaScript's toISOString writes it (UTC, milliseconds, Z), whatever the session's time zone. */
export function isoInstant(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A JSON object of these keys (the API's names) and values, as json_build_object writes it. */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => {
    // Keys are the API's own identifiers, written into the statement; anything else is a programming error.
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`jsonObject: '${key}' is not a key name`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The JSON array of `element` over the rows the statement reads, in this order; [] when it reads none. */
export function jsonArrayText(element: SQL, orderBy: SQL): SQL<string> {
  return sql<string>`coalesce(json_agg(${element} order by ${orderBy}), '[]'::json)::text`;
}
