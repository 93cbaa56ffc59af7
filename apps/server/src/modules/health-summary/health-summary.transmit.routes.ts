import type { RouteApp } from '../../platform/http/routes';

// POST /api/patients/{patientId}/HealthSummary/{ifSystemId}/{transmitType}: a summary sent by email (through the
// outbox, with the C-CDA and its readable copy attached) or by Direct (S/MIME through the facility's HISP).

export async function healthSummaryTransmitRoutes(_app: RouteApp) {}
