import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session';
import { MemoryStorage, T0 } from './test-support';

function setup() {
  const storage = new MemoryStorage();
  let clock = T0;
  const store = createSessionStore(storage, () => clock);
  return {
    storage,
    store,
    advance(ms: number) {
      clock += ms;
    },
  };
}

describe('session store', () => {
  it('stores every key in storage, with expires counted 15 s early', () => {
    const { storage, store } = setup();
    const session = store.set(
      {
        access_token: 'A1',
        refresh_token: 'R1',
        expires_in: 60,
        loginType: 'patient',
        isEulaAccepted: true,
      },
      { userName: 'jdoe' },
    );

    expect(storage.snapshot()).toEqual({
      access_token: 'A1',
      refresh_token: 'R1',
      expires: String(T0 + 60_000 - 15_000),
      loginType: 'patient',
      isAuthenticated: 'true',
      userName: 'jdoe',
    });
    expect(session).toEqual({
      access_token: 'A1',
      refresh_token: 'R1',
      expires: T0 + 45_000,
      loginType: 'patient',
      isAuthenticated: true,
      userName: 'jdoe',
    });
  });

  it('reads the session back from storage, and null when there is none', () => {
    const { storage, store } = setup();
    expect(store.get()).toBeNull();

    storage.setItem('access_token', 'A9');
    storage.setItem('refresh_token', 'R9');
    storage.setItem('expires', '12345');
    storage.setItem('loginType', 'proxy');
    storage.setItem('isAuthenticated', 'false');
    storage.setItem('userName', 'someone');
    expect(store.get()).toEqual({
      access_token: 'A9',
      refresh_token: 'R9',
      expires: 12345,
      loginType: 'proxy',
      isAuthenticated: false,
      userName: 'someone',
    });
  });

  it('takes loginType from extra over the token answer, and from the answer otherwise', () => {
    const { store } = setup();
    expect(
      store.set({ access_token: 'A', expires_in: 60, loginType: 'patient' }, { loginType: 'kiosk' }).loginType,
    ).toBe('kiosk');
    expect(store.set({ access_token: 'A', expires_in: 60, loginType: 'patient' }, {}).loginType).toBe('patient');
  });

  it('refuses a token answer without an access token', () => {
    const { storage, store } = setup();
    expect(() => store.set({ error: 'invalid_grant' }, {})).toThrow(TypeError);
    expect(storage.length).toBe(0);
  });

  it('counts a 60 s token as fresh at +44 s and expired at +45 s', () => {
    const { store, advance } = setup();
    store.set({ access_token: 'A1', refresh_token: 'R1', expires_in: 60 }, {});
    expect(store.isExpired()).toBe(false);
    advance(44_000);
    expect(store.isExpired()).toBe(false);
    advance(999);
    expect(store.isExpired()).toBe(false);
    advance(1);
    expect(store.isExpired()).toBe(true);
  });

  it('counts a missing session or a garbled expiry as expired', () => {
    const { storage, store } = setup();
    expect(store.isExpired()).toBe(true);
    storage.setItem('access_token', 'A1');
    storage.setItem('expires', 'not a number');
    expect(store.isExpired()).toBe(true);
  });

  it('clear() removes everything except the facility', () => {
    const { storage, store } = setup();
    store.set(
      {
        access_token: 'A1',
        refresh_token: 'R1',
        expires_in: 60,
        loginType: 'patient',
      },
      { userName: 'jdoe' },
    );
    store.setFacility({ id: 7, name: 'North Clinic' });
    storage.setItem('somethingElse', 'x');

    store.clear();

    expect(storage.snapshot()).toEqual({
      facility: JSON.stringify({ id: 7, name: 'North Clinic' }),
    });
    expect(store.get()).toBeNull();
    expect(store.getFacility()).toEqual({ id: 7, name: 'North Clinic' });
  });

  it('remembers the profile’s user id until clear(), and reads anything but a whole positive number as unknown', () => {
    const { storage, store } = setup();
    expect(store.getUserId()).toBeNull();
    store.setUserId(42);
    expect(storage.getItem('userId')).toBe('42');
    expect(store.getUserId()).toBe(42);
    for (const garbled of ['', 'abc', '4.5', '-3', '0', '9007199254740993']) {
      storage.setItem('userId', garbled);
      expect(store.getUserId()).toBeNull();
    }
    store.setUserId(7);
    store.clear();
    expect(store.getUserId()).toBeNull();
  });

  it('keeps the facility as JSON under "facility"', () => {
    const { storage, store } = setup();
    expect(store.getFacility()).toBeNull();

    store.setFacility({ id: 3, name: 'Kiosk A' });
    expect(storage.getItem('facility')).toBe('{"id":3,"name":"Kiosk A"}');
    expect(store.getFacility<{ id: number; name: string }>()).toEqual({
      id: 3,
      name: 'Kiosk A',
    });

    store.setFacility(null);
    expect(storage.getItem('facility')).toBeNull();

    storage.setItem('facility', '{broken');
    expect(store.getFacility()).toBeNull();
  });
});
