import { expect, inject } from 'vitest';
import { baseUrl } from './browser';

/** An access token of the integration API for the facility's system the global setup registered. */
export async function integrationToken(): Promise<string> {
  const { clientId, clientSecret } = inject('integrationClient');
  const res = await fetch(`${baseUrl()}/integration/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}
