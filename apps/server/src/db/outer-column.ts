import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column of the outer query named with its table, for a correlated subquery: drizzle leaves columns bare in a
 * one-table select, and a bare "id" inside the subquery would be the subquery's own.
 */
export function outerColumn(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
