import type { HealthSummaryIdentifier } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageBar } from '../../../lib/api-instance';
import { stubFetch, type SentRequest, type StubAnswer } from '../../../test/fetch-stub';
import { freshQueryClient, withProviders } from '../../../test/providers';
import { packOf, renderInApp } from '../../../test/render';
import { SummaryActions } from './SummaryActions';

// The summary's Send Securely and Send by Email as the page runs them: what is sent, what the patient is told, and
// a refused Send Securely opening again with the address as written and the refusal above it.

const PATIENT = 7;
const RANGE: HealthSummaryIdentifier = {
  ifSystemId: 3,
  ccdaId: null,
  startDate: '2025-12-03',
  endDate: '2026-12-03',
  sendSecurelyDisabled: false,
};
const en = packOf('en-US');

let sent: SentRequest[];
let answerPost: (request: SentRequest) => StubAnswer;
beforeEach(() => {
  answerPost = () => ({ json: { sent: true } });
  sent = stubFetch((request) => (request.method === 'POST' ? answerPost(request) : { json: {} }));
  messageBar.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  messageBar.clear();
});

async function renderActions(identifier: HealthSummaryIdentifier = RANGE) {
  const client = freshQueryClient();
  client.setQueryData(['loginProfile'], { email: 'jane@example.com', isEmailConfirmed: true });
  await renderInApp(
    withProviders(<SummaryActions patientId={PATIENT} identifier={identifier} systemName="Riverside HIE" />, client),
  );
}

const posts = () => sent.filter((r) => r.method === 'POST');
/** The words of the message bar's message (its key in the pack). */
const barText = () => {
  const shown = messageBar.get();
  return shown?.key ? en[shown.key] : (shown?.text ?? null);
};

describe('the summary actions', () => {
  it('Send Securely sends the range to the Direct address, in the reader’s language, and says it was sent', async () => {
    const user = userEvent.setup();
    await renderActions();
    await user.click(screen.getByRole('button', { name: 'Send Securely' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Securely' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Direct Address/ }), ' dr.li@direct.example.org ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), 'For Friday');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(barText()).toBe('Your Health Information Summary has been sent.'));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.path).toBe(`/api/patients/${PATIENT}/HealthSummary/3/sendSecurely?language=en-US`);
    expect(posts()[0]?.body).toEqual({
      patientId: PATIENT,
      ifSystemId: 3,
      recipientAddress: 'dr.li@direct.example.org',
      messageText: 'For Friday',
      transmitType: 'sendSecurely',
      identifier: { ccdaId: null, startDate: '2025-12-03', endDate: '2026-12-03' },
    });
  });

  it('a refused Send Securely opens again with the address as written and the refusal above it', async () => {
    const user = userEvent.setup();
    answerPost = () => ({
      status: 422,
      json: { error: 'healthsummarysendsecurelyfailed', message: 'Unknown recipient' },
    });
    await renderActions();
    await user.click(screen.getByRole('button', { name: 'Send Securely' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send Securely' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Direct Address/ }), 'nobody@direct.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(barText()).toBe(en['healthSummary.messages.healthsummarysendsecurelyfailed']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Securely' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Send Securely' }));
    dialog = await screen.findByRole('dialog', { name: 'Send Securely' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      en['healthSummary.messages.healthsummarysendsecurelyfailed'],
    );
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Direct Address/ }).value).toBe(
      'nobody@direct.example.org',
    );
  });

  it('where Send Securely is not available, says so and opens nothing', async () => {
    const user = userEvent.setup();
    await renderActions({ ...RANGE, sendSecurelyDisabled: true });
    await user.click(screen.getByRole('button', { name: 'Send Securely' }));
    expect(barText()).toBe('Sending securely is not available for this Health Information Summary.');
    expect(screen.queryByRole('dialog', { name: 'Send Securely' })).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('Send by Email comes from the confirmed address and sends to the one typed', async () => {
    const user = userEvent.setup();
    await renderActions();
    await user.click(screen.getByRole('button', { name: 'Send by Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send by Email' });
    expect(within(dialog).getByRole('group', { name: 'From' }).textContent).toContain('jane@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /^To/ }), 'bob@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.path).toBe(`/api/patients/${PATIENT}/HealthSummary/3/email?language=en-US`);
    expect(posts()[0]?.body).toMatchObject({
      recipientAddress: 'bob@example.com',
      messageText: '',
      transmitType: 'email',
    });
    await waitFor(() => expect(barText()).toBe('Your Health Information Summary has been sent.'));
  });
});
