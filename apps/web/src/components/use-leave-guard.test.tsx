import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockingRouter } from '../lib/blocking-router';
import { renderInApp } from '../test/render';
import { signIn, signOut } from '../test/session';
import { useLeaveGuard, type LeaveHandling } from './use-leave-guard';

// The leave guard every form page uses: while its page has changes, leaving (a link, the page's own navigate)
// asks 'Are you sure?'; the page may leave freely after a save, may say what leaving does, and may do something
// before it leaves.

/** A form page: a text field whose change makes it dirty, Save (which leaves freely) and the guard's dialog. */
function FormPage({ handling }: { handling?: LeaveHandling }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const { modal, leaveFreely } = useLeaveGuard(text !== '', handling);
  return (
    <>
      <label>
        Note
        <input value={text} onChange={(e) => setText(e.currentTarget.value)} />
      </label>
      <button
        type="button"
        onClick={() => {
          leaveFreely();
          void navigate('/saved');
        }}
      >
        Save
      </button>
      {modal}
    </>
  );
}

async function renderPage(handling?: LeaveHandling) {
  await renderInApp(
    <BlockingRouter>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/logout">Log Out</Link>
      <Routes>
        <Route path="/form" element={<FormPage handling={handling} />} />
        <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
        <Route path="/saved" element={<h1>Saved page</h1>} />
        <Route path="/logout" element={<h1>Logged out</h1>} />
      </Routes>
    </BlockingRouter>,
  );
  return screen.getByRole('textbox', { name: 'Note' });
}

beforeEach(() => {
  signIn();
  window.history.replaceState(null, '', '/form');
});
afterEach(() => {
  signOut();
});

describe('the leave guard', () => {
  it('asks before a link leaves a page with changes; No stays with them, Yes leaves', async () => {
    const user = userEvent.setup();
    const note = await renderPage();
    await user.type(note, 'half written');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const asking = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(asking.textContent).toContain("You'll lose any changes you've made.");
    await user.click(within(asking).getByRole('button', { name: 'No, take me back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(window.location.pathname).toBe('/form');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Note' }).value).toBe('half written');
    await user.click(screen.getByRole('link', { name: 'Elsewhere', hidden: true }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Yes, I want to cancel',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('lets a page without changes go at once', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('lets the page leave freely after a save', async () => {
    const user = userEvent.setup();
    const note = await renderPage();
    await user.type(note, 'saved text');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Saved page' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  });

  it('says what leaving does where the page says so, and runs the page’s work before it leaves', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirmLeave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const note = await renderPage({
      onConfirmLeave,
      messageKey: (pathname) => (pathname === '/logout' ? 'questionnaires.leaveByLogOut' : undefined),
    });
    await user.type(note, 'answers');
    await user.click(screen.getByRole('link', { name: 'Log Out' }));
    const asking = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(asking.textContent).toContain(
      'Your answers so far are kept: you can finish this questionnaire the next time you log in.',
    );
    await user.click(within(asking).getByRole('button', { name: 'Yes, I want to cancel' }));
    expect(onConfirmLeave).toHaveBeenCalledWith('/logout');
    // Not gone until the page's work is done.
    expect(window.location.pathname).toBe('/form');
    finish();
    expect(await screen.findByRole('heading', { name: 'Logged out' })).toBeTruthy();
  });
});
