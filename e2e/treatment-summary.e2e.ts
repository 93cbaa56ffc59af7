import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen, expectAccessible, openPage, port } from './support/browser';
import { heading, logIn, messageBar, path, useBrowser } from './support/pages';

const browser = useBrowser();

// jane.doe's summary covers all 17 groups; five items are new until she first opens it. Opening it marks
// them seen (for this shared demo database too), so her journey comes first and the others expect no dots.

const GROUP_TITLES = [
  'DIAGNOSIS',
  'INITIAL CLINICAL FINDING',
  'TUMOR MARKER',
  'GENETICS',
  'SURGERY',
  'CHEMOTHERAPY',
  'RADIATION THERAPY',
  'HORMONE THERAPY',
  'TRANSPLANT HISTORY',
  'CLINICAL TRIAL',
  'PERSISTENT SIDE EFFECTS',
  'OTHER MEDICAL CONDITIONS',
  'ALLERGY',
  'FAMILY HISTORY',
  'GYNECOLOGIC HISTORY',
  'SOCIAL HISTORY',
  'OTHER',
];

const main = (page: Page) => page.getByRole('main');
const group = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
const items = (scope: Locator) => scope.getByTestId('treatment-item');
const field = (scope: Locator, name: string) => scope.locator(`[data-field="${name}"]`);
const fieldValue = (scope: Locator, name: string) => field(scope, name).locator('dd').innerText();
const tab = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Treatment Summary/ });
const MM_DD_YYYY = /^\d{2}\/\d{2}\/\d{4}$/;
const LANGUAGE_MENU = /^(Choose a language|Escolha um idioma|Elija un idioma|选择语言)$/;
/** The short month names the date library writes in Portuguese and Spanish. */
const MONTHS = {
  pt: ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
};

async function openSummary(page: Page) {
  await tab(page).click();
  await expect.poll(() => path(page)).toBe('/treatment-summary');
  await expect.poll(() => heading(page)).toBe('Treatment Summary');
}

