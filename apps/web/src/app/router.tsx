import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { kioskEntrySecretOf } from '../features/kiosk/lib/kiosk-entry-path';
import { api } from '../lib/api-instance';
import { homePage } from './home-path';
import { page, preloadRoutes } from './lazy-page';
import { prefetchFirstPage } from './session-ahead';
import { Shell } from './layout/Shell';
import { RouteError } from './pages/RouteError';

function Home() {
  const session = api.session.get();
  return <Navigate to={session?.isAuthenticated ? homePage(session.loginType) : '/login'} replace />;
}

/**
 * A login form opened while logged in goes to the user's home page instead (the dashboard, or the kiosk
 * types' own page). A loader runs once per navigation to the page, so a login completing on the page is
 * not cut short: the page itself goes on to where the login leads.
 */
function toHomeWhenLoggedIn() {
  const session = api.session.get();
  return session?.isAuthenticated ? redirect(homePage(session.loginType)) : null;
}

/** /kio{secret}: the kiosk login of the secret's facility (its code loads only for such a path), else not found. */
async function kioskEntry({ request }: LoaderFunctionArgs) {
  const secret = kioskEntrySecretOf(new URL(request.url).pathname);
  return secret ? (await import('../features/kiosk/lib/kiosk-entry')).openKioskEntry(secret) : null;
}

/** The layout route of every page behind the login. */
const AUTHENTICATED = 'authenticated';

// Pages on two addresses: one component each, so moving between the addresses keeps the page's state.
const logoutSuccessPage = page(() => import('../features/auth/pages/LogoutSuccessPage'));
const completeQuestionnairePage = page(() => import('../features/questionnaires/pages/CompleteQuestionnairePage'));
const secureMessagesPage = page(() => import('../features/secure-messages/pages/SecureMessagesPage'));

/** Every route's code loads on demand (`page`), so a page costs nothing until it is visited. */
const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Home /> },
      // Ways in (paths match case-insensitively, so /termsofuse is /termsOfUse). The login page does
      // without the query cache; everything else sits under QueryRoot, which loads it.
      { path: 'login', loader: toHomeWhenLoggedIn, ...page(() => import('../features/auth/pages/LoginPage')) },
      {
        ...page(() => import('./QueryRoot')),
        children: [
          {
            path: 'kioskLogin',
            loader: toHomeWhenLoggedIn,
            ...page(() => import('../features/auth/pages/KioskLoginPage')),
          },
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
              { path: 'test-results', ...page(() => import('../features/lab-results/pages/TestResultsPage')) },
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
      { path: '*', loader: kioskEntry, ...page(() => import('./pages/NotFoundPage')) },
    ],
  },
];

/**
 * The app's router. The code of the routes the address matches starts loading now, beside the facility
 * and language calls, and so do the calls the page starts with, rather than once the page renders.
 */
export function createRouter() {
  const { pathname, search } = window.location;
  const matches = matchRoutes(routes, pathname) ?? [];
  if (matches.some((match) => match.route.id === AUTHENTICATED)) {
    prefetchFirstPage(pathname + search, () => preloadRoutes(matches));
  } else {
    void preloadRoutes(matches);
  }
  return createBrowserRouter(routes);
}
