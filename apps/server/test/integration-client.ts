import { randomUUID } from 'node:crypto';
import { IntegrationClientsService } from '../src/modules/integration/integration.service';
import type { TestApp } from './helpers';

/**
 * An access token of a new integration client of `facility` with `scopes`, through the token endpoint with the
 * client's secret, as a facility's system gets one.
 */
export async function integrationToken(t: TestApp, scopes: string, facility = 'riverside'): Promise<string> {
  const clients = new IntegrationClientsService(t.database.db, (s) => t.app.deps.sealedTokens.sealSecret(s));
  const client = await clients.create({ facility, name: `Test system ${randomUUID()}`, scopes });
  const res = await t.app.inject({
    method: 'POST',
    url: '/integration/v1/token',
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret ?? '',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.statusCode !== 200) throw new Error(`No integration token: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}