describe("jane.doe's treatment summary", () => {
  it('shows every group, new dots on the first view, the badge dropping to none, and the display rules', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');

    // Five unseen items on the tab's badge.
    await expect.poll(() => tab(page).getByTestId('nav-badge').textContent()).toBe('5');

    const audit = page.waitForRequest(
      (r) => r.method() === 'POST' && /\/api\/users\/\d+\/audit$/.test(new URL(r.url()).pathname),
    );
    await openSummary(page);
    expect((await audit).postDataJSON()).toMatchObject({ auditEventType: 'treatmentsummaryviewauditevent' });

    // One block per group, in the clinical order, with the spec's titles.
    await expect.poll(() => main(page).getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(GROUP_TITLES);

    // The new items of this view: a dot each (read as 'New'), and the count beside the header.
    const dots = main(page).getByTestId('new-dot');
    expect(await dots.count()).toBe(5);
    expect(await page.getByTestId('treatment-summary-badge').textContent()).toBe('5');
    expect(await main(page).innerText()).toContain('5 new');
    const newIn = await main(page)
      .locator('[data-testid="treatment-group"]:has([data-testid="new-dot"])')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-group')));
    expect(newIn).toEqual(['TumorMarker', 'HormoneTherapy', 'ClinicalTrial', 'SideEffectBundle', 'Comorbidity']);
    expect(await items(group(page, 'Tumor Marker')).last().innerText()).toMatch(/^New\b/);

    // Seeing them took the tab's badge away.
    await expect.poll(() => tab(page).getByTestId('nav-badge').count()).toBe(0);
    await checkScreen(page, 'treatment-summary-jane-new');

    // Display variants, 'L' dates, numbers above 0, non-empty texts.
    const diagnosis = items(group(page, 'Diagnosis')).first();
    expect(await fieldValue(diagnosis, 'icdDescriptionFull')).toBe(
      'Malignant neoplasm of upper-outer quadrant of left female breast',
    );
    expect(await fieldValue(diagnosis, 'diagnosisDate')).toMatch(MM_DD_YYYY);
    const chemo = items(group(page, 'Chemotherapy'));
    expect(await fieldValue(chemo.first(), 'agentName')).toBe('Doxorubicin');
    expect(await fieldValue(chemo.first(), 'trialName')).toBe('Dose-dense AC-T');
    expect(await field(chemo.first(), 'trialName').locator('dt').innerText()).toBe('Regimen');
    const [penicillin, latex] = [items(group(page, 'Allergy')).nth(0), items(group(page, 'Allergy')).nth(1)];
    expect(await fieldValue(penicillin, 'onsetDate')).toMatch(MM_DD_YYYY);
    expect(await field(latex, 'onsetDate').count()).toBe(0); // 1900-01-01
    expect(await field(latex, 'comment').count()).toBe(0); // empty text
    expect(await fieldValue(latex, 'allergyType')).toBe('Environmental');
    const grandmother = items(group(page, 'Family History')).nth(2);
    expect(await fieldValue(grandmother, 'relationship')).toBe('Maternal grandmother');
    expect(await field(grandmother, 'ageAtDiagnosis').count()).toBe(0); // 0
    expect(await fieldValue(items(group(page, 'Family History')).first(), 'ageAtDiagnosis')).toBe('62');
    const social = items(group(page, 'Social History')).first();
    expect(await fieldValue(social, 'smokingStatus')).toBe('Never smoker');
    expect(await field(social, 'smokingYears').count()).toBe(0);
    expect(await fieldValue(items(group(page, 'Gynecologic History')).first(), 'lastMenstrualPeriod')).toBe(
      'At age 51',
    );
    // A null-message holder shows only its message.
    const transplant = group(page, 'Transplant History');
    expect(await transplant.innerText()).toContain('No transplant history recorded.');
    expect(await transplant.locator('dl').count()).toBe(0);

    // Fields the facility's capability configuration leaves out are hidden, whatever the data holds.
    const text = await main(page).innerText();
    for (const hidden of ['C50.412', 'ICD code', 'riversidecancer.example.org', 'Part of a clinical trial', '48213']) {
      expect(text).not.toContain(hidden);
    }
    expect(text).not.toMatch(/treatmentSummary\./);

    // More... shows the rest of an item, Less... hides it again; a real button, by mouse or keyboard.
    const more = diagnosis.getByRole('button', { name: 'More...' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await field(diagnosis, 'stage').isVisible()).toBe(false);
    await more.click();
    const less = diagnosis.getByRole('button', { name: 'Less...' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    expect(await field(diagnosis, 'stage').isVisible()).toBe(true);
    expect(await fieldValue(diagnosis, 'stage')).toBe('IIA');
    expect(await fieldValue(diagnosis, 'providerPhone')).toBe('(518) 555-0105');
    await checkScreen(page, 'treatment-summary-jane-expanded');
    await less.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => field(diagnosis, 'stage').isVisible()).toBe(false);
    expect(await diagnosis.getByRole('button', { name: 'More...' }).getAttribute('aria-expanded')).toBe('false');

    // Readable on a 320 px phone: nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Seen now: a reload shows no dots and no count.
    await page.reload();
    await expect.poll(() => main(page).getByRole('heading', { level: 2 }).count()).toBe(17);
    expect(await main(page).getByTestId('new-dot').count()).toBe(0);
    expect(await page.getByTestId('treatment-summary-badge').count()).toBe(0);
    await checkScreen(page, 'treatment-summary-jane-seen');
    expect(consoleErrors).toEqual([]);
    await context.close();
    // A long page screenshotted and checked by axe three times at two widths.
  }, 180_000);

  it('shows the server’s message when the summary cannot load, and no loader', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    await page.route(/\/api\/patients\/\d+\/treatmentSummary$/, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'conflict',
          message: 'The treatment summary is being updated. Please try again in a minute.',
          requestId: 'e2e',
        }),
      }),
    );
    await openSummary(page);
    await expect
      .poll(() => messageBar(page))
      .toContain('The treatment summary is being updated. Please try again in a minute.');
    expect(await page.locator('.mantine-Loader-root').count()).toBe(0);
    expect(await main(page).getByRole('heading', { level: 2 }).count()).toBe(0);
    await checkScreen(page, 'treatment-summary-load-error');
    await context.close();
  });

  it('shows the summary in the user’s language, dates naming their month (Portuguese, Spanish, Chinese)', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    await openSummary(page);
    await main(page).getByRole('heading', { level: 2 }).first().waitFor();
    try {
      await page.getByLabel('Choose a language').selectOption('pt-BR');
      await expect.poll(() => heading(page)).toBe('Resumo do tratamento');
      const titles = await main(page).getByRole('heading', { level: 2 }).allInnerTexts();
      expect(titles.slice(0, 4)).toEqual(['DIAGNÓSTICO', 'ACHADO CLÍNICO INICIAL', 'MARCADOR TUMORAL', 'GENÉTICA']);
      const diagnosis = items(main(page).getByRole('region', { name: 'Diagnóstico', exact: true })).first();
      expect(await field(diagnosis, 'diagnosisDate').locator('dt').innerText()).toBe('Data do diagnóstico');
      // 'L' in Brazilian Portuguese would be DD/MM/YYYY, read as another day beside the MM/DD/YYYY of the
      // portal's date-times: the month is named instead.
      const iso = await field(diagnosis, 'diagnosisDate').locator('time').getAttribute('datetime');
      const [y, m, d] = iso!.split('-').map(Number) as [number, number, number];
      expect(await fieldValue(diagnosis, 'diagnosisDate')).toBe(`${d} de ${MONTHS.pt[m - 1]} de ${y}`);
      expect(await diagnosis.getByRole('button', { name: 'Mais...' }).count()).toBe(1);
      await expectAccessible(page);

      // Spanish and Chinese: every date of the summary names its month; none is a day-first number.
      for (const [locale, title, month] of [
        [
          'es-MX',
          'Resumen del tratamiento',
          (y: number, m: number, d: number) => `${d} de ${MONTHS.es[m - 1]} de ${y}`,
        ],
        ['zh', '治疗摘要', (y: number, m: number, d: number) => `${y}年${m}月${d}日`],
      ] as const) {
        await page.getByLabel(LANGUAGE_MENU).selectOption(locale);
        await expect.poll(() => heading(page)).toBe(title);
        const dates = main(page).locator('dd time');
        await expect.poll(() => dates.count()).toBeGreaterThan(5);
        for (const date of await dates.all()) {
          const [dy, dm, dd] = (await date.getAttribute('datetime'))!.split('-').map(Number) as [
            number,
            number,
            number,
          ];
          const text = await date.innerText();
          expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
          expect(text).toBe(month(dy, dm, dd));
        }
        // Coded values by their code in the language (issue 32, finding 10); the clinician's wording as written.
        const family = items(main(page).locator('[data-group="FamilyHistory"]'));
        const penicillin = items(main(page).locator('[data-group="Allergy"]')).first();
        const coded = {
          'es-MX': { grandmother: 'Abuela materna', status: 'Fallecido/a', allergy: 'Alergia a medicamentos' },
          zh: { grandmother: '外祖母', status: '已故', allergy: '药物过敏' },
        }[locale];
        await expect.poll(() => fieldValue(family.nth(2), 'relationship')).toBe(coded.grandmother);
        expect(await fieldValue(family.nth(2), 'currentStatus')).toBe(coded.status);
        expect(await fieldValue(penicillin, 'allergyType')).toBe(coded.allergy);
        expect(await fieldValue(family.first(), 'cancerDiagnosis')).toBe('Breast cancer');
        await checkScreen(page, `treatment-summary-${locale}`);
      }
    } finally {
      await page.getByLabel(LANGUAGE_MENU).selectOption('en-US');
      await expect.poll(() => heading(page)).toBe('Treatment Summary');
    }
    await context.close();
  });
});

describe('other callers', () => {
  it('shows robert.doe, jane’s representative, her summary (seen already: no dots)', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'robert.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Robert');
    await openSummary(page);
    await expect.poll(() => main(page).getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(GROUP_TITLES);
    expect(await main(page).getByTestId('new-dot').count()).toBe(0);
    await checkScreen(page, 'treatment-summary-robert');
    await context.close();
  });

  it('says No items to display to sam.lee (Lakeside), who has no summary', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'sam.lee', { origin: `http://lakeside.localhost:${port()}` });
    await expect.poll(() => heading(page)).toBe('Welcome, Sam');
    await openSummary(page);
    await expect.poll(() => main(page).getByText('No items to display').count()).toBe(1);
    expect(await tab(page).getByTestId('nav-badge').count()).toBe(0);
    await checkScreen(page, 'treatment-summary-empty');
    await context.close();
  });
});
