import { z } from 'zod';
import {
  AUDIT_LOGOFF_EVENTS,
  CapabilitiesSchema,
  ErrorBodySchema,
  ExternalSystemSchema,
  LanguageQuerySchema,
  LoginProfileSchema,
  PatientFacilitySchema,
  PatientIdParams,
  PatientSchema,
  TOKEN_HEADERS,
  TokenErrorSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  UrlTokenRequestSchema,
  UrlTokenSchema,
  UserIdParams,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { patientRoute, userRoute, type RouteApp } from '../../platform/http/routes';
import { requireCaller, scopeOf } from '../../platform/access/access-control';
import { auditCaller } from '../../platform/audit/audit';
import { notFound } from '../../platform/errors/app-error';
import { LIMITS } from '../../platform/http/limits';
import { URL_TOKEN_MS } from '../../platform/auth/url-tokens';
import { hostFacilityOf } from '../../platform/http/host-facility';
import { facilityLinkBase } from '../../platform/mail/links';
import { AuthService, TokenError } from './auth.service';
import { ProfileService } from './profile.service';
import { issueTicketUrls } from './tickets';

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** Header values are Latin-1 on the wire, so the browser percent-encodes names such as 陈 or Łukasz. */
function decodedHeader(request: FastifyRequest, name: string): string {
  const raw = header(request, name);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function positiveInt(value: string): number | undefined {
  return /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647 ? Number(value) : undefined;
}

/**
 * Logins per client IP beside the per-account lockout: generous, because a clinic's kiosks and staff share
 * one address, but enough to stop one address trying many accounts.
 */
export const TOKEN_RATE_LIMIT = { max: LIMITS.token.points, windowMs: LIMITS.token.durationSeconds * 1000 } as const;

/** The form body parser's limit (app.ts): no field of the token form can be longer. */
const FORM_BODY_LIMIT = 16_384;

/**
 * The token form with credentials of any length the form body allows: an over-long username or password is a
 * failed login (spec 000: 'Login failed. Please try again.'), answered like a wrong password, not a 400
 * validation_failed. No account has such a name or password, so the login fails on its own.
 */
const TOKEN_BODY = TokenRequestSchema.extend({
  username: z.string().max(FORM_BODY_LIMIT).optional(),
  password: z.string().max(FORM_BODY_LIMIT).optional(),
});

const LOGON_PROCESSES = ['patientKioskManagement', 'singleSignOn', 'patientKioskUser', 'patientLinkUser'];

const TOKEN_DESCRIPTION = `OAuth-style token endpoint (form-encoded). Answers 200 with opaque tokens, or 400 with
error / error_description.

- grant_type=password with username and password: a patient or representative. Header logon-process:
  patientKioskManagement logs kiosk staff in (only kiosk staff accounts may, and only that way).
- grant_type=password with empty credentials and logon-process singleSignOn + sso-id (a single-use ticket issued by
  the facility's system, valid 2 minutes), or patientKioskUser + sso-id (a kiosk ticket, 10 minutes) + patient-id.
  An SSO ticket counts only on the hosts of the facility that issued it; a kiosk ticket and a link only on those of
  the patient's home facility: elsewhere they fail (invalid_grant; a link reads link_expired) and stay usable.
- logon-process patientLinkUser with link-data (the emailed link id), patient-id, last-name and birth-date
  (YYYY-MM-DD): error_description username_password_incorrect when the name or date of birth does not match,
  link_expired when the link is used, expired, unknown, or has failed 5 times.
- grant_type=refresh_token: rotates the refresh token; presenting a used one ends the session (reuse detection).

Failed password logins are counted per account in the database; at the facility's limit (default 5) the account
locks for its lockout time (default 15 minutes): error locked_out with minutesLeft. An unknown username answers
exactly like a wrong password, takes the same time (a password hash is checked on every path) and has its failures
counted too (per username, in the shared counters): after 5 it answers locked_out. A password login on the host of
a facility the user does not belong to (their own, or the home facility of a patient they represent) fails like a
wrong password. A temporary password from "forgot password" answers password_change_required. A username over 100 characters or a
password over 256 fails like a wrong password (invalid_grant), not as a validation error.
Logins (not refreshes) are also limited to ${TOKEN_RATE_LIMIT.max} per ${TOKEN_RATE_LIMIT.windowMs / 60_000} minutes per
client IP (429 too_many_attempts). Sessions end after the configured idle time (default 30 minutes) or absolute time
(default 12 hours). A session's token works only on the hosts of its facility (or, for a representative, of a
represented patient's home facility): elsewhere every call answers 401 as for an ended session.`;

export async function authRoutes(app: RouteApp) {
  const { database, sessions } = app.deps;
  const auth = new AuthService(database, sessions, app.deps.limits);
  const profiles = new ProfileService(database.db, (facilityId) =>
    facilityLinkBase(database.db, app.deps.config, facilityId),
  );

  app.post(
    '/token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Log in, or refresh a session',
        description: TOKEN_DESCRIPTION,
        tags: ['access'],
        consumes: ['application/x-www-form-urlencoded'],
        body: TOKEN_BODY,
        response: { 200: TokenResponseSchema, 400: TokenErrorSchema.or(ErrorBodySchema), 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const logonProcess = header(request, TOKEN_HEADERS.logonProcess);
      try {
        if (body.grant_type === 'refresh_token') return await auth.refresh(body.refresh_token ?? '');
        await app.deps.limits.take('token', request.ip);
        if (logonProcess && !LOGON_PROCESSES.includes(logonProcess)) {
          throw new TokenError('invalid_grant', 'Login failed. Please try again.');
        }
        const hostFacilityId = await hostFacilityOf(database.db, request);
        if (logonProcess === 'singleSignOn') {
          return await auth.singleSignOn(header(request, TOKEN_HEADERS.ssoId), hostFacilityId);
        }
        if (logonProcess === 'patientKioskUser') {
          return await auth.kioskUser(
            header(request, TOKEN_HEADERS.ssoId),
            positiveInt(header(request, TOKEN_HEADERS.patientId)),
            hostFacilityId,
          );
        }
        if (logonProcess === 'patientLinkUser') {
          return await auth.linkLogin({
            linkId: header(request, TOKEN_HEADERS.linkData),
            patientId: positiveInt(header(request, TOKEN_HEADERS.patientId)),
            lastName: decodedHeader(request, TOKEN_HEADERS.lastName),
            birthDate: header(request, TOKEN_HEADERS.birthDate),
            hostFacilityId,
          });
        }
        return await auth.passwordLogin({
          username: body.username ?? '',
          password: body.password ?? '',
          logonProcess: logonProcess === 'patientKioskManagement' ? 'patientKioskManagement' : 'userNamePassword',
          hostFacilityId,
        });
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
        return reply.status(400).send({
          error: error.error,
          error_description: error.description,
          message: error.message,
          requestId: request.id,
          ...(error.minutesLeft !== undefined ? { minutesLeft: error.minutesLeft } : {}),
        });
      }
    },
  );

  app.post(
    '/api/users/:userId/audit/logoff',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Log out: record the logoff audit event and end the session',
        description:
          'The event follows the login type (logoffauditevent, ssologoffauditevent, kiosklogoffauditevent, ' +
          'urllinklogoffauditevent). The access and refresh tokens stop working at once. Kiosk and link users, ' +
          'who have no user id, send 0.',
        tags: ['access'],
        params: UserIdParams.extend({ userId: z.coerce.number().int().min(0).max(2_147_483_647) }),
        response: { 204: z.null(), 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (request.params.userId !== (caller.userId ?? 0)) throw notFound('not_found', 'Not found.');
      await database.db.transaction(async (tx) => {
        await sessions.revoke(tx, caller.sessionId, 'logout');
        await auditCaller(tx, caller, AUDIT_LOGOFF_EVENTS[caller.loginType], { patientId: caller.boundPatientId });
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/urlTokens',
    {
      config: { access: 'session' },
      schema: {
        summary: 'A short-lived token to open one API path outside the API client',
        description:
          'For documents shown in a frame or a new window (an education article, a page of a medical note), ' +
          'where no bearer header can go: the answer token opens exactly body.path, as ?token=, for ' +
          `${URL_TOKEN_MS / 60_000} minutes and only while this session lives. Only routes that take URL tokens ` +
          'accept it, and their access rules still apply, so a token for another patient’s record opens nothing.',
        tags: ['access'],
        body: UrlTokenRequestSchema,
        response: { 200: UrlTokenSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => ({
      token: app.deps.urlTokens.issue(requireCaller(request).sessionId, request.body.path),
      expiresIn: URL_TOKEN_MS / 1000,
    }),
  );

  app.get(
    '/api/patientportaluser/loginprofile',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Who is logged in',
        description:
          'ids lists the patients the user may see: idType Patient for their own record, PatientContact (the ' +
          "patient's id) for each patient they actively represent. termsOfUse is the facility's text in the " +
          "requested language (default the user's preferred language). A kiosk user's profile carries " +
          'kioskExitUrl when kiosk staff of another facility started the session (recorded in the ticket by ' +
          'POST /api/kiosk/patient/{patientId}/initiateLogon): that facility’s kiosk login, where the device goes ' +
          'after the patient.',
        tags: ['access'],
        querystring: LanguageQuerySchema,
        response: { 200: LoginProfileSchema },
      },
    },
    async (request) => profiles.loginProfile(requireCaller(request), request.query.language),
  );

  app.get(
    '/api/users/:userId/capabilities/patientPortal',
    userRoute({
      summary: 'The modules and fields the facility grants this user in the patient portal',
      description:
        'A tree stored per facility and kind of user (patient, representative); the facility changes it in ' +
        'capability_profiles.',
      tags: ['access'],
      params: UserIdParams,
      response: { 200: CapabilitiesSchema },
    }),
    async (request) => profiles.capabilities(requireCaller(request)),
  );

  app.get(
    '/api/patients/:patientId',
    patientRoute(
      {
        summary: 'A patient the caller may act for',
        tags: ['access'],
        params: PatientIdParams,
        response: { 200: PatientSchema },
      },
      { relationships: ['self', 'representative', 'kioskUser', 'linkUser'] },
    ),
    async (request) => profiles.patient(scopeOf(request)),
  );

  app.get(
    '/api/patients/:patientId/facilities',
    patientRoute(
      {
        summary: "The facilities of a patient's care (the home facility first)",
        tags: ['access'],
        params: PatientIdParams,
        response: { 200: z.array(PatientFacilitySchema) },
      },
      { relationships: ['self', 'representative', 'kioskUser', 'linkUser'] },
    ),
    async (request) => profiles.facilities(scopeOf(request)),
  );

  app.get(
    '/api/patients/:patientId/externalSystems',
    patientRoute({
      summary: "The external systems a patient's clinical documents come from",
      description: 'Kiosk and link users get none (403).',
      tags: ['access'],
      params: PatientIdParams,
      response: { 200: z.array(ExternalSystemSchema) },
    }),
    async (request) => profiles.externalSystems(scopeOf(request)),
  );

  if (app.deps.config.env !== 'production') {
    app.get(
      '/api/dev/tickets',
      {
        config: { access: 'development' },
        schema: {
          summary: 'Fresh single sign-on, kiosk-user and link-login URLs for a demo patient (development only)',
          description:
            'What `npm run tickets` prints, for a running development server. In production a facility system ' +
            'issues these.',
          tags: ['development'],
          querystring: z.object({ username: z.string().trim().min(1).max(100).default('jane.doe') }),
          response: {
            200: z.object({ sso: z.array(z.string()), kioskUser: z.array(z.string()), link: z.array(z.string()) }),
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const urls = await issueTicketUrls(database.db, request.query.username, 1).catch(() => {
          throw notFound('not_found', 'No patient user of that name.');
        });
        // The tickets count only on the hosts of the user's facility: this address when it is one of them.
        const here = (await hostFacilityOf(database.db, request)) === urls.facilityId;
        const requestBase = `${request.protocol}://${request.host}`;
        const base = here
          ? requestBase
          : ((await facilityLinkBase(database.db, app.deps.config, urls.facilityId)) ?? requestBase);
        return {
          sso: urls.sso.map((u) => base + u),
          kioskUser: urls.kioskUser.map((u) => base + u),
          link: urls.link.map((u) => base + u),
        };
      },
    );
  }
}
