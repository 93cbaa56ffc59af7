import { RATE_LIMIT_NOTE, rateLimiter } from '../../platform/http/rate-limit';
import {
  ChangePasswordSchema,
  ErrorBodySchema,
  ForcedChangePasswordSchema,
  ForgotPasswordQuerySchema,
  UserIdParams,
} from '@portal/contracts';
import { NO_CONTENT, publicBase, userRoute, type RouteApp } from '../../platform/http/routes';
import { countMail } from '../../platform/mail/mail-limits';
import { requireUserCaller } from '../../platform/access/access-control';
import { PasswordsService } from './passwords.service';
import { LockedErrorSchema, LockedOutError, sendLocked } from './credentials';
import { hostFacilityOf } from '../../platform/http/host-facility';

const TAGS = ['Account'];

const PASSWORD_RULES_NOTE =
  'Checked in this order: account locked (400 lockedout with minutesLeft); old password, which may be the ' +
  'current password or an unexpired temporary one from forgot-password; new password equal to the old (400 ' +
  'password_must_be_different); confirmPassword differs (400 confirm_mismatch "Passwords do not match"); the ' +
  'facility rules (400 password_rules "Password does not meet security requirements"). A wrong old password ' +
  'counts as a failed login, exactly like POST /token: at the facility’s maximum (default 5) the account locks ' +
  'for its lockout time (default 15 minutes) and that attempt already answers lockedout. Success clears the ' +
  'temporary password, the forced-change flag, the failure count and any lock, and writes ' +
  'passwordchangeauditevent.';

/** Routes of passwords (spec 000): forgot password, the forced change and the change in account settings. */
export async function passwordRoutes(app: RouteApp) {
  const { config, database, outbox, sessions } = app.deps;
  const service = new PasswordsService(database.db, outbox, sessions, config);
  const limited = rateLimiter(app.deps.limits);

  app.post(
    '/api/users/forgotPassword',
    {
      config: { access: 'public' },
      ...limited('forgotPassword'),
      schema: {
        tags: TAGS,
        summary: 'Forgot password: mail a temporary password',
        description:
          'Always 204, whatever happens, so nobody can learn which usernames exist. When the username (any ' +
          'case) names an account with a confirmed email that does not sign in by single sign-on, a random ' +
          'temporary password meeting the facility rules (14 characters or the facility minimum) is mailed ' +
          'to it in ?language, else the user’s preferred language, with the login link. It works beside the ' +
          'current password until it expires (the facility’s temporary_password_hours, default 24); POST /token ' +
          'answers password_change_required for it and PUT /api/users/changePassword accepts it as the old ' +
          'password. A later request replaces it. Unconfirmed addresses get nothing, because an address nobody ' +
          'has confirmed may belong to someone else. Without PUBLIC_URL, a request to a host name that is no ' +
          'facility’s alias sends nothing (the login link would point elsewhere). Writes ' +
          'passwordresetauditevent.' +
          RATE_LIMIT_NOTE,
        querystring: ForgotPasswordQuerySchema,
        response: { 204: NO_CONTENT, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        const trustedHost = Boolean(config.publicUrl) || (await hostFacilityOf(database.db, request)) !== null;
        await service.forgotPassword(request.query.userName, {
          language: request.query.language,
          linkBase: (facilityId: number) => publicBase(database.db, config, facilityId),
          countMail: (recipient: string, account: string) =>
            countMail(app.deps.limits, recipient, account, { userId: null, ip: request.ip }),
          trustedHost,
        });
      } catch (err) {
        // Neither the username nor the error text (which may quote it) goes to the log.
        request.log.warn(
          { err: { name: (err as Error).name, code: (err as { code?: unknown }).code } },
          'forgotPassword failed',
        );
      }
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/users/changePassword',
    {
      config: { access: 'public' },
      ...limited('changePassword'),
      schema: {
        tags: TAGS,
        summary: 'Change the password without a session (the forced-change screen)',
        description:
          'For the screen POST /token sends a user to with password_change_required. An unknown username and a ' +
          'wrong old password both answer 400 invalid_grant. ' +
          PASSWORD_RULES_NOTE +
          ' All of the user’s sessions end. The user then logs in with the new password.' +
          RATE_LIMIT_NOTE,
        body: ForcedChangePasswordSchema,
        response: { 204: NO_CONTENT, 400: LockedErrorSchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        const { userName, ...change } = request.body;
        await service.changePasswordByUsername(userName, change);
      } catch (err) {
        if (err instanceof LockedOutError) return sendLocked(reply, request, err);
        throw err;
      }
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/users/:userId/changePassword',
    userRoute({
      tags: TAGS,
      summary: 'Change the password (account settings)',
      description:
        'Single sign-on users: 403 sso_password_change. A wrong old password answers 400 invalid_old_password. ' +
        PASSWORD_RULES_NOTE +
        ' The user’s other sessions end; the calling session stays.',
      params: UserIdParams,
      body: ChangePasswordSchema,
      response: {
        204: NO_CONTENT,
        400: LockedErrorSchema,
      },
    }),
    async (request, reply) => {
      try {
        await service.changeOwnPassword(requireUserCaller(request), request.body);
      } catch (err) {
        if (err instanceof LockedOutError) return sendLocked(reply, request, err);
        throw err;
      }
      return reply.status(204).send(null);
    },
  );
}
