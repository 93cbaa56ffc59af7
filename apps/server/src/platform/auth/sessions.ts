import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { facilities, refreshTokens, sessions, users } from '../../db/schema/index';
import { hashSecret, newToken } from './secrets';
import { userStandingColumns, type UserStanding } from '../access/user-standing';

export type LoginType = (typeof sessions.$inferSelect)['loginType'];

export interface NewSession {
  userId: number | null;
  patientId: number | null;
  facilityId: number;
  loginType: LoginType;
}

export interface IssuedTokens {
  sessionId: number;
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

/** The caller behind a valid access token. */
export interface SessionCaller {
  sessionId: number;
  userId: number | null;
  /** Set for kiosk and link users: the one patient they may act for. */
  boundPatientId: number | null;
  facilityId: number;
  loginType: LoginType;
  /** Whether the user accepted the terms of use (true for kiosk and link sessions, which have no user). */
  termsAccepted?: boolean;
  /** Read with the session for a patient route: how the user stands to the path's patient (see patient-access). */
  standing?: UserStanding;
  /** How long the session may sit idle, in seconds (a kiosk user's is the facility's short limit). */
  idleSeconds?: number;
}

type SessionRow = typeof sessions.$inferSelect;
export type RefreshOutcome =
  | { ok: true; tokens: IssuedTokens; session: SessionRow }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'reused' | 'ended'; session: SessionRow };

const LAST_SEEN_RESOLUTION_MS = 30_000;
/** A session with a short idle limit of its own (a kiosk user's) records its last request more closely. */
const SHORT_IDLE_LAST_SEEN_RESOLUTION_MS = 10_000;

