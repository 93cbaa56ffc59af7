import { RATE_LIMIT_NOTE, rateLimiter } from '../../platform/http/rate-limit';
import {
  AccountCreatedSchema,
  AccountInformationSchema,
  ErrorBodySchema,
  FacilityIdQuerySchema,
  IdentityVerificationSchema,
  IdentityVerifiedSchema,
  InvitationParamsSchema,
  InvitationVerifiedSchema,
  LanguageQuerySchema,
  PasswordRulesSchema,
  SIGNUP_EMAIL_FAILED,
  VerificationFieldsSchema,
} from '@portal/contracts';
import { publicBase, type RouteApp } from '../../platform/http/routes';
import { countMail } from '../../platform/mail/mail-limits';
import { parseVerificationFields, SignupService } from './signup.service';
import { hostFacilityOf } from '../../platform/http/host-facility';

const TAGS = ['Sign-up'];

/** The facility to answer for: facilityId when given, else the facility of the request's host. */
const OptionalFacilityQuerySchema = FacilityIdQuerySchema.partial();
const HOST_FACILITY_NOTE =
  " Without facilityId (the spec's call sends none), the facility of the host the request came to (the facility " +
  "whose alias is the Host name); a host that is no facility's: 404 facility_not_found.";

const SIGNUP_RATE_NOTE =
  RATE_LIMIT_NOTE +
  ' PIN attempts are ALSO counted in the database, per PIN, so they hold across restarts and server instances.';

const PIN_RULES =
  ' Every check counts against the identity (facility, first and last name, date of birth), whether or not such ' +
  'a patient exists: after 5 checks of one identity in an hour, from any address, 429 too_many_attempts. Without ' +
  'the right PIN every refusal is invalid_information, for a real identity as for an invented one. A wrong PIN ' +
  'for a matched identity also counts one failure on that patient’s newest unused sign-up PIN; at its maximum (5) ' +
  'the PIN is invalidated, and the right PIN then answers pin_invalidated. An expired PIN answers pin_expired; a ' +
  'PIN already used answers invalid_information.';

