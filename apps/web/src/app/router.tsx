import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs } from 'react-router';
import { kioskEntrySecretOf } from '../features/kiosk/lib/kiosk-entry-path';
import { api } from '../lib/api-instance';
import { homePage } from './home-path';
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

/** Every route's code loads on demand (`lazy`), so a page costs nothing until it is visited. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <Shell />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Home /> },
        // Ways in (paths match case-insensitively, so /termsofuse is /termsOfUse). The login page does
        // without the query cache; everything else sits under QueryRoot, which loads it.
        { path: 'login', loader: toHomeWhenLoggedIn, lazy: () => import('../features/auth/pages/LoginPage') },
        {
          lazy: () => import('./QueryRoot'),
          children: [
            {
              path: 'kioskLogin',
              loader: toHomeWhenLoggedIn,
              lazy: () => import('../features/auth/pages/KioskLoginPage'),
            },
            { path: 'singleSignOn', lazy: () => import('../features/auth/pages/SingleSignOnPage') },
            { path: 'singleSignOnFailed', lazy: () => import('../features/auth/pages/SingleSignOnFailedPage') },
            { path: 'patientKioskUserLogin', lazy: () => import('../features/auth/pages/PatientKioskUserLoginPage') },
            { path: 'linkLogin', lazy: () => import('../features/auth/pages/LinkLoginPage') },
            { path: 'logout', lazy: () => import('../features/auth/pages/LogoutPage') },
            { path: 'ssoLogout', lazy: () => import('../features/auth/pages/LogoutSuccessPage') },
            { path: 'logout-success', lazy: () => import('../features/auth/pages/LogoutSuccessPage') },
            // Account chores before or around login.
            { path: 'reset-password', lazy: () => import('../features/accounts/pages/ResetPasswordPage') },
            { path: 'update-password', lazy: () => import('../features/accounts/pages/UpdatePasswordPage') },
            { path: 'confirm-email', lazy: () => import('../features/accounts/pages/ConfirmEmailPage') },
            { path: 'sign-up', lazy: () => import('../features/signup/pages/SignUpPage') },
            { path: 'create-account', lazy: () => import('../features/signup/pages/CreateAccountPage') },
            { path: 'auth-rep-sign-up', lazy: () => import('../features/signup/pages/AuthRepSignUpPage') },
            {
              lazy: () => import('./RequireAuth'),
              children: [
                { path: 'termsOfUse', lazy: () => import('../features/accounts/pages/TermsOfUsePage') },
                { path: 'provide-email', lazy: () => import('../features/accounts/pages/ProvideEmailPage') },
                { path: 'dashboard', lazy: () => import('../features/dashboard/pages/DashboardPage') },
                { path: 'kioskQuestionnaires', lazy: () => import('../features/kiosk/pages/KioskQuestionnairesPage') },
                {
                  path: 'patientKioskQuestionnaires',
                  lazy: () => import('../features/questionnaires/pages/PatientKioskQuestionnairesPage'),
                },
                {
                  path: 'complete-kiosk-questionnaire',
                  lazy: () => import('../features/questionnaires/pages/CompleteQuestionnairePage'),
                },
                { path: 'questionnaires', lazy: () => import('../features/questionnaires/pages/QuestionnairesPage') },
                {
                  path: 'complete-questionnaire',
                  lazy: () => import('../features/questionnaires/pages/CompleteQuestionnairePage'),
                },
                {
                  path: 'questionnaire-scoring',
                  lazy: () => import('../features/questionnaires/pages/QuestionnaireScoringPage'),
                },
                {
                  path: 'review-questionnaire',
                  lazy: () => import('../features/questionnaires/pages/ReviewQuestionnairePage'),
                },
                { path: 'appointments', lazy: () => import('../features/appointments/pages/AppointmentsPage') },
                { path: 'add-contact', lazy: () => import('../features/contacts/pages/AddContactPage') },
                { path: 'edit-contact', lazy: () => import('../features/contacts/pages/EditContactPage') },
                {
                  path: 'invite-auth-statement',
                  lazy: () => import('../features/contacts/pages/InviteAuthStatementPage'),
                },
                { path: 'contact-pin', lazy: () => import('../features/contacts/pages/ContactPinPage') },
                { path: 'contact-us', lazy: () => import('../features/contact-us/pages/ContactUsPage') },
                { path: 'education-articles', lazy: () => import('../features/education/pages/EducationPage') },
                { path: 'followup-plan', lazy: () => import('../features/follow-up-plan/pages/FollowUpPlanPage') },
                { path: 'test-results', lazy: () => import('../features/lab-results/pages/TestResultsPage') },
                { path: 'medical-notes', lazy: () => import('../features/medical-notes/pages/MedicalNotesPage') },
                {
                  path: 'treatment-summary',
                  lazy: () => import('../features/treatment-summary/pages/TreatmentSummaryPage'),
                },
                {
                  path: 'secure-messages',
                  lazy: () => import('../features/secure-messages/pages/SecureMessagesPage'),
                },
                // New Message on its own address (a care team card's Send Secure Message): the same page.
                {
                  path: 'secure-message',
                  lazy: () => import('../features/secure-messages/pages/SecureMessagesPage'),
                },
                {
                  path: 'health-summary',
                  lazy: () => import('../features/health-summary/pages/HealthSummaryPage'),
                },
                { path: 'faqs', lazy: () => import('../features/facility-pages/pages/FaqsPage') },
                { path: 'useful-links', lazy: () => import('../features/facility-pages/pages/UsefulLinksPage') },
                { path: 'download-forms', lazy: () => import('../features/facility-pages/pages/DownloadFormsPage') },
                {
                  path: 'account-settings',
                  lazy: () => import('../features/account-settings/pages/AccountSettingsPage'),
                },
                { path: 'personal-data', lazy: () => import('../features/personal-data/pages/PersonalDataPage') },
                // Later modules register here.
              ],
            },
          ],
        },
        // A kiosk device's entry address, /kio{secret} (ADR 0010): paths match whole segments only, so the
        // catch-all sends it on to its facility's kiosk login; anything else is not found.
        { path: '*', loader: kioskEntry, lazy: () => import('./pages/NotFoundPage') },
      ],
    },
  ]);
}
