import type { RouteApp } from '../../platform/http/routes';

// FAQs, useful links and downloadable forms of a facility (spec 002, 2.10), per language. Issue 16.

export async function facilityPageRoutes(_app: RouteApp) {}
