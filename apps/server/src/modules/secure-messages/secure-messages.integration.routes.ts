import type { RouteApp } from '../../platform/http/routes';

/** The care team's messages in through the integration API (scope 'clinical'). */
export async function secureMessageIntegrationRoutes(app: RouteApp) {
  void app;
}
