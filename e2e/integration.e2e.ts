import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, checkScreen, openPage } from './support/browser';
import { heading, logIn, useBrowser } from './support/pages';
import { integrationToken } from './support/integration';

const browser = useBrowser();

/** A token of the integration client the clients command registered before the server started. */

async function call(method: 'PUT' | 'DELETE', path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/integration/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await integrationToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
}

const RESULT_PATH = '/patients/RCC-100234/lab-results/E2E-TSH-1';

/** The number on the Test Results tab (0 when no badge shows). */
async function headerCount(page: Page): Promise<number> {
  const tab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Test Results/ });
  const badge = tab.getByTestId('nav-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText());
}

describe('the integration API feeds the portal', () => {
  it('a result the lab system puts in shows for jane.doe at once, New, and the tab count grows; withdrawn, it goes', async () => {
    const { page, context } = await openPage(browser());
    try {
      await logIn(page, 'jane.doe');
      await expect.poll(() => heading(page)).toBe('Welcome, Jane');
      await page.goto(`${baseUrl()}/test-results`);
      await expect.poll(() => heading(page)).toBe('Test Results');
      const list = page.getByRole('list', { name: 'Test results', exact: true });
      await list.waitFor();
      // The tab's count arrives on its own call: read it once every call has answered.
      await page.waitForLoadState('networkidle');
      const before = await headerCount(page);

      const put = await call('PUT', RESULT_PATH, {
        isPublished: true,
        collectedAt: new Date().toISOString(),
        externalStatus: 'Final',
        requestingPhysician: 'Dr. Priya Raman',
        groups: [
          {
            groupDisplayName: 'Thyroid Stimulating Hormone',
            details: [
              {
                testDisplayName: 'TSH',
                testValue: '2.1',
                unitOfMeasure: 'mIU/L',
                referencesRange: '0.4-4.0',
                abnormalFlag: 'N',
              },
            ],
          },
        ],
      });
      expect(put.status, put.body).toBeLessThan(300);

      await page.reload();
      const item = list.getByRole('button').filter({ hasText: 'Thyroid Stimulating Hormone' });
      await item.waitFor();
      expect(await item.getByTestId('item-badge').count()).toBe(1);
      await expect.poll(() => headerCount(page)).toBe(before + 1);
      await checkScreen(page, 'integration-new-result');

      // Opening it marks it reviewed: the badge and the count go back.
      await item.click();
      await page.getByRole('heading', { name: 'Thyroid Stimulating Hormone' }).first().waitFor();
      await expect.poll(() => item.getByTestId('item-badge').count()).toBe(0);
      await expect.poll(() => headerCount(page)).toBe(before);

      const withdrawn = await call('DELETE', RESULT_PATH);
      expect(withdrawn.status, withdrawn.body).toBe(204);
      await page.reload();
      await list.waitFor();
      expect(await list.getByRole('button').filter({ hasText: 'Thyroid Stimulating Hormone' }).count()).toBe(0);
    } finally {
      // Leave jane's record as the other journeys expect it, whatever happened above.
      await call('DELETE', RESULT_PATH);
      await context.close();
    }
  });
});
