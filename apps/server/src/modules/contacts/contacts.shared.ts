import {
  languagePackOf,
  SUPPORTED_LOCALES,
  type CapabilityDetail,
  type CapabilityModule,
  type LanguagePack,
} from '@portal/contracts';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { forbidden, notFound } from '../../platform/errors/app-error';
import type { Limits } from '../../platform/http/limits';
import { countMail } from '../../platform/mail/mail-limits';
import { findActiveContact, findCapabilityModules } from './contacts.repository';

export const CONTACT_MESSAGES = {
  notFound: 'Not found.',
  noAccount: 'This contact has no portal account.',
  emailRequired: 'An email address is required to invite this contact.',
  alreadyAuthorized: 'This contact already has a portal account.',
  failedSendingEmail: 'The invitation email could not be sent. Please try again later.',
  emailNotConfirmed: 'The contact has not confirmed their email address, so their password cannot be reset.',
  resetFailed: 'The password of this contact cannot be reset.',
  primaryConflict: 'Another contact was made the primary contact at the same time. Please try again.',
  notAllowed: 'Your facility does not allow this.',
} as const;

export interface RequestContext {
  scope: PatientScope;
  /** The browser's language (?language), used when the contact has none the portal speaks. */
  language: string | undefined;
  /** The client address (for the per-caller mail limit when the session has no user). */
  ip: string;
  /** The base of links in a facility's emails (never from the request). */
  linkBase: (facilityId: number) => Promise<string>;
}

/** The language pack of a stored language code, or null when the portal does not speak it. */
export function packOfLanguageCode(code: string | null | undefined): LanguagePack | null {
  const wanted = (code ?? '').trim().toLowerCase();
  if (!wanted) return null;
  if (wanted === 'zh' || wanted.startsWith('zh-')) return 'zh';
  const locale = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === wanted);
  return locale ? languagePackOf(locale) : null;
}

/** Whether a capability tree grants a field (Dashboard > PersonalContacts > InviteContact). */
export function grantsField(modules: CapabilityModule[], moduleName: string, ...path: string[]): boolean {
  const granted = modules.find((m) => m.moduleName === moduleName);
  if (!granted) return false;
  let level: CapabilityDetail[] | undefined = granted.details;
  for (const name of path) {
    const found: CapabilityDetail | undefined = level?.find((d) => d.fieldName === name);
    if (!found) return false;
    level = found.details ?? [];
  }
  return true;
}

/** Writes a contact act's audit row, with how the caller stands to the patient. */
export function auditContact(tx: DbOrTx, ctx: RequestContext, eventType: string, detail: Record<string, unknown>) {
  return audit(tx, ctx.scope, eventType, { relationship: ctx.scope.relationship, ...detail });
}

/** 403 unless the facility grants the Dashboard field (AddContact; PersonalContacts > InviteContact). */
export async function requireDashboardField(db: DbOrTx, ctx: RequestContext, ...path: string[]): Promise<void> {
  const modules = await findCapabilityModules(db, ctx.scope.caller.facilityId, 'patient');
  if (!grantsField(modules, 'Dashboard', ...path)) throw forbidden(CONTACT_MESSAGES.notAllowed);
}

/** One of the patient's active contacts, else 404. */
export async function contactOf(db: DbOrTx, scope: PatientScope, contactId: number) {
  const row = await findActiveContact(db, scope, contactId);
  if (!row) throw notFound('not_found', CONTACT_MESSAGES.notFound);
  return row;
}

/** Production without SMTP sends no mail, so invitations and resets fail up front rather than vanish. */
export function canSendMail(config: Config): boolean {
  return !(config.env === 'production' && !config.smtpUrl);
}

/**
 * Emails about one contact (invitations, password resets): counted per contact whoever asks, per recipient
 * address and per caller, in the counters every mail shares.
 */
export class ContactMailLimit {
  constructor(private readonly limits: Limits) {}

  count(ctx: RequestContext, contactId: number, recipient: string): Promise<void> {
    return countMail(this.limits, recipient, `contact:${contactId}`, { userId: ctx.scope.caller.userId, ip: ctx.ip });
  }
}
