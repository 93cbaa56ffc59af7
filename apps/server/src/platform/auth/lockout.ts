import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';

/**
 * Counts one failed password in one statement, so concurrent failures all count. Reaching the
 * facility's maximum locks the account and starts the count again for after the lock.
 */
export async function recordFailedPassword(
  tx: DbOrTx,
  userId: number,
  settings: { maxFailedLogins: number; lockoutMinutes: number },
  now: Date,
): Promise<{ lockedUntil: Date | null }> {
  const reachesMax = sql`${users.failedLoginCount} + 1 >= ${settings.maxFailedLogins}`;
  const lockUntil = new Date(now.getTime() + settings.lockoutMinutes * 60_000);
  const [row] = await tx
    .update(users)
    .set({
      failedLoginCount: sql`CASE WHEN ${reachesMax} THEN 0 ELSE ${users.failedLoginCount} + 1 END`,
      lockedUntil: sql`CASE WHEN ${reachesMax} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return { lockedUntil: row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null };
}
