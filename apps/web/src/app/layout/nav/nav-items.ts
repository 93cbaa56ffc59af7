import { isKioskMode, mayLackEmail, skipsTermsOfUse } from '@portal/contracts';
import type { CapabilityModuleName, Facility } from '@portal/contracts';

/** What the capability tree answers (lib/capabilities.ts capabilityReader). */
interface Capabilities {
  hasModule: (name: CapabilityModuleName) => boolean;
  hasField: (moduleName: CapabilityModuleName, ...path: string[]) => boolean;
}

export interface NavItem {
  /** The capability module that grants it (and keys its badge). */
  module: CapabilityModuleName;
  path: string;
  /** Language-pack key of its label. */
  label: string;
}

/** The tabs, in the spec's order; each needs its capability module. */
export const TABS: readonly NavItem[] = [
  { module: 'Dashboard', path: '/dashboard', label: 'nav.dashboard' },
  { module: 'Appointments', path: '/appointments', label: 'nav.appointments' },
  { module: 'TreatmentSummary', path: '/treatment-summary', label: 'nav.treatmentSummary' },
  { module: 'FollowUps', path: '/followup-plan', label: 'nav.followUpPlan' },
  { module: 'Education', path: '/education-articles', label: 'nav.education' },
  { module: 'Questionnaires', path: '/questionnaires', label: 'nav.questionnaires' },
  { module: 'TestResults', path: '/test-results', label: 'nav.testResults' },
  { module: 'MedicalNotes', path: '/medical-notes', label: 'nav.medicalNotes' },
];

/** Secure messages: an envelope with the unread count rather than a tab. */
export const SECURE_MESSAGES: NavItem = {
  module: 'SecureMessages',
  path: '/secure-messages',
  label: 'nav.secureMessages',
};

export const CONTACT_US: NavItem = { module: 'ContactUs', path: '/contact-us', label: 'nav.contactUs' };

/** The Resources entries: each needs the facility's flag and the capability module. */
const RESOURCES: readonly (NavItem & { flag: keyof Facility['resources'] })[] = [
  { module: 'Faqs', path: '/faqs', label: 'nav.faqs', flag: 'faqs' },
  { module: 'UsefulLinks', path: '/useful-links', label: 'nav.usefulLinks', flag: 'usefulLinks' },
  { module: 'DownloadableItems', path: '/download-forms', label: 'nav.downloadForms', flag: 'downloadableForms' },
];

export function visibleTabs(capabilities: Capabilities): NavItem[] {
  return TABS.filter((tab) => capabilities.hasModule(tab.module));
}

/** The Resources entries to show, sorted by their label in the current language. */
export function visibleResources(
  capabilities: Capabilities,
  resources: Facility['resources'],
  translate: (key: string) => string,
  locale: string,
): NavItem[] {
  const collator = new Intl.Collator(locale === 'zh' ? 'zh-CN' : locale);
  return RESOURCES.filter((item) => resources[item.flag] && capabilities.hasModule(item.module))
    .map(({ module, path, label }) => ({ module, path, label }))
    .sort((a, b) => collator.compare(translate(a.label), translate(b.label)));
}

/**
 * Which header a page gets: 'kiosk' (language and Log Out) for the kiosk and link login types and kiosk
 * pages; 'full' navigation once logged in with accepted terms (and the email the login type needs) and a
 * patient to show; 'minimal' (Log Out only) until then, and for a user with no patient (a representative
 * whose access was switched off); 'none' while logged out.
 */
export type NavMode = 'none' | 'minimal' | 'kiosk' | 'full';

export function navMode(input: {
  path: string;
  loginType: string | null | undefined;
  authenticated: boolean;
  profile: { email: string | null; isEulaAccepted: boolean; ids: readonly unknown[] } | undefined;
}): NavMode {
  if (!input.authenticated) return 'none';
  if (isKioskMode(input.path, input.loginType)) return 'kiosk';
  if (!input.profile) return 'minimal';
  const termsAccepted = input.profile.isEulaAccepted || skipsTermsOfUse(input.loginType);
  const emailOk = Boolean(input.profile.email) || mayLackEmail(input.loginType);
  return termsAccepted && emailOk && input.profile.ids.length > 0 ? 'full' : 'minimal';
}

/** True when the tab's page (or a page under it) is shown. */
export function isCurrent(item: NavItem, pathname: string): boolean {
  const path = pathname.toLowerCase();
  const target = item.path.toLowerCase();
  return path === target || path.startsWith(`${target}/`);
}
