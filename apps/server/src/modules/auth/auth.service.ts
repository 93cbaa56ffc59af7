import type { TokenErrorCode, TokenSuccess } from '@portal/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import { consumeSecret, findSecret, recordSecretFailure, secretState } from '../../platform/auth/one-time-secrets';
import { recordFailedPassword } from '../../platform/auth/lockout';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { IssuedTokens, LoginType, SessionService } from '../../platform/auth/sessions';
import type { Limits } from '../../platform/http/limits';
import {
  findPatientWithFacility,
  findUserById,
  findUserByUsername,
  recordSuccessfulLogin,
  userBelongsToFacility,
  type FacilityRow,
  type UserRow,
} from './auth.repository';

/** A refused login: the token endpoint answers 400 with these fields. */
export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    readonly error: TokenErrorCode,
    readonly description: string,
    readonly minutesLeft?: number,
  ) {
    super(description);
  }
}

export const TOKEN_ERROR_MESSAGES: Record<TokenErrorCode, string> = {
  invalid_grant: 'Login failed. Please try again.',
  locked_out: 'Your account is locked after too many unsuccessful attempts.',
  password_change_required: 'You must change your password before you continue.',
  invalid_subscription: 'Login failed. Subscription period has ended. Please contact your administrator.',
};

export interface PasswordLogin {
  username: string;
  password: string;
  logonProcess: 'userNamePassword' | 'patientKioskManagement';
  /** The facility of the host the request came to (hostFacilityOf): a password login counts only there. */
  hostFacilityId: number | null;
}

/** How long an unknown username answers locked_out once its failures are spent (the facilities' default). */
const UNKNOWN_USERNAME_LOCK_MINUTES = 15;

// Verifying against this keeps an unknown username as slow as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password-0000');

function minutesUntil(when: Date, now: Date) {
  return Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 60_000));
}

function subscriptionEnded(facility: FacilityRow, now: Date) {
  return facility.subscriptionEndsOn !== null && facility.subscriptionEndsOn < now.toISOString().slice(0, 10);
}

/** Each way in, as the token endpoint offers it. Every refusal looks the same whichever field was wrong. */
export class AuthService {
  constructor(
    private readonly database: Database,
    private readonly sessions: SessionService,
    private readonly limits: Limits,
  ) {}

  private get db() {
    return this.database.db;
  }

  private async startSession(
    tx: DbOrTx,
    input: {
      user: UserRow | null;
      patientId: number | null;
      facilityId: number;
      loginType: LoginType;
      userName: string;
    },
  ): Promise<TokenSuccess> {
    const tokens: IssuedTokens = await this.sessions.create(tx, {
      userId: input.user?.id ?? null,
      patientId: input.patientId,
      facilityId: input.facilityId,
      loginType: input.loginType,
    });
    await writeAudit(tx, {
      eventType: 'loginauditevent',
      actorUserId: input.user?.id ?? null,
      patientId: input.patientId,
      sessionId: tokens.sessionId,
      facilityId: input.facilityId,
      loginType: input.loginType,
    });
    return {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_type: 'bearer',
      expires_in: tokens.expiresIn,
      loginType: input.loginType,
      // Kiosk and link users skip the terms of use.
      isEulaAccepted: input.user ? input.user.isEulaAccepted : true,
      userName: input.userName,
    };
  }

  private async refuse(
    error: TokenErrorCode,
    detail: { userId?: number; facilityId?: number; loginType: LoginType; description?: string; minutesLeft?: number },
  ): Promise<never> {
    await writeAudit(this.db, {
      eventType: 'loginauditevent',
      outcome: 'failure',
      actorUserId: detail.userId ?? null,
      facilityId: detail.facilityId ?? null,
      loginType: detail.loginType,
      detail: { error, ...(detail.description ? { description: detail.description } : {}) },
    });
    throw new TokenError(error, detail.description ?? TOKEN_ERROR_MESSAGES[error], detail.minutesLeft);
  }

