import { cleanPhone, type ContactUpsertSchema, type PersonalContact } from '@portal/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { resolvePack } from '../../platform/content/language-packs';
import { hashPassword } from '../../platform/auth/passwords';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { InvalidMailError, type MailOutbox } from '../../platform/mail/outbox';
import type { PatientScope } from '../../platform/access/patient-scope';
import { generateTemporaryPassword } from '../../platform/auth/passwords';
import {
  auditContact,
  canSendMail,
  CONTACT_MESSAGES,
  contactOf,
  packOfLanguageCode,
  requireDashboardField,
  type ContactMailLimit,
  type RequestContext,
} from './contacts.shared';
import { contactPasswordResetMail } from './contacts.mail';
import {
  clearOtherPrimaryContacts,
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
  type InvitationState,
  type NewContactValues,
} from './contacts.repository';
import { isUniqueViolation } from '../../platform/errors/error-handler';

export type ContactUpsertInput = z.output<typeof ContactUpsertSchema>;

function invitationFlags(invitation: InvitationState | undefined, now: Date) {
  if (!invitation) return { invitationId: null, isInvitationLocked: false, isInvitationExpired: false };
  return {
    invitationId: invitation.id,
    isInvitationLocked: invitation.failedAttempts >= invitation.maxAttempts,
    isInvitationExpired: invitation.usedAt === null && invitation.expiresAt <= now,
  };
}

function toPersonalContact(
  row: ContactListRow,
  invitation: InvitationState | undefined,
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

export class ContactsService {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly config: Config,
    private readonly mailLimit: ContactMailLimit,
  ) {}

  /* ----------------------------------------------------------------- list */

  async list(ctx: RequestContext): Promise<PersonalContact[]> {
    const rows = await listActiveContacts(this.db, ctx.scope);
    const now = new Date();
    // A representative sees the contacts, not the other representatives' account details.
    const withUserInfo = ctx.scope.relationship === 'self';
    return rows.map((row) => toPersonalContact(row, row.invitation ?? undefined, { withUserInfo }, now));
  }

  private async one(scope: PatientScope, contactId: number): Promise<PersonalContact> {
    const row = await contactOf(this.db, scope, contactId);
    const invitations = await findNewestInvitations(this.db, [contactId]);
    return toPersonalContact(row, invitations.get(contactId), { withUserInfo: true }, new Date());
  }

  /* ----------------------------------------------------------------- save */

  async save(ctx: RequestContext, input: ContactUpsertInput): Promise<PersonalContact> {
    await requireDashboardField(this.db, ctx, 'AddContact');
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
    const existing = existingId === null ? null : await contactOf(this.db, ctx.scope, existingId);

    let address = {
      address1: input.address1,
      address2: input.address2,
      city: input.city,
      state: input.state,
      country: input.country,
      zipCode: input.zipCode,
    };
    if (input.usePatientAddress) {
      const patient = await findPatientWithFacility(this.db, ctx.scope);
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
        const demoted = input.isPrimaryContact ? await clearOtherPrimaryContacts(tx, ctx.scope, existingId) : [];
        let id: number;
        if (existingId === null) {
          id = await insertContact(tx, ctx.scope, values);
        } else {
          if (!(await updateContact(tx, ctx.scope, existingId, values))) {
            throw notFound('not_found', CONTACT_MESSAGES.notFound);
          }
          id = existingId;
        }
        // An invitation went to the old address: it no longer stands.
        const withdrawn = emailChanged ? await withdrawOpenInvitations(tx, id, new Date()) : [];
        await auditContact(tx, ctx, existingId === null ? 'contactaddauditevent' : 'contacteditauditevent', {
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
    return this.one(ctx.scope, contactId);
  }

  /* --------------------------------------------------------------- access */

  async setAccess(ctx: RequestContext, contactId: number, authorized: boolean): Promise<void> {
    const { contact } = await contactOf(this.db, ctx.scope, contactId);
    if (contact.authorizedRepresentativeUserId === null) throw badRequest('no_account', CONTACT_MESSAGES.noAccount);
    await this.db.transaction(async (tx) => {
      await setRepresentativeActive(tx, ctx.scope, contactId, authorized);
      await auditContact(tx, ctx, authorized ? 'contactaccessenabledauditevent' : 'contactaccessdisabledauditevent', {
        contactId,
        representativeUserId: contact.authorizedRepresentativeUserId,
      });
    });
  }

  async unlock(ctx: RequestContext, contactId: number): Promise<void> {
    const { contact } = await contactOf(this.db, ctx.scope, contactId);
    const userId = contact.authorizedRepresentativeUserId;
    if (userId === null) throw badRequest('no_account', CONTACT_MESSAGES.noAccount);
    await this.db.transaction(async (tx) => {
      await unlockUser(tx, userId);
      await auditContact(tx, ctx, 'contactunlockaccountauditevent', { contactId, representativeUserId: userId });
    });
  }

  /**
   * Like "forgot password" for the representative: a temporary password by email that works beside the
   * current one until it expires and only leads to choosing a new one.
   */
  async resetPassword(ctx: RequestContext, contactId: number): Promise<void> {
    const { contact } = await contactOf(this.db, ctx.scope, contactId);
    const userId = contact.authorizedRepresentativeUserId;
    if (userId === null) throw badRequest('no_account', CONTACT_MESSAGES.noAccount);
    const account = await findRepresentativeAccount(this.db, userId);
    if (!account) throw badRequest('no_account', CONTACT_MESSAGES.noAccount);
    if (!account.email || !account.isEmailConfirmed) {
      throw badRequest('resetContactPasswordEmailNotConfirmed', CONTACT_MESSAGES.emailNotConfirmed);
    }
    if (account.isSingleSignOn || !canSendMail(this.config)) {
      throw badRequest('contactPasswordResetFailed', CONTACT_MESSAGES.resetFailed);
    }
    await this.mailLimit.count(ctx, contactId, account.email);
    const patient = await findPatientWithFacility(this.db, ctx.scope);
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
    const base = await ctx.linkBase(account.facilityId);
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
        loginUrl: `${base}/login`,
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
      await auditContact(tx, ctx, 'contactpasswordresetauditevent', {
        contactId,
        representativeUserId: userId,
        expiresAt: expiresAt.toISOString(),
      });
    });
  }
}
