import type { FastifyInstance } from 'fastify';
import { PORTAL_TYPE_HEADER, PORTAL_TYPES, type PortalType } from '@portal/contracts';
import { badRequest } from '../errors/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the client says it is; it never grants anything: rights come from the session. */
    portalType: PortalType;
  }
}

export function registerPortalType(app: FastifyInstance): void {
  app.decorateRequest('portalType', 'patientPortal');
  app.addHook('onRequest', async (request) => {
    const raw = request.headers[PORTAL_TYPE_HEADER];
    if (raw === undefined || raw === '') return;
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (!(PORTAL_TYPES as readonly string[]).includes(value ?? '')) {
      throw badRequest(
        'validation_failed',
        `${PORTAL_TYPE_HEADER}: must be one of ${PORTAL_TYPES.join(', ')}`,
        PORTAL_TYPE_HEADER,
      );
    }
    request.portalType = value as PortalType;
  });
}
