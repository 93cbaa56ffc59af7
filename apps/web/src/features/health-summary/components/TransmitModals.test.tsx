import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { packOf, renderInApp } from '../../../test/render';
import { EMPTY_EMAIL_FORM, EMPTY_SECURE_FORM, type EmailForm, type SecureForm } from '../lib/transmit-form';
import { EmailModal, SecureSendModal } from './TransmitModals';

// Send Securely and Send by Email: the checks on Send in the packs' words, the first field with an error taking the
// keyboard, an error going as its field changes, and what a valid Send hands the page.

/** The page's hold on a form: its values in state, and Send reported. */
function SecureHarness({ onSend, failure }: { onSend: (form: SecureForm) => void; failure?: { key: string } }) {
  const [form, setForm] = useState(EMPTY_SECURE_FORM);
  return (
    <SecureSendModal
      opened
      form={form}
      onChange={setForm}
      onSend={onSend}
      onClose={() => undefined}
      failure={failure}
    />
  );
}

function EmailHarness({ onSend, sender }: { onSend: (form: EmailForm) => void; sender: string | null }) {
  const [form, setForm] = useState(EMPTY_EMAIL_FORM);
  return <EmailModal opened sender={sender} form={form} onChange={setForm} onSend={onSend} onClose={() => undefined} />;
}

/** The error a field says (Mantine ties it to the field by aria-describedby), or null. */
function errorOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
}

describe('Send Securely', () => {
  it('requires the Direct address, then refuses one that is not an address, naming it', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    await renderInApp(<SecureHarness onSend={onSend} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Securely' });
    const to = within(dialog).getByRole('textbox', { name: /^Direct Address/ });
    expect(within(dialog).getByRole('note').textContent).toContain('it is not their everyday email address');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(errorOf(to)).toBe('Required');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(to);
    await user.type(to, 'dr.li at direct');
    // Changing the field takes its error away until the next Send.
    expect(errorOf(to)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(errorOf(to)).toBe('Enter a valid Direct Address: dr.li at direct');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('hands the page the address and message on a valid Send', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    await renderInApp(<SecureHarness onSend={onSend} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Securely' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Direct Address/ }), 'dr.li@direct.example.org');
    const message = within(dialog).getByRole('textbox', { name: 'Message (optional)' });
    await user.type(message, 'For my visit');
    expect(within(dialog).getByText('12 of 2000 characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ to: 'dr.li@direct.example.org', message: 'For my visit' });
  });

  it('says the last refusal above the fields when it opens again', async () => {
    await renderInApp(
      <SecureHarness onSend={() => undefined} failure={{ key: 'healthSummary.messages.noCcdaConfigured' }} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send Securely' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      packOf('en-US')['healthSummary.messages.noCcdaConfigured'],
    );
  });
});

describe('Send by Email', () => {
  it('warns it is not secure, shows From as text, requires To and refuses a malformed one', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    await renderInApp(<EmailHarness onSend={onSend} sender="jane@example.com" />);
    const dialog = await screen.findByRole('dialog', { name: 'Send by Email' });
    expect(within(dialog).getByRole('note').textContent).toBe(
      'Standard email is not secure: others could read your health information on its way. ' +
        'Your Health Information Summary is attached to the email automatically.',
    );
    const from = within(dialog).getByRole('group', { name: 'From' });
    expect(from.textContent).toContain('jane@example.com');
    expect(within(from).queryByRole('textbox')).toBeNull();
    const to = within(dialog).getByRole('textbox', { name: /^To/ });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(errorOf(to)).toBe('Required');
    expect(document.activeElement).toBe(to);
    await user.type(to, 'bob@');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(errorOf(to)).toBe('Email address is not in correct format.');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(to, 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ to: 'bob@example.com', message: '' });
  });

  it('without a confirmed address says there is no reply address', async () => {
    await renderInApp(<EmailHarness onSend={() => undefined} sender={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send by Email' });
    const from = within(dialog).getByRole('group', { name: 'From' });
    expect(from.textContent).toContain('No reply address');
    expect(from.textContent).toContain('the recipient cannot reply to you');
  });

  it('refuses a message over 2000 characters, at Send', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    await renderInApp(<EmailHarness onSend={onSend} sender={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send by Email' });
    await user.type(within(dialog).getByRole('textbox', { name: /^To/ }), 'bob@example.com');
    const message = within(dialog).getByRole('textbox', { name: 'Message (optional)' });
    await user.click(message);
    await user.paste('x'.repeat(2001));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(errorOf(message)).toBe('The maximum length is 2000 characters.');
    expect(document.activeElement).toBe(message);
    expect(onSend).not.toHaveBeenCalled();
  });
});
