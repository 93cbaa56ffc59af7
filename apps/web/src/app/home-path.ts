/**
 * The page a login type starts on (spec 001 sections 2 and 6): kiosk staff the kiosk list, kiosk and link
 * users their questionnaires, patients and representatives the dashboard.
 */
export function homePage(loginType: string | null | undefined): string {
  switch ((loginType ?? '').toLowerCase()) {
    case 'patientkioskmanagement':
      return '/kioskQuestionnaires';
    case 'patientkioskuser':
    case 'patientlinkuser':
      return '/patientKioskQuestionnaires';
    default:
      return '/dashboard';
  }
}

/** Where the header's facility name links: the kiosk types' own page, else / (spec 001, header). */
export function homePath(loginType: string | null | undefined): string {
  const home = homePage(loginType);
  return home === '/dashboard' ? '/' : home;
}
