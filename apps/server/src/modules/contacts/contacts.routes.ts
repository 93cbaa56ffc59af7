import type { RouteApp } from '../../app';

export async function contactRoutes(_app: RouteApp) {}
