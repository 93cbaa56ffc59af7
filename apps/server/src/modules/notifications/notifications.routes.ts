import type { RouteApp } from '../../platform/http/routes';

// Notification settings, the facility's reminder channels and the patient's registration details (spec 002, 2.8).
// Issue 16.

export async function notificationRoutes(_app: RouteApp) {}
