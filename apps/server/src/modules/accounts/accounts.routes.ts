import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AuditRequestSchema,
  ChangeEmailSchema,
  ConfirmEmailSchema,
  EMAIL_FORMAT_MESSAGE,
  EmailChangedSchema,
  ErrorBodySchema,
  isValidEmail,
  JsonPatchSchema,
  LanguageQuerySchema,
  PatientIdParams,
  PreferenceSchema,
  PreferencesQuery,
  PreferenceUpdateSchema,
  PreferredLanguageSchema,
  UserIdParams,
  UserValidationSchema,
} from '@portal/contracts';
import { NO_CONTENT, patientRoute, publicBase, userRoute, type RouteApp } from '../../platform/http/routes';
import { requireUserCaller, scopeOf } from '../../platform/access/access-control';
import { badRequest } from '../../platform/errors/app-error';
import { countMail } from '../../platform/mail/mail-limits';
import { AccountsService, supportedLocaleOf } from './accounts.service';

const TAGS = ['Account'];
const LanguageCodeSchema = z.string().trim().min(1).max(35);

export async function accountRoutes(app: RouteApp) {
  const { config, database, outbox, sessions } = app.deps;
  const service = new AccountsService(database.db, outbox, sessions, config);
  const mailContext = (request: FastifyRequest, language: string | undefined) => ({
    language,
    linkBase: (facilityId: number) => publicBase(database.db, config, facilityId),
    countMail: (recipient: string, account: string) =>
      countMail(app.deps.limits, recipient, account, { userId: request.caller?.userId ?? null, ip: request.ip }),
  });

  /* ------------------------------------------------------------ terms */

  app.patch(
    '/api/users/:userId/replace',
    userRoute({
      tags: TAGS,
      summary: 'Accept the terms of use',
      description:
        'A JSON patch of exactly one operation: replace /isEulaAccepted with true. Any other path or value is ' +
        '400 validation_failed naming 0.path or 0.value (terms cannot be un-accepted). Writes ' +
        'eulaacceptedauditevent. Accepting again is harmless.',
      params: UserIdParams,
      body: JsonPatchSchema,
      response: { 204: NO_CONTENT, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    }),
    async (request, reply) => {
      const [operation] = request.body;
      if (operation?.path.toLowerCase() !== '/iseulaaccepted') {
        throw badRequest('validation_failed', '0.path: only /isEulaAccepted can be replaced here', '0.path');
      }
      if (operation.value !== true) throw badRequest('validation_failed', '0.value: must be true', '0.value');
      await service.acceptTerms(requireUserCaller(request));
      return reply.status(204).send(null);
    },
  );

  /* ------------------------------------------------------------ email */

  const CHANGE_EMAIL_NOTE =
    ' The address becomes unconfirmed and a confirmation link (/confirm-email?u=…, valid 7 days, single use) ' +
    'is mailed to it in ?language, else the user’s preferred language. The same address again (any case) keeps ' +
    'its confirmation state and sends nothing. Email addresses need not be unique across users.';

  app.patch(
    '/api/users/:userId',
    userRoute({
      tags: TAGS,
      summary: 'Change the account email (JSON patch)',
      description:
        'A JSON patch of exactly one operation: replace /email with a valid address (the shared email pattern, ' +
        'minimum length 5); anything else is 400 validation_failed naming 0.path or 0.value. Changes the ' +
        'user’s email only, not a patient record.' +
        CHANGE_EMAIL_NOTE,
      params: UserIdParams,
      querystring: LanguageQuerySchema,
      body: JsonPatchSchema,
      response: { 200: EmailChangedSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    }),
    async (request) => {
      const [operation] = request.body;
      if (operation?.path.toLowerCase() !== '/email') {
        throw badRequest('validation_failed', '0.path: only /email can be replaced here', '0.path');
      }
      const email = typeof operation.value === 'string' ? operation.value.trim() : '';
      if (!isValidEmail(email)) throw badRequest('validation_failed', EMAIL_FORMAT_MESSAGE, '0.value');
      const caller = requireUserCaller(request);
      return service.changeEmail(caller.userId, email, {
        ...mailContext(request, request.query.language),
        ownPatientRecord: false,
      });
    },
  );

  app.put(
    '/api/users/:userId/changeemail',
    userRoute({
      tags: TAGS,
      summary: 'Change the account email',
      description:
        'body.userId must be the path’s user (else 400 validation_failed naming userId). When isPatient is ' +
        'true the email of the caller’s own patient record changes too (never a represented patient’s; ' +
        'body.patientId is not used to pick a record). usePrimaryEmail is accepted for the notification ' +
        'settings screen and has no effect here.' +
        CHANGE_EMAIL_NOTE,
      params: UserIdParams,
      querystring: LanguageQuerySchema,
      body: ChangeEmailSchema,
      response: { 200: EmailChangedSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    }),
    async (request) => {
      const caller = requireUserCaller(request);
      if (request.body.userId !== caller.userId) {
        throw badRequest('validation_failed', 'userId: must be the user of the path', 'userId');
      }
      return service.changeEmail(caller.userId, request.body.email, {
        ...mailContext(request, request.query.language),
        ownPatientRecord: request.body.isPatient,
      });
    },
  );

  app.post(
    '/api/users/:userId/sendConfirmEmail',
    userRoute({
      tags: TAGS,
      summary: 'Send the email confirmation link again',
      description:
        'Mails a new confirmation link (earlier ones keep working until used or expired) in ?language, else ' +
        'the user’s preferred language. 400 no_email when the account has no email, 400 already_confirmed ' +
        'when it is confirmed, 400 cannot_send when this server cannot send mail (production without SMTP).',
      params: UserIdParams,
      querystring: LanguageQuerySchema,
      response: { 204: NO_CONTENT, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    }),
    async (request, reply) => {
      await service.sendConfirmation(requireUserCaller(request).userId, mailContext(request, request.query.language));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:userId/validateuser/:encryptedUserId/:username',
    userRoute({
      tags: TAGS,
      summary: 'Check an email confirmation link against the signed-in user',
      description:
        'encryptedUserId is the u parameter of the /confirm-email link. userValidation is true when that ' +
        'link is unused, unexpired, was issued to the caller for the address the account has now, and ' +
        'username is the caller’s (any case); false otherwise. Nothing changes.',
      params: UserIdParams.extend({
        encryptedUserId: z.string().min(1).max(200),
        username: z.string().min(1).max(100),
      }),
      response: { 200: UserValidationSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    }),
    async (request) => {
      const { encryptedUserId, username } = request.params;
      return {
        userValidation: await service.validateUser(requireUserCaller(request).userId, encryptedUserId, username),
      };
    },
  );

  app.put(
    '/api/users/:userId/confirmEmail',
    userRoute({
      tags: TAGS,
      summary: 'Confirm the email address',
      description:
        'Uses up the confirmation link (encryptedUserId = its u parameter) and marks the email confirmed. A ' +
        'link that is unknown, used, expired, issued to another user or for an address the account no longer ' +
        'has: 400 cannot_confirm "We cannot confirm your email address."',
      params: UserIdParams,
      body: ConfirmEmailSchema,
      response: { 204: NO_CONTENT, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    }),
    async (request, reply) => {
      await service.confirmEmail(requireUserCaller(request), request.body.encryptedUserId);
      return reply.status(204).send(null);
    },
  );

  /* ---------------------------------------------------- language, prefs */

  app.put(
    '/api/users/:userId/preferredLanguage',
    userRoute({
      tags: TAGS,
      summary: 'Save the user’s language',
      description:
        'Used for authorised representatives and single sign-on users (patients save theirs on the patient). ' +
        'ietfCode must be a supported locale (en-US, en-CA, en-AU, en-GB, es-MX, fr-CA, pt-BR, zh; any case; ' +
        'zh-* means zh), else 400 validation_failed naming ietfCode. Stored in its canonical spelling.',
      params: UserIdParams,
      querystring: z.object({ ietfCode: LanguageCodeSchema }),
      response: { 204: NO_CONTENT, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    }),
    async (request, reply) => {
      const locale = supportedLocaleOf(request.query.ietfCode);
      if (!locale) throw badRequest('validation_failed', 'ietfCode: not a supported language', 'ietfCode');
      await service.setUserLanguage(requireUserCaller(request).userId, locale);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/patients/:patientId/preferredLanguage',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The patient’s language',
        description:
          'The language stored on the patient (a locale such as es-MX, as the portal saves it), or null when ' +
          'the patient has none. The link-login page applies it after login.',
        params: PatientIdParams,
        response: { 200: PreferredLanguageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
      { relationships: ['self', 'representative', 'kioskUser', 'linkUser'], beforeTerms: true },
    ),
    async (request) => ({ language: await service.patientLanguage(scopeOf(request)) }),
  );

  app.put(
    '/api/patients/:patientId/preferredLanguage',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Save the patient’s language',
        description:
          'Only the patient themself (a representative saves their own language on the user). language must be ' +
          'a supported locale (as for the user call), else 400 validation_failed naming language. Also becomes ' +
          'the language of the patient’s own account.',
        params: PatientIdParams,
        querystring: z.object({ language: LanguageCodeSchema }),
        response: {
          204: NO_CONTENT,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
      { relationships: ['self'], beforeTerms: true },
    ),
    async (request, reply) => {
      const locale = supportedLocaleOf(request.query.language);
      if (!locale) throw badRequest('validation_failed', 'language: not a supported language', 'language');
      await service.setPatientLanguage(scopeOf(request), locale);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:userId/Preferences',
    userRoute({
      tags: TAGS,
      summary: 'Read preferences of the user',
      description:
        '?name=X asks for one preference, ?names=a,b for several (comma-separated, spaces around names ignored); ' +
        'both may be given and are combined. Answers [{ name, value }] for the names asked for, in the order ' +
        'asked, matching exactly (case included); a name never saved is simply absent (the browser then uses ' +
        'its default), so the answer may be an empty list. With neither parameter: every preference of the ' +
        'user, in the order first saved. Preferences belong to the user, not to a patient, so a representative ' +
        'reads their own.',
      params: UserIdParams,
      querystring: PreferencesQuery,
      response: {
        200: z.array(PreferenceSchema),
        400: ErrorBodySchema,
        401: ErrorBodySchema,
        404: ErrorBodySchema,
      },
    }),
    async (request) => {
      const { name, names } = request.query;
      const asked = [name ?? '', ...(names ?? '').split(',')].map((n) => n.trim()).filter((n) => n.length > 0);
      return service.preferences(requireUserCaller(request).userId, asked);
    },
  );

  app.put(
    '/api/users/:userId/Preferences',
    userRoute({
      tags: TAGS,
      summary: 'Save one preference of the user',
      description:
        'Sets the value of the named preference (names match exactly), adding it when new. body.userId must ' +
        'be the path’s user (else 400 validation_failed naming userId). At most 50 preferences (400 ' +
        'too_many_preferences). The login profile lists them.',
      params: UserIdParams,
      body: PreferenceUpdateSchema,
      response: { 204: NO_CONTENT, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    }),
    async (request, reply) => {
      const caller = requireUserCaller(request);
      if (request.body.userId !== caller.userId) {
        throw badRequest('validation_failed', 'userId: must be the user of the path', 'userId');
      }
      await service.savePreference(caller.userId, request.body.name, request.body.value);
      return reply.status(204).send(null);
    },
  );

  /* ------------------------------------------------------------- audit */

  app.post(
    '/api/users/:userId/audit',
    userRoute({
      tags: TAGS,
      summary: 'Record that the user viewed something of a patient',
      description:
        'auditEventType is one of the view events the browser records (educationviewauditevent, ' +
        'testresultsviewauditevent, ...; prints, document pages and reviews are written by the server itself and ' +
        'refused here). The patient must be one the caller ' +
        'may act for (themself or, as an active authorised representative, the patient they represent); any ' +
        'other patient is 404, as for patient routes. The row records the event, the user, the patient, the ' +
        'session, the login type, the facility and the relationship.',
      params: UserIdParams,
      body: AuditRequestSchema,
      response: { 204: NO_CONTENT, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    }),
    async (request, reply) => {
      await service.recordAudit(requireUserCaller(request), request.body.auditEventType, request.body.patientId);
      return reply.status(204).send(null);
    },
  );
}
