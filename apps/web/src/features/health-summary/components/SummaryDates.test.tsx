import type { HealthSummaryEntry } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { wideWindow } from '../../../test/setup-dom';
import { SummaryDates } from './SummaryDates';

// Several summaries in the chosen range: a table of their dates, newest first, each View named for its row; all of
// them together; the way home.

const entry = (ccdaId: number, displayDate: string, authorName: string | null): HealthSummaryEntry => ({
  ifSystemId: 1,
  ccdaId,
  startDate: null,
  endDate: null,
  sendSecurelyDisabled: false,
  displayDate,
  title: 'Continuity of Care Document',
  documentType: null,
  authorName,
  organizationName: authorName ? 'Riverside Medical Center' : null,
  versionNumber: null,
  versions: [],
  attachmentType: null,
});
const ENTRIES = [
  entry(1, '2026-03-04', 'Dr. Priya Raman'),
  entry(2, '2026-11-20', null),
  entry(3, '2025-07-15', 'Dr. Li'),
];

async function renderDates() {
  wideWindow();
  const onView = vi.fn();
  const onViewAll = vi.fn();
  await renderInApp(
    <MemoryRouter>
      <SummaryDates entries={ENTRIES} systemName="Riverside HIE" onView={onView} onViewAll={onViewAll} />
    </MemoryRouter>,
  );
  return { onView, onViewAll };
}

describe('the summaries by date', () => {
  it('lists them newest first, with their authors, under the system’s name', async () => {
    await renderDates();
    expect(screen.getByText(/^More than one Health Information Summary from Riverside HIE/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Health Information Summaries by date' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Nov 20, 2026',
      'Mar 4, 2026',
      'Jul 15, 2025',
    ]);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      '—',
      'Dr. Priya Raman, Riverside Medical Center',
      'Dr. Li, Riverside Medical Center',
    ]);
  });

  it('views one by its View, named for its row, and all together', async () => {
    const user = userEvent.setup();
    const { onView, onViewAll } = await renderDates();
    await user.click(screen.getByRole('button', { name: 'View Mar 4, 2026 Continuity of Care Document' }));
    expect(onView).toHaveBeenCalledWith(ENTRIES[0]);
    await user.click(screen.getByRole('button', { name: 'View all 3 together' }));
    expect(onViewAll).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
  });
});
