import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/demo/demo';
import { nextIp, openApiApp, type TestApp } from '../api';

// Issue 10, finding 7 (lockout tells which usernames exist) and the hardening of the password login to the
// facility of the host.

let t: TestApp;

beforeAll(async () => {
  ({ t } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

/** A password login from an address of its own (so only the per-account counting bites), to a host. */
const login = (username: string, password: string, host = 'localhost') =>
  t.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: nextIp(),
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });

/** The parts of a refusal a caller sees, without the request id. */
const refusal = (res: LightMyRequestResponse): Record<string, unknown> => {
  const { requestId, ...rest } = res.json<Record<string, unknown>>();
  expect(requestId).toEqual(expect.any(String));
  return { status: res.statusCode, ...rest };
};

describe('POST /token: unknown usernames are counted like accounts (finding 7)', () => {
  it('answers the sixth wrong try of an unknown username locked_out, like a real account', async () => {
    const answers: { real: Record<string, unknown>; unknown: Record<string, unknown> }[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      answers.push({
        real: refusal(await login('john.smith', `Wrong#Password${attempt}`)),
        unknown: refusal(await login('no.such.person', `Wrong#Password${attempt}`)),
      });
    }
    expect(answers[0]!.real).toMatchObject({ status: 400, error: 'invalid_grant' });
    expect(answers[0]!.unknown).toEqual(answers[0]!.real);
    expect(answers[5]!.real).toMatchObject({ status: 400, error: 'locked_out' });
    expect(answers[5]!.unknown).toMatchObject({ status: 400, error: 'locked_out' });
    expect(answers[5]!.unknown.message).toBe(answers[5]!.real.message);
    expect(answers[5]!.unknown.error_description).toBe(answers[5]!.real.error_description);
  });

  it('counts an unknown username in any case as one name', async () => {
    for (let i = 0; i < 5; i++) await login(i % 2 ? 'GHOST.USER' : 'ghost.user', 'Wrong#Password1');
    expect(refusal(await login('Ghost.User', 'Wrong#Password1'))).toMatchObject({ error: 'locked_out' });
  });
});

describe('POST /token: a password login only on the hosts of the user’s facility (hardening)', () => {
  it('refuses jane.doe (Riverside) on Lakeside’s address exactly like a wrong password', async () => {
    const elsewhere = await login('jane.doe', DEMO_PASSWORD, 'lakeside.localhost');
    const wrong = await login('jane.doe', 'Wrong#Password1', 'localhost');
    expect(refusal(elsewhere)).toEqual(refusal(wrong));
    expect(refusal(elsewhere)).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('refuses a host that is no facility’s address, and still lets jane.doe in on Riverside’s', async () => {
    expect(refusal(await login('jane.doe', DEMO_PASSWORD, 'evil.example'))).toMatchObject({ error: 'invalid_grant' });
    const home = await login('jane.doe', DEMO_PASSWORD, 'localhost:3000');
    expect(home.statusCode, home.body).toBe(200);
  });
});
