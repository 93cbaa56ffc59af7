import type { RouteApp } from '../../app';

/** Routes of this module (spec 002). */
export async function followUpPlanRoutes(_app: RouteApp) {
  // Filled in by the module's issue.
}
