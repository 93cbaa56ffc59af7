import path from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { readMessage } from '../../apps/server/src/platform/direct/mime';
import { baseUrl, expectAccessible, resizeTo } from './browser';
import { aboutPatient, type DocumentSubject } from '../../apps/server/test/ccda-fixtures';
import { integrationToken } from './integration';
import { mailRaw, type CapturedMail, type MailAttachment } from './mailbox';
import { heading, logIn } from './pages';
import { decryptAndVerify } from './server-direct';

// The pieces of the health summary journeys (e2e/health-summary.e2e.ts): the page's parts, its options dialog, a
// Direct message opened as its recipient would, and a system's Send Securely refused through the integration API.

/** A calendar day (YYYY-MM-DD) in Riverside's time zone, `offset` days from today. */
export function riversideDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

/** A day as the date field shows it, 'MMM D, YYYY' ('Mar 5, 2026'). */
export function shown(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

export const options = (page: Page) => page.getByRole('dialog', { name: 'View Your Health Summary' });
export const documentView = (page: Page) => page.getByTestId('summary-document');
export const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
export const texts = (locator: Locator) => locator.allInnerTexts().then((all) => all.map((t) => t.trim()));
/** The section titles of the summary shown (each document's own title is its h2, its sections h3). */
export const sectionTitles = (page: Page) => texts(documentView(page).getByRole('heading', { level: 3 }));
/** The titles of the documents shown. */
export const documentTitles = (page: Page) => texts(documentView(page).getByRole('heading', { level: 2 }));

export async function openSummary(page: Page, username: string) {
  await logIn(page, username);
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${baseUrl()}/health-summary`);
  await expect.poll(() => heading(page)).toBe('Health Information Summary');
}

/** Opens the options by keyboard (the Options button takes Enter), as a keyboard user would. */
export async function openOptions(page: Page) {
  const button = page.getByRole('button', { name: 'Options' });
  await button.focus();
  await page.keyboard.press('Enter');
  await options(page).waitFor();
}

/** Types a day into one of the options' date fields and leaves it. */
async function typeDay(page: Page, label: 'Start Date' | 'End Date', day: string) {
  const input = options(page).getByLabel(new RegExp(`^${label}( \\*)?$`));
  await input.fill(day);
  await page.keyboard.press('Tab');
  await expect.poll(() => input.inputValue()).toBe(shown(day));
}

/** Chooses a range of a system in the options and updates the summary. */
export async function chooseRange(page: Page, system: string | null, start: string, end: string) {
  await openOptions(page);
  await typeDay(page, 'Start Date', start);
  await typeDay(page, 'End Date', end);
  if (system)
    await options(page)
      .getByRole('combobox', { name: /^System/ })
      .selectOption({ label: system });
  await options(page).getByRole('button', { name: 'Update Summary' }).click();
  await expect.poll(() => options(page).count()).toBe(0);
}

/**
 * A dialog checked with axe and screenshot at 375 and 1280 px as the screen shows it (a full-page screenshot of
 * a long summary behind a dialog shows the summary, not the dialog).
 */
export async function checkDialog(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await resizeTo(page, width);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(inject('screenshotDir'), `${name}-${width}.png`) });
  }
}

/** Downloads the summary in a format through the Download menu; the frame that fetched it goes after 5 s. */
export async function download(page: Page, format: 'C-CDA (XML)' | 'Readable copy (PDF)'): Promise<Download> {
  await page.getByRole('button', { name: 'Download' }).click();
  const started = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  return started;
}

/** The files one summary is sent as: its C-CDA and its readable copy, named by its date and id. */
export function summaryFiles(entry: { displayDate: string; ccdaId: number }): MailAttachment[] {
  const stem = `HealthSummary_${entry.displayDate}_${entry.ccdaId}`;
  return [
    { fileName: `${stem}.xml`, contentType: 'application/xml' },
    { fileName: `${stem}.pdf`, contentType: 'application/pdf' },
  ];
}

/**
 * A Direct message as its recipient (the test dr.lee) reads it: decrypted with the recipient's key, its signature
 * checked against the test authority, and the signed message's text and attached files.
 */
export async function openDirectMessage(mail: CapturedMail) {
  const { recipient, authorityPem } = inject('direct');
  const opened = await decryptAndVerify({ entity: await mailRaw(mail), recipient, trustedSigners: [authorityPem] });
  const message = readMessage(opened.mime);
  return {
    signer: opened.signer.emailAddresses,
    from: message.from,
    subject: message.subject,
    text: message.text ?? '',
    attachments: message.attachments.map((a) => ({ fileName: a.filename ?? '', contentType: a.contentType })),
  };
}

interface PatientRecord extends Record<string, unknown> {
  externalSystems: {
    externalId: string | null;
    name: string;
    activeTriggerEventTypes: string[];
    sendSecurelyDisabled: boolean;
  }[];
}

/**
 * Runs `steps` while Send Securely is refused for one of a patient's systems (sendSecurelyDisabled), set as the
 * facility sets it: the integration API's patient PUT. The PUT replaces the whole record, so what GET answered goes
 * back with that one flag changed, and goes back unchanged afterwards, whatever the steps did.
 */
export async function withSendSecurelyDisabled(mrn: string, systemExternalId: string, steps: () => Promise<void>) {
  const url = `${baseUrl()}/integration/v1/patients/${encodeURIComponent(mrn)}`;
  const headers = { authorization: `Bearer ${await integrationToken()}`, 'content-type': 'application/json' };
  const read = async () => {
    const res = await fetch(url, { headers });
    expect(res.status).toBe(200);
    return (await res.json()) as PatientRecord;
  };
  const before = await read();
  expect(before.externalSystems.map((s) => s.externalId)).toContain(systemExternalId);
  const put = async (disabled: (system: PatientRecord['externalSystems'][number]) => boolean) => {
    // What GET answers beyond the record itself (the facility, whether there is an account or an SSN) is not PUT.
    const {
      mrn: _mrn,
      homeFacility: _facility,
      hasAccount: _account,
      hasSsn: _ssn,
      externalSystems,
      ...fields
    } = before;
    const body = {
      ...fields,
      externalSystems: externalSystems.map((s) => ({
        externalId: s.externalId,
        name: s.name,
        activeTriggerEventTypes: s.activeTriggerEventTypes,
        sendSecurelyDisabled: disabled(s),
      })),
    };
    const res = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(body) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { changed: boolean }).changed).toBe(true);
  };
  await put((s) => s.externalId === systemExternalId || s.sendSecurelyDisabled);
  try {
    expect((await read()).externalSystems.find((s) => s.externalId === systemExternalId)?.sendSecurelyDisabled).toBe(
      true,
    );
    await steps();
  } finally {
    await put((s) => s.sendSecurelyDisabled);
  }
  expect(await read()).toEqual(before);
}

/**
 * Files C-CDA documents under one of a patient's systems as the facility does (the integration API's PUT), each
 * made about the patient (aboutPatient: the recordTarget's name, birth date and sex become theirs), and returns
 * a function that withdraws them again (DELETE), so no other journey sees them.
 */
export async function fileDocuments(
  mrn: string,
  systemExternalId: string,
  documents: { externalId: string; xml: string }[],
): Promise<() => Promise<void>> {
  const patientUrl = `${baseUrl()}/integration/v1/patients/${encodeURIComponent(mrn)}`;
  const authorization = `Bearer ${await integrationToken()}`;
  const patient = await fetch(patientUrl, { headers: { authorization } });
  expect(patient.status).toBe(200);
  const subject = (await patient.json()) as DocumentSubject;
  const documentUrl = (externalId: string) =>
    `${patientUrl}/documents/${encodeURIComponent(externalId)}?externalSystem=${encodeURIComponent(systemExternalId)}`;
  const filed: string[] = [];
  const withdraw = async () => {
    for (const externalId of filed.splice(0)) {
      const res = await fetch(documentUrl(externalId), { method: 'DELETE', headers: { authorization } });
      expect(res.status).toBe(204);
    }
  };
  try {
    for (const document of documents) {
      const res = await fetch(documentUrl(document.externalId), {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/xml' },
        body: aboutPatient(document.xml, subject),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      filed.push(document.externalId);
    }
  } catch (error) {
    await withdraw();
    throw error;
  }
  return withdraw;
}
