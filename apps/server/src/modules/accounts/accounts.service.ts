import { recordFailedPassword } from '../../platform/auth/lockout';
import { randomBytes } from 'node:crypto';
import {
  checkPassword,
  PASSWORD_RULES_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  sameEmail,
  SUPPORTED_LOCALES,
  type PasswordRules,
  type SupportedLocale,
} from '@portal/contracts';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { resolvePatientRelationship } from '../../platform/access/patient-access';
import { writeAudit } from '../../platform/audit/audit';
import {
  consumeSecret,
  findSecret,
  issueSecret,
  SECRET_LIFETIME_MS,
  secretState,
} from '../../platform/auth/one-time-secrets';
import { generateTemporaryPassword, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { SessionCaller, SessionService } from '../../platform/auth/sessions';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import type { MailOutbox } from '../../platform/mail/outbox';
import { confirmEmailMail, temporaryPasswordMail } from '../../platform/mail/templates';
import {
  findAccount,
  findAccountByUsername,
  findPatientLanguage,
  findPreferences,
  isFacilityHost,
  lockPreferences,
  savePreferences,
  setEmail,
  setEmailConfirmed,
  setEulaAccepted,
  setOwnPatientEmail,
  setPassword,
  setPatientLanguage,
  setTemporaryPassword,
  setUserLanguage,
  type Account,
  type UserPreference,
} from './accounts.repository';
import type { PatientScope } from '../../platform/access/patient-scope';

export const ACCOUNT_MESSAGES = {
  invalidGrant: 'The username or current password is not correct.',
  invalidOldPassword: 'The current password was not entered correctly.',
  mustBeDifferent: 'The new password must be different from the current password.',
  ssoPasswordChange: 'You signed in through single sign-on, so your password cannot be changed here.',
  cannotConfirm: 'We cannot confirm your email address.',
  noEmail: 'There is no email address on your account.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  cannotSend: 'The email cannot be sent right now. Please try again later.',
  tooManyPreferences: 'Too many preferences are saved already.',
} as const;

export const MAX_PREFERENCES = 50;
const CONFIRMATION_DAYS = Math.round(SECRET_LIFETIME_MS.emailConfirmation / 86_400_000);

/** 400 lockedout; carries the whole minutes until the account unlocks. */
export class LockedOutError extends AppError {
  override name = 'LockedOutError';
  constructor(readonly minutesLeft: number) {
    super(
      400,
      'lockedout',
      `Your account is locked after too many unsuccessful attempts. Please wait ${minutesLeft} minutes and try again.`,
    );
  }
}

export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/* --------------------------------------------------------------- helpers */

/** A supported locale for an exact code (any case; zh-* means zh), or null. */
export function supportedLocaleOf(input: string): SupportedLocale | null {
  const wanted = input.trim().toLowerCase();
  if (wanted === 'zh' || wanted.startsWith('zh-')) return 'zh';
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === wanted) ?? null;
}