  /**
   * Every path checks one password hash (a dummy one where there is nothing to check), so the time taken tells
   * nothing. An unknown username has its failures counted in the shared counters and answers locked_out once
   * they are spent, like an account. A login on the host of a facility the user does not belong to fails like
   * a wrong password.
   */
  async passwordLogin(input: PasswordLogin, now = new Date()): Promise<TokenSuccess> {
    const found = input.username ? await findUserByUsername(this.db, input.username) : null;
    const passwordHash = found?.user.passwordHash;
    if (!found || !passwordHash) {
      await verifyPassword(await DUMMY_HASH, input.password);
      const key = `login:${input.username.trim().toLowerCase()}`;
      if (!(await this.limits.consume('unknownUsername', key))) {
        return this.refuse('locked_out', {
          loginType: input.logonProcess,
          minutesLeft: UNKNOWN_USERNAME_LOCK_MINUTES,
        });
      }
      return this.refuse('invalid_grant', { loginType: input.logonProcess });
    }
    const { user, facility } = found;
    const audit = { userId: user.id, facilityId: facility.id, loginType: input.logonProcess };
    if (user.lockedUntil && user.lockedUntil > now) {
      await verifyPassword(await DUMMY_HASH, input.password);
      return this.refuse('locked_out', { ...audit, minutesLeft: minutesUntil(user.lockedUntil, now) });
    }
    const passwordOk = await verifyPassword(passwordHash, input.password);
    const temporaryOk =
      !passwordOk &&
      user.temporaryPasswordHash !== null &&
      user.temporaryPasswordExpiresAt !== null &&
      user.temporaryPasswordExpiresAt > now &&
      (await verifyPassword(user.temporaryPasswordHash, input.password));
    const rightKind = (input.logonProcess === 'patientKioskManagement') === (user.role === 'kioskManagement');
    const { hostFacilityId } = input;
    const rightHost = hostFacilityId !== null && (await userBelongsToFacility(this.db, user, hostFacilityId));
    if ((!passwordOk && !temporaryOk) || !rightKind || !rightHost) {
      const { lockedUntil } = await recordFailedPassword(this.db, user.id, facility, now);
      if (lockedUntil && lockedUntil > now) {
        return this.refuse('locked_out', { ...audit, minutesLeft: minutesUntil(lockedUntil, now) });
      }
      return this.refuse('invalid_grant', audit);
    }
    if (subscriptionEnded(facility, now)) return this.refuse('invalid_subscription', audit);
    await recordSuccessfulLogin(this.db, user.id);
    if (temporaryOk || user.isPasswordUpdateRequired) return this.refuse('password_change_required', audit);
    return this.db.transaction((tx) =>
      this.startSession(tx, {
        user,
        patientId: null,
        facilityId: facility.id,
        loginType: input.logonProcess,
        userName: user.username,
      }),
    );
  }

  /** Uses a single-use secret and starts the session in one transaction; null when another request used it first. */
  private consumeAndStart(secretId: number, session: Parameters<AuthService['startSession']>[1]) {
    return this.db.transaction(async (tx) =>
      (await consumeSecret(tx, secretId)) ? this.startSession(tx, session) : null,
    );
  }

  /**
   * A ticket counts only on the hosts of the facility that issued it, and of one the user belongs to (as a password
   * login there would), so a facility's ticket never opens another facility's portal. One used on a wrong host
   * stays usable where it belongs.
   */
  async singleSignOn(ticket: string, hostFacilityId: number | null): Promise<TokenSuccess> {
    const loginType = 'singleSignOn' as const;
    const secret = ticket ? await findSecret(this.db, 'singleSignOn', ticket) : null;
    const found = secret?.userId ? await findUserById(this.db, secret.userId) : null;
    if (!secret || !found || secretState(secret) !== 'usable') {
      return this.refuse('invalid_grant', { loginType, userId: found?.user.id });
    }
    const rightHost =
      hostFacilityId === secret.facilityId && (await userBelongsToFacility(this.db, found.user, hostFacilityId));
    if (!rightHost) return this.refuse('invalid_grant', { loginType, userId: found.user.id });
    if (subscriptionEnded(found.facility, new Date())) {
      return this.refuse('invalid_subscription', { loginType, userId: found.user.id });
    }
    const answer = await this.consumeAndStart(secret.id, {
      user: found.user,
      patientId: null,
      facilityId: found.facility.id,
      loginType,
      userName: found.user.username,
    });
    return answer ?? this.refuse('invalid_grant', { loginType, userId: found.user.id });
  }