export async function signupRoutes(app: RouteApp) {
  const { config, database, outbox } = app.deps;
  const service = new SignupService(database.db, outbox, config, app.deps.limits);
  const limited = rateLimiter(app.deps.limits);

  app.get(
    '/api/patients/signup/verificationFields',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Which identity fields sign-up asks for at a facility',
        description:
          'A comma-separated subset of pin, mrn and ssn, in that order, from the facility settings. First name, ' +
          'last name and date of birth are always asked. Unknown facility: 404 facility_not_found.' +
          HOST_FACILITY_NOTE,
        querystring: OptionalFacilityQuerySchema,
        response: { 200: VerificationFieldsSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const facility = await service.facilityOfRequest(
        request.query.facilityId ?? (await hostFacilityOf(database.db, request)),
      );
      return { verificationFields: parseVerificationFields(facility.verificationFields).join(',') };
    },
  );

  app.get(
    '/api/patients/signup/passwordRules',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: "A facility's password rules",
        description:
          'Both name sets of the spec carry the same numbers (minimumLength = minLength, and so on). Special ' +
          'characters are those of ! @ # $ % & ( ) +. Unknown facility: 404 facility_not_found.' +
          HOST_FACILITY_NOTE,
        querystring: OptionalFacilityQuerySchema,
        response: { 200: PasswordRulesSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const f = await service.facilityOfRequest(
        request.query.facilityId ?? (await hostFacilityOf(database.db, request)),
      );
      return {
        minimumLength: f.minimumLength,
        minLength: f.minimumLength,
        numOfCapitalLetters: f.numOfCapitalLetters,
        capitalLetters: f.numOfCapitalLetters,
        numOfNumbers: f.numOfNumbers,
        numbers: f.numOfNumbers,
        numOfSpecialCharacters: f.numOfSpecialCharacters,
        specialCharacters: f.numOfSpecialCharacters,
      };
    },
  );

  app.post(
    '/api/patients/signup/invitedPatientValidation',
    {
      config: { access: 'public' },
      ...limited('invitedPatientValidation'),
      schema: {
        tags: TAGS,
        summary: 'Sign-up step 1: verify the identity of a patient without an account',
        description:
          'Finds the facility’s patient without an account whose first and last name (trimmed, any case) and ' +
          'date of birth match, then checks the fields the facility asks for (verificationFields): the PIN the ' +
          'facility issued to that patient, the MRN (trimmed, any case), the SSN (digits, compared as a hash). ' +
          'Fields the facility does not ask for are ignored. A required field missing or blank: 400 ' +
          'validation_failed naming it. Any mismatch, including a date that does not exist or two namesakes ' +
          'born the same day that the asked fields do not tell apart, answers 400 invalid_information ' +
          '"Invalid information" and never says which field was wrong.' +
          PIN_RULES +
          ' Unknown facility: 404 facility_not_found.' +
          SIGNUP_RATE_NOTE,
        body: IdentityVerificationSchema,
        response: { 200: IdentityVerifiedSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const { patient } = await service.verifyIdentity(request.body);
      return { patientId: patient.id };
    },
  );

  app.post(
    '/api/patients/signup/postAccountInformation',
    {
      config: { access: 'public' },
      ...limited('postAccountInformation'),
      schema: {
        tags: TAGS,
        summary: 'Sign-up step 3: create the account',
        description:
          'patientId > 0 (a patient): the identity fields are verified again exactly as invitedPatientValidation ' +
          'does (same errors; the verified patient must be patientId) and emailAddress is required. patientId -1 ' +
          '(an authorised representative): encryptedInvitationId (the token of the invitation link) and pin are ' +
          'required and checked as verifyInvitationToken does; the email is the invitation’s, and is taken as ' +
          'confirmed because the invitation link reached it. Any other patientId: 400 validation_failed. ' +
          'Then, in one transaction: the username must be free in any case (400 username_exists "Username is ' +
          'already taken.", also when a concurrent sign-up takes it first), the password must meet the ' +
          'facility rules (400 password_rules), the user is created with the terms of use accepted, linked to ' +
          'the patient (or made the contact’s active representative), the PIN or invitation is used up, a ' +
          'welcome email is queued in the user’s language (?language, else the patient’s preferred language) ' +
          'with the email confirmation link for a patient, and the audit event signupauditevent (or ' +
          'arsignupauditevent) is written. Nothing is written when any check fails. When the server cannot send ' +
          `mail (production without SMTP_URL) no mail is queued and the message is "${SIGNUP_EMAIL_FAILED}". ` +
          'The caller then logs in with POST /token.' +
          PIN_RULES +
          SIGNUP_RATE_NOTE,
        querystring: LanguageQuerySchema,
        body: AccountInformationSchema,
        response: { 200: AccountCreatedSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const { userId, mailSent } = await service.createAccount(request.body, {
        language: request.query.language,
        linkBase: (facilityId: number) => publicBase(database.db, config, facilityId),
        countMail: (recipient: string, account: string) =>
          countMail(app.deps.limits, recipient, account, { userId: null, ip: request.ip }),
      });
      const message: 'Account created' | typeof SIGNUP_EMAIL_FAILED = mailSent
        ? 'Account created'
        : SIGNUP_EMAIL_FAILED;
      return { userId, message };
    },
  );

  app.get(
    '/api/authRep/signup/verifyInvitationToken/:pin/:token',
    {
      config: { access: 'public' },
      ...limited('verifyInvitationToken'),
      schema: {
        tags: TAGS,
        summary: 'Representative sign-up: check an invitation link and its PIN',
        description:
          'token is the u parameter of the /auth-rep-sign-up link, pin the PIN the patient gave the contact. ' +
          'Answers the invitation email (arEmail), the patient’s home facility and the token again as ' +
          'encryptedInvitationId, to send with postAccountInformation (patientId -1). Unknown, used or ' +
          'withdrawn invitation, or a wrong PIN: 400 invalid_information; expired: 400 pin_expired; after 5 ' +
          'wrong PINs: 400 pin_invalidated, for every later try as well. Checking does not use the invitation ' +
          'up; creating the account does.' +
          SIGNUP_RATE_NOTE,
        params: InvitationParamsSchema,
        response: { 200: InvitationVerifiedSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const { pin, token } = request.params;
      const invitation = await service.verifyInvitation(token, pin);
      return {
        arEmail: invitation.email ?? '',
        facilityHomeId: invitation.patient.homeFacilityId,
        encryptedInvitationId: token,
      };
    },
  );
}
