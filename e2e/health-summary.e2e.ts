import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readCcdaFixture } from '../apps/server/test/ccda-fixtures';
import { createPdf } from '../apps/server/src/platform/pdf/document';
import { baseUrl, checkScreen, expectAccessible, openPage, resizeTo } from './support/browser';
import {
  checkDialog,
  chooseRange,
  documentTitles,
  documentView,
  download,
  fileDocuments,
  focused,
  openDirectMessage,
  openOptions,
  openSummary,
  options,
  riversideDay,
  sectionTitles,
  shown,
  summaryFiles,
  texts,
  withSendSecurelyDisabled,
} from './support/health-summary';
import { mailRaw, waitForMail } from './support/mailbox';
import { DEMO_PASSWORD, field, fieldError, heading, messageBar, useBrowser } from './support/pages';

// The Health Information Summary (spec 002, 2.7 and 4 to 9): jane.doe's two systems (the hint, the options and
// their checks, a range of several as a table of dates, a range of one and a recent visit shown at once), what
// she does with a summary (print recorded, the C-CDA XML and the readable PDF downloaded, sent by email and by
// Direct), john.smith's single system whose newest summary shows at once, and Robert seeing Jane's.
//
// The server sends Direct as a facility with a HISP does (global-setup: test certificates, the mailbox as the HISP),
// so a Direct message is read from the mailbox and opened with the test recipient's key. John's system is refused
// Send Securely for one step through the integration API, and put back as it was.
//
// The demo's documents are dated from the day the demo was seeded (apps/server/src/demo/ccda): jane's oncology
// system wrote 4 in the last year (350, 170, 115 and 14 days ago), her hospital 3 (214, 90 and 10 days ago). Every
// range below is chosen with days to spare on either side. Nothing here changes what another journey reads.

const browser = useBrowser();

const ONCOLOGY = 'Riverside Cancer Center Oncology';
const HOSPITAL = 'Riverside Regional Hospital';
const JANE_EMAIL = 'jane.doe@example.com';
const JOHN_MRN = 'RCC-100871';
const DIRECT_ADDRESS = 'dr.lee@direct.example-clinic.org';

