import type { LanguagePack } from '@portal/contracts';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { openPatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { resolvePack } from '../../platform/content/language-packs';
import { issueSecret, SECRET_LIFETIME_MS, secretState } from '../../platform/auth/one-time-secrets';
import type { SealedTokens } from '../../platform/auth/sealed-tokens';
import type { SessionService } from '../../platform/auth/sessions';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { InvalidMailError, type MailOutbox } from '../../platform/mail/outbox';
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
import { invitationMail } from './contacts.mail';
import {
  deletePinCopies,
  findActiveContact,
  findInvitation,
  findLanguage,
  findNewestInvitations,
  findPatientWithFacility,
  findPinCopy,
  lockContact,
  savePinCopy,
  withdrawOpenInvitations,
} from './contacts.repository';
import { renderPinLetter } from './pin-letter';

/** How long the PIN letter link given with a new invitation works. */
export const PIN_PDF_TOKEN_MS = 10 * 60_000;
export const INVITATION_DAYS = Math.round(SECRET_LIFETIME_MS.invitation / 86_400_000);
/**
 * How long the session that issued an invitation is answered that same invitation again (a reload of the PIN
 * page) instead of a new PIN and email. Resend Invitation (?resend=true) always issues a new one.
 */
export const INVITATION_REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * What the stored copy of a new invitation's PIN carries. The PIN itself is stored only as a hash, so to show the
 * same PIN on a reload the service keeps a copy sealed (AES-256-GCM, key from APP_SECRET, expiring with the
 * window) in invitation_pin_copies, readable only for the session that issued the invitation and only within the
 * window; copies past it are deleted by the next invitation call. A stolen copy with the key would give half of
 * the credential at most: signing up also needs the emailed link token, which is stored only as a hash.
 */
interface PinCopyPayload extends Record<string, unknown> {
  invitationId: number;
  pin: string;
  sessionId: number;
}

export type InvitationAnswer = { invitationId: number; pin: string; email: string; pinPdfToken: string };

/** What the sealed token of the PIN letter carries (encrypted: the PIN is never stored in clear). */
export interface PinPdfPayload extends Record<string, unknown> {
  invitationId: number;
  pin: string;
  sessionId: number;
  patientId: number;
  language: LanguagePack;
}

/** Invitations of personal contacts to become authorised representatives, and their PIN letters. */
export class InvitationsService {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly config: Config,
    private readonly sealedTokens: SealedTokens,
    private readonly sessions: SessionService,
    private readonly mailLimit: ContactMailLimit,
  ) {}

  async invitationExists(ctx: RequestContext, contactId: number): Promise<boolean> {
    await contactOf(this.db, ctx.scope, contactId);
    const invitation = (await findNewestInvitations(this.db, [contactId])).get(contactId);
    return invitation !== undefined && secretState(invitation) === 'usable';
  }

  async invite(ctx: RequestContext, contactId: number, options: { resend?: boolean } = {}): Promise<InvitationAnswer> {
    await requireDashboardField(this.db, ctx, 'PersonalContacts', 'InviteContact');
    const { contact } = await contactOf(this.db, ctx.scope, contactId);
    const email = contact.contactEmail?.trim();
    if (!email) throw badRequest('contactEmailRequiredForInvite', CONTACT_MESSAGES.emailRequired, 'contactEmail');
    if (contact.authorizedRepresentativeUserId !== null) {
      throw badRequest('already_authorized', CONTACT_MESSAGES.alreadyAuthorized);
    }
    const patient = await findPatientWithFacility(this.db, ctx.scope);
    if (!patient) throw notFound('not_found', CONTACT_MESSAGES.notFound);
    const contactLanguage = contact.communicationLanguageId
      ? (await findLanguage(this.db, contact.communicationLanguageId))?.code
      : undefined;
    const language = packOfLanguageCode(contactLanguage) ?? resolvePack(ctx.language).pack;
    if (!canSendMail(this.config)) throw badRequest('failedSendingEmail', CONTACT_MESSAGES.failedSendingEmail);

    const base = await ctx.linkBase(patient.facilityId);
    const created = await this.db.transaction(async (tx) => {
      const now = new Date();
      // One invitation call per contact at a time, so a reload racing the first load finds its invitation.
      await lockContact(tx, contactId);
      if (!options.resend) {
        const repeated = await this.repeatedInvitation(tx, ctx, contactId, email, now);
        if (repeated) return repeated;
      }
      await this.mailLimit.count(ctx, contactId, email);
      const withdrawn = await withdrawOpenInvitations(tx, contactId, now);
      const secret = await issueSecret(tx, {
        kind: 'invitation',
        withPin: true,
        personalContactId: contactId,
        patientId: ctx.scope.patientId,
        email,
        facilityId: patient.facilityId,
        now,
      });
      if (!secret.pin) throw new Error('An invitation was issued without a PIN');
      const sessionId = ctx.scope.caller.sessionId;
      await deletePinCopies(tx, now, withdrawn);
      await savePinCopy(tx, {
        invitationId: secret.id,
        sessionId,
        sealedPin: this.sealedTokens.seal(
          { invitationId: secret.id, pin: secret.pin, sessionId } satisfies PinCopyPayload,
          INVITATION_REPEAT_WINDOW_MS,
        ),
        shownUntil: new Date(now.getTime() + INVITATION_REPEAT_WINDOW_MS),
      });
      const mail = invitationMail({
        language,
        portalName: patient.portalName,
        contactFirstName: contact.firstName,
        patientName: `${patient.firstName} ${patient.lastName}`,
        signUpUrl: `${base}/auth-rep-sign-up?u=${encodeURIComponent(secret.token)}`,
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
      await auditContact(tx, ctx, 'contactinviteauditevent', {
        contactId,
        invitationId: secret.id,
        ...(withdrawn.length ? { invitationsWithdrawn: withdrawn } : {}),
      });
      return { invitationId: secret.id, pin: secret.pin };
    });
    return { ...created, email, pinPdfToken: this.pinPdfToken(ctx, created, language) };
  }

  /**
   * The invitation this session issued to this contact within the window, while it is the contact's newest, still
   * open and for the contact's current address; else null.
   */
  private async repeatedInvitation(
    tx: DbOrTx,
    ctx: RequestContext,
    contactId: number,
    email: string,
    now: Date,
  ): Promise<{ invitationId: number; pin: string } | null> {
    const sessionId = ctx.scope.caller.sessionId;
    await deletePinCopies(tx, now);
    const newest = (await findNewestInvitations(tx, [contactId])).get(contactId);
    if (!newest || secretState(newest, now) !== 'usable' || newest.email !== email) return null;
    const copy = await findPinCopy(tx, newest.id, sessionId, now);
    const sealed = copy ? this.sealedTokens.open<PinCopyPayload>(copy.sealedPin) : null;
    if (!sealed || sealed.invitationId !== newest.id || sealed.sessionId !== sessionId) return null;
    if (typeof sealed.pin !== 'string') return null;
    return { invitationId: newest.id, pin: sealed.pin };
  }

  private pinPdfToken(
    ctx: RequestContext,
    invitation: { invitationId: number; pin: string },
    language: LanguagePack,
  ): string {
    const payload: PinPdfPayload = {
      invitationId: invitation.invitationId,
      pin: invitation.pin,
      sessionId: ctx.scope.caller.sessionId,
      patientId: ctx.scope.patientId,
      language,
    };
    return this.sealedTokens.seal(payload, PIN_PDF_TOKEN_MS);
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
    // The same access check as every patient route: only the patient's own live session prints the letter.
    const scope = await openPatientScope(this.db, caller, payload.patientId, ['self']).catch(() => null);
    if (!scope) throw missing();
    const invitation = await findInvitation(this.db, invitationId);
    if (
      !invitation ||
      invitation.patientId !== payload.patientId ||
      invitation.personalContactId === null ||
      secretState(invitation, now) !== 'usable'
    ) {
      throw missing();
    }
    const found = await findActiveContact(this.db, scope, invitation.personalContactId);
    const patient = await findPatientWithFacility(this.db, scope);
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
    await audit(this.db, scope, 'pinletterprintauditevent', { invitationId, contactId: contact.id });
    return pdf;
  }
}
