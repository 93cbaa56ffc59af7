import { customType, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by the table files (not tables: the barrel does not re-export them).

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** `timestamp with time zone`, read as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
