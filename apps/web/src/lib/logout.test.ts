import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './api/test-support';

// The app's one API client reads window.sessionStorage when it is created: a window with an in-memory
// storage and a fetch that answers the logoff call stand in for the browser.
const storage = new MemoryStorage();
const requests: string[] = [];

beforeAll(() => {
  vi.stubGlobal('window', {
    sessionStorage: storage,
    location: { pathname: '/dashboard' },
    dispatchEvent: () => true,
  });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${input}`);
    return Promise.resolve(new Response(null, { status: 204 }));
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('forgets the session, every cached answer and every message (the unconfirmed-email notice too)', async () => {
    const { messageBar } = await import('./api-instance');
    const { queryClient } = await import('./query-client');
    const { loginProfileQuery } = await import('../shared/api/login-profile');
    const { logout } = await import('../shared/api/logout');

    storage.setItem('facility', '{"facilityId":1}');
    storage.setItem('access_token', 'A1');
    storage.setItem('refresh_token', 'R1');
    storage.setItem('expires', String(Date.now() + 600_000));
    storage.setItem('loginType', 'userNamePassword');
    storage.setItem('isAuthenticated', 'true');
    storage.setItem('userName', 'robert.doe');
    // Only the fields logout reads; the rest of a login profile does not matter here.
    queryClient.setQueryData(loginProfileQuery().queryKey, {
      userId: 7,
      email: 'robert.doe2@example.com',
    } as never);
    queryClient.setQueryData(['patient', 1], { patientId: 1, firstName: 'Jane' });
    messageBar.show({
      type: 'warning',
      key: 'emailConfirm.requiredNotice',
      params: { email: 'robert.doe2@example.com' },
      keepDisplay: true,
      action: { key: 'emailConfirm.resend', onAction: () => undefined },
    });

    expect(await logout()).toBe('/logout-success');

    expect(requests).toEqual(['POST /api/users/7/audit/logoff']);
    expect(messageBar.get()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(storage.snapshot()).toEqual({ facility: '{"facilityId":1}' });
  });

  it('clears a session-timeout notice too', async () => {
    const { messageBar } = await import('./api-instance');
    const { logout } = await import('../shared/api/logout');
    messageBar.showSessionTimeout();
    await logout();
    expect(messageBar.get()).toBeNull();
  });
});

describe('where a logout lands', () => {
  it('takes kiosk sessions to the kiosk login, a link-login patient and everyone else to the logout-success page', async () => {
    const { afterLogoutPath } = await import('./logout');
    expect(afterLogoutPath('patientKioskUser')).toBe('/kioskLogin');
    expect(afterLogoutPath('patientKioskManagement')).toBe('/kioskLogin');
    expect(afterLogoutPath('patientLinkUser')).toBe('/logout-success');
    expect(afterLogoutPath('userNamePassword')).toBe('/logout-success');
    expect(afterLogoutPath('singleSignOn')).toBe('/ssoLogout');
  });
});

describe('a kiosk user’s logout', () => {
  it('takes the device to the kiosk login of the profile’s kiosk exit only when it is one', async () => {
    const { kioskExitTarget } = await import('./logout');
    const here = 'http://lakeside.localhost:3000';
    expect(kioskExitTarget('http://localhost:3000/kioskLogin', here)).toBe('http://localhost:3000/kioskLogin');
    expect(kioskExitTarget('https://riverside.example.org/kioskLogin', here)).toBe(
      'https://riverside.example.org/kioskLogin',
    );
    // The same address: a path, for the app's own navigation.
    expect(kioskExitTarget('http://lakeside.localhost:3000/kioskLogin', here)).toBe('/kioskLogin');
    for (const wrong of [
      undefined,
      '',
      42,
      'javascript:alert(1)//kioskLogin',
      'data:text/html,/kioskLogin',
      'http://localhost:3000/dashboard',
      'http://localhost:3000/kioskLogin?next=http://evil.example',
      'http://localhost:3000/kioskLogin#x',
      'http://user:pw@localhost:3000/kioskLogin',
      '/kioskLogin',
      'not a url',
    ]) {
      expect(kioskExitTarget(wrong, here), String(wrong)).toBeNull();
    }
  });

  it('sends the browser to the kiosk login of the staff’s facility on another address', async () => {
    const { queryClient } = await import('./query-client');
    const { loginProfileQuery } = await import('../shared/api/login-profile');
    const { logout } = await import('../shared/api/logout');
    const replace = vi.fn();
    Object.assign(window.location, { origin: 'http://lakeside.localhost:3000', replace });
    storage.setItem('access_token', 'K1');
    storage.setItem('refresh_token', 'R1');
    storage.setItem('expires', String(Date.now() + 600_000));
    storage.setItem('loginType', 'patientKioskUser');
    storage.setItem('isAuthenticated', 'true');
    queryClient.setQueryData(loginProfileQuery().queryKey, {
      userId: null,
      kioskExitUrl: 'http://localhost:3000/kioskLogin',
    } as never);
    requests.length = 0;

    expect(await logout()).toBe('/kioskLogin');
    expect(requests).toEqual(['POST /api/users/0/audit/logoff']);
    expect(replace).toHaveBeenCalledWith('http://localhost:3000/kioskLogin');
    expect(storage.getItem('access_token')).toBeNull();
  });

  it('stays on this address when the exit is here, or there is none', async () => {
    const { queryClient } = await import('./query-client');
    const { loginProfileQuery } = await import('../shared/api/login-profile');
    const { logout } = await import('../shared/api/logout');
    const replace = vi.fn();
    Object.assign(window.location, { origin: 'http://localhost:3000', replace });
    for (const kioskExitUrl of ['http://localhost:3000/kioskLogin', undefined]) {
      storage.setItem('access_token', 'K2');
      storage.setItem('expires', String(Date.now() + 600_000));
      storage.setItem('loginType', 'patientKioskUser');
      queryClient.setQueryData(loginProfileQuery().queryKey, { userId: null, kioskExitUrl } as never);
      expect(await logout()).toBe('/kioskLogin');
    }
    expect(replace).not.toHaveBeenCalled();
  });
});
