import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockingRouter } from '../../../lib/blocking-router';
import { careTeamQuery } from '../../../shared/api/care-team';
import { careTeamMember } from '../../../test/care-team';
import { stubFetch } from '../../../test/fetch-stub';
import { freshQueryClient, withProviders } from '../../../test/providers';
import { renderInApp } from '../../../test/render';
import { signIn, signOut } from '../../../test/session';
import { countUnreadQuery } from '../api/count-unread';
import { threadsQuery } from '../api/threads';
import { MessagesView } from './MessagesView';

// The messages page's leave guard: with New Message half written, leaving the page (a link of the app's
// navigation, Back) asks 'Are you sure?' first; dismissing keeps the draft, confirming leaves.

const PATIENT = 7;

beforeEach(() => {
  // The page asks for its threads again on every visit: none, and nothing unread.
  stubFetch((request) =>
    request.path.endsWith('/countUnread')
      ? { json: 0 }
      : request.path.includes('/SecureMessages?')
        ? { json: [] }
        : undefined,
  );
  signIn();
  window.history.replaceState(null, '', '/secure-message');
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

/** A link of the app's navigation, followed as a click on it does (the open dialog holds the pointer). */
const followDashboardLink = () => screen.getByRole('link', { name: 'Dashboard', hidden: true }).click();

/**
 * The page with New Message open; when `viaDashboard`, reached again from the dashboard by the app's own links, so
 * that Back has an entry of the app's history to go to.
 */
async function renderPage(viaDashboard = false) {
  const client = freshQueryClient();
  client.setQueryData(threadsQuery(PATIENT).queryKey, []);
  client.setQueryData(countUnreadQuery(PATIENT).queryKey, 0);
  client.setQueryData(careTeamQuery(PATIENT).queryKey, [
    careTeamMember({ patientId: PATIENT, careProviderId: 11, suffix: null }),
  ]);
  await renderInApp(
    withProviders(
      <BlockingRouter>
        <nav>
          <Link to="/dashboard">Dashboard</Link>
          <Link to="/secure-message">Messages</Link>
        </nav>
        <Routes>
          <Route path="/secure-message" element={<MessagesView patientId={PATIENT} userId={3} compose />} />
          <Route path="/secure-messages" element={<MessagesView patientId={PATIENT} userId={3} compose={false} />} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        </Routes>
      </BlockingRouter>,
      client,
    ),
  );
  if (viaDashboard) {
    await screen.findByRole('dialog', { name: 'New Message' });
    followDashboardLink();
    await screen.findByRole('heading', { name: 'Dashboard page' });
    screen.getByRole('link', { name: 'Messages' }).click();
  }
  const compose = await screen.findByRole('dialog', { name: 'New Message' });
  return { compose, subject: within(compose).getByRole<HTMLInputElement>('textbox', { name: /^Subject/ }) };
}

describe('the messages page’s leave guard', () => {
  it('with nothing written, leaves at once', async () => {
    await renderPage();
    followDashboardLink();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  });

  it('with a draft, asks first; No, take me back keeps the page and the draft', async () => {
    const user = userEvent.setup();
    const { subject } = await renderPage();
    await user.type(subject, 'Refill');
    followDashboardLink();
    const asking = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(asking.textContent).toContain("You'll lose any changes you've made.");
    await user.click(within(asking).getByRole('button', { name: 'No, take me back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(window.location.pathname).toBe('/secure-message');
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).toBeNull();
    expect(subject.value).toBe('Refill');
  });

  it('with a draft, Yes, I want to cancel leaves the page', async () => {
    const user = userEvent.setup();
    const { subject } = await renderPage();
    await user.type(subject, 'Refill');
    followDashboardLink();
    const asking = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(asking).getByRole('button', { name: 'Yes, I want to cancel' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('with a draft, Back asks too: dismissed it stays with the draft, confirmed it goes back', async () => {
    const user = userEvent.setup();
    const { subject } = await renderPage(true);
    await user.type(subject, 'Refill');
    window.history.back();
    const asking = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(asking).getByRole('button', { name: 'No, take me back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/secure-message'));
    expect(subject.value).toBe('Refill');
    // Asked again, confirming goes Back.
    window.history.back();
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Yes, I want to cancel',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('lets a signed-out user leave without asking (nothing could be saved any more)', async () => {
    const user = userEvent.setup();
    const { subject } = await renderPage();
    await user.type(subject, 'Refill');
    signOut();
    followDashboardLink();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  });
});
