import { describe, expect, it } from 'vitest';
import { decideGuard } from './guard';

const patient = { isAuthenticated: true, loginType: 'userNamePassword' };
const ready = { email: 'jane@example.com', isEulaAccepted: true, ids: [{ idType: 'Patient', value: 1 }] };

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

  it.each([
    ['singleSignOn', '/dashboard'],
    ['patientKioskUser', '/questionnaires'],
    ['patientLinkUser', '/questionnaires'],
  ])('lets %s go on without an email', (loginType, location) => {
    const outcome = decideGuard({
      location,
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
      profile: { ...ready, email: null, isEulaAccepted: false },
    });
    expect(outcome).toEqual({ kind: 'allow' });
  });

  it.each(['patientKioskUser', 'patientLinkUser'])(
    'sends %s from every other page to their questionnaires',
    (loginType) => {
      const session = { isAuthenticated: true, loginType };
      for (const location of [
        '/dashboard',
        '/appointments',
        '/',
        '/kioskQuestionnaires',
        '/termsOfUse',
        '/provide-email',
      ]) {
        expect(decideGuard({ location, session, profile: ready }), location).toEqual({
          kind: 'redirect',
          to: '/patientKioskQuestionnaires',
        });
      }
      // Without waiting for the profile, too.
      expect(decideGuard({ location: '/dashboard', session, profile: undefined }).kind).toBe('redirect');
      for (const location of ['/patientKioskQuestionnaires?startIfOnlyOne=true', '/complete-questionnaire']) {
        expect(decideGuard({ location, session, profile: ready }), location).toEqual({ kind: 'allow' });
      }
    },
  );

  it('keeps kiosk staff on the kiosk list', () => {
    const session = { isAuthenticated: true, loginType: 'patientKioskManagement' };
    const staff = { email: 'kiosk@example.com', isEulaAccepted: true, ids: [] };
    for (const location of ['/dashboard', '/questionnaires', '/patientKioskQuestionnaires', '/contact-us']) {
      expect(decideGuard({ location, session, profile: staff }), location).toEqual({
        kind: 'redirect',
        to: '/kioskQuestionnaires',
      });
    }
    expect(decideGuard({ location: '/kioskQuestionnaires', session, profile: staff })).toEqual({ kind: 'allow' });
  });

  it('does not exempt single sign-on users from the terms', () => {
    const outcome = decideGuard({
      location: '/dashboard',
      session: { isAuthenticated: true, loginType: 'singleSignOn' },
      profile: { ...ready, email: null, isEulaAccepted: false },
    });
    expect(outcome).toEqual({ kind: 'redirect', to: '/termsOfUse' });
  });

  it('shows a user with no patient (a switched-off representative) the no-patient notice on every page', () => {
    for (const location of ['/dashboard', '/appointments', '/test-results?x=1', '/contact-us']) {
      expect(decideGuard({ location, session: patient, profile: { ...ready, ids: [] } })).toEqual({
        kind: 'noPatient',
      });
    }
    expect(decideGuard({ location: '/termsOfUse', session: patient, profile: { ...ready, ids: [] } }).kind).toBe(
      'allow',
    );
    // The terms come first.
    expect(
      decideGuard({ location: '/dashboard', session: patient, profile: { ...ready, ids: [], isEulaAccepted: false } }),
    ).toEqual({ kind: 'redirect', to: '/termsOfUse' });
  });

  it('allows a patient with email and accepted terms', () => {
    expect(decideGuard({ location: '/dashboard', session: patient, profile: ready })).toEqual({ kind: 'allow' });
  });
});
