import type { RouteApp } from '../../platform/http/routes';

// The activity log report and the personal data export (spec 002, 2.9). Issue 16.

export async function personalDataRoutes(_app: RouteApp) {}
