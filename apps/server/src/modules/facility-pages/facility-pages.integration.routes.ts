import type { RouteApp } from '../../platform/http/routes';

// The facility's content for its information pages through the integration API (scope 'content'). Issue 16.

export async function facilityPageIntegrationRoutes(_app: RouteApp) {}
