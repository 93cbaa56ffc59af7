import {
  cleanPhone,
  languagePackOf,
  SUPPORTED_LOCALES,
  type ContactUpsertSchema,
  type LanguagePack,
  type PersonalContact,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { CapabilityDetail, CapabilityModule } from '../../db/schema/index';
import { resolvePatientRelationship, type Relationship } from '../../platform/access/patient-access';
import { writeAudit } from '../../platform/audit/audit';
import { resolvePack } from '../../platform/content/language-packs';
import { issueSecret, SECRET_LIFETIME_MS, secretState } from '../../platform/auth/one-time-secrets';
import { hashPassword } from '../../platform/auth/passwords';
import type { SealedTokens } from '../../platform/auth/sealed-tokens';
import type { SessionCaller, SessionService } from '../../platform/auth/sessions';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error';
import { AttemptLimiter, LOGIN_RATE_LIMIT, tooManyAttempts } from '../../platform/http/rate-limit';
import { InvalidMailError, type MailOutbox } from '../../platform/mail/outbox';
import { generateTemporaryPassword } from '../accounts/accounts.service';
import { contactPasswordResetMail, invitationMail } from './contacts.mail';
import {
  clearOtherPrimaryContacts,
  findActiveContact,
  findCapabilityModules,
  findInvitation,
  findLanguage,
  findNewestInvitations,
  findPatientWithFacility,
  findRelationship,
  findRepresentativeAccount,
  insertContact,
  listActiveContacts,
  preferredCommunicationExists,
  setRepresentativeActive,
  setTemporaryPassword,
  unlockUser,
  updateContact,
  withdrawOpenInvitations,
  type ContactListRow,
  type InvitationRow,
  type NewContactValues,
} from './contacts.repository';
import { renderPinLetter } from './pin-letter';

export type ContactUpsertInput = z.output<typeof ContactUpsertSchema>;

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

/** How long the PIN letter link given with a new invitation works. */
export const PIN_PDF_TOKEN_MS = 10 * 60_000;
export const INVITATION_DAYS = Math.round(SECRET_LIFETIME_MS.invitation / 86_400_000);

/** What the sealed token of the PIN letter carries (encrypted: the PIN is never stored in clear). */
export interface PinPdfPayload extends Record<string, unknown> {
  invitationId: number;
  pin: string;
  sessionId: number;
  patientId: number;
  language: LanguagePack;
}

export interface RequestContext {
  caller: SessionCaller;
  patientId: number;
  relationship: Relationship;
  /** The browser's language (?language), used when the contact has none the portal speaks. */
  language: string | undefined;
  /** Where links in emails point. */
  publicBase: string;
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

function invitationFlags(invitation: InvitationRow | undefined, now: Date) {
  if (!invitation) return { invitationId: null, isInvitationLocked: false, isInvitationExpired: false };
  return {
    invitationId: invitation.id,
    isInvitationLocked: invitation.failedAttempts >= invitation.maxAttempts,
    isInvitationExpired: invitation.usedAt === null && invitation.expiresAt <= now,
  };
}

function toPersonalContact(
  row: ContactListRow,
  invitation: InvitationRow | undefined,
  options: { withUserInfo: boolean },
  now: Date,
): PersonalContact {
  const c = row.contact;
  const lockedUntil = row.user?.lockedUntil ?? null;
  const locked = lockedUntil !== null && lockedUntil > now;
  return {
    contactId: c.id,
    patientId: c.patientId,
    contactFirstName: c.firstName,
    contactLastName: c.lastName,
    suffix: c.suffix,
    relationshipId: c.relationshipId,
    relationship: c.relationship,
    isPrimaryContact: c.isPrimaryContact,
    isNextOfKin: c.isNextOfKin,
    providesTransport: c.providesTransport,
    usePatientAddress: c.usePatientAddress,
    address1: c.address1,
    address2: c.address2,
    city: c.city,
    state: c.state,
    country: c.country,
    zipCode: c.zipCode,
    homePhone: c.homePhone,
    mobilePhone: c.mobilePhone,
    workPhone: c.workPhone,
    isOkToLeaveMsgHome: c.isOkToLeaveMsgHome,
    isOkToLeaveMsgMobile: c.isOkToLeaveMsgMobile,
    isOkToLeaveMsgWork: c.isOkToLeaveMsgWork,
    contactEmail: c.contactEmail,
    preferredCommunicationId: c.preferredCommunicationId,
    communicationLanguageId: c.communicationLanguageId,
    isActive: c.isActive,
    isAuthorizedRepresentativeActive: c.isAuthorizedRepresentativeActive,
    authorizedRepresentativeUserId: c.authorizedRepresentativeUserId,
    ...invitationFlags(invitation, now),
    userInfo:
      options.withUserInfo && row.user && c.authorizedRepresentativeUserId !== null
        ? {
            userName: row.user.username,
            isEmailConfirmed: row.user.isEmailConfirmed,
            isLockedOut: locked,
            minutesLeftBeforeLockoutExpires: locked ? Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000) : 0,
          }
        : null,
  };
}

/** The driver's unique-violation error of one constraint, wherever drizzle wrapped it. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export class ContactsService {
  /** Emails to one contact (invitations, password resets): per contact, whoever asks. */
  private readonly mailLimiter = new AttemptLimiter(LOGIN_RATE_LIMIT.max, LOGIN_RATE_LIMIT.windowMs);

  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly config: Config,
    private readonly sealedTokens: SealedTokens,
    private readonly sessions: SessionService,
  ) {}

  private get canSendMail(): boolean {
    return !(this.config.env === 'production' && !this.config.smtpUrl);
  }

  private audit(tx: DbOrTx, ctx: RequestContext, eventType: string, detail: Record<string, unknown>) {
    return writeAudit(tx, {
      eventType,
      actorUserId: ctx.caller.userId,
      patientId: ctx.patientId,
      sessionId: ctx.caller.sessionId,
      facilityId: ctx.caller.facilityId,
      loginType: ctx.caller.loginType,
      detail: { relationship: ctx.relationship, ...detail },
    });
  }

  private async requireField(ctx: RequestContext, ...path: string[]): Promise<void> {
    const modules = await findCapabilityModules(this.db, ctx.caller.facilityId, 'patient');
    if (!grantsField(modules, 'Dashboard', ...path)) throw forbidden(CONTACT_MESSAGES.notAllowed);
  }

  private async contactOf(patientId: number, contactId: number) {
    const row = await findActiveContact(this.db, patientId, contactId);
    if (!row) throw notFound('not_found', CONTACT_MESSAGES.notFound);
    return row;
  }

  private countMail(contactId: number): void {
    if (!this.mailLimiter.hit(String(contactId))) throw tooManyAttempts();
  }

  /* ----------------------------------------------------------------- list */

  async list(ctx: RequestContext): Promise<PersonalContact[]> {
    const rows = await listActiveContacts(this.db, ctx.patientId);
    const invitations = await findNewestInvitations(
      this.db,
      rows.map((r) => r.contact.id),
    );
    const now = new Date();
    // A representative sees the contacts, not the other representatives' account details.
    const withUserInfo = ctx.relationship === 'self';
    return rows.map((row) => toPersonalContact(row, invitations.get(row.contact.id), { withUserInfo }, now));
  }

  private async one(patientId: number, contactId: number): Promise<PersonalContact> {
    const row = await this.contactOf(patientId, contactId);
    const invitations = await findNewestInvitations(this.db, [contactId]);
    return toPersonalContact(row, invitations.get(contactId), { withUserInfo: true }, new Date());
  }

  /* ----------------------------------------------------------------- save */

  async save(ctx: RequestContext, input: ContactUpsertInput): Promise<PersonalContact> {
    await this.requireField(ctx, 'AddContact');
    const relationship = await findRelationship(this.db, input.relationshipId);
    if (!relationship) throw badRequest('validation_failed', 'relationshipId: unknown relationship', 'relationshipId');
    if (!(await findLanguage(this.db, input.communicationLanguageId))) {
      throw badRequest('validation_failed', 'communicationLanguageId: unknown language', 'communicationLanguageId');
    }
    const preferred = input.preferredCommunicationId ?? null;
    if (preferred !== null && !(await preferredCommunicationExists(this.db, preferred))) {
      throw badRequest(
        'validation_failed',
        'preferredCommunicationId: unknown preferred communication',
        'preferredCommunicationId',
      );
    }
    const existingId = input.contactId ? input.contactId : null;
    const existing = existingId === null ? null : await this.contactOf(ctx.patientId, existingId);

    let address = {
      address1: input.address1,
      address2: input.address2,
      city: input.city,
      state: input.state,
      country: input.country,
      zipCode: input.zipCode,
    };
    if (input.usePatientAddress) {
      const patient = await findPatientWithFacility(this.db, ctx.patientId);
      if (!patient) throw notFound('not_found', CONTACT_MESSAGES.notFound);
      address = {
        address1: patient.address1,
        address2: patient.address2,
        city: patient.city,
        state: patient.state,
        country: patient.country,
        zipCode: patient.zipCode,
      };
    }
    const phone = (value: string | null) => (value === null ? null : cleanPhone(value) || null);
    const values: NewContactValues = {
      firstName: input.contactFirstName,
      lastName: input.contactLastName,
      suffix: input.suffix,
      relationshipId: relationship.id,
      relationship: relationship.displayName,
      isPrimaryContact: input.isPrimaryContact,
      isNextOfKin: input.isNextOfKin,
      providesTransport: input.providesTransport,
      usePatientAddress: input.usePatientAddress,
      ...address,
      homePhone: phone(input.homePhone),
      mobilePhone: phone(input.mobilePhone),
      workPhone: phone(input.workPhone),
      isOkToLeaveMsgHome: input.isOkToLeaveMsgHome,
      isOkToLeaveMsgMobile: input.isOkToLeaveMsgMobile,
      isOkToLeaveMsgWork: input.isOkToLeaveMsgWork,
      contactEmail: input.contactEmail ?? null,
      preferredCommunicationId: preferred,
      communicationLanguageId: input.communicationLanguageId,
    };
    const emailChanged =
      existing !== null &&
      (existing.contact.contactEmail ?? '').toLowerCase() !== (values.contactEmail ?? '').toLowerCase();

    let contactId: number;
    try {
      contactId = await this.db.transaction(async (tx) => {
        // Only one primary contact: the others stop being primary first (a unique index holds the rule).
        const demoted = input.isPrimaryContact ? await clearOtherPrimaryContacts(tx, ctx.patientId, existingId) : [];
        let id: number;
        if (existingId === null) {
          id = await insertContact(tx, ctx.patientId, values);
        } else {
          if (!(await updateContact(tx, ctx.patientId, existingId, values))) {
            throw notFound('not_found', CONTACT_MESSAGES.notFound);
          }
          id = existingId;
        }
        // An invitation went to the old address: it no longer stands.
        const withdrawn = emailChanged ? await withdrawOpenInvitations(tx, id, new Date()) : [];
        await this.audit(tx, ctx, existingId === null ? 'contactaddauditevent' : 'contacteditauditevent', {
          contactId: id,
          ...(demoted.length ? { primaryFrom: demoted } : {}),
          ...(withdrawn.length ? { invitationsWithdrawn: withdrawn } : {}),
        });
        return id;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'personal_contacts_one_primary')) {
        throw badRequest('primary_contact_exists', CONTACT_MESSAGES.primaryConflict);
      }
      throw err;
    }
    return this.one(ctx.patientId, contactId);
  }

  /* --------------------------------------------------------------- access */

  async setAccess(ctx: RequestContext, contactId: number, authorized: boolean): Promise<void> {
    const { contact } = await this.contactOf(ctx.patientId, contactId);
    if (contact.authorizedRepresentativeUserId === null) throw badRequest('no_account', CONTACT_MESSAGES.noAccount);
    await this.db.transaction(async (tx) => {
      await setRepresentativeActive(tx, ctx.patientId, contactId, authorized);
      await this.audit(tx, ctx, authorized ? 'contactaccessenabledauditevent' : 'contactaccessdisabledauditevent', {
        contactId,
        representativeUserId: contact.authorizedRepresentativeUserId,
      });
    });
  }

  async unlock(ctx: RequestContext, contactId: number): Promise<void> {
    const { contact } = await this.contactOf(ctx.patientId, contactId);
    const userId = contact.authorizedRepresentativeUserId;
    if (userId === null) throw badRequest('no_account', CONTACT_MESSAGES.noAccount);
    await this.db.transaction(async (tx) => {
      await unlockUser(tx, userId);
      await this.audit(tx, ctx, 'contactunlockaccountauditevent', { contactId, representativeUserId: userId });
    });
  }

  /**
   * Like "forgot password" for the representative: a temporary password by email that works beside the
   * current one until it expires and only leads to choosing a new one.
   */
  async resetPassword(ctx: RequestContext, contactId: number): Promise<void> {
    const { contact } = await this.contactOf(ctx.patientId, contactId);
    const userId = contact.authorizedRepresentativeUserId;
    if (userId === null) throw badRequest('no_account', CONTACT_MESSAGES.noAccount);
    const account = await findRepresentativeAccount(this.db, userId);
    if (!account) throw badRequest('no_account', CONTACT_MESSAGES.noAccount);
    if (!account.email || !account.isEmailConfirmed) {
      throw badRequest('resetContactPasswordEmailNotConfirmed', CONTACT_MESSAGES.emailNotConfirmed);
    }
    if (account.isSingleSignOn || !this.canSendMail) {
      throw badRequest('contactPasswordResetFailed', CONTACT_MESSAGES.resetFailed);
    }
    this.countMail(contactId);
    const patient = await findPatientWithFacility(this.db, ctx.patientId);
    if (!patient) throw notFound('not_found', CONTACT_MESSAGES.notFound);
    const temporary = generateTemporaryPassword(account);
    const hash = await hashPassword(temporary);
    const expiresAt = new Date(Date.now() + account.temporaryPasswordHours * 3_600_000);
    const contactLanguage = contact.communicationLanguageId
      ? (await findLanguage(this.db, contact.communicationLanguageId))?.code
      : undefined;
    const language =
      packOfLanguageCode(account.preferredLanguage) ??
      packOfLanguageCode(contactLanguage) ??
      resolvePack(ctx.language).pack;
    const email = account.email;
    await this.db.transaction(async (tx) => {
      await setTemporaryPassword(tx, userId, hash, expiresAt);
      const mail = contactPasswordResetMail({
        language,
        portalName: account.portalName,
        firstName: account.firstName,
        username: account.username,
        patientName: `${patient.firstName} ${patient.lastName}`,
        temporaryPassword: temporary,
        hours: account.temporaryPasswordHours,
        loginUrl: `${ctx.publicBase}/login`,
      });
      try {
        await this.outbox.enqueue(tx, {
          to: email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          facilityId: account.facilityId,
        });
      } catch (err) {
        if (err instanceof InvalidMailError)
          throw badRequest('contactPasswordResetFailed', CONTACT_MESSAGES.resetFailed);
        throw err;
      }
      await this.audit(tx, ctx, 'contactpasswordresetauditevent', {
        contactId,
        representativeUserId: userId,
        expiresAt: expiresAt.toISOString(),
      });
    });
  }

  /* ---------------------------------------------------------- invitations */

  async invitationExists(ctx: RequestContext, contactId: number): Promise<boolean> {
    await this.contactOf(ctx.patientId, contactId);
    const invitation = (await findNewestInvitations(this.db, [contactId])).get(contactId);
    return invitation !== undefined && secretState(invitation) === 'usable';
  }

  async invite(
    ctx: RequestContext,
    contactId: number,
  ): Promise<{ invitationId: number; pin: string; email: string; pinPdfToken: string }> {
    await this.requireField(ctx, 'PersonalContacts', 'InviteContact');
    const { contact } = await this.contactOf(ctx.patientId, contactId);
    const email = contact.contactEmail?.trim();
    if (!email) throw badRequest('contactEmailRequiredForInvite', CONTACT_MESSAGES.emailRequired, 'contactEmail');
    if (contact.authorizedRepresentativeUserId !== null) {
      throw badRequest('already_authorized', CONTACT_MESSAGES.alreadyAuthorized);
    }
    const patient = await findPatientWithFacility(this.db, ctx.patientId);
    if (!patient) throw notFound('not_found', CONTACT_MESSAGES.notFound);
    if (!this.canSendMail) throw badRequest('failedSendingEmail', CONTACT_MESSAGES.failedSendingEmail);
    this.countMail(contactId);
    const contactLanguage = contact.communicationLanguageId
      ? (await findLanguage(this.db, contact.communicationLanguageId))?.code
      : undefined;
    const language = packOfLanguageCode(contactLanguage) ?? resolvePack(ctx.language).pack;

    const created = await this.db.transaction(async (tx) => {
      const now = new Date();
      const withdrawn = await withdrawOpenInvitations(tx, contactId, now);
      const secret = await issueSecret(tx, {
        kind: 'invitation',
        withPin: true,
        personalContactId: contactId,
        patientId: ctx.patientId,
        email,
        facilityId: patient.facilityId,
        now,
      });
      if (!secret.pin) throw new Error('An invitation was issued without a PIN');
      const mail = invitationMail({
        language,
        portalName: patient.portalName,
        contactFirstName: contact.firstName,
        patientName: `${patient.firstName} ${patient.lastName}`,
        signUpUrl: `${ctx.publicBase}/auth-rep-sign-up?u=${encodeURIComponent(secret.token)}`,
        days: INVITATION_DAYS,
      });
      try {
        await this.outbox.enqueue(tx, {
          to: email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          facilityId: patient.facilityId,
        });
      } catch (err) {
        if (err instanceof InvalidMailError) {
          throw badRequest('failedSendingEmail', CONTACT_MESSAGES.failedSendingEmail);
        }
        throw err;
      }
      await this.audit(tx, ctx, 'contactinviteauditevent', {
        contactId,
        invitationId: secret.id,
        ...(withdrawn.length ? { invitationsWithdrawn: withdrawn } : {}),
      });
      return { invitationId: secret.id, pin: secret.pin };
    });
    const payload: PinPdfPayload = {
      invitationId: created.invitationId,
      pin: created.pin,
      sessionId: ctx.caller.sessionId,
      patientId: ctx.patientId,
      language,
    };
    return { ...created, email, pinPdfToken: this.sealedTokens.seal(payload, PIN_PDF_TOKEN_MS) };
  }

  /**
   * The PIN letter of an invitation, for the sealed token handed out with it: the token must open, name
   * this invitation, and come from a session that is still live and is still the patient's own.
   */
  async pinLetter(invitationId: number, token: string): Promise<Buffer> {
    const missing = () => notFound('not_found', CONTACT_MESSAGES.notFound);
    const payload = this.sealedTokens.open<PinPdfPayload>(token);
    if (
      !payload ||
      payload.invitationId !== invitationId ||
      typeof payload.pin !== 'string' ||
      typeof payload.sessionId !== 'number' ||
      typeof payload.patientId !== 'number'
    ) {
      throw missing();
    }
    const now = new Date();
    const caller = await this.sessions.liveCaller(payload.sessionId);
    if (!caller) throw missing();
    if ((await resolvePatientRelationship(this.db, caller, payload.patientId)) !== 'self') throw missing();
    const invitation = await findInvitation(this.db, invitationId);
    if (
      !invitation ||
      invitation.patientId !== payload.patientId ||
      invitation.personalContactId === null ||
      secretState(invitation, now) !== 'usable'
    ) {
      throw missing();
    }
    const found = await findActiveContact(this.db, payload.patientId, invitation.personalContactId);
    const patient = await findPatientWithFacility(this.db, payload.patientId);
    if (!found || !patient) throw missing();
    const contact = found.contact;
    const language = (['en', 'es', 'fr', 'pt', 'zh'] as const).includes(payload.language) ? payload.language : 'en';
    const pdf = await renderPinLetter({
      language,
      facilityName: patient.facilityName,
      portalName: patient.portalName,
      timeZoneId: patient.timeZoneId,
      patientName: `${patient.firstName} ${patient.lastName}`,
      contactName: [contact.firstName, contact.lastName, contact.suffix].filter(Boolean).join(' '),
      email: invitation.email ?? contact.contactEmail ?? '',
      pin: payload.pin,
      expiresAt: invitation.expiresAt,
      issuedAt: invitation.createdAt,
    });
    await writeAudit(this.db, {
      eventType: 'pinletterprintauditevent',
      actorUserId: caller.userId,
      patientId: payload.patientId,
      sessionId: caller.sessionId,
      facilityId: caller.facilityId,
      loginType: caller.loginType,
      detail: { invitationId, contactId: contact.id },
    });
    return pdf;
  }
}
