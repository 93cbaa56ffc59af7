import type { RouteApp } from '../../app';

export async function careTeamRoutes(_app: RouteApp) {}
