import { randomBytes } from 'node:crypto';
import {
  checkPassword,
  PASSWORD_RULES_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  type PasswordRules,
} from '@portal/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import { generateTemporaryPassword, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { SessionCaller, SessionService } from '../../platform/auth/sessions';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import type { MailOutbox } from '../../platform/mail/outbox';
import { temporaryPasswordMail } from '../../platform/mail/templates';
import {
  findAccount,
  findAccountByUsername,
  setPassword,
  setTemporaryPassword,
  type Account,
} from './accounts.repository';

import { ACCOUNT_MESSAGES, type MailContext } from './accounts.service';
import { requirePassword } from './credentials';

export { LockedOutError, minutesUntil } from './credentials';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
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

/** Passwords: forgot (a temporary one by mail), the forced change and the change in account settings. */
export class PasswordsService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly sessions: SessionService,
    private readonly config: Config,
  ) {}

  private get canSendMail(): boolean {
    return !(this.config.env === 'production' && !this.config.smtpUrl);
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
    const base = await options.linkBase(account.facilityId);
    // Over a mail limit this throws; the route still answers 204 and nothing is sent.
    await options.countMail(email, `user:${account.id}`);
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
        loginUrl: `${base}/login`,
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
    const account = await findAccount(this.db, caller.userId);
    if (!account) throw notFound('not_found', 'Not found.');
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
    await requirePassword(this.db, account, change.oldPassword, {
      code: options.wrongOld,
      message:
        options.wrongOld === 'invalid_grant' ? ACCOUNT_MESSAGES.invalidGrant : ACCOUNT_MESSAGES.invalidOldPassword,
      field: 'oldPassword',
    });
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
}
