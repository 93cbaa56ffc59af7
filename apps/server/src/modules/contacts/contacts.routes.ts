import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ContactAccessQuery,
  ContactParams,
  ContactUpsertSchema,
  ErrorBodySchema,
  IdParam,
  InvitationCreatedSchema,
  InviteExistsSchema,
  InviteQuery,
  LanguageQuerySchema,
  PatientIdParams,
  PersonalContactSchema,
  PinPdfQuery,
} from '@portal/contracts';
import { contactRoute, patientRoute, publicBase, type RouteApp } from '../../platform/http/routes';
import { scopeOf } from '../../platform/access/access-control';
import { ContactMailLimit, type RequestContext } from './contacts.shared';
import { ContactsService } from './contacts.service';
import {
  INVITATION_DAYS,
  INVITATION_REPEAT_WINDOW_MS,
  InvitationsService,
  PIN_PDF_TOKEN_MS,
} from './invitations.service';

const TAGS = ['Personal contacts'];
const INVITATION_TAGS = ['Invitations'];
const NO_CONTENT = z.null().describe('No content');
const ContactIdParams = z.object({ contactId: IdParam });
const InvitationIdParams = z.object({ invitationId: IdParam });

const MAIL_LIMIT_NOTE =
  ' Emails to one contact are limited to 10 per 15 minutes, whoever asks (429 too_many_attempts).';

// Chrome's PDF viewer shows a PDF through an embed in a page of the PDF's own origin, which the API's
// default policy (object-src 'none') would block; this response gets a policy of its own.
const PDF_CSP = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

