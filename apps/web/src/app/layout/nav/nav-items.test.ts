import { describe, expect, it, vi } from 'vitest';
import type { Capabilities } from '@portal/contracts';
import { capabilityReader } from '../../../lib/capabilities';
// The reader is pure; the module's query hooks need the browser's API client, which node has not.
vi.mock('../../../lib/api-instance', () => ({ api: {} }));

import { CONTACT_US, isCurrent, navMode, SECURE_MESSAGES, TABS, visibleResources, visibleTabs } from './nav-items';

const plain = (...names: string[]): Capabilities => ({
  modules: names.map((moduleName) => ({ moduleName, details: [] })),
});
const ALL = plain(
  'Dashboard',
  'Appointments',
  'TreatmentSummary',
  'FollowUps',
  'Education',
  'Questionnaires',
  'TestResults',
  'MedicalNotes',
  'SecureMessages',
  'ContactUs',
  'Faqs',
  'UsefulLinks',
  'DownloadableItems',
);
const ALL_RESOURCES = { faqs: true, usefulLinks: true, downloadableForms: true };
const english: Record<string, string> = {
  'nav.faqs': 'FAQ',
  'nav.usefulLinks': 'Useful Links',
  'nav.downloadForms': 'Download Forms',
};
const french: Record<string, string> = {
  'nav.faqs': 'Foire aux questions',
  'nav.usefulLinks': 'Liens utiles',
  'nav.downloadForms': 'Formulaires à télécharger',
};

describe('the tabs', () => {
  it('come in the spec order when every module is granted', () => {
    expect(visibleTabs(capabilityReader(ALL)).map((t) => t.path)).toEqual([
      '/dashboard',
      '/appointments',
      '/treatment-summary',
      '/followup-plan',
      '/education-articles',
      '/questionnaires',
      '/test-results',
      '/medical-notes',
    ]);
  });

  it('leave out a module the capabilities do not grant, keeping the order', () => {
    const lakeside = plain('Dashboard', 'TreatmentSummary', 'FollowUps', 'Questionnaires', 'TestResults');
    expect(visibleTabs(capabilityReader(lakeside)).map((t) => t.module)).toEqual([
      'Dashboard',
      'TreatmentSummary',
      'FollowUps',
      'Questionnaires',
      'TestResults',
    ]);
  });

  it('are empty while the capabilities load', () => {
    expect(visibleTabs(capabilityReader(undefined))).toEqual([]);
  });

  it('name their module, so secure messages and contact us are gated the same way', () => {
    expect(TABS.map((t) => t.module)).not.toContain('SecureMessages');
    expect(SECURE_MESSAGES).toMatchObject({ module: 'SecureMessages', path: '/secure-messages' });
    expect(CONTACT_US).toMatchObject({ module: 'ContactUs', path: '/contact-us' });
  });

  it('mark the current page, also below it, whatever the case', () => {
    const dashboard = TABS[0]!;
    expect(isCurrent(dashboard, '/dashboard')).toBe(true);
    expect(isCurrent(dashboard, '/Dashboard')).toBe(true);
    expect(isCurrent(dashboard, '/dashboard/x')).toBe(true);
    expect(isCurrent(dashboard, '/dashboards')).toBe(false);
    expect(isCurrent(dashboard, '/appointments')).toBe(false);
  });
});

describe('the Resources entries', () => {
  const t = (strings: Record<string, string>) => (key: string) => strings[key] ?? key;

  it('are sorted by their label in the current language', () => {
    expect(
      visibleResources(capabilityReader(ALL), ALL_RESOURCES, t(english), 'en-US').map((r) => english[r.label]),
    ).toEqual(['Download Forms', 'FAQ', 'Useful Links']);
    expect(visibleResources(capabilityReader(ALL), ALL_RESOURCES, t(french), 'fr-CA').map((r) => r.path)).toEqual([
      '/faqs',
      '/download-forms',
      '/useful-links',
    ]);
  });

  it('need both the facility flag and the capability module', () => {
    const noLinksFlag = { ...ALL_RESOURCES, usefulLinks: false };
    expect(visibleResources(capabilityReader(ALL), noLinksFlag, t(english), 'en-US').map((r) => r.path)).toEqual([
      '/download-forms',
      '/faqs',
    ]);
    const noFaqModule = plain('Dashboard', 'UsefulLinks', 'DownloadableItems');
    expect(
      visibleResources(capabilityReader(noFaqModule), ALL_RESOURCES, t(english), 'en-US').map((r) => r.path),
    ).toEqual(['/download-forms', '/useful-links']);
    expect(
      visibleResources(
        capabilityReader(ALL),
        { faqs: false, usefulLinks: false, downloadableForms: false },
        t(english),
        'en',
      ),
    ).toEqual([]);
  });
});

describe('navMode', () => {
  const profile = { email: 'jane.doe@example.com', isEulaAccepted: true, ids: [{ idType: 'Patient', value: 1 }] };
  const base = { path: '/dashboard', loginType: 'userNamePassword', authenticated: true, profile };

  it('shows the navigation after login and accepted terms', () => {
    expect(navMode(base)).toBe('full');
  });

  it('shows none while logged out', () => {
    expect(navMode({ ...base, authenticated: false })).toBe('none');
  });

  it('holds the navigation back until the terms are accepted or while the profile loads', () => {
    expect(navMode({ ...base, profile: { ...profile, isEulaAccepted: false } })).toBe('minimal');
    expect(navMode({ ...base, profile: undefined })).toBe('minimal');
  });

  it('holds it back without the email the login type needs, except for single sign-on', () => {
    expect(navMode({ ...base, profile: { ...profile, email: null } })).toBe('minimal');
    expect(navMode({ ...base, loginType: 'singleSignOn', profile: { ...profile, email: null } })).toBe('full');
  });

  it('holds it back for a user with no patient to show (a switched-off representative): Log Out only', () => {
    expect(navMode({ ...base, profile: { ...profile, ids: [] } })).toBe('minimal');
  });

  it('gives the kiosk header to kiosk and link users and on kiosk pages, terms or not', () => {
    for (const loginType of ['patientKioskManagement', 'patientKioskUser', 'patientLinkUser']) {
      expect(navMode({ ...base, loginType, profile: { ...profile, email: null, isEulaAccepted: false } })).toBe(
        'kiosk',
      );
    }
    expect(navMode({ ...base, path: '/kioskQuestionnaires' })).toBe('kiosk');
  });
});
