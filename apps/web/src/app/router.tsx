import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Component as LoginPage } from '../features/auth/pages/LoginPage';
import { page, preloadRoutes } from './lazy-page';
import { Shell } from './layout/Shell';
import { CatchAll, Home, LoggedOutOnly } from './route-parts';
import { prefetchFirstPage, sessionAfterLogin, type askSessionAhead } from './session-ahead';
import { preloadNavigation } from './layout/lazy-nav';
import type { PagePreloader } from '../lib/page-preload';

/** The layout route of every page behind the login. */
const AUTHENTICATED = 'authenticated';

/** A login form's route: a logged-in user goes home instead. */
function loggedOutOnly({ Component: Page, handle }: ReturnType<typeof page>): RouteObject {
  return {
    element: (
      <LoggedOutOnly>
        <Page />
      </LoggedOutOnly>
    ),
    handle,
  };
}

// Pages on two addresses: one component each, so moving between the addresses keeps the page's state.
const logoutSuccessPage = page(() => import('../features/auth/pages/LogoutSuccessPage'));
const completeQuestionnairePage = page(() => import('../features/questionnaires/pages/CompleteQuestionnairePage'));
const secureMessagesPage = page(() => import('../features/secure-messages/pages/SecureMessagesPage'));

/** Every route's code loads on demand (`page`), so a page costs nothing until it is visited. */
const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, element: <Home /> },
      // Ways in (paths match case-insensitively, so /termsofuse is /termsOfUse). The login page does
      // without the query cache; everything else sits under QueryRoot, which loads it. The login page
      // comes with the app's own code: the first page of most visits renders without another download.
      {
        path: 'login',
        element: (
          <LoggedOutOnly>
            <LoginPage />
          </LoggedOutOnly>
        ),
      },
      {
        ...page(() => import('./QueryRoot')),
        children: [
          { path: 'kioskLogin', ...loggedOutOnly(page(() => import('../features/auth/pages/KioskLoginPage'))) },
          { path: 'singleSignOn', ...page(() => import('../features/auth/pages/SingleSignOnPage')) },
          { path: 'singleSignOnFailed', ...page(() => import('../features/auth/pages/SingleSignOnFailedPage')) },
          { path: 'patientKioskUserLogin', ...page(() => import('../features/auth/pages/PatientKioskUserLoginPage')) },
          { path: 'linkLogin', ...page(() => import('../features/auth/pages/LinkLoginPage')) },
          { path: 'logout', ...page(() => import('../features/auth/pages/LogoutPage')) },
          { path: 'ssoLogout', ...logoutSuccessPage },
          { path: 'logout-success', ...logoutSuccessPage },
          // Account chores before or around login.
          { path: 'reset-password', ...page(() => import('../features/accounts/pages/ResetPasswordPage')) },
          { path: 'update-password', ...page(() => import('../features/accounts/pages/UpdatePasswordPage')) },
          { path: 'confirm-email', ...page(() => import('../features/accounts/pages/ConfirmEmailPage')) },
          { path: 'sign-up', ...page(() => import('../features/signup/pages/SignUpPage')) },
          { path: 'create-account', ...page(() => import('../features/signup/pages/CreateAccountPage')) },
          { path: 'auth-rep-sign-up', ...page(() => import('../features/signup/pages/AuthRepSignUpPage')) },
          {
            id: AUTHENTICATED,
            ...page(() => import('./RequireAuth')),
            children: [
              { path: 'termsOfUse', ...page(() => import('../features/accounts/pages/TermsOfUsePage')) },
              { path: 'provide-email', ...page(() => import('../features/accounts/pages/ProvideEmailPage')) },
              { path: 'dashboard', ...page(() => import('../features/dashboard/pages/DashboardPage')) },
              { path: 'kioskQuestionnaires', ...page(() => import('../features/kiosk/pages/KioskQuestionnairesPage')) },
              {
                path: 'patientKioskQuestionnaires',
                ...page(() => import('../features/questionnaires/pages/PatientKioskQuestionnairesPage')),
              },
              {
                path: 'complete-kiosk-questionnaire',
                ...completeQuestionnairePage,
              },
              { path: 'questionnaires', ...page(() => import('../features/questionnaires/pages/QuestionnairesPage')) },
              {
                path: 'complete-questionnaire',
                ...completeQuestionnairePage,
              },
              {
                path: 'questionnaire-scoring',
                ...page(() => import('../features/questionnaires/pages/QuestionnaireScoringPage')),
              },
              {
                path: 'review-questionnaire',
                ...page(() => import('../features/questionnaires/pages/ReviewQuestionnairePage')),
              },
              { path: 'appointments', ...page(() => import('../features/appointments/pages/AppointmentsPage')) },
              { path: 'add-contact', ...page(() => import('../features/contacts/pages/AddContactPage')) },
              { path: 'edit-contact', ...page(() => import('../features/contacts/pages/EditContactPage')) },
              {
                path: 'invite-auth-statement',
                ...page(() => import('../features/contacts/pages/InviteAuthStatementPage')),
              },
              { path: 'contact-pin', ...page(() => import('../features/contacts/pages/ContactPinPage')) },
              { path: 'contact-us', ...page(() => import('../features/contact-us/pages/ContactUsPage')) },
              { path: 'education-articles', ...page(() => import('../features/education/pages/EducationPage')) },
              { path: 'followup-plan', ...page(() => import('../features/follow-up-plan/pages/FollowUpPlanPage')) },
              { path: 'test-results', ...page(() => import('../features/lab-results/pages/LabResultsPage')) },
              { path: 'medical-notes', ...page(() => import('../features/medical-notes/pages/MedicalNotesPage')) },
              {
                path: 'treatment-summary',
                ...page(() => import('../features/treatment-summary/pages/TreatmentSummaryPage')),
              },
              {
                path: 'secure-messages',
                ...secureMessagesPage,
              },
              // New Message on its own address (a care team card's Send Secure Message): the same page.
              {
                path: 'secure-message',
                ...secureMessagesPage,
              },
              {
                path: 'health-summary',
                ...page(() => import('../features/health-summary/pages/HealthSummaryPage')),
              },
              { path: 'faqs', ...page(() => import('../features/facility-pages/pages/FaqsPage')) },
              { path: 'useful-links', ...page(() => import('../features/facility-pages/pages/UsefulLinksPage')) },
              { path: 'download-forms', ...page(() => import('../features/facility-pages/pages/DownloadFormsPage')) },
              {
                path: 'account-settings',
                ...page(() => import('../features/account-settings/pages/AccountSettingsPage')),
              },
              { path: 'personal-data', ...page(() => import('../features/personal-data/pages/PersonalDataPage')) },
              // Later modules register here.
            ],
          },
        ],
      },
      // A kiosk device's entry address, /kio{secret} (ADR 0010): paths match whole segments only, so the
      // catch-all sends it on to its facility's kiosk login; anything else is not found.
      { path: '*', element: <CatchAll /> },
    ],
  },
];

/** The page the address shows, in the shell. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts loading the code of the routes the address matches, beside the facility and language calls, and,
 * for a page behind the login, the calls the page starts with (`ahead`: the session's own answers).
 */
export function preloadFirstPage(ahead: ReturnType<typeof askSessionAhead>): void {
  const { pathname } = window.location;
  const matches = matchRoutes(routes, pathname) ?? [];
  if (ahead && matches.some((match) => match.route.id === AUTHENTICATED)) {
    prefetchFirstPage(ahead, () => preloadRoutes(matches));
  } else {
    void preloadRoutes(matches);
  }
}

const matchesOf = (path: string) => matchRoutes(routes, new URL(path, window.location.origin).pathname) ?? [];

/** How a login page starts the page it goes to (lib/page-preload.ts): its code, then its first calls. */
export const pagePreloader: PagePreloader = {
  code: (path) => void preloadRoutes(matchesOf(path)),
  afterLogin: (path, profile) => {
    const matches = matchesOf(path);
    if (!matches.some((match) => match.route.id === AUTHENTICATED)) return void preloadRoutes(matches);
    preloadNavigation();
    prefetchFirstPage(sessionAfterLogin(profile), () => preloadRoutes(matches), path);
  },
};