export async function contactRoutes(app: RouteApp) {
  const { config, database, outbox, sealedTokens, sessions } = app.deps;
  const mailLimit = new ContactMailLimit(app.deps.limits);
  const service = new ContactsService(database.db, outbox, config, mailLimit);
  const invitations = new InvitationsService(database.db, outbox, config, sealedTokens, sessions, mailLimit);

  const context = (request: FastifyRequest, language?: string): RequestContext => {
    return {
      scope: scopeOf(request),
      language,
      ip: request.ip,
      linkBase: (facilityId: number) => publicBase(database.db, config, facilityId),
    };
  };

  /* ------------------------------------------------------------ contacts */

  app.get(
    '/api/patients/:patientId/contacts',
    patientRoute({
      tags: TAGS,
      summary: "The patient's personal contacts",
      description:
        'The active contacts of the patient, sorted by first then last name (case-insensitive). ' +
        'invitationId, isInvitationLocked and isInvitationExpired describe the newest invitation of the contact ' +
        '(locked: its PIN was entered wrongly too often; expired: past its expiry and never used; an invitation ' +
        'replaced by a newer one or withdrawn because the email changed counts as expired). userInfo describes ' +
        'the account of a contact who is a representative (isLockedOut while the lockout lasts, with the whole ' +
        'minutes left rounded up, else 0); a representative reading the list gets userInfo null for every ' +
        'contact: the other accounts are the patient’s business.',
      params: PatientIdParams,
      response: { 200: z.array(PersonalContactSchema) },
    }),
    async (request) => service.list(context(request)),
  );

  app.put(
    '/api/patients/:patientId/contacts',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Add or change a personal contact',
        description:
          'contactId 0 or absent adds a contact; any other id changes that active contact of this patient (404 ' +
          'not_found for a contact of anyone else). Only the patient may save (a representative gets 403), and ' +
          'only when the facility grants the Dashboard field AddContact (else 403 forbidden). Names and texts are ' +
          'trimmed, an empty text is saved as null, phones are saved as digits only; relationshipId, ' +
          'communicationLanguageId and preferredCommunicationId must name rows of their lookups (else 400 ' +
          'validation_failed naming the field); the relationship text is filled from the lookup. ' +
          'usePatientAddress true saves a copy of the patient’s address (address1, address2, city, state, country, ' +
          'zipCode) whatever address the body holds. isPrimaryContact true makes every other contact of the ' +
          'patient non-primary in the same transaction (the browser has asked first); false is saved as sent, so a ' +
          'patient may have no primary contact. Two saves racing to make different contacts primary: the later ' +
          'gets 400 primary_contact_exists. Changing contactEmail withdraws the contact’s open invitations (they ' +
          'went to the old address). Writes contactaddauditevent or contacteditauditevent. Answers the saved ' +
          'contact as GET lists it.',
        params: PatientIdParams,
        body: ContactUpsertSchema,
        response: { 200: PersonalContactSchema },
      },
      { relationships: ['self'] },
    ),
    async (request) => service.save(context(request), request.body),
  );

  app.post(
    '/api/patients/:patientId/contacts/:contactId',
    patientRoute(
      {
        tags: TAGS,
        summary: "Enable or disable a representative's access",
        description:
          'Sets whether the contact’s representative account may act for the patient. It takes effect on the ' +
          'representative’s next call (every call checks it); their sessions stay open for any other patient they ' +
          'represent. Setting the state it already has is harmless. 400 no_account when the contact has no ' +
          'account; 404 for a contact of anyone else. Writes contactaccessenabledauditevent or ' +
          'contactaccessdisabledauditevent.',
        params: ContactParams,
        querystring: ContactAccessQuery,
        response: { 204: NO_CONTENT },
      },
      { relationships: ['self'] },
    ),
    async (request, reply) => {
      await service.setAccess(context(request), request.params.contactId, request.query.authorized);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/patients/:patientId/contacts/:contactId/UnlockAccount',
    patientRoute(
      {
        tags: TAGS,
        summary: "Unlock a representative's account",
        description:
          'Ends the lockout of the contact’s representative account after too many failed logins and starts ' +
          'its failure count again; harmless when it is not locked. 400 no_account when the contact has no ' +
          'account. Writes contactunlockaccountauditevent.',
        params: ContactParams,
        response: { 204: NO_CONTENT },
      },
      { relationships: ['self'] },
    ),
    async (request, reply) => {
      await service.unlock(context(request), request.params.contactId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/patients/:patientId/contacts/:contactId/ResetPassword',
    patientRoute(
      {
        tags: TAGS,
        summary: "Reset a representative's password",
        description:
          'Like forgot-password, for the contact’s representative account: a temporary password that meets the ' +
          'facility’s rules is emailed to the account’s address and works beside the current password until it ' +
          'expires (the facility’s temporary-password hours, default 24), only to choose a new one. The mail is in ' +
          'the representative’s own language, else the contact’s communication language, else ?language. 400 ' +
          'no_account when the contact has no account; 400 resetContactPasswordEmailNotConfirmed when the ' +
          'account’s email is missing or not confirmed; 400 contactPasswordResetFailed when the account signs in ' +
          'by single sign-on or mail cannot be sent. Writes contactpasswordresetauditevent.' +
          MAIL_LIMIT_NOTE,
        params: ContactParams,
        querystring: LanguageQuerySchema,
        response: { 204: NO_CONTENT, 429: ErrorBodySchema },
      },
      { relationships: ['self'] },
    ),
    async (request, reply) => {
      await service.resetPassword(context(request, request.query.language), request.params.contactId);
      return reply.status(204).send(null);
    },
  );

  /* --------------------------------------------------------- invitations */

  app.get(
    '/api/invitations/contact/:contactId/checkArInviteExists',
    contactRoute(
      {
        tags: INVITATION_TAGS,
        summary: 'Whether the contact has an invitation that can still be accepted',
        description:
          'exists is true when the contact’s newest invitation is unused, unexpired and not locked by wrong ' +
          'PINs. Only the patient may ask (a representative gets 403; a contact of anyone else 404).',
        params: ContactIdParams,
        response: { 200: InviteExistsSchema },
      },
      { relationships: ['self'] },
    ),
    async (request) => {
      const ctx = context(request);
      return { exists: await invitations.invitationExists(ctx, request.params.contactId) };
    },
  );

  app.post(
    '/api/invitations/contact/:contactId/invite',
    contactRoute(
      {
        tags: INVITATION_TAGS,
        summary: 'Invite a contact to become a representative',
        description:
          'Only the patient may invite, and only when the facility grants Dashboard > PersonalContacts > ' +
          'InviteContact (else 403 forbidden). 400 contactEmailRequiredForInvite when the contact has no email; ' +
          '400 already_authorized when the contact already has an account. Otherwise, in one transaction: the ' +
          `contact’s earlier open invitations are withdrawn, a new one is issued (valid ${INVITATION_DAYS} days, ` +
          'single use, 5 wrong PINs lock it) and the invitation email is queued in the contact’s communication ' +
          'language when the portal speaks it, else ?language. The email carries the sign-up link ' +
          '/auth-rep-sign-up?u=<token> and never the PIN. Writes contactinviteauditevent. Answers the PIN (stored ' +
          'as a hash, plus a copy sealed for this session), the address the email went to, and pinPdfToken for GET ' +
          `/api/invitations/{invitationId}/pinpdf, valid ${PIN_PDF_TOKEN_MS / 60_000} minutes for this session. ` +
          `The same session asking again within ${INVITATION_REPEAT_WINDOW_MS / 60_000} minutes (the PIN page ` +
          'reloaded) is answered the same invitation and PIN, with no new email, audit or withdrawal, while that ' +
          'invitation is the newest, still open and for the current address; ?resend=true (Resend Invitation) ' +
          'always issues a new one. 400 failedSendingEmail when the mail cannot be queued (nothing is saved then).' +
          MAIL_LIMIT_NOTE,
        params: ContactIdParams,
        querystring: InviteQuery,
        response: { 200: InvitationCreatedSchema, 429: ErrorBodySchema },
      },
      { relationships: ['self'] },
    ),
    async (request) =>
      invitations.invite(context(request, request.query.language), request.params.contactId, {
        resend: request.query.resend,
      }),
  );

  app.get(
    '/api/invitations/:invitationId/pinpdf',
    {
      config: { access: 'public' },
      schema: {
        tags: INVITATION_TAGS,
        summary: 'The PIN letter of a new invitation (PDF)',
        description:
          'Opened in a new window, where no bearer header goes, so the credential is the sealed pinPdfToken the ' +
          'invite call answered: it must open (it is encrypted and authenticated, and expires after ' +
          `${PIN_PDF_TOKEN_MS / 60_000} minutes), name this invitation, and come from a session that is still ` +
          'live and still the patient’s own; the invitation must still be open. Anything else is 404 not_found. ' +
          'Answers a one-page letter (application/pdf, inline, never cached): the facility, “PIN Required”, the ' +
          'patient, the contact and their email, the PIN in large type, how to accept, and the expiry date in the ' +
          'facility’s time zone; in the language of the invitation email (a Chinese letter embeds a Unicode ' +
          'font). Writes pinletterprintauditevent.',
        params: InvitationIdParams,
        querystring: PinPdfQuery,
        response: { 200: z.any().describe('The PDF'), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const pdf = await invitations.pinLetter(request.params.invitationId, request.query.token);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="invitation-pin.pdf"')
        .header('cache-control', 'no-store')
        .header('content-security-policy', PDF_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .send(pdf);
    },
  );
}