/** The session of an access token (hashed), alone or with how its user stands to a patient (patient routes). */
function prepareLookups(db: DbOrTx) {
  const tokenHash = eq(sessions.accessTokenHash, sql.placeholder('tokenHash'));
  return {
    byToken: db
      .select({ session: sessions, termsAccepted: users.isEulaAccepted })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(tokenHash)
      .limit(1)
      .prepare('session_by_token'),
    byTokenForPatient: db
      .select({
        session: sessions,
        termsAccepted: users.isEulaAccepted,
        ...userStandingColumns(sessions.userId, sql.placeholder('patientId')),
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(tokenHash)
      .limit(1)
      .prepare('session_by_token_for_patient'),
  };
}

/**
 * Server sessions: opaque access and refresh tokens stored hashed, refresh rotation with reuse
 * detection (a used refresh token presented again revokes the session, which is its family), and
 * idle and absolute limits checked on every call.
 */
export class SessionService {
  constructor(
    private readonly db: DbOrTx,
    private readonly limits: Config['session'],
    private readonly now: () => Date = () => new Date(),
  ) {}

  private accessLifetimeMs() {
    return this.limits.accessTokenMinutes * 60_000;
  }

  private idleMs(row: { idleMinutes: number | null }) {
    return (row.idleMinutes ?? this.limits.idleMinutes) * 60_000;
  }

  // Every call looks its session up: the statements are prepared once, not built per call.
  private lookups?: ReturnType<typeof prepareLookups>;

  async create(tx: DbOrTx, session: NewSession): Promise<IssuedTokens> {
    const now = this.now();
    const accessToken = newToken();
    const refreshToken = newToken();
    const absoluteExpiresAt = new Date(now.getTime() + this.limits.absoluteHours * 3_600_000);
    const accessExpiresAt = new Date(Math.min(now.getTime() + this.accessLifetimeMs(), absoluteExpiresAt.getTime()));
    // A kiosk user is at a shared device in a waiting room: the facility's short idle limit, kept on the session.
    const idleMinutes =
      session.loginType === 'patientKioskUser'
        ? ((
            await tx
              .select({ minutes: facilities.kioskUserIdleMinutes })
              .from(facilities)
              .where(eq(facilities.id, session.facilityId))
          )[0]?.minutes ?? null)
        : null;
    const [row] = await tx
      .insert(sessions)
      .values({
        ...session,
        idleMinutes,
        accessTokenHash: hashSecret(accessToken),
        accessExpiresAt,
        createdAt: now,
        lastSeenAt: now,
        absoluteExpiresAt,
      })
      .returning({ id: sessions.id });
    if (!row) throw new Error('Session insert returned nothing');
    await tx.insert(refreshTokens).values({ tokenHash: hashSecret(refreshToken), sessionId: row.id, createdAt: now });
    return {
      sessionId: row.id,
      accessToken,
      refreshToken,
      expiresIn: Math.round((accessExpiresAt.getTime() - now.getTime()) / 1000),
    };
  }

  /**
   * The caller for an access token, or null when it is unknown, revoked, expired, idle or past its absolute limit.
   * With `forPatientId` (a patient route), the same statement reads how the user stands to that patient.
   */
  async authenticate(accessToken: string, forPatientId?: number): Promise<SessionCaller | null> {
    const now = this.now();
    const tokenHash = hashSecret(accessToken);
    const [found] =
      forPatientId === undefined
        ? await (this.lookups ??= prepareLookups(this.db)).byToken.execute({ tokenHash })
        : await (this.lookups ??= prepareLookups(this.db)).byTokenForPatient.execute({
            tokenHash,
            patientId: forPatientId,
          });
    const row = found?.session;
    if (!row || !this.isLive(row, now) || row.accessExpiresAt <= now) return null;
    const resolution = row.idleMinutes === null ? LAST_SEEN_RESOLUTION_MS : SHORT_IDLE_LAST_SEEN_RESOLUTION_MS;
    if (now.getTime() - row.lastSeenAt.getTime() > resolution) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
    }
    return {
      sessionId: row.id,
      userId: row.userId,
      boundPatientId: row.patientId,
      facilityId: row.facilityId,
      loginType: row.loginType,
      termsAccepted: found.termsAccepted ?? true,
      idleSeconds: this.idleMs(row) / 1000,
      ...(forPatientId === undefined
        ? {}
        : {
            standing: {
              patientId: forPatientId,
              isSelf: 'isSelf' in found && found.isSelf === true,
              isRepresentative: 'isRepresentative' in found && found.isRepresentative === true,
            },
          }),
    };
  }

  /** The caller of a session that is still live, by id (for credentials that name a session, like sealed tokens). */
  async liveCaller(sessionId: number): Promise<SessionCaller | null> {
    const [found] = await this.db
      .select({ session: sessions, termsAccepted: users.isEulaAccepted })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    const row = found?.session;
    if (!row || !this.isLive(row, this.now())) return null;
    return {
      sessionId: row.id,
      userId: row.userId,
      boundPatientId: row.patientId,
      facilityId: row.facilityId,
      loginType: row.loginType,
      termsAccepted: found.termsAccepted ?? true,
    };
  }

  private isLive(row: typeof sessions.$inferSelect, now: Date): boolean {
    return (
      row.revokedAt === null &&
      row.absoluteExpiresAt > now &&
      now.getTime() - row.lastSeenAt.getTime() <= this.idleMs(row)
    );
  }

  /** Rotates a refresh token. A token already used revokes its whole session (someone replayed it). */
  async refresh(tx: DbOrTx, refreshToken: string): Promise<RefreshOutcome> {
    const now = this.now();
    const hash = hashSecret(refreshToken);
    const [found] = await tx
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hash))
      .limit(1);
    if (!found) return { ok: false, reason: 'unknown' };
    const { session } = found;
    // Only one caller can mark a token used; a second (concurrent or later) one is a replay.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
      .returning({ tokenHash: refreshTokens.tokenHash });
    if (claimed.length === 0) {
      await this.revoke(tx, session.id, 'refresh_token_reused');
      return { ok: false, reason: 'reused', session };
    }
    if (!this.isLive(session, now)) return { ok: false, reason: 'ended', session };
    const accessToken = newToken();
    const nextRefresh = newToken();
    const accessExpiresAt = new Date(
      Math.min(now.getTime() + this.accessLifetimeMs(), session.absoluteExpiresAt.getTime()),
    );
    await tx
      .update(sessions)
      .set({ accessTokenHash: hashSecret(accessToken), accessExpiresAt, lastSeenAt: now })
      .where(eq(sessions.id, session.id));
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: hashSecret(nextRefresh), sessionId: session.id, createdAt: now });
    return {
      ok: true,
      session,
      tokens: {
        sessionId: session.id,
        accessToken,
        refreshToken: nextRefresh,
        expiresIn: Math.max(1, Math.round((accessExpiresAt.getTime() - now.getTime()) / 1000)),
      },
    };
  }

  async revoke(tx: DbOrTx, sessionId: number, reason: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: this.now(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of a user except `keepSessionId` (password change, access disabled). */
  async revokeAllForUser(tx: DbOrTx, userId: number, reason: string, keepSessionId?: number): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: this.now(), revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId === undefined ? undefined : sql`${sessions.id} <> ${keepSessionId}`,
        ),
      );
  }
}
