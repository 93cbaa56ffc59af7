import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type SentRequest } from '../../../test/fetch-stub';
import { withProviders } from '../../../test/providers';
import { renderInApp } from '../../../test/render';
import { EMPTY_MESSAGE } from './editor/editor-types';
import { ReplyBox } from './ReplyBox';

// The reply box and its editor: the keyboard in the writing area on opening, 'Required' on an empty send until
// the patient types, the formatting toolbar (one Tab stop, arrow keys, pressed state, shortcuts), what is sent,
// and Cancel asking when something is written.

const PATIENT = 7;
const THREAD = 12;

let sent: SentRequest[];
beforeEach(() => {
  sent = stubFetch((request) =>
    request.method === 'POST' ? { json: { threadId: THREAD, messageId: 77 } } : undefined,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page's hold on the reply: what is written, kept in state as the page keeps it. */
function Harness({ onSent, onClose }: { onSent: () => void; onClose: () => void }) {
  const [message, setMessage] = useState(EMPTY_MESSAGE);
  return (
    <ReplyBox
      patientId={PATIENT}
      threadId={THREAD}
      message={message}
      onMessageChange={setMessage}
      onSent={onSent}
      onClose={onClose}
    />
  );
}

async function renderReply() {
  const onSent = vi.fn();
  const onClose = vi.fn();
  await renderInApp(withProviders(<Harness onSent={onSent} onClose={onClose} />));
  const area = await screen.findByRole('textbox', { name: 'Your reply' }, { timeout: 5000 });
  return { area, onSent, onClose };
}

const posts = () => sent.filter((r) => r.method === 'POST');

/** The texts an element is described by (its counter, its error). */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('the reply box', () => {
  it('opens with the keyboard in the writing area, described by its counter', async () => {
    const { area } = await renderReply();
    await waitFor(() => expect(area.contains(document.activeElement)).toBe(true));
    expect(area.getAttribute('aria-required')).toBe('true');
    expect(area.getAttribute('aria-placeholder')).toBe('Write a reply...');
    expect(descriptionOf(area)).toEqual(['0 of 2000 characters']);
  });

  it('says Required on an empty send, until the patient types', async () => {
    const user = userEvent.setup();
    const { area } = await renderReply();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(area.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(area)).toEqual(['Required', '0 of 2000 characters']);
    expect(posts()).toHaveLength(0);
    area.focus();
    await user.keyboard('Thanks');
    await waitFor(() => expect(area.getAttribute('aria-invalid')).toBe('false'));
    expect(descriptionOf(area)).toEqual(['6 of 2000 characters']);
  });

  it('has a toolbar of one Tab stop: arrow keys move along it, and a pressed button says so', async () => {
    const user = userEvent.setup();
    const { area } = await renderReply();
    // The box takes the keyboard as it opens: only then is it the toolbar's to take.
    await waitFor(() => expect(area.contains(document.activeElement)).toBe(true));
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Numbered list',
      'Bulleted list',
      'Undo',
      'Redo',
    ]);
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    buttons[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[6]);
    expect(buttons[6]?.tabIndex).toBe(0);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(buttons[0]);
    await user.click(within(toolbar).getByRole('button', { name: 'Italic' }));
    await waitFor(() =>
      expect(within(toolbar).getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('true'),
    );
    // The button gives the keyboard back to the text, as the editor's command does, before the next key.
    await waitFor(() => expect(area.contains(document.activeElement)).toBe(true));
    await user.keyboard('soft');
    expect(area.querySelector('em')?.textContent).toBe('soft');
  });

  it('sends the reply as formatted, a numbered list made by its shortcut, under an idempotency key', async () => {
    const user = userEvent.setup();
    const { area, onSent } = await renderReply();
    area.focus();
    await user.keyboard('Readings:{Enter}{Control>}{Shift>}7{/Shift}{/Control}Monday 120/80{Enter}Tuesday 118/79');
    await waitFor(() => expect(area.querySelectorAll('ol li')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.path).toBe(`/api/patients/${PATIENT}/SecureMessages/threads/${THREAD}/messages`);
    expect(posts()[0]?.body).toEqual({
      content: '<p>Readings:</p><ol><li><p>Monday 120/80</p></li><li><p>Tuesday 118/79</p></li></ol>',
    });
    expect(posts()[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it('Cancel with something written asks first; Yes closes the box', async () => {
    const user = userEvent.setup();
    const { area, onClose } = await renderReply();
    area.focus();
    await user.keyboard('Never mind');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const asking = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(asking).getByRole('button', { name: 'No, take me back' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(area.textContent).toBe('Never mind');
    await user.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Yes, I want to cancel',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
