import { describe, expect, it } from 'vitest';
import { asApiError, harnessPerTest, T0, tokenAnswer } from './test-support';
import type { Reply } from './test-support';

const setup = harnessPerTest();

describe('expiry and refresh before a call', () => {
  it('uses a 60 s token as is at +44 s and refreshes it first at +45 s', async () => {
    const h = setup();
    h.login({ expires_in: 60, loginType: 'proxy' }, 'jdoe');
    h.reply('GET /api/x', { json: 1 }, { json: 2 });

    h.advance(44_000);
    expect(await h.runValue(h.client.get('/api/x'))).toBe(1);
    expect(h.events).toEqual(['GET /api/x']);
    expect(h.requests[0]?.headers.authorization).toBe('Bearer A1');

    h.advance(1_000);
    h.reply('POST /token', {
      json: { access_token: 'A2', refresh_token: 'R2', expires_in: 600 },
    });
    expect(await h.runValue(h.client.get('/api/x'))).toBe(2);

    expect(h.events).toEqual(['GET /api/x', 'POST /token', 'GET /api/x']);
    const refreshRequest = h.requests[1];
    expect(refreshRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(refreshRequest?.body).toBe('grant_type=refresh_token&refresh_token=R1');
    expect(h.requests[2]?.headers.authorization).toBe('Bearer A2');
    // New token and expiry stored; user name and login type kept from the session.
    expect(h.client.session.get()).toEqual({
      access_token: 'A2',
      refresh_token: 'R2',
      expires: T0 + 45_000 + 600_000 - 15_000,
      loginType: 'proxy',
      isAuthenticated: true,
      userName: 'jdoe',
    });
    expect(h.sleeps).toEqual([]);
  });

  it('keeps the old refresh token when the refresh answer has none', async () => {
    const h = setup();
    h.login({ expires_in: 60 });
    h.advance(60_000);
    h.reply('POST /token', { json: { access_token: 'A2', expires_in: 600 } });
    h.reply('GET /api/x', { json: {} });

    await h.runValue(h.client.get('/api/x'));

    expect(h.client.session.get()?.refresh_token).toBe('R1');
    expect(h.client.session.get()?.access_token).toBe('A2');
  });

  it('refresh() posts the refresh grant and stores the answer', async () => {
    const h = setup();
    h.login();
    h.reply('POST /token', tokenAnswer(2, 120));

    await h.runValue(h.client.refresh());

    expect(h.requests[0]?.body).toBe('grant_type=refresh_token&refresh_token=R1');
    expect(h.client.session.get()?.access_token).toBe('A2');
    expect(h.client.session.get()?.expires).toBe(T0 + 105_000);
  });
});

describe('concurrent calls during one refresh', () => {
  it('sends exactly one POST /token; the other calls wait in 100 ms steps', async () => {
    const h = setup();
    h.login({ expires_in: 60 });
    h.advance(50_000);
    h.reply('POST /token', { ...tokenAnswer(2), afterMs: 250 });
    h.reply('GET /api/a', { json: 'a' });
    h.reply('GET /api/b', { json: 'b' });
    h.reply('GET /api/c', { json: 'c' });
    const start = h.now;

    const results = await h.runValue(
      Promise.all([h.client.get('/api/a'), h.client.get('/api/b'), h.client.get('/api/c')]),
    );

    expect(results).toEqual(['a', 'b', 'c']);
    expect(h.requests.filter((r) => r.key === 'POST /token')).toHaveLength(1);
    // b and c each waited 3 steps of 100 ms (the refresh took 250 ms).
    expect(h.sleeps).toEqual([100, 100, 100, 100, 100, 100]);
    expect(h.now - start).toBe(300);
    for (const key of ['GET /api/a', 'GET /api/b', 'GET /api/c']) {
      expect(h.requests.find((r) => r.key === key)?.headers.authorization).toBe('Bearer A2');
    }
    expect(h.requests[0]?.key).toBe('POST /token');
  });

  it('a second refresh() during a refresh waits for it instead of posting again', async () => {
    const h = setup();
    h.login();
    h.reply('POST /token', { ...tokenAnswer(2), afterMs: 150 });

    await h.runValue(Promise.all([h.client.refresh(), h.client.refresh()]));

    expect(h.requests.map((r) => r.key)).toEqual(['POST /token']);
    expect(h.sleeps).toEqual([100, 100]);
    expect(h.client.session.get()?.access_token).toBe('A2');
  });

  it('still waits for a refresh that ends within the 300th step', async () => {
    const h = setup();
    h.login({ expires_in: 60 });
    h.advance(45_000);
    h.reply('POST /token', { ...tokenAnswer(2), afterMs: 29_950 });
    h.reply('GET /api/a', { json: 'a' });
    h.reply('GET /api/b', { json: 'b' });

    const results = await h.runValue(Promise.all([h.client.get('/api/a'), h.client.get('/api/b')]));

    expect(results).toEqual(['a', 'b']);
    expect(h.sleeps).toHaveLength(300);
    expect(h.requests.filter((r) => r.key === 'POST /token')).toHaveLength(1);
  });

  it('gives up after 300 steps of 100 ms without sending a second refresh or the call', async () => {
    const h = setup();
    h.login({ expires_in: 60 });
    h.advance(45_000);
    h.reply('POST /token', { never: true });
    const start = h.now;

    const first = h.client.get('/api/a'); // starts the refresh, which never answers
    first.catch(() => {});
    const error = asApiError(await h.runError(h.client.get('/api/b')));

    expect(error.code).toBe('refresh_timeout');
    expect(error.isSessionTimeout).toBe(false);
    expect(h.sleeps).toHaveLength(300);
    expect(h.sleeps.every((ms) => ms === 100)).toBe(true);
    expect(h.now - start).toBe(30_000);
    expect(h.requests.map((r) => r.key)).toEqual(['POST /token']);
    expect(h.sessionTimeouts).toBe(0);
  });
});

describe('401 answers', () => {
  it('retries up to 3 times, each after 100 ms and a refresh, then rejects with the 401', async () => {
    const h = setup();
    h.login();
    const unauthorized: Reply = {
      status: 401,
      json: { error: 'unauthorized', message: 'Token rejected.' },
    };
    h.reply('GET /api/x', unauthorized, unauthorized, unauthorized, unauthorized);
    h.reply('POST /token', tokenAnswer(2), tokenAnswer(3), tokenAnswer(4));

    const error = asApiError(await h.runError(h.client.get('/api/x')));

    expect(error.status).toBe(401);
    expect(error.code).toBe('unauthorized');
    expect(error.message).toBe('Token rejected.');
    expect(error.isSessionTimeout).toBe(false);
    expect(h.events).toEqual([
      'GET /api/x',
      'sleep 100',
      'POST /token',
      'GET /api/x',
      'sleep 100',
      'POST /token',
      'GET /api/x',
      'sleep 100',
      'POST /token',
      'GET /api/x',
    ]);
    expect(h.requests.filter((r) => r.key === 'GET /api/x').map((r) => r.headers.authorization)).toEqual([
      'Bearer A1',
      'Bearer A2',
      'Bearer A3',
      'Bearer A4',
    ]);
    expect(h.requests.filter((r) => r.key === 'POST /token').map((r) => r.body)).toEqual([
      'grant_type=refresh_token&refresh_token=R1',
      'grant_type=refresh_token&refresh_token=R2',
      'grant_type=refresh_token&refresh_token=R3',
    ]);
    expect(h.sessionTimeouts).toBe(0);
  });

  it('resolves when a retry succeeds', async () => {
    const h = setup();
    h.login();
    h.reply('GET /api/x', { status: 401 }, { json: { fine: true } });
    h.reply('POST /token', tokenAnswer(2));

    expect(await h.runValue(h.client.get('/api/x'))).toEqual({ fine: true });
    expect(h.events).toEqual(['GET /api/x', 'sleep 100', 'POST /token', 'GET /api/x']);
  });

  it('does not retry an unauthenticated call', async () => {
    const h = setup();
    h.reply('POST /api/login-check', {
      status: 401,
      json: { error: 'unauthorized', message: 'No.' },
    });

    const error = asApiError(await h.runError(h.client.post('/api/login-check', { a: 1 })));

    expect(error.status).toBe(401);
    expect(h.events).toEqual(['POST /api/login-check']);
  });

  it('does not retry other errors', async () => {
    const h = setup();
    h.login();
    h.reply('GET /api/x', {
      status: 403,
      json: { error: 'forbidden', message: 'Not yours.' },
    });

    const error = asApiError(await h.runError(h.client.get('/api/x')));

    expect(error.status).toBe(403);
    expect(h.events).toEqual(['GET /api/x']);
  });
});

describe('refresh failure -> session timeout', () => {
  const failures: Array<[string, Reply]> = [
    [
      'an error answer',
      {
        status: 400,
        json: {
          error: 'invalid_grant',
          error_description: 'Refresh token expired.',
        },
      },
    ],
    ['a server error', { status: 500, text: 'boom' }],
    ['an error body with 200', { json: { error: 'invalid_grant', error_description: 'Nope.' } }],
    ['a network error', { networkError: true }],
  ];

  it.each(failures)(
    'on %s: calls onSessionTimeout once, rejects with isSessionTimeout, clears all but the facility',
    async (_, failure) => {
      const h = setup();
      h.login({ expires_in: 60 });
      h.client.session.setFacility({ id: 5, name: 'East' });
      h.advance(45_000);
      h.reply('POST /token', failure);

      const error = asApiError(await h.runError(h.client.get('/api/x')));

      expect(error.isSessionTimeout).toBe(true);
      expect(error.code).toBe('session_timeout');
      expect(error.message).toBe('Your session has timed out. Please log in again.');
      expect(h.sessionTimeouts).toBe(1);
      expect(h.storage.snapshot()).toEqual({
        facility: '{"id":5,"name":"East"}',
      });
      expect(h.events).toEqual(['POST /token']); // the call itself is not sent
    },
  );

  it('calls onSessionTimeout once when several waiting calls see the refresh fail', async () => {
    const h = setup();
    h.login({ expires_in: 60 });
    h.advance(45_000);
    h.reply('POST /token', {
      status: 400,
      json: { error: 'invalid_grant' },
      afterMs: 200,
    });

    const outcomes = await h.runValue(
      Promise.allSettled([h.client.get('/api/a'), h.client.get('/api/b'), h.client.post('/api/c', {})]),
    );

    expect(h.sessionTimeouts).toBe(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') expect(asApiError(outcome.reason).isSessionTimeout).toBe(true);
    }
    expect(h.requests.map((r) => r.key)).toEqual(['POST /token']);
  });

  it('a 401 whose refresh fails ends in a session timeout, reported once', async () => {
    const h = setup();
    h.login();
    h.reply('GET /api/a', { status: 401 });
    h.reply('GET /api/b', { status: 401 });
    h.reply('POST /token', { status: 400, json: { error: 'invalid_grant' } });

    const outcomes = await h.runValue(Promise.allSettled([h.client.get('/api/a'), h.client.get('/api/b')]));

    expect(outcomes.map((o) => o.status === 'rejected' && asApiError(o.reason).isSessionTimeout)).toEqual([true, true]);
    expect(h.sessionTimeouts).toBe(1);
    expect(h.requests.filter((r) => r.key === 'POST /token')).toHaveLength(1);
    expect(h.client.session.get()).toBeNull();
  });

  it('does not bring back a session that was logged out during the refresh', async () => {
    const h = setup();
    h.login({ expires_in: 60 });
    h.advance(45_000);
    h.reply('POST /token', { ...tokenAnswer(2), afterMs: 500 });

    const call = h.client.get('/api/x');
    h.client.session.clear(); // logout while the refresh is in flight
    const error = asApiError(await h.runError(call));

    expect(error.isSessionTimeout).toBe(true);
    expect(h.client.session.get()).toBeNull();
    expect(h.sessionTimeouts).toBe(0);
    expect(h.requests.map((r) => r.key)).toEqual(['POST /token']);
  });
});
