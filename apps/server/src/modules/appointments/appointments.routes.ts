import type { RouteApp } from '../../app';

export async function appointmentRoutes(_app: RouteApp) {}
