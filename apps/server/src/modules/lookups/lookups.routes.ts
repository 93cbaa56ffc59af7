import type { RouteApp } from '../../app';

export async function lookupRoutes(_app: RouteApp) {}