describe('the health summary of two systems (jane.doe)', () => {
  it('the hint, the options and their checks, several summaries as a table of dates, one viewed, printed and downloaded', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openSummary(page, 'jane.doe');
    // Two systems and none chosen: the hint, and nothing fetched until one is.
    await expect
      .poll(() => page.getByTestId('summary-empty').innerText())
      .toBe(
        'Your health information comes from more than one system. Choose Options to select a system and the dates to view.',
      );
    await checkScreen(page, 'health-summary-jane-start');

    // The options: a year back to today, no system yet; the visits of both systems.
    await openOptions(page);
    const dialog = options(page);
    expect(await dialog.getByRole('radio', { name: 'A date range' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel(/^Start Date/).inputValue()).toBe(shown(riversideDay(-365)));
    expect(await dialog.getByLabel(/^End Date/).inputValue()).toBe(shown(riversideDay()));
    const system = dialog.getByRole('combobox', { name: /^System/ });
    expect(await texts(system.locator('option'))).toEqual(['Choose a system', ONCOLOGY, HOSPITAL]);
    const visits = dialog.getByTestId('options-visits').getByRole('radio');
    expect(await visits.count()).toBe(5);
    await checkDialog(page, 'health-summary-options');

    // Update without a system: 'Required', and the select takes the keyboard.
    await dialog.getByRole('button', { name: 'Update Summary' }).click();
    await expect.poll(() => fieldError(page, 'System')).toBe('Required');
    expect(await focused(system)).toBe(true);
    // The visits without one chosen: 'Please select a past visit'; changing the choice clears the messages.
    await dialog.getByRole('radio', { name: 'A recent visit' }).check();
    await expect.poll(() => fieldError(page, 'System')).toBe('');
    await dialog.getByRole('button', { name: 'Update Summary' }).click();
    await expect.poll(() => dialog.getByText('Please select a past visit').count()).toBe(1);
    await expectAccessible(page);
    // A visit chosen, then a date focused: the date range is the choice again and the visit is forgotten.
    await visits.first().check();
    expect(await dialog.getByRole('radio', { name: 'A recent visit' }).isChecked()).toBe(true);
    await dialog.getByLabel(/^Start Date/).focus();
    expect(await dialog.getByRole('radio', { name: 'A date range' }).isChecked()).toBe(true);
    expect(await visits.first().isChecked()).toBe(false);
    // An emptied date: 'Please provide a Start Date and End Date', on the first field, which takes the keyboard.
    await dialog.getByLabel(/^Start Date/).fill('');
    await system.selectOption({ label: ONCOLOGY });
    await dialog.getByRole('button', { name: 'Update Summary' }).click();
    await expect.poll(() => fieldError(page, 'Start Date')).toBe('Please provide a Start Date and End Date');
    expect(await focused(dialog.getByLabel(/^Start Date/))).toBe(true);
    // Cancel changes nothing and gives the keyboard back to Options.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => options(page).count()).toBe(0);
    await expect.poll(() => focused(page.getByRole('button', { name: 'Options' }))).toBe(true);

    // A start after the end is swapped: the oncology system's year holds 4 summaries, a table of their dates.
    await chooseRange(page, ONCOLOGY, riversideDay(), riversideDay(-365));
    const table = page.getByTestId('summary-dates');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(4);
    expect(await texts(table.locator('tbody tr td:nth-child(2)'))).toEqual([
      'Medical Oncology Follow-up Visit',
      'Radiation Oncology: End of Treatment',
      'Continuity of Care Document: after chemotherapy',
      'Medical Oncology New Patient Consultation',
    ]);
    expect(await table.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
    await checkScreen(page, 'health-summary-dates');
    await openOptions(page);
    expect(
      await options(page)
        .getByLabel(/^Start Date/)
        .inputValue(),
    ).toBe(shown(riversideDay(-365)));
    expect(
      await options(page)
        .getByLabel(/^End Date/)
        .inputValue(),
    ).toBe(shown(riversideDay()));
    await page.keyboard.press('Escape');
    await expect.poll(() => options(page).count()).toBe(0);

    // View one: the list goes and the summary shows, its sections as the page's headings.
    await table.getByRole('button', { name: /^View .* Medical Oncology Follow-up Visit$/ }).click();
    await documentView(page).waitFor();
    expect(await page.getByTestId('summary-dates').count()).toBe(0);
    expect(await page.getByRole('article', { name: 'Medical Oncology Follow-up Visit' }).count()).toBe(1);
    expect(await sectionTitles(page)).toEqual(
      expect.arrayContaining(['Allergies and Intolerances', 'Medications', 'Problems', 'Assessment and Plan']),
    );
    expect(await page.getByTestId('ccda-label').innerText()).toBe(`C-CDA document from ${ONCOLOGY}`);
    // Its tables scroll in their own regions, reachable by keyboard: the page itself never scrolls sideways.
    expect(await documentView(page).getByRole('region').first().getAttribute('tabindex')).toBe('0');
    await checkScreen(page, 'health-summary-document');
    await page.setViewportSize({ width: 320, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Print: the server records it, then the browser prints; the print shows the summary alone.
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => void counted.printed++;
    });
    const recorded = page.waitForResponse((r) => r.url().endsWith('/print') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Print' }).click();
    expect((await recorded).status()).toBe(204);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await documentView(page).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Download: the C-CDA as the system sent it, and the readable copy; the frames go after 5 seconds.
    const xml = await download(page, 'C-CDA (XML)');
    expect(xml.suggestedFilename()).toMatch(/^HealthSummary_\d{4}-\d{2}-\d{2}_\d+\.xml$/);
    const xmlText = await readFile(await xml.path(), 'utf8');
    expect(xmlText).toContain('<ClinicalDocument');
    expect(xmlText).toContain('Medical Oncology Follow-up Visit');
    const pdf = await download(page, 'Readable copy (PDF)');
    expect(pdf.suggestedFilename()).toMatch(/^HealthSummary_\d{4}-\d{2}-\d{2}_\d+\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await page.locator('iframe').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('iframe').count(), { timeout: 8_000 }).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a recent visit, and a range of one summary, show the summary at once', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openSummary(page, 'jane.doe');
    await openOptions(page);
    await options(page)
      .getByRole('radio', { name: /Dr\. Alan Forde/ })
      .check();
    await options(page).getByRole('button', { name: 'Update Summary' }).click();
    await documentView(page).waitFor();
    expect(await page.getByRole('article', { name: 'Primary Care Follow-up: Hypertension' }).count()).toBe(1);
    expect(await page.getByTestId('ccda-label').innerText()).toBe(`C-CDA document from ${HOSPITAL}`);

    // All of a table's summaries together: each its own article; they download as one zip.
    await chooseRange(page, ONCOLOGY, riversideDay(-365), riversideDay());
    await page.getByRole('button', { name: 'View all 4 together' }).click();
    await documentView(page).waitFor();
    expect(await texts(documentView(page).locator('article'))).toHaveLength(4);
    expect(await page.getByRole('article', { name: 'Radiation Oncology: End of Treatment' }).count()).toBe(1);
    const zip = await download(page, 'C-CDA (XML)');
    expect(zip.suggestedFilename()).toMatch(/^HealthSummary_\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.zip$/);
    expect((await readFile(await zip.path())).subarray(0, 2).toString('latin1')).toBe('PK');

    // The hospital's last 30 days hold one summary: it shows without a table.
    await chooseRange(page, HOSPITAL, riversideDay(-30), riversideDay());
    await expect.poll(() => page.getByRole('article', { name: 'Continuity of Care Document' }).count()).toBe(1);
    expect(await page.getByTestId('summary-dates').count()).toBe(0);
    // Nothing in a range: the chosen system's own empty text and the hint.
    await chooseRange(page, HOSPITAL, riversideDay(-60), riversideDay(-40));
    await expect
      .poll(() => page.getByTestId('summary-empty').innerText())
      .toBe(`No Health Information Summary is available from ${HOSPITAL} for the dates you chose.`);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends the summary by email and securely by Direct', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openSummary(page, 'jane.doe');
    const listed = page.waitForResponse((r) => /\/HealthSummary\/\d+\?startDate=/.test(r.url()));
    await chooseRange(page, HOSPITAL, riversideDay(-30), riversideDay());
    const [entry] = (await (await listed).json()) as { ccdaId: number; displayDate: string }[];
    await documentView(page).waitFor();

    // Send by Email: From is Jane's confirmed address, shown, not a field; the checks run on Send, the first field
    // with an error takes focus.
    await page.getByRole('button', { name: 'Send by Email' }).click();
    const email = page.getByRole('dialog', { name: 'Send by Email' });
    await email.waitFor();
    // A standing hint, not an alert (issue 32, finding 18).
    expect(await email.getByTestId('email-warning').getAttribute('role')).toBe('note');
    expect(await email.getByTestId('email-warning').innerText()).toBe(
      'Standard email is not secure: others could read your health information on its way. ' +
        'Your Health Information Summary is attached to the email automatically.',
    );
    expect((await email.getByRole('group', { name: 'From' }).innerText()).replace(/\n+/g, '\n')).toBe(
      `From\n${JANE_EMAIL}\nYour account’s confirmed email address: the recipient sees it, and replies come to it. ` +
        'Your message is sent as your own words, and web addresses in it are not made into links.',
    );
    expect(await email.getByRole('textbox', { name: 'From' }).count()).toBe(0);
    expect(await field(page, 'Message (optional)').getAttribute('rows')).toBe('3');
    await field(page, 'To').fill('not an address');
    await field(page, 'To').blur();
    expect(await fieldError(page, 'To')).toBe('');
    await email.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => fieldError(page, 'To')).toBe('Email address is not in correct format.');
    expect(await focused(field(page, 'To'))).toBe(true);
    await checkDialog(page, 'health-summary-email');
    let since = Date.now();
    const recipient = 'second.opinion@example.org';
    await field(page, 'To').fill(recipient);
    await field(page, 'Message (optional)').fill('My summary for the appointment on Friday, see www.example.org.');
    const emailed = page.waitForRequest((r) => r.url().includes('/email?'));
    await email.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await emailed).postDataJSON()).not.toHaveProperty('senderAddress');
    await expect.poll(() => email.count()).toBe(0);
    await expect.poll(() => messageBar(page)).toContain('Your Health Information Summary has been sent.');
    const mail = await waitForMail(
      recipient,
      (m) => m.text.includes('My summary for the appointment on Friday'),
      since,
    );
    expect(mail.subject).toBe('Health summary from Riverside Cancer Center');
    expect(mail.text).toContain(`Jane Doe (${JANE_EMAIL}) sent you a health summary`);
    // Her words quoted as hers, the address in them not one a mail program links; replies go to her address.
    expect(mail.text).toContain('\n> My summary for the appointment on Friday, see www[.]example[.]org.');
    expect((await mailRaw(mail)).toString('latin1')).toMatch(new RegExp(`^Reply-To: ${JANE_EMAIL}\\r$`, 'm'));
    expect(mail.text).toContain('The health summary is attached twice');
    expect(mail.text).toContain('Standard email is not secure');
    // The one summary's C-CDA and its readable copy, as files of the mail.
    expect(mail.contentType).toMatch(/^multipart\/mixed;/);
    expect(mail.attachments).toEqual(summaryFiles(entry!));
    // The form starts afresh; Cancel gives the keyboard back to the button.
    await page.getByRole('button', { name: 'Send by Email' }).click();
    await email.waitFor();
    expect(await field(page, 'To').inputValue()).toBe('');
    expect(await email.getByTestId('email-from').innerText()).toContain(JANE_EMAIL);
    await email.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => email.count()).toBe(0);
    await expect.poll(() => focused(page.getByRole('button', { name: 'Send by Email' }))).toBe(true);

    // Send Securely: a Direct address; one that is none says so with what was typed.
    const secure = page.getByRole('dialog', { name: 'Send Securely' });
    await page.getByRole('button', { name: 'Send Securely' }).click();
    await secure.waitFor();
    expect(await field(page, 'Message (optional)').getAttribute('rows')).toBe('3');
    await field(page, 'Direct Address').fill('dr.lee@direct');
    await secure.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => fieldError(page, 'Direct Address')).toBe('Enter a valid Direct Address: dr.lee@direct');
    expect(await focused(field(page, 'Direct Address'))).toBe(true);
    await checkDialog(page, 'health-summary-send-securely');
    // To dr.lee, whose certificate the trust folder holds: signed, encrypted and handed to the HISP (the mailbox).
    since = Date.now();
    await field(page, 'Direct Address').fill(DIRECT_ADDRESS);
    await field(page, 'Message (optional)').fill('For our consultation next week.');
    const sent = page.waitForResponse((r) => r.url().includes('/sendSecurely'));
    await secure.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await sent).status()).toBe(200);
    await expect.poll(() => secure.count()).toBe(0);
    await expect.poll(() => messageBar(page)).toContain('Your Health Information Summary has been sent.');
    const direct = inject('direct');
    const delivered = await waitForMail(DIRECT_ADDRESS, () => true, since);
    expect(delivered.from).toBe(direct.facilityAddress);
    expect(delivered.to).toEqual([DIRECT_ADDRESS]);
    // Outside the envelope nothing is readable: one S/MIME enveloped entity.
    expect(delivered.contentType).toMatch(/^application\/pkcs7-mime;.*smime-type=enveloped-data/);
    expect(delivered.text).toBe('');
    // Opened as dr.lee opens it: signed by the facility's certificate, the same two files as the email.
    const opened = await openDirectMessage(delivered);
    expect(opened.signer).toEqual([direct.facilityAddress]);
    expect(opened.subject).toBe('Health summary from Riverside Cancer Center');
    expect(opened.text).toContain('For our consultation next week.');
    expect(opened.attachments).toEqual(summaryFiles(entry!));

    // An address the trust store has no certificate for: nothing goes, and the page says so.
    await page.getByRole('button', { name: 'Send Securely' }).click();
    await secure.waitFor();
    expect(await field(page, 'Direct Address').inputValue()).toBe('');
    await field(page, 'Direct Address').fill('someone@direct.unknown.example');
    const refused = page.waitForResponse((r) => r.url().includes('/sendSecurely'));
    await secure.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await refused).status()).toBe(422);
    expect(((await (await refused).json()) as { error: string }).error).toBe('healthsummarysendsecurelyfailed');
    await expect
      .poll(() => messageBar(page))
      .toContain('Your Health Information Summary could not be sent securely. Please check the Direct address');
    await checkScreen(page, 'health-summary-send-securely-failed');
    // Opened again for another try: the address as written, and the refusal said again above it.
    await page.getByRole('button', { name: 'Send Securely' }).click();
    await secure.waitFor();
    expect(await field(page, 'Direct Address').inputValue()).toBe('someone@direct.unknown.example');
    expect(await secure.getByTestId('send-securely-failure').innerText()).toContain(
      'Your Health Information Summary could not be sent securely.',
    );
    await secure.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => secure.count()).toBe(0);

    // All of a table's summaries by email: one zip of them, named by the range.
    await chooseRange(page, ONCOLOGY, riversideDay(-365), riversideDay());
    await page.getByRole('button', { name: 'View all 4 together' }).click();
    await documentView(page).waitFor();
    since = Date.now();
    await page.getByRole('button', { name: 'Send by Email' }).click();
    await email.waitFor();
    await field(page, 'To').fill('tumor.board@example.org');
    await email.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => email.count()).toBe(0);
    await expect.poll(() => messageBar(page)).toContain('Your Health Information Summary has been sent.');
    const zipped = await waitForMail('tumor.board@example.org', () => true, since);
    expect(zipped.attachments).toEqual([
      {
        fileName: `HealthSummary_${riversideDay(-365)}_to_${riversideDay()}.zip`,
        contentType: 'application/zip',
      },
    ]);
    // The refusal (422) is the browser's own console line, not the page's error.
    expect(consoleErrors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('other callers', () => {
  it("john.smith's one system: its newest summary shows at once; Send Securely refused for it", async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openSummary(page, 'john.smith');
    await documentView(page).waitFor();
    expect(await page.getByRole('article', { name: 'Continuity of Care Document' }).count()).toBe(1);
    expect(await sectionTitles(page)).toEqual(expect.arrayContaining(['Medications', 'Problems', 'Results']));
    await checkScreen(page, 'health-summary-john');

    // His system takes no part in Direct (sendSecurelyDisabled, set by the facility while the page is open).
    const secure = page.getByRole('dialog', { name: 'Send Securely' });
    const notAvailable = 'Sending securely is not available for this Health Information Summary.';
    await withSendSecurelyDisabled(JOHN_MRN, 'RCC-ONCOLOGY', async () => {
      // The page still offers the form, as it read the summary before: the server refuses with noCcdaConfigured.
      await page.getByRole('button', { name: 'Send Securely' }).click();
      await secure.waitFor();
      await field(page, 'Direct Address').fill(DIRECT_ADDRESS);
      const refused = page.waitForResponse((r) => r.url().includes('/sendSecurely'));
      await secure.getByRole('button', { name: 'Send', exact: true }).click();
      expect((await refused).status()).toBe(409);
      expect(((await (await refused).json()) as { error: string }).error).toBe('noCcdaConfigured');
      await expect.poll(() => secure.count()).toBe(0);
      await expect.poll(() => messageBar(page)).toContain(notAvailable);
      // Read afresh, the summary says so itself: Send Securely gives the message instead of the form.
      await page.reload();
      await documentView(page).waitFor();
      await page.getByRole('button', { name: 'Send Securely' }).click();
      await expect.poll(() => messageBar(page)).toContain(notAvailable);
      expect(await secure.count()).toBe(0);
      await checkScreen(page, 'health-summary-no-direct');
    });
    // The flag back as it was: the form again.
    await page.reload();
    await documentView(page).waitFor();
    await page.getByRole('button', { name: 'Send Securely' }).click();
    await secure.waitFor();
    await secure.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => secure.count()).toBe(0);

    // One system: the options have no system select.
    await openOptions(page);
    expect(
      await options(page)
        .getByRole('combobox', { name: /^System/ })
        .count(),
    ).toBe(0);
    // The refusal (409) is the browser's own console line, not the page's error.
    expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await context.close();
  });

  it("robert.doe sees Jane's summaries", async () => {
    const { page, context, consoleErrors } = await openPage(browser(), { width: 375 });
    await openSummary(page, 'robert.doe');
    await expect
      .poll(() => page.getByTestId('representative-line').textContent())
      .toBe('You are viewing the health information for Jane Doe.');
    // A landmark of its own (issue 32, finding 18).
    expect(await page.getByRole('region', { name: 'Whose health information you are viewing' }).count()).toBe(1);
    await chooseRange(page, ONCOLOGY, riversideDay(-30), riversideDay());
    await expect.poll(() => page.getByRole('article', { name: 'Medical Oncology Follow-up Visit' }).count()).toBe(1);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

// Issue 32, finding 13: a document's title and type on screen, its versions, an unstructured document's PDF, and a
// wide table at a phone's width. john.smith's oncology system is given, through the integration API, the HL7 care
// plan example (version 2 of its set) and a first version made from it, and the HL7 progress note made
// unstructured around a PDF; they are dated 2013 and 2005, long before his own, and withdrawn afterwards.
describe('versions, an unstructured PDF and wide tables (john.smith)', () => {
  const CARE_PLAN = 'Good Health Hospital Care Plan';
  let withdraw: (() => Promise<void>) | undefined;
  let letterPdf: Uint8Array;

  beforeAll(async () => {
    const v2 = readCcdaFixture('care-plan.xml');
    const v1 = v2
      .replace('<id root="db734647-fc99-424c-a864-7e3cda82e703"/>', '<id root="db734647-fc99-424c-a864-7e3cda82e701"/>')
      .replace('<versionNumber value="2"/>', '<versionNumber value="1"/>')
      .replace('<effectiveTime value="201308201120-0800"/>', '<effectiveTime value="201307011120-0800"/>');
    letterPdf = await createPdf({ title: 'Letter', language: 'en' }).paragraph('A scanned letter.').save();
    const progress = readCcdaFixture('progress-note.xml');
    const letter =
      progress.slice(0, progress.indexOf('<structuredBody>')) +
      `<nonXMLBody><text mediaType="application/pdf" representation="B64">${Buffer.from(letterPdf).toString('base64')}` +
      '</text></nonXMLBody>' +
      progress.slice(progress.indexOf('</structuredBody>') + '</structuredBody>'.length);
    withdraw = await fileDocuments(JOHN_MRN, 'RCC-ONCOLOGY', [
      { externalId: 'e2e-care-plan-v2', xml: v2 },
      { externalId: 'e2e-care-plan-v1', xml: v1 },
      { externalId: 'e2e-scanned-letter', xml: letter },
    ]);
  });
  afterAll(async () => {
    await withdraw?.();
  });

  /** At a phone's width the summary's wide tables say that they scroll sideways; the page itself does not. */
  async function expectScrollHint(page: Page, hint: string) {
    await resizeTo(page, 375);
    // Each table's hint is there, hidden until its table does not fit.
    const shown = documentView(page).locator('p:not([hidden])', { hasText: hint });
    await expect.poll(() => shown.count()).toBeGreaterThan(0);
    expect(await shown.first().isVisible()).toBe(true);
    // The region it is about names it as its description.
    const region = documentView(page).locator('[role="region"][aria-describedby]').first();
    const described = await region.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).innerText()).toContain(hint);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await resizeTo(page, 1280);
    await expect.poll(() => shown.count()).toBe(0);
  }

  it('shows the title and type, the header’s people, the newest version with the earlier one, and the PDF', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openSummary(page, 'john.smith');
    // His newest summary, a CCD whose medications and results are tables of many columns: at 375 px they say so.
    await expect.poll(() => documentTitles(page)).toEqual(['Continuity of Care Document']);
    await expectScrollHint(page, 'This table is wider than the screen: scroll it sideways to see every column.');
    await checkScreen(page, 'health-summary-wide-table-en');
    // The care plan's summer: both versions were written in it, and only the newest is the summary.
    await chooseRange(page, null, '2013-06-01', '2013-09-30');
    await expect.poll(() => documentTitles(page)).toEqual([CARE_PLAN]);
    const view = documentView(page);
    expect(await view.getByRole('heading', { level: 2, name: CARE_PLAN }).isVisible()).toBe(true);
    expect(await view.getByText('Overall Plan of Care/Advance Care Directives', { exact: true }).isVisible()).toBe(
      true,
    );
    const row = (label: string) =>
      view.locator('table.ccda-summary tr', { has: page.getByText(label, { exact: true }) });
    expect(await row('Version').innerText()).toBe('Version\t2');
    expect(await row('Signed by').innerText()).toContain('Nurse Nightingale RN, Good Health Hospital');
    expect(await row('Care team member').innerText()).toContain('Patricia Primary M.D.');
    expect(await row('Caregiver').innerText()).toContain('Mrs. Martha Jones');
    expect(await row('Address').first().isVisible()).toBe(true);
    // Her SSN, as its last four digits only.
    expect(await row('Social Security number').innerText()).toMatch(/\*\*\*-\*\*-\d{4}$/);
    const versions = page.getByTestId('summary-versions');
    expect(await versions.getByText('This is version 2 of this summary.').isVisible()).toBe(true);
    expect(await page.getByTestId('summary-versions-earlier').innerText()).toMatch(
      /^Earlier versions:\s+Version 1, Jul 1, 2013$/,
    );
    await checkScreen(page, 'health-summary-versions-en');

    // The earlier version, by keyboard: the same document, written in July, with the newer one offered.
    await page.getByRole('button', { name: 'View Version 1, Jul 1, 2013' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('summary-versions-newer').count()).toBe(1);
    expect(await page.getByTestId('summary-versions-newer').innerText()).toMatch(
      /^Newer version:\s+Version 2, Aug 20, 2013$/,
    );
    expect(await documentTitles(page)).toEqual([CARE_PLAN]);
    expect(await row('Document date').innerText()).toContain('Jul 1, 2013');
    expect(await row('Version').count()).toBe(0);
    await expectAccessible(page);

    // An unstructured document: its PDF is offered, not "no sections", and downloads as it was sent.
    await chooseRange(page, null, '2005-03-01', '2005-03-31');
    await expect.poll(() => documentTitles(page)).toEqual(['Progress Note']);
    expect(await view.getByText('The content of this document is a PDF file.').isVisible()).toBe(true);
    expect(await view.getByText('This document has no sections to show.').count()).toBe(0);
    expect(await page.getByTestId('summary-pdf').innerText()).toContain('This summary is a PDF file.');
    await checkScreen(page, 'health-summary-pdf-en');
    const started = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the PDF' }).click();
    const file = await started;
    expect(file.suggestedFilename()).toMatch(/^HealthSummary_2005-03-29_\d+\.pdf$/);
    expect(Buffer.compare(await readFile(await file.path()), Buffer.from(letterPdf))).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says all of it in Spanish', async () => {
    const { page, context, consoleErrors } = await openPage(browser(), { locale: 'es-MX' });
    await page.goto(`${baseUrl()}/login`);
    await field(page, 'Nombre de usuario').fill('john.smith');
    await field(page, 'Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${baseUrl()}/health-summary`);
    await expect.poll(() => heading(page)).toBe('Resumen de información de salud');
    await expect.poll(() => documentTitles(page)).toEqual(['Continuity of Care Document']);
    await expectScrollHint(
      page,
      'Esta tabla es más ancha que la pantalla: desplácela hacia los lados para ver todas las columnas.',
    );
    await checkScreen(page, 'health-summary-wide-table-es');
    const chooseRangeEs = async (start: string, end: string) => {
      await page.getByRole('button', { name: 'Opciones' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ver su resumen de salud' });
      for (const [label, day] of [
        ['Fecha de inicio', start],
        ['Fecha de fin', end],
      ] as const) {
        await dialog.getByLabel(new RegExp(`^${label}`)).fill(day);
        await page.keyboard.press('Tab');
      }
      await dialog.getByRole('button', { name: 'Actualizar resumen' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    };
    await chooseRangeEs('2013-06-01', '2013-09-30');
    await expect.poll(() => documentTitles(page)).toEqual([CARE_PLAN]);
    const view = documentView(page);
    expect(await view.getByText('Acerca de este documento').isVisible()).toBe(true);
    for (const label of ['Versión', 'Firmado por', 'Miembro del equipo de atención', 'Cuidador', 'Dirección']) {
      expect(await view.getByRole('rowheader', { name: label, exact: true }).count(), label).toBeGreaterThan(0);
    }
    expect(
      await page.getByTestId('summary-versions').getByText('Esta es la versión 2 de este resumen.').isVisible(),
    ).toBe(true);
    expect(await page.getByTestId('summary-versions-earlier').innerText()).toMatch(
      /^Versiones anteriores:\s+Versión 1, /,
    );
    await checkScreen(page, 'health-summary-versions-es');

    await chooseRangeEs('2005-03-01', '2005-03-31');
    await expect.poll(() => documentTitles(page)).toEqual(['Progress Note']);
    expect(await view.getByText('El contenido de este documento es un archivo PDF.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Descargar el PDF' }).isVisible()).toBe(true);
    await checkScreen(page, 'health-summary-pdf-es');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
