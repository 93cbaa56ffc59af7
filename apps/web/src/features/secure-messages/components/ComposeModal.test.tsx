import type { CareTeamMember } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { careTeamQuery } from '../../../shared/api/care-team';
import { careTeamMember } from '../../../test/care-team';
import { stubFetch } from '../../../test/fetch-stub';
import { freshQueryClient, withProviders } from '../../../test/providers';
import { renderInApp } from '../../../test/render';
import { ComposeModal } from './ComposeModal';

const PATIENT = 7;

function member(careProviderId: number, firstName: string, lastName: string, canWrite = true): CareTeamMember {
  return careTeamMember({
    careTeamId: careProviderId,
    patientId: PATIENT,
    careProviderId,
    firstName,
    lastName,
    preferredSecureMessageIfSystemId: canWrite ? 1 : null,
    secureMessageRecipientForPatient: canWrite,
  });
}

const TEAM = [member(11, 'Priya', 'Raman'), member(12, 'Sam', 'Brooks'), member(13, 'No', 'Mail', false)];

let sent: ReturnType<typeof stubFetch>;
beforeEach(() => {
  sent = stubFetch((request) =>
    request.method === 'POST' ? { json: { threadId: 501, messageId: 9001 } } : { json: {} },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderCompose(careProviderId: number | null = null) {
  const client = freshQueryClient();
  client.setQueryData(careTeamQuery(PATIENT).queryKey, TEAM);
  const onSent = vi.fn();
  const onClose = vi.fn();
  const onDirtyChange = vi.fn();
  await renderInApp(
    withProviders(
      <ComposeModal
        patientId={PATIENT}
        opened
        careProviderId={careProviderId}
        onSent={onSent}
        onClose={onClose}
        onDirtyChange={onDirtyChange}
      />,
      client,
    ),
  );
  const dialog = await screen.findByRole('dialog', { name: 'New Message' });
  // The editor is a chunk of its own: the writing area is there once it has loaded and been made.
  const area = await within(dialog).findByRole('textbox', { name: 'Message' }, { timeout: 5000 });
  // The dialog has put the keyboard in it (its first field, or the subject for a chosen member) before a test types.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { dialog, area, onSent, onClose, onDirtyChange };
}

/** The error a field says under it (Mantine ties it to the input by aria-describedby). */
function errorOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  return texts.find((text) => text === 'Required' || text.startsWith('The maximum')) ?? null;
}

const posts = () => sent.filter((request) => request.method === 'POST');

describe('the compose modal', () => {
  it('offers the members the patient may write to, by name and in order', async () => {
    const { dialog } = await renderCompose();
    const to = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /^To/ });
    expect(Array.from(to.options, (o) => o.textContent)).toEqual([
      'Choose a care team member',
      'Sam Brooks, MD',
      'Priya Raman, MD',
    ]);
  });

  it('refuses an empty send with Required under each field, focuses the first and sends nothing', async () => {
    const user = userEvent.setup();
    const { dialog, area } = await renderCompose();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const to = within(dialog).getByRole('combobox', { name: /^To/ });
    const subject = within(dialog).getByRole('textbox', { name: /^Subject/ });
    expect(errorOf(to)).toBe('Required');
    expect(errorOf(subject)).toBe('Required');
    expect(errorOf(area)).toBe('Required');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(to);
    expect(posts()).toHaveLength(0);
    // Typing in a field clears its Required; the others keep theirs.
    await user.type(subject, 'Refill');
    expect(errorOf(subject)).toBeNull();
    expect(errorOf(area)).toBe('Required');
  });

  it('focuses the first field still wrong: the message, when recipient and subject are given', async () => {
    const user = userEvent.setup();
    const { dialog, area } = await renderCompose(11);
    await user.type(within(dialog).getByRole('textbox', { name: /^Subject/ }), 'Refill');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(errorOf(area)).toBe('Required');
    await waitFor(() => expect(area.contains(document.activeElement)).toBe(true));
    expect(posts()).toHaveLength(0);
  });

  it('sends the chosen member, the trimmed subject and the formatted message, under an idempotency key', async () => {
    const user = userEvent.setup();
    const { dialog, area, onSent } = await renderCompose();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^To/ }), 'Priya Raman, MD');
    await user.type(within(dialog).getByRole('textbox', { name: /^Subject/ }), '  Refill request  ');
    await user.click(area);
    await user.keyboard('Please refill ');
    await user.keyboard('{Control>}b{/Control}lisinopril{Control>}b{/Control}.');
    await waitFor(() => expect(area.querySelector('strong')?.textContent).toBe('lisinopril'));
    expect(within(dialog).getByText('25 of 2000 characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(501));
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(post?.path).toBe(`/api/patients/${PATIENT}/SecureMessages/new/11`);
    expect(post?.body).toEqual({
      subject: 'Refill request',
      content: '<p>Please refill <strong>lisinopril</strong>.</p>',
    });
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('counts an empty list item as nothing: a message of one is Required, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { dialog, area } = await renderCompose(11);
    await user.type(within(dialog).getByRole('textbox', { name: /^Subject/ }), 'Readings');
    await user.click(within(dialog).getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(area.querySelectorAll('li')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(errorOf(area)).toBe('Required');
    expect(posts()).toHaveLength(0);
    // Written, then Enter at the list's end: the new empty item adds nothing to the count.
    area.focus();
    await user.keyboard('Monday 120/80{Enter}');
    await waitFor(() => expect(area.querySelectorAll('li')).toHaveLength(2));
    expect(within(dialog).getByText('13 of 2000 characters')).toBeTruthy();
  });

  it('asks before Plain text drops formatting: Keep formatting keeps it, Switch to plain text keeps the words', async () => {
    const user = userEvent.setup();
    const { dialog, area } = await renderCompose(11);
    await user.click(area);
    await user.keyboard('{Control>}b{/Control}Urgent{Control>}b{/Control} question');
    await waitFor(() => expect(area.querySelector('strong')).not.toBeNull());
    await user.click(within(dialog).getByRole('radio', { name: 'Plain text' }));
    const asking = await screen.findByRole('dialog', { name: 'Switch to plain text?' });
    expect(asking.textContent).toContain('Bold, italic, underline and lists are lost; the words stay.');
    await user.click(within(asking).getByRole('button', { name: 'Keep formatting' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Switch to plain text?' })).toBeNull());
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Formatted' }).checked).toBe(true);
    expect(area.querySelector('strong')?.textContent).toBe('Urgent');

    await user.click(within(dialog).getByRole('radio', { name: 'Plain text' }));
    const again = await screen.findByRole('dialog', { name: 'Switch to plain text?' });
    await user.click(within(again).getByRole('button', { name: 'Switch to plain text' }));
    const text = await within(dialog).findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    expect(text.tagName).toBe('TEXTAREA');
    expect(text.value).toBe('Urgent question');
    await user.type(within(dialog).getByRole('textbox', { name: /^Subject/ }), 'Question');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ subject: 'Question', content: '<p>Urgent question</p>' });
  });

  it('switches to Plain text at once when there is no formatting to lose', async () => {
    const user = userEvent.setup();
    const { dialog, area } = await renderCompose(11);
    await user.click(area);
    await user.keyboard('Just words');
    await user.click(within(dialog).getByRole('radio', { name: 'Plain text' }));
    const text = await within(dialog).findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    expect(text.value).toBe('Just words');
    // The text area takes the keyboard when the writer switches to it.
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(screen.queryByRole('dialog', { name: 'Switch to plain text?' })).toBeNull();
  });

  it('back to Formatted, each line of Plain text is a paragraph of its own', async () => {
    const user = userEvent.setup();
    const { dialog, area } = await renderCompose(11);
    await user.click(within(dialog).getByRole('radio', { name: 'Plain text' }));
    const text = await within(dialog).findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    await user.type(text, 'First line{Enter}Second line');
    await user.click(within(dialog).getByRole('radio', { name: 'Formatted' }));
    await waitFor(() =>
      expect(Array.from(area.querySelectorAll('p'), (p) => p.textContent)).toEqual(['First line', 'Second line']),
    );
    expect(screen.queryByRole('dialog', { name: 'Switch to plain text?' })).toBeNull();
  });

  it('closing with something written asks first; No keeps the draft, Yes closes', async () => {
    const user = userEvent.setup();
    const { dialog, onClose, onDirtyChange } = await renderCompose(11);
    const subject = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Subject/ });
    await user.type(subject, 'Draft');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const asking = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(asking.textContent).toContain("You'll lose any changes you've made.");
    await user.click(within(asking).getByRole('button', { name: 'No, take me back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(subject.value).toBe('Draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Yes, I want to cancel',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });

  it('closes at once when nothing is written', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = await renderCompose(11);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  });

  it('keeps the form when the server refuses, and the same message is sent again under the same key', async () => {
    const user = userEvent.setup();
    let refuse = true;
    sent = stubFetch((request) =>
      request.method === 'POST'
        ? refuse
          ? { status: 500, json: { error: 'server_error' } }
          : { json: { threadId: 502, messageId: 9002 } }
        : { json: {} },
    );
    const { dialog, area, onSent } = await renderCompose(12);
    await user.type(within(dialog).getByRole('textbox', { name: /^Subject/ }), 'Hello');
    await user.click(area);
    await user.keyboard('Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Send' }).hasAttribute('data-loading')).toBe(false),
    );
    expect(onSent).not.toHaveBeenCalled();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(502));
    expect(posts()[1]?.headers['idempotency-key']).toBe(posts()[0]?.headers['idempotency-key']);
  });
});
