import type { RouteApp } from '../../platform/http/routes';

// PUT/GET/DELETE /integration/v1/patients/{mrn}/documents/{externalId}: C-CDA documents of a patient's external
// system (scope 'clinical').

export async function healthSummaryIntegrationRoutes(_app: RouteApp) {}
