import { sameEmail, SUPPORTED_LOCALES, type SupportedLocale } from '@portal/contracts';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { openPatientScope } from '../../platform/access/patient-scope';
import { audit, auditCaller, writeAudit } from '../../platform/audit/audit';
import {
  consumeSecret,
  findSecret,
  issueSecret,
  SECRET_LIFETIME_MS,
  secretState,
} from '../../platform/auth/one-time-secrets';
import type { SessionCaller, SessionService } from '../../platform/auth/sessions';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { isPlausibleAddress, type MailOutbox } from '../../platform/mail/outbox';
import { confirmEmailMail, emailChangedMail } from '../../platform/mail/templates';
import {
  findAccount,
  findPatientLanguage,
  findPreferences,
  lockPreferences,
  savePreferences,
  setEmail,
  setEmailConfirmed,
  setEulaAccepted,
  setOwnPatientEmail,
  setPatientLanguage,
  setUserLanguage,
  type Account,
  type UserPreference,
} from './accounts.repository';
import type { PatientScope } from '../../platform/access/patient-scope';
import { requirePassword } from './credentials';

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

/* --------------------------------------------------------------- helpers */

/** A supported locale for an exact code (any case; zh-* means zh), or null. */
export function supportedLocaleOf(input: string): SupportedLocale | null {
  const wanted = input.trim().toLowerCase();
  if (wanted === 'zh' || wanted.startsWith('zh-')) return 'zh';
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === wanted) ?? null;
}

/** Where links in emails point. */
export interface MailContext {
  language: string | undefined;
  /** The base of links in a facility's mails (never from the request). */
  linkBase: (facilityId: number) => Promise<string>;
  /** Counts one mail to `recipient` about `account` ('user:<id>') against the shared mail limits (429). */
  countMail: (recipient: string, account: string) => Promise<void>;
}

/** Rows the integration API's event feed reads (preferred_language.changed, email.changed). */
export const PREFERRED_LANGUAGE_CHANGE_AUDIT_EVENT = 'preferredlanguagechangeauditevent';
export const EMAIL_CHANGE_AUDIT_EVENT = 'emailchangeauditevent';

export class AccountsService {
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

  /* ------------------------------------------------------------ terms */

  async acceptTerms(caller: SessionCaller & { userId: number }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await setEulaAccepted(tx, caller.userId);
      await auditCaller(tx, caller, 'eulaacceptedauditevent');
    });
  }

  /* ------------------------------------------------------------ email */

  /**
   * A new address is unconfirmed until the link mailed to it is used. The same address again (any
   * case) keeps its confirmation and sends nothing. Replacing an address the account has needs the
   * current password (a stolen session alone must not move the account to another mailbox, from where
   * forgot-password would take it over), and the old address is told in the same transaction (unless no
   * mail header could carry it: data from before the address checks). A first address (the provide-email
   * page) needs no password. A session of single sign-on needs it too when the account has a portal password:
   * the session alone proves no more than a password session does. Only an account without one (signed in by
   * its identity provider only) has nothing to give, and its old address is told all the same.
   */
  async changeEmail(
    userId: number,
    email: string,
    options: MailContext & {
      ownPatientRecord: boolean;
      currentPassword: string | undefined;
    },
  ): Promise<{ userId: number; email: string }> {
    const account = await this.account(userId);
    const oldEmail = account.email;
    const unchanged = oldEmail !== null && sameEmail(oldEmail, email);
    if (oldEmail !== null && !unchanged && account.passwordHash !== null) {
      await requirePassword(this.db, account, options.currentPassword, {
        code: 'invalid_old_password',
        message: ACCOUNT_MESSAGES.invalidOldPassword,
        field: 'currentPassword',
      });
    }
    const base = await options.linkBase(account.facilityId);
    const noticeTo = oldEmail !== null && !unchanged && isPlausibleAddress(oldEmail) ? oldEmail : null;
    if (!unchanged && this.canSendMail) {
      await options.countMail(email, `user:${userId}`);
      // The notice to the old address is a mail of this change too, limited like every other.
      if (noticeTo) await options.countMail(noticeTo, `user:${userId}`);
    }
    const changedAt = new Date();
    await this.db.transaction(async (tx) => {
      await setEmail(tx, userId, email, unchanged ? account.isEmailConfirmed : false);
      const patientId = options.ownPatientRecord ? await setOwnPatientEmail(tx, userId, email) : null;
      if (unchanged) return;
      // Identifiers only: the facility's systems read the new address from their own copy of the record.
      await writeAudit(tx, {
        eventType: EMAIL_CHANGE_AUDIT_EVENT,
        actorUserId: userId,
        patientId,
        facilityId: account.facilityId,
        relationship: patientId === null ? null : 'self',
      });
      await this.queueConfirmation(tx, { ...account, email }, options.language, base);
      if (noticeTo) await this.queueChangeNotice(tx, account, noticeTo, email, options.language, changedAt);
    });
    return { userId, email };
  }

  /** Tells the old address that the account's email changed, when, and to the masked new address. */
  private async queueChangeNotice(
    tx: DbOrTx,
    account: Account,
    oldEmail: string,
    newEmail: string,
    language: string | undefined,
    changedAt: Date,
  ): Promise<void> {
    if (!this.canSendMail) return;
    const mail = emailChangedMail({
      language: language ?? account.preferredLanguage,
      portalName: account.portalName,
      name: account.firstName,
      newEmail,
      changedAt,
      timeZoneId: account.timeZoneId,
    });
    await this.outbox.enqueue(tx, {
      to: oldEmail,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      facilityId: account.facilityId,
    });
  }

  async sendConfirmation(userId: number, options: MailContext): Promise<void> {
    const account = await this.account(userId);
    if (!account.email) throw badRequest('no_email', ACCOUNT_MESSAGES.noEmail);
    if (account.isEmailConfirmed) throw badRequest('already_confirmed', ACCOUNT_MESSAGES.alreadyConfirmed);
    if (!this.canSendMail) throw badRequest('cannot_send', ACCOUNT_MESSAGES.cannotSend);
    const base = await options.linkBase(account.facilityId);
    await options.countMail(account.email, `user:${account.id}`);
    await this.db.transaction((tx) => this.queueConfirmation(tx, account, options.language, base));
  }

  private async queueConfirmation(
    tx: DbOrTx,
    account: Account,
    language: string | undefined,
    base: string,
  ): Promise<void> {
    if (!this.canSendMail || !account.email) return;
    const { token } = await issueSecret(tx, {
      kind: 'emailConfirmation',
      facilityId: account.facilityId,
      userId: account.id,
      email: account.email,
    });
    const mail = confirmEmailMail({
      language: language ?? account.preferredLanguage,
      portalName: account.portalName,
      name: account.firstName,
      email: account.email,
      confirmUrl: `${base}/confirm-email?u=${encodeURIComponent(token)}`,
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
    await this.db.transaction(async (tx) => {
      await setPatientLanguage(tx, scope, locale);
      // The facility's systems read it back from the event feed (integration API).
      await audit(tx, scope, PREFERRED_LANGUAGE_CHANGE_AUDIT_EVENT, { language: locale });
    });
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
    // The patient comes from the body, so it passes the same access check as a patient route's path.
    const scope = await openPatientScope(this.db, caller, patientId, [
      'self',
      'representative',
      'kioskUser',
      'linkUser',
    ]);
    await audit(this.db, scope, eventType, { relationship: scope.relationship });
  }
}
