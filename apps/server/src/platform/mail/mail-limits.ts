import type { LimitName, Limits } from '../http/limits';

/** Who causes a mail: the session's user, else the client address. */
export interface MailCaller {
  userId: number | null;
  ip: string;
}

/** The counters one mail spends: its recipient, the account or contact it is about, and its caller. */
export function mailLimitKeys(recipient: string, account: string, caller: MailCaller): [LimitName, string][] {
  return [
    ['mailRecipient', recipient.trim().toLowerCase()],
    ['mailAccount', account],
    ['mailCaller', caller.userId ? `user:${caller.userId}` : `ip:${caller.ip}`],
  ];
}

/**
 * Counts one mail against all three limits, across every route that sends mail (429 too_many_attempts when
 * any is spent). `account` names what the mail is about: 'user:<id>', 'contact:<id>', 'patient:<id>'.
 */
export function countMail(limits: Limits, recipient: string, account: string, caller: MailCaller): Promise<void> {
  return limits.takeAll(mailLimitKeys(recipient, account, caller));
}
