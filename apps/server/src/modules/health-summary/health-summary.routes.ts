import type { RouteApp } from '../../platform/http/routes';

// The patient API's reads of health summaries (spec 002, 7): lists, office visits, most recent, the HTML view,
// the print record and the download. Sending is in health-summary.transmit.routes.ts.

export async function healthSummaryRoutes(_app: RouteApp) {}
