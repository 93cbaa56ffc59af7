import { describe, expect, it } from 'vitest';
import { decideGuard } from './guard';

const patient = { isAuthenticated: true, loginType: 'userNamePassword' };
const ready = { email: 'jane@example.com', isEulaAccepted: true };

describe('route guard', () => {
  it('sends an anonymous visitor to the login page with the page as redirect', () => {
    expect(decideGuard({ location: '/test-results?x=1', session: null, profile: undefined })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Ftest-results%3Fx%3D1',
    });
  });

  it('sends an anonymous visitor of a kiosk page to the kiosk login', () => {
    expect(decideGuard({ location: '/kioskQuestionnaires', session: null, profile: undefined })).toEqual({
      kind: 'redirect',
      to: '/kioskLogin',
    });
  });

  it('waits for the profile before deciding', () => {
    expect(decideGuard({ location: '/dashboard', session: patient, profile: undefined })).toEqual({ kind: 'wait' });
  });

  it('sends a user without email to /provide-email', () => {
    const outcome = decideGuard({ location: '/dashboard', session: patient, profile: { ...ready, email: null } });
    expect(outcome).toEqual({ kind: 'redirect', to: '/provide-email' });
  });

  it.each(['singleSignOn', 'patientKioskUser', 'patientLinkUser'])('lets %s go on without an email', (loginType) => {
    const outcome = decideGuard({
      location: '/dashboard',
      session: { isAuthenticated: true, loginType },
      profile: { ...ready, email: null },
    });
    expect(outcome.kind).not.toBe('redirect');
  });

  it('sends a user who has not accepted the terms to /termsOfUse', () => {
    const outcome = decideGuard({
      location: '/dashboard',
      session: patient,
      profile: { ...ready, isEulaAccepted: false },
    });
    expect(outcome).toEqual({ kind: 'redirect', to: '/termsOfUse' });
  });

  it('does not loop on the terms page itself', () => {
    const outcome = decideGuard({
      location: '/termsofuse',
      session: patient,
      profile: { ...ready, isEulaAccepted: false },
    });
    expect(outcome).toEqual({ kind: 'allow' });
  });

  it.each(['patientKioskUser', 'patientLinkUser'])('shows content to %s without accepted terms', (loginType) => {
    const outcome = decideGuard({
      location: '/questionnaires',
      session: { isAuthenticated: true, loginType },
      profile: { email: null, isEulaAccepted: false },
    });
    expect(outcome).toEqual({ kind: 'allow' });
  });

  it('does not exempt single sign-on users from the terms', () => {
    const outcome = decideGuard({
      location: '/dashboard',
      session: { isAuthenticated: true, loginType: 'singleSignOn' },
      profile: { email: null, isEulaAccepted: false },
    });
    expect(outcome).toEqual({ kind: 'redirect', to: '/termsOfUse' });
  });

  it('allows a patient with email and accepted terms', () => {
    expect(decideGuard({ location: '/dashboard', session: patient, profile: ready })).toEqual({ kind: 'allow' });
  });
});
