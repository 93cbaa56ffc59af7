import type { RouteApp } from '../../platform/http/routes';

/** Secure messages of a patient (spec 002, 2.6 and 7): /api/patients/{patientId}/SecureMessages. */
export async function secureMessageRoutes(app: RouteApp) {
  void app;
}
