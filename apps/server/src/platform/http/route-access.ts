import type { FastifyInstance } from 'fastify';

/**
 * Every route declares who may call it in `config.access`. The access issue adds the patient and
 * user rules; a route without a declaration stops the server from starting, so nothing is exposed
 * by omission.
 */
export const ACCESS_RULES = ['public', 'development'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}

// Routes that plugins add on our behalf (static files, API docs) are public by nature.
const PLUGIN_ROUTE_PREFIXES = ['/api/docs'];

export interface RouteEntry {
  method: string;
  url: string;
  access: AccessRule;
}

export function registerRouteAccess(app: FastifyInstance, table: RouteEntry[]): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.access;
    const fromPlugin = PLUGIN_ROUTE_PREFIXES.some((p) => route.url.startsWith(p)) || route.url === '/*';
    if (!declared && !fromPlugin) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access rule (config.access).`);
    }
    if (declared && !(ACCESS_RULES as readonly string[]).includes(declared)) {
      throw new Error(`Route ${route.url} declares an unknown access rule '${declared}'.`);
    }
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, access: declared ?? 'public' });
    }
  });
}