function rulesOf(account: Account): PasswordRules {
  return {
    minimumLength: account.minimumLength,
    numOfCapitalLetters: account.numOfCapitalLetters,
    numOfNumbers: account.numOfNumbers,
    numOfSpecialCharacters: account.numOfSpecialCharacters,
  };
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Where links in emails point. */
export interface MailContext {
  language: string | undefined;
  publicBase: string;
}

export class AccountsService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly sessions: SessionService,
    private readonly config: Config,
  ) {}

  get canSendMail(): boolean {
    return !(this.config.env === 'production' && !this.config.smtpUrl);
  }

  private async account(userId: number): Promise<Account> {
    const account = await findAccount(this.db, userId);
    if (!account) throw notFound('not_found', 'Not found.');
    return account;
  }

  /** Whether links may be built from this host name: only names the server serves a facility on. */
  isFacilityHost(hostname: string): Promise<boolean> {
    return isFacilityHost(this.db, hostname);
  }

  /* ------------------------------------------------------------ terms */

  async acceptTerms(caller: SessionCaller & { userId: number }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await setEulaAccepted(tx, caller.userId);
      await writeAudit(tx, {
        eventType: 'eulaacceptedauditevent',
        actorUserId: caller.userId,
        sessionId: caller.sessionId,
        facilityId: caller.facilityId,
        loginType: caller.loginType,
      });
    });
  }

  /* ------------------------------------------------------------ email */

  /**
   * A new address is unconfirmed until the link mailed to it is used. The same address again (any
   * case) keeps its confirmation and sends nothing.
   */
  async changeEmail(
    userId: number,
    email: string,
    options: MailContext & { ownPatientRecord: boolean },
  ): Promise<{ userId: number; email: string }> {
    const account = await this.account(userId);
    const unchanged = account.email !== null && sameEmail(account.email, email);
    await this.db.transaction(async (tx) => {
      await setEmail(tx, userId, email, unchanged ? account.isEmailConfirmed : false);
      if (options.ownPatientRecord) await setOwnPatientEmail(tx, userId, email);
      if (!unchanged) await this.queueConfirmation(tx, { ...account, email }, options);
    });
    return { userId, email };
  }

  async sendConfirmation(userId: number, options: MailContext): Promise<void> {
    const account = await this.account(userId);
    if (!account.email) throw badRequest('no_email', ACCOUNT_MESSAGES.noEmail);
    if (account.isEmailConfirmed) throw badRequest('already_confirmed', ACCOUNT_MESSAGES.alreadyConfirmed);
    if (!this.canSendMail) throw badRequest('cannot_send', ACCOUNT_MESSAGES.cannotSend);
    await this.db.transaction((tx) => this.queueConfirmation(tx, account, options));
  }

  private async queueConfirmation(tx: DbOrTx, account: Account, options: MailContext): Promise<void> {
    if (!this.canSendMail || !account.email) return;
    const { token } = await issueSecret(tx, {
      kind: 'emailConfirmation',
      facilityId: account.facilityId,
      userId: account.id,
      email: account.email,
    });
    const mail = confirmEmailMail({
      language: options.language ?? account.preferredLanguage,
      portalName: account.portalName,
      name: account.firstName,
      email: account.email,
      confirmUrl: `${options.publicBase}/confirm-email?u=${encodeURIComponent(token)}`,
      days: CONFIRMATION_DAYS,
    });
    await this.outbox.enqueue(tx, {
      to: account.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      facilityId: account.facilityId,
    });
  }

  /** The confirmation secret, when it is usable, the caller's, and for the address the account has now. */
  private async confirmationFor(account: Account, token: string) {
    const secret = await findSecret(this.db, 'emailConfirmation', token);
    if (!secret || secretState(secret) !== 'usable' || secret.userId !== account.id) return null;
    if (!account.email || !secret.email || !sameEmail(secret.email, account.email)) return null;
    return secret;
  }

  async validateUser(userId: number, token: string, username: string): Promise<boolean> {
    const account = await this.account(userId);
    if (account.username.toLowerCase() !== username.trim().toLowerCase()) return false;
    return (await this.confirmationFor(account, token)) !== null;
  }

  async confirmEmail(caller: SessionCaller & { userId: number }, token: string): Promise<void> {
    const account = await this.account(caller.userId);
    const secret = await this.confirmationFor(account, token);
    const cannotConfirm = () => badRequest('cannot_confirm', ACCOUNT_MESSAGES.cannotConfirm);
    if (!secret) throw cannotConfirm();
    await this.db.transaction(async (tx) => {
      if (!(await consumeSecret(tx, secret.id))) throw cannotConfirm();
      await setEmailConfirmed(tx, caller.userId);
    });
  }

  /* --------------------------------------------------------- passwords */

  private async passwordMatches(account: Account, password: string, now: Date): Promise<boolean> {
    if (account.passwordHash && (await verifyPassword(account.passwordHash, password))) return true;
    return Boolean(
      account.temporaryPasswordHash &&
      account.temporaryPasswordExpiresAt &&
      account.temporaryPasswordExpiresAt > now &&
      (await verifyPassword(account.temporaryPasswordHash, password)),
    );
  }

  /** Spends the time of a real check, so an unknown username cannot be told from a wrong password. */
  private async pretendToVerify(password: string): Promise<void> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(await this.dummyHash, password);
  }

  /**
   * "Forgot password": for an account that exists, has a confirmed email and does not sign in by
   * single sign-on, a temporary password that works beside the current one until it expires and
   * only leads to choosing a new password. Anything else does nothing, and the caller cannot tell.
   */
  async forgotPassword(userName: string, options: MailContext & { trustedHost: boolean }): Promise<boolean> {
    const account = await findAccountByUsername(this.db, userName);
    const eligible = Boolean(
      account &&
      account.email &&
      account.isEmailConfirmed &&
      !account.isSingleSignOn &&
      options.trustedHost &&
      this.canSendMail,
    );
    const temporary = generateTemporaryPassword(
      account
        ? rulesOf(account)
        : { minimumLength: 0, numOfCapitalLetters: 1, numOfNumbers: 1, numOfSpecialCharacters: 1 },
    );
    const hash = await hashPassword(temporary);
    if (!eligible || !account?.email) return false;
    const email = account.email;
    const expiresAt = new Date(Date.now() + account.temporaryPasswordHours * 3_600_000);
    await this.db.transaction(async (tx) => {
      await setTemporaryPassword(tx, account.id, hash, expiresAt);
      const mail = temporaryPasswordMail({
        language: options.language ?? account.preferredLanguage,
        portalName: account.portalName,
        name: account.firstName,
        username: account.username,
        temporaryPassword: temporary,
        hours: account.temporaryPasswordHours,
        loginUrl: `${options.publicBase}/login`,
      });
      await this.outbox.enqueue(tx, {
        to: email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        facilityId: account.facilityId,
      });
      await writeAudit(tx, {
        eventType: 'passwordresetauditevent',
        actorUserId: account.id,
        facilityId: account.facilityId,
        detail: { expiresAt: expiresAt.toISOString() },
      });
    });
    return true;
  }

  /** The forced-change screen: no session, so the username and old password prove who it is. */
  async changePasswordByUsername(userName: string, change: PasswordChange): Promise<void> {
    const account = await findAccountByUsername(this.db, userName);
    if (!account) {
      await this.pretendToVerify(change.oldPassword);
      throw badRequest('invalid_grant', ACCOUNT_MESSAGES.invalidGrant);
    }
    await this.changePassword(account, change, { wrongOld: 'invalid_grant' });
  }

  /** Account settings: the caller's own password; their other sessions end, this one stays. */
  async changeOwnPassword(caller: SessionCaller & { userId: number }, change: PasswordChange): Promise<void> {
    const account = await this.account(caller.userId);
    // Neither an SSO-only account nor anyone signed in through single sign-on changes a password here.
    if (account.isSingleSignOn || caller.loginType === 'singleSignOn') {
      throw new AppError(403, 'sso_password_change', ACCOUNT_MESSAGES.ssoPasswordChange);
    }
    await this.changePassword(account, change, {
      wrongOld: 'invalid_old_password',
      keepSessionId: caller.sessionId,
      caller,
    });
  }

  private async changePassword(
    account: Account,
    change: PasswordChange,
    options: {
      wrongOld: 'invalid_grant' | 'invalid_old_password';
      keepSessionId?: number;
      caller?: SessionCaller;
    },
  ): Promise<void> {
    const now = new Date();
    if (account.lockedUntil && account.lockedUntil > now)
      throw new LockedOutError(minutesUntil(account.lockedUntil, now));
    if (!(await this.passwordMatches(account, change.oldPassword, now))) {
      const { lockedUntil } = await recordFailedPassword(this.db, account.id, account, now);
      if (lockedUntil) throw new LockedOutError(minutesUntil(lockedUntil, now));
      throw badRequest(
        options.wrongOld,
        options.wrongOld === 'invalid_grant' ? ACCOUNT_MESSAGES.invalidGrant : ACCOUNT_MESSAGES.invalidOldPassword,
        'oldPassword',
      );
    }
    if (change.newPassword === change.oldPassword) {
      throw badRequest('password_must_be_different', ACCOUNT_MESSAGES.mustBeDifferent, 'newPassword');
    }
    if (change.confirmPassword !== change.newPassword) {
      throw badRequest('confirm_mismatch', PASSWORDS_DO_NOT_MATCH_MESSAGE, 'confirmPassword');
    }
    if (!checkPassword(change.newPassword, rulesOf(account)).ok) {
      throw badRequest('password_rules', PASSWORD_RULES_MESSAGE, 'newPassword');
    }
    const hash = await hashPassword(change.newPassword);
    await this.db.transaction(async (tx) => {
      await setPassword(tx, account.id, hash);
      await this.sessions.revokeAllForUser(tx, account.id, 'password_changed', options.keepSessionId);
      await writeAudit(tx, {
        eventType: 'passwordchangeauditevent',
        actorUserId: account.id,
        facilityId: account.facilityId,
        sessionId: options.caller?.sessionId ?? null,
        loginType: options.caller?.loginType ?? null,
        detail: { sessionsEnded: options.keepSessionId === undefined ? 'all' : 'others' },
      });
    });
  }

  /* ---------------------------------------------------- language, prefs */

  async setUserLanguage(userId: number, locale: SupportedLocale): Promise<void> {
    await setUserLanguage(this.db, userId, locale);
  }

  async patientLanguage(scope: PatientScope): Promise<string | null> {
    const row = await findPatientLanguage(this.db, scope);
    if (!row) throw notFound('not_found', 'Not found.');
    return row.language;
  }

  async setPatientLanguage(scope: PatientScope, locale: SupportedLocale): Promise<void> {
    await this.db.transaction((tx) => setPatientLanguage(tx, scope, locale));
  }

  /**
   * The user's preferences with the given names (exact match), in the order asked for; all of them when
   * no name is given. A name never saved is left out.
   */
  async preferences(userId: number, names: string[]): Promise<UserPreference[]> {
    const saved = await findPreferences(this.db, userId);
    if (names.length === 0) return saved;
    return [...new Set(names)].flatMap((name) => saved.filter((p) => p.name === name));
  }

  async savePreference(userId: number, name: string, value: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const preferences = await lockPreferences(tx, userId);
      const index = preferences.findIndex((p) => p.name === name);
      if (index >= 0) preferences[index] = { name, value };
      else if (preferences.length >= MAX_PREFERENCES) {
        throw badRequest('too_many_preferences', ACCOUNT_MESSAGES.tooManyPreferences, 'name');
      } else preferences.push({ name, value });
      await savePreferences(tx, userId, preferences);
    });
  }

  /* ------------------------------------------------------------- audit */

  /** Records what the caller did for a patient they may act for; any other patient is 404. */
  async recordAudit(caller: SessionCaller, eventType: string, patientId: number): Promise<void> {
    const relationship = await resolvePatientRelationship(this.db, caller, patientId);
    if (relationship === 'none') throw notFound('not_found', 'Not found.');
    await writeAudit(this.db, {
      eventType,
      actorUserId: caller.userId,
      patientId,
      sessionId: caller.sessionId,
      facilityId: caller.facilityId,
      loginType: caller.loginType,
      detail: { relationship },
    });
  }
}
