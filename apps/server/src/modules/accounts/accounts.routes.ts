import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AuditRequestSchema,
  ChangeEmailSchema,
  ConfirmEmailSchema,
  EMAIL_FORMAT_MESSAGE,
  EmailChangedSchema,
  EmailPatchSchema,
  isValidEmail,
  JsonPatchSchema,
  LanguageQuerySchema,
  LIMITS,
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
import { LockedErrorSchema, LockedOutError, sendLocked } from './credentials';

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
      response: { 204: NO_CONTENT },
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
    'its confirmation state, sends nothing and needs no password. Email addresses need not be unique across ' +
    'users. Replacing an address the account already has needs the current password (or an unexpired ' +
    'temporary one from forgot-password) in every kind of session, single sign-on too (only an account without ' +
    'a portal password needs none): checked in this order, account locked (400 lockedout with ' +
    'minutesLeft); password missing (400 invalid_old_password naming currentPassword, not counted); wrong ' +
    'password (400 invalid_old_password naming currentPassword), which counts as a failed login exactly like ' +
    'POST /token and the password change: at the facility’s maximum (default 5) the account locks and that ' +
    'attempt already answers lockedout. Providing a first address (the account has none) needs no password. ' +
    'After a change, a notice goes to the old address in the same transaction, in the same language as the ' +
    'confirmation: the account’s email address changed, when (in the facility’s time zone), the new address ' +
    'masked (j***@example.com), and to contact the facility if it was not the user. Both mails count against ' +
    'the mail limits (429 too_many_attempts, nothing changes).';

  /** The email change; a locked account answers lockedout with the minutes left. */
  const changeEmail = async (
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    options: { ownPatientRecord: boolean; currentPassword: string | undefined; language: string | undefined },
  ) => {
    try {
      const caller = requireUserCaller(request);
      return await service.changeEmail(caller.userId, email, {
        ...mailContext(request, options.language),
        ownPatientRecord: options.ownPatientRecord,
        currentPassword: options.currentPassword,
      });
    } catch (err) {
      if (err instanceof LockedOutError) return sendLocked(reply, request, err);
      throw err;
    }
  };

  app.patch(
    '/api/users/:userId',
    userRoute({
      tags: TAGS,
      summary: 'Change the account email (JSON patch)',
      description:
        'A JSON patch of one replace of /email with a valid address (the shared email pattern, minimum length ' +
        '5) and, when the account already has an address, a second operation { op: "test", path: "/password", ' +
        'value: <current password> } carrying the current password (in either order; the password is checked, ' +
        'never stored or changed). Anything else is 400 validation_failed naming <index>.op, <index>.path or ' +
        '<index>.value. Changes the user’s email only, not a patient record.' +
        CHANGE_EMAIL_NOTE,
      params: UserIdParams,
      querystring: LanguageQuerySchema,
      body: EmailPatchSchema,
      response: { 200: EmailChangedSchema, 400: LockedErrorSchema },
    }),
    async (request, reply) => {
      let email: string | undefined;
      let currentPassword: string | undefined;
      for (const [index, operation] of request.body.entries()) {
        const path = operation.path.toLowerCase();
        if (operation.op === 'replace') {
          if (path !== '/email' || email !== undefined) {
            throw badRequest('validation_failed', `${index}.path: only /email can be replaced here`, `${index}.path`);
          }
          email = typeof operation.value === 'string' ? operation.value.trim() : '';
          if (!isValidEmail(email)) throw badRequest('validation_failed', EMAIL_FORMAT_MESSAGE, `${index}.value`);
        } else {
          if (path !== '/password' || currentPassword !== undefined) {
            throw badRequest('validation_failed', `${index}.path: only /password can be tested here`, `${index}.path`);
          }
          if (typeof operation.value !== 'string' || operation.value.length > LIMITS.passwordMax) {
            throw badRequest(
              'validation_failed',
              `${index}.value: the current password, at most ${LIMITS.passwordMax} characters`,
              `${index}.value`,
            );
          }
          currentPassword = operation.value;
        }
      }
      if (email === undefined) {
        throw badRequest('validation_failed', '0.op: must hold one replace of /email', '0.op');
      }
      return changeEmail(request, reply, email, {
        ownPatientRecord: false,
        currentPassword,
        language: request.query.language,
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
        'settings screen and has no effect here. body.currentPassword is the current password, needed when ' +
        'the account already has an address and a portal password, in every kind of session (single sign-on ' +
        'too).' +
        CHANGE_EMAIL_NOTE,
      params: UserIdParams,
      querystring: LanguageQuerySchema,
      body: ChangeEmailSchema,
      response: { 200: EmailChangedSchema, 400: LockedErrorSchema },
    }),
    async (request, reply) => {
      const caller = requireUserCaller(request);
      if (request.body.userId !== caller.userId) {
        throw badRequest('validation_failed', 'userId: must be the user of the path', 'userId');
      }
      return changeEmail(request, reply, request.body.email, {
        ownPatientRecord: request.body.isPatient,
        currentPassword: request.body.currentPassword,
        language: request.query.language,
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
      response: { 204: NO_CONTENT },
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
      response: { 200: UserValidationSchema },
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
      response: { 204: NO_CONTENT },
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
      response: { 204: NO_CONTENT },
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
        response: { 200: PreferredLanguageSchema },
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
      response: { 204: NO_CONTENT },
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
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      await service.recordAudit(requireUserCaller(request), request.body.auditEventType, request.body.patientId);
      return reply.status(204).send(null);
    },
  );
}