  /**
   * The session is the patient's facility's (kiosk staff of another facility send the device there), so the ticket
   * counts only on the hosts of the patient's home facility.
   */
  async kioskUser(ticket: string, patientId: number | undefined, hostFacilityId: number | null): Promise<TokenSuccess> {
    const loginType = 'patientKioskUser' as const;
    const secret = ticket ? await findSecret(this.db, 'kioskUser', ticket) : null;
    const found = secret?.patientId ? await findPatientWithFacility(this.db, secret.patientId) : null;
    if (!secret || !found || secret.patientId !== patientId || secretState(secret) !== 'usable') {
      return this.refuse('invalid_grant', { loginType });
    }
    if (hostFacilityId !== found.facility.id) {
      return this.refuse('invalid_grant', { loginType });
    }
    const answer = await this.consumeAndStart(secret.id, {
      user: null,
      patientId: found.patient.id,
      facilityId: found.facility.id,
      loginType,
      userName: found.patient.firstName,
    });
    return answer ?? this.refuse('invalid_grant', { loginType });
  }

  /**
   * The link counts only on the hosts of the patient's home facility (the session's); on another host it reads
   * "expired" and no failure is counted, so the patient can still use it where it belongs.
   */
  async linkLogin(input: {
    linkId: string;
    patientId: number | undefined;
    lastName: string;
    birthDate: string;
    hostFacilityId: number | null;
  }): Promise<TokenSuccess> {
    const loginType = 'patientLinkUser' as const;
    const expired = () => this.refuse('invalid_grant', { loginType, description: 'link_expired' });
    const secret = input.linkId ? await findSecret(this.db, 'link', input.linkId) : null;
    if (!secret || secret.patientId === null || secret.patientId !== input.patientId) return expired();
    if (secretState(secret) !== 'usable') return expired();
    const found = await findPatientWithFacility(this.db, secret.patientId);
    if (found && input.hostFacilityId !== found.facility.id) return expired();
    const matches =
      found !== null &&
      found.patient.lastName.trim().toLowerCase() === input.lastName.trim().toLowerCase() &&
      found.patient.dateOfBirth === input.birthDate;
    if (!found || !matches) {
      // The link dies after repeated failures; later tries then read "expired".
      await recordSecretFailure(this.db, secret.id);
      return this.refuse('invalid_grant', { loginType, description: 'username_password_incorrect' });
    }
    const answer = await this.consumeAndStart(secret.id, {
      user: null,
      patientId: found.patient.id,
      facilityId: found.facility.id,
      loginType,
      userName: found.patient.firstName,
    });
    return answer ?? expired();
  }

  async refresh(refreshToken: string): Promise<TokenSuccess> {
    const answer = await this.db.transaction(async (tx) => {
      const outcome = await this.sessions.refresh(tx, refreshToken);
      if (!outcome.ok) {
        if (outcome.reason === 'reused') {
          await writeAudit(tx, {
            eventType: 'refreshtokenreuseauditevent',
            outcome: 'failure',
            actorUserId: outcome.session.userId,
            sessionId: outcome.session.id,
            facilityId: outcome.session.facilityId,
            loginType: outcome.session.loginType,
          });
        }
        // Returning (not throwing) keeps the revocation of a replayed family committed.
        return null;
      }
      const { session, tokens } = outcome;
      const found = session.userId ? await findUserById(tx, session.userId) : null;
      return {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        token_type: 'bearer' as const,
        expires_in: tokens.expiresIn,
        loginType: session.loginType,
        isEulaAccepted: found ? found.user.isEulaAccepted : true,
        userName: found?.user.username ?? '',
      };
    });
    return answer ?? this.refuse('invalid_grant', { loginType: 'userNamePassword' });
  }
}
