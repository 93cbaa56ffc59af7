import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolveAppSecret, type Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './platform/errors/error-handler';
import { registerInputGuard } from './platform/http/input-guard';
import { loggerOptions } from './platform/http/logging';
import { INTEGRATION_PREFIX, registerAccessControl, type RouteEntry } from './platform/access/access-control';
import { registerHostBinding } from './platform/access/host-binding';
import { IntegrationAuth } from './platform/integration/integration-auth';
import { UrlTokens } from './platform/auth/url-tokens';
import { SealedTokens } from './platform/auth/sealed-tokens';
import { SessionService } from './platform/auth/sessions';
import { registerPortalType } from './platform/http/portal-type';
import { baselineSecurityHeaders, registerSecurityHeaders } from './platform/http/security';
import { MailOutbox } from './platform/mail/outbox';
import { SmsOutbox } from './platform/sms/outbox';
import { createDirectService, type DirectService } from './platform/direct/direct-service';
import { Limits } from './platform/http/limits';
import { registerWebApp } from './platform/http/web-app';
import { createSerializerCompiler } from './platform/http/serializer';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { passwordRoutes } from './modules/accounts/passwords.routes';
import { appointmentRoutes } from './modules/appointments/appointments.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { careTeamRoutes } from './modules/careteam/careteam.routes';
import { contactRoutes } from './modules/contacts/contacts.routes';
import { contentRoutes } from './modules/content/content.routes';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes';
import { devDirectRoutes } from './modules/dev-mail/dev-direct.routes';
import { devSmsRoutes } from './modules/dev-mail/dev-sms.routes';
import { facilityRoutes } from './modules/facilities/facilities.routes';
import { lookupRoutes } from './modules/lookups/lookups.routes';
import { signupRoutes } from './modules/signup/signup.routes';
import { systemRoutes } from './modules/system/system.routes';
import { educationRoutes } from './modules/education/education.routes';
import { followUpPlanRoutes } from './modules/follow-up-plan/follow-up-plan.routes';
import { labResultRoutes } from './modules/lab-results/lab-results.routes';
import { medicalNoteRoutes } from './modules/medical-notes/medical-notes.routes';
import { treatmentSummaryRoutes } from './modules/treatment-summary/treatment-summary.routes';
import { integrationRoutes } from './modules/integration/integration.routes';
import { patientIntegrationRoutes } from './modules/accounts/patients.integration.routes';
import { signupIntegrationRoutes } from './modules/signup/signup.integration.routes';
import { treatmentSummaryIntegrationRoutes } from './modules/treatment-summary/treatment-summary.integration.routes';
import { educationIntegrationRoutes } from './modules/education/education.integration.routes';
import { labResultIntegrationRoutes } from './modules/lab-results/lab-results.integration.routes';
import { medicalNoteIntegrationRoutes } from './modules/medical-notes/medical-notes.integration.routes';
import { appointmentIntegrationRoutes } from './modules/appointments/appointments.integration.routes';
import { followUpPlanIntegrationRoutes } from './modules/follow-up-plan/follow-up-plan.integration.routes';
import { careTeamIntegrationRoutes } from './modules/careteam/careteam.integration.routes';
import { questionnaireRoutes } from './modules/questionnaires/questionnaires.routes';
import { questionnaireIntegrationRoutes } from './modules/questionnaires/questionnaires.integration.routes';
import { kioskRoutes } from './modules/kiosk/kiosk.routes';
import { secureMessageRoutes } from './modules/secure-messages/secure-messages.routes';
import { secureMessageIntegrationRoutes } from './modules/secure-messages/secure-messages.integration.routes';
import { healthSummaryRoutes } from './modules/health-summary/health-summary.routes';
import { healthSummaryTransmitRoutes } from './modules/health-summary/health-summary.transmit.routes';
import { healthSummaryIntegrationRoutes } from './modules/health-summary/health-summary.integration.routes';
import { facilityPageRoutes } from './modules/facility-pages/facility-pages.routes';
import { facilityPageIntegrationRoutes } from './modules/facility-pages/facility-pages.integration.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Overrides the log destination (tests capture it). */
  logStream?: NodeJS.WritableStream;
  /** Integration calls count against each client's rate limit; the import command's own app turns this off. */
  limitIntegrationCalls?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: {
      config: Config;
      database: Database;
      outbox: MailOutbox;
      /** Texts to send through the SMS gateway (platform/sms), queued in the caller's transaction like mail. */
      smsOutbox: SmsOutbox;
      sessions: SessionService;
      /** Short-lived encrypted tokens for download URLs. */
      sealedTokens: SealedTokens;
      /** `?token=` credentials for documents opened outside the API client. */
      urlTokens: UrlTokens;
      /** Rate-limit counters, shared by every instance through Redis when REDIS_URL is set. */
      limits: Limits;
      /** The integration API's clients and access tokens. */
      integration: IntegrationAuth;
      /** Sending Direct messages (the HISP, or outside production the development mailbox); null when unavailable. */
      direct: DirectService | null;
    };
    routeTable: RouteEntry[];
    /** The integration API's OpenAPI description (the portal API's is `swagger()`). */
    integrationSwagger: FastifyInstance['swagger'];
  }
}

