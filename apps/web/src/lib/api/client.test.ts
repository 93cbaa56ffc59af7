import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { asApiError, harnessPerTest, MemoryStorage, T0, tokenAnswer } from './test-support';

const setup = harnessPerTest();

describe('headers', () => {
  it('sends portal-type patientPortal and no Authorization without a session', async () => {
    const h = setup();
    h.reply('GET /api/public', { json: { ok: true } });

    expect(await h.runValue(h.client.get('/api/public'))).toEqual({ ok: true });

    expect(h.requests).toHaveLength(1);
    expect(h.requests[0]?.headers['portal-type']).toBe('patientPortal');
    expect(h.requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it('sends portal-type kioskManagement in kiosk management mode, read on every call', async () => {
    const h = setup({ portalType: 'kioskManagement' });
    h.reply('GET /api/a', { json: 1 }, { json: 2 });

    await h.runValue(h.client.get('/api/a'));
    h.setPortalType('patientPortal');
    await h.runValue(h.client.get('/api/a'));

    expect(h.requests.map((r) => r.headers['portal-type'])).toEqual(['kioskManagement', 'patientPortal']);
  });

  it('sends the bearer token when a session exists, and not with auth: false', async () => {
    const h = setup();
    h.login({ access_token: 'tok-123' });
    h.reply('GET /api/me', { json: {} }, { json: {} });

    await h.runValue(h.client.get('/api/me'));
    await h.runValue(h.client.get('/api/me', { auth: false }));

    expect(h.requests[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(h.requests[0]?.headers['portal-type']).toBe('patientPortal');
    expect(h.requests[1]?.headers).not.toHaveProperty('authorization');
    expect(h.requests[1]?.headers['portal-type']).toBe('patientPortal');
  });

  it('sends portal-type on the token refresh too', async () => {
    const h = setup({ portalType: 'kioskManagement' });
    h.login({ expires_in: 60 });
    h.advance(45_000);
    h.reply('POST /token', tokenAnswer(2));
    h.reply('GET /api/x', { json: {} });

    await h.runValue(h.client.get('/api/x'));

    expect(h.requests.map((r) => [r.key, r.headers['portal-type'], r.headers.authorization])).toEqual([
      ['POST /token', 'kioskManagement', undefined],
      ['GET /api/x', 'kioskManagement', 'Bearer A2'],
    ]);
  });

  it('rejects an auth: true call without a session, without sending it', async () => {
    const h = setup();
    const error = asApiError(await h.runError(h.client.get('/api/me', { auth: true })));
    expect(error.status).toBe(401);
    expect(error.code).toBe('not_authenticated');
    expect(error.isSessionTimeout).toBe(false);
    expect(h.requests).toHaveLength(0);
  });
});

describe('token()', () => {
  it('posts the form to /token and stores the session', async () => {
    const h = setup();
    h.reply('POST /token', {
      json: {
        access_token: 'A1',
        refresh_token: 'R1',
        expires_in: 1200,
        loginType: 'proxy',
        isEulaAccepted: false,
      },
    });

    const answer = await h.runValue(
      h.client.token({ grant_type: 'password', username: 'j doe@x.org', password: 'p&ss=1' }, { 'x-extra': 'yes' }),
    );

    expect(answer).toEqual({
      access_token: 'A1',
      refresh_token: 'R1',
      expires_in: 1200,
      loginType: 'proxy',
      isEulaAccepted: false,
    });
    const sent = h.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/token');
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent?.headers['portal-type']).toBe('patientPortal');
    expect(sent?.headers['x-extra']).toBe('yes');
    expect(sent?.headers).not.toHaveProperty('authorization');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      grant_type: 'password',
      username: 'j doe@x.org',
      password: 'p&ss=1',
    });
    expect(h.storage.snapshot()).toEqual({
      access_token: 'A1',
      refresh_token: 'R1',
      expires: String(T0 + 1_200_000 - 15_000),
      loginType: 'proxy',
      isAuthenticated: 'true',
      userName: 'j doe@x.org',
    });
  });

  it('rejects with code and error_description of an error answer and stores nothing', async () => {
    const h = setup();
    h.reply('POST /token', {
      status: 400,
      json: {
        error: 'invalid_grant',
        error_description: 'The user name or password is incorrect.',
      },
    });

    const error = asApiError(
      await h.runError(
        h.client.token({
          grant_type: 'password',
          username: 'a',
          password: 'b',
        }),
      ),
    );

    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_grant');
    expect(error.message).toBe('The user name or password is incorrect.');
    expect(error.isSessionTimeout).toBe(false);
    expect(h.storage.length).toBe(0);
  });

  it('rejects an error body even with a 2xx status', async () => {
    const h = setup();
    h.reply('POST /token', {
      json: {
        error: 'eula_required',
        error_description: 'Accept the EULA first.',
      },
    });

    const error = asApiError(
      await h.runError(
        h.client.token({
          grant_type: 'password',
          username: 'a',
          password: 'b',
        }),
      ),
    );

    expect(error.code).toBe('eula_required');
    expect(error.message).toBe('Accept the EULA first.');
    expect(h.client.session.get()).toBeNull();
  });
  it('rejects a 2xx answer without an access token', async () => {
    const h = setup();
    h.reply('POST /token', { json: { token_type: 'bearer' } });

    const error = asApiError(
      await h.runError(
        h.client.token({
          grant_type: 'password',
          username: 'a',
          password: 'b',
        }),
      ),
    );

    expect(error.code).toBe('invalid_token_response');
    expect(h.storage.length).toBe(0);
  });
});

describe('errors', () => {
  it('maps the server error body to code, message and body', async () => {
    const h = setup();
    const body = {
      error: 'validation_failed',
      message: 'Date of birth is required.',
      requestId: 'req-1',
    };
    h.reply('POST /api/profile', { status: 422, json: body });

    const error = asApiError(await h.runError(h.client.post('/api/profile', {})));

    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Date of birth is required.');
    expect(error.body).toEqual(body);
    expect(error.isSessionTimeout).toBe(false);
  });

  it('falls back to error_description, then to a generic text', async () => {
    const h = setup();
    h.reply(
      'GET /api/x',
      {
        status: 400,
        json: { error: 'invalid_request', error_description: 'Missing field.' },
      },
      { status: 502, text: 'Bad gateway' },
      { status: 500 },
    );

    const described = asApiError(await h.runError(h.client.get('/api/x')));
    expect([described.code, described.message]).toEqual(['invalid_request', 'Missing field.']);

    const notJson = asApiError(await h.runError(h.client.get('/api/x')));
    expect([notJson.status, notJson.code, notJson.message, notJson.body]).toEqual([
      502,
      undefined,
      'Request failed with status 502',
      'Bad gateway',
    ]);

    const empty = asApiError(await h.runError(h.client.get('/api/x')));
    expect([empty.status, empty.code, empty.message, empty.body]).toEqual([
      500,
      undefined,
      'Request failed with status 500',
      undefined,
    ]);
  });

  it('rejects a network failure with status 0 and code network_error', async () => {
    const h = setup();
    h.login();
    h.reply('GET /api/x', { networkError: true });

    const error = asApiError(await h.runError(h.client.get('/api/x')));

    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(error.isSessionTimeout).toBe(false);
    expect(h.events).toEqual(['GET /api/x']); // not retried
  });

  it('passes an abort through as is', async () => {
    const h = setup();
    const controller = new AbortController();
    const abortError = new DOMException('The operation was aborted.', 'AbortError');
    h.deps.fetch = () => Promise.reject(abortError);
    controller.abort();
    const client = createApiClient(h.deps);

    await expect(client.get('/api/x', { signal: controller.signal })).rejects.toBe(abortError);
  });
});

describe('request building and bodies', () => {
  it('encodes the query and skips undefined values', async () => {
    const h = setup({ baseUrl: 'https://portal.example' });
    h.reply('GET https://portal.example/api/search', { json: [] });

    await h.runValue(
      h.client.get('/api/search', {
        query: {
          q: 'a b&c=d',
          page: 2,
          active: false,
          missing: undefined,
          'näme/x': 'é?#',
        },
      }),
    );

    expect(h.requests[0]?.url).toBe(
      'https://portal.example/api/search?q=a%20b%26c%3Dd&page=2&active=false&n%C3%A4me%2Fx=%C3%A9%3F%23',
    );
  });

  it('appends the query to a path that already has one, and adds nothing when all are undefined', async () => {
    const h = setup();
    h.reply('GET /api/x', { json: 1 }, { json: 2 });

    await h.runValue(h.client.get('/api/x?a=1', { query: { b: true } }));
    await h.runValue(h.client.get('/api/x', { query: { b: undefined } }));

    expect(h.requests.map((r) => r.url)).toEqual(['/api/x?a=1&b=true', '/api/x']);
  });

  it('sends JSON bodies with their method and Content-Type, and lets headers override it', async () => {
    const h = setup();
    h.login();
    h.reply('POST /api/items', { status: 201, json: { id: 1 } });
    h.reply('PUT /api/items/1', { json: {} });
    h.reply('PATCH /api/items/1', { json: {} });
    h.reply('DELETE /api/items/1', { status: 204 });

    expect(await h.runValue(h.client.post('/api/items', { name: 'x' }))).toEqual({ id: 1 });
    await h.runValue(h.client.put('/api/items/1', { name: 'y' }));
    const patch = [{ op: 'replace', path: '/name', value: 'z' }];
    await h.runValue(
      h.client.patch('/api/items/1', patch, {
        headers: { 'Content-Type': 'application/json-patch+json' },
      }),
    );
    expect(await h.runValue(h.client.del('/api/items/1'))).toBeUndefined();

    expect(h.requests.map((r) => [r.method, r.headers['content-type'], r.body])).toEqual([
      ['POST', 'application/json', '{"name":"x"}'],
      ['PUT', 'application/json', '{"name":"y"}'],
      ['PATCH', 'application/json-patch+json', JSON.stringify(patch)],
      ['DELETE', undefined, undefined],
    ]);
    expect(h.requests.every((r) => r.headers.authorization === 'Bearer A1')).toBe(true);
  });

  it('sends form bodies url-encoded', async () => {
    const h = setup();
    h.reply('POST /api/form', { json: {} });

    await h.runValue(h.client.request('POST', '/api/form', { form: { a: 'x y', b: '1&2' } }));

    expect(h.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(h.requests[0]?.body).toBe('a=x+y&b=1%262');
  });

  it('resolves 204 and empty bodies to undefined, and reads text and blob answers', async () => {
    const h = setup();
    h.reply('GET /api/x', { status: 204 }, { status: 200, text: '' }, { text: 'plain text' }, { text: 'binary-ish' });

    expect(await h.runValue(h.client.get('/api/x'))).toBeUndefined();
    expect(await h.runValue(h.client.get('/api/x'))).toBeUndefined();
    expect(await h.runValue(h.client.get<string>('/api/x', { responseType: 'text' }))).toBe('plain text');
    const blob = await h.runValue(h.client.get<Blob>('/api/x', { responseType: 'blob' }));
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('binary-ish');
  });

  it('passes the abort signal to fetch', async () => {
    const h = setup();
    h.reply('GET /api/x', { json: {} });
    const controller = new AbortController();

    await h.runValue(h.client.get('/api/x', { signal: controller.signal }));

    expect(h.requests[0]?.signal).toBe(controller.signal);
  });

  it('reads the session from the storage it was given', async () => {
    const storage = new MemoryStorage();
    storage.setItem('access_token', 'stored');
    storage.setItem('refresh_token', 'R');
    storage.setItem('expires', String(T0 + 60_000));
    storage.setItem('isAuthenticated', 'true');
    const h = setup({ storage });
    h.reply('GET /api/x', { json: {} });

    await h.runValue(h.client.get('/api/x'));

    expect(h.requests[0]?.headers.authorization).toBe('Bearer stored');
  });
});