export type App = FastifyInstance;
/** Builds an unstarted Fastify instance; all server options live here. */
export async function buildApp({
  config,
  database,
  logStream,
  limitIntegrationCalls = true,
}: AppDeps): Promise<FastifyInstance> {
  const logger = config.logLevel === 'silent' ? false : loggerOptions(config.logLevel);
  const app = Fastify({
    logger: logger && logStream ? { ...(logger as object), stream: logStream } : logger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 500 },
    return503OnClosing: true,
    // Fastify's own early answers (a path that is no valid URL) in our shape and with our headers.
    // A path that is no valid URL is a 400; a path no route can hold (a parameter past maxParamLength) is a 404,
    // as it is when the web app's catch-all route answers it.
    frameworkErrors: (error, request, generic) => {
      const reply = generic as unknown as FastifyReply;
      const badUrl = (error as { code?: string }).code === 'FST_ERR_BAD_URL';
      void reply
        .headers(baselineSecurityHeaders())
        .status(badUrl ? 400 : 404)
        .send(
          badUrl
            ? { error: 'bad_request', message: 'The request address is not valid.', requestId: request.id }
            : { error: 'not_found', message: 'Not found.', requestId: request.id },
        );
    },
    // What Node's HTTP parser refuses (headers too large, unreadable requests): a whole answer of our own.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const tooLarge = (error as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
      const status = tooLarge ? 431 : 400;
      const body = JSON.stringify({
        error: tooLarge ? 'request_header_fields_too_large' : 'bad_request',
        message: tooLarge ? 'The request headers are too large.' : 'The request could not be read.',
        requestId: randomUUID(),
      });
      const headers = { ...baselineSecurityHeaders(), 'content-type': 'application/json; charset=utf-8' };
      socket.end(
        `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
          Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    },
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  const sessions = new SessionService(database.db, config.session);
  const sealedTokens = new SealedTokens(resolveAppSecret(config));
  const urlTokens = new UrlTokens(sealedTokens, sessions);
  const redis = config.redisUrl
    ? // Loaded only when configured: the client costs about 85 ms of every start.
      new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const limits = new Limits(resolveAppSecret(config), redis);
  const integration = new IntegrationAuth(database.db);
  const direct = await createDirectService(config, database.db);
  app.decorate('deps', {
    config,
    database,
    outbox: new MailOutbox(database.db),
    smsOutbox: new SmsOutbox(database.db),
    sessions,
    sealedTokens,
    urlTokens,
    limits,
    integration,
    direct,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ check: config.env !== 'production' }));
  // The security headers first: an access or portal-type refusal in a later hook still carries them.
  registerSecurityHeaders(app, { https: config.publicUrl?.startsWith('https:') ?? false });
  registerAccessControl(app, {
    table: routeTable,
    sessions,
    database,
    urlTokens,
    integration,
    limits: limitIntegrationCalls ? limits : undefined,
  });
  registerHostBinding(app, { db: database.db });
  registerErrorHandling(app);
  registerInputGuard(app);
  registerPortalType(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody, { bodyLimit: 16_384 });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Patient portal API',
        version: '1.0.0',
        description:
          'The API behind the patient portal web app. Every call may send the portal-type header ' +
          '(patientPortal or kioskManagement; absent means patientPortal). Errors answer ' +
          '{ error, message, field?, requestId }.',
      },
    },
    // The integration API has a description of its own (below).
    transform: (input) =>
      input.url.startsWith(INTEGRATION_PREFIX)
        ? { schema: { hide: true }, url: input.url }
        : jsonSchemaTransform(input),
  });
  // Each docs page in a context of its own: the UI plugin decorates the instance it is registered on.
  // The documents stay built (tests and tools read app.swagger()); only their pages and routes are off (API_DOCS).
  if (config.apiDocs) {
    await app.register(async (docs) => docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true }));
  }
  await app.register(swagger, {
    decorator: 'integrationSwagger',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Patient portal integration API',
        version: '1.0.0',
        description:
          "How a facility's systems (EHR, laboratory, scheduling, an integration engine) put records into the portal " +
          'and read back what patients did. Get a token at POST /integration/v1/token (OAuth 2.0 client credentials ' +
          'as in SMART Backend Services), then send it as a bearer token. A client sees only its own facility. ' +
          'Errors answer { error, message, field?, requestId }. Guide: docs/integration.md.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) =>
      input.url.startsWith(INTEGRATION_PREFIX) && !input.url.startsWith('/integration/docs')
        ? jsonSchemaTransform(input)
        : { schema: { hide: true }, url: input.url },
  });
  if (config.apiDocs) {
    await app.register(async (docs) =>
      docs.register(swaggerUi, {
        routePrefix: '/integration/docs',
        staticCSP: true,
        transformSpecification: () => app.integrationSwagger(),
      }),
    );
  }

  const api = app.withTypeProvider<ZodTypeProvider>();
  await api.register(systemRoutes);
  await api.register(facilityRoutes);
  await api.register(contentRoutes);
  await api.register(authRoutes);
  await api.register(signupRoutes);
  await api.register(accountRoutes);
  await api.register(passwordRoutes);
  await api.register(appointmentRoutes);
  await api.register(careTeamRoutes);
  await api.register(contactRoutes);
  await api.register(lookupRoutes);
  await api.register(educationRoutes);
  await api.register(followUpPlanRoutes);
  await api.register(labResultRoutes);
  await api.register(medicalNoteRoutes);
  await api.register(treatmentSummaryRoutes);
  await api.register(questionnaireRoutes);
  await api.register(kioskRoutes);
  await api.register(secureMessageRoutes);
  await api.register(healthSummaryRoutes);
  await api.register(healthSummaryTransmitRoutes);
  await api.register(facilityPageRoutes);
  await api.register(notificationRoutes);
  await api.register(personalDataRoutes);
  if (config.env !== 'production') {
    await api.register(devMailRoutes);
    await api.register(devDirectRoutes);
    await api.register(devSmsRoutes);
  }
  await api.register(integrationRoutes);
  await api.register(patientIntegrationRoutes);
  await api.register(signupIntegrationRoutes);
  await api.register(treatmentSummaryIntegrationRoutes);
  await api.register(educationIntegrationRoutes);
  await api.register(labResultIntegrationRoutes);
  await api.register(medicalNoteIntegrationRoutes);
  await api.register(appointmentIntegrationRoutes);
  await api.register(followUpPlanIntegrationRoutes);
  await api.register(careTeamIntegrationRoutes);
  await api.register(questionnaireIntegrationRoutes);
  await api.register(secureMessageIntegrationRoutes);
  await api.register(healthSummaryIntegrationRoutes);
  await api.register(facilityPageIntegrationRoutes);

  if (config.apiDocs) {
    api.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
    api.get('/integration/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
      app.integrationSwagger(),
    );
  }

  registerWebApp(app, config);
  return app;
}
