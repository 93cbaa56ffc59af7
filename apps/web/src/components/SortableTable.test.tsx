import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render';
import { SortableTable, type SortableColumn } from './SortableTable';

interface Visit {
  id: number;
  date: string;
  clinician: string;
  location: string | null;
}

const VISITS: Visit[] = [
  { id: 1, date: '2026-03-04', clinician: 'Dr. Raman', location: 'Riverside' },
  { id: 2, date: '2026-11-20', clinician: 'Dr. Brooks', location: null },
  { id: 3, date: '2025-07-15', clinician: 'Dr. Li', location: 'Lakeside' },
];

const COLUMNS: SortableColumn<Visit>[] = [
  { key: 'date', header: 'Date', cell: (v) => v.date, sortValue: (v) => v.date, primary: true },
  { key: 'clinician', header: 'Clinician', cell: (v) => v.clinician, sortValue: (v) => v.clinician, primary: true },
  { key: 'location', header: 'Location', cell: (v) => v.location ?? '', sortValue: (v) => v.location },
];

function renderTable(options: { collapsed?: boolean; rows?: Visit[] } = {}) {
  return renderInApp(
    <SortableTable
      caption="Visits"
      columns={COLUMNS}
      rows={options.rows ?? VISITS}
      rowKey={(v) => v.id}
      rowLabel={(v) => v.date}
      defaultSort={{ column: 'date', direction: 'desc' }}
      emptyText="No visits to display"
      collapsed={options.collapsed}
    />,
  );
}

/** The first cell of each body row, top to bottom. */
const firstCells = () =>
  within(screen.getByRole('table', { name: 'Visits' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the sortable table', () => {
  it('starts in its default order and says so with aria-sort', async () => {
    await renderTable();
    expect(firstCells()).toEqual(['2026-11-20', '2026-03-04', '2025-07-15']);
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Clinician' }).getAttribute('aria-sort')).toBe('none');
  });

  it('sorts by another column descending first, then toggles it, by mouse and by keyboard', async () => {
    const user = userEvent.setup();
    await renderTable();
    await user.click(screen.getByRole('button', { name: 'Clinician' }));
    expect(screen.getByRole('columnheader', { name: 'Clinician' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('none');
    expect(firstCells()).toEqual(['2026-03-04', '2025-07-15', '2026-11-20']);
    screen.getByRole('button', { name: 'Clinician' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Clinician' }).getAttribute('aria-sort')).toBe('ascending');
    expect(firstCells()).toEqual(['2026-11-20', '2025-07-15', '2026-03-04']);
  });

  it('puts rows without a value last in either direction', async () => {
    const user = userEvent.setup();
    await renderTable();
    const locations = () =>
      within(screen.getByRole('table', { name: 'Visits' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    await user.click(screen.getByRole('button', { name: 'Location' }));
    expect(locations()).toEqual(['Riverside', 'Lakeside', '']);
    await user.click(screen.getByRole('button', { name: 'Location' }));
    expect(locations()).toEqual(['Lakeside', 'Riverside', '']);
  });

  it('collapsed, shows the primary columns and expands a row to the others, named for that row', async () => {
    const user = userEvent.setup();
    await renderTable({ collapsed: true });
    expect(screen.queryByRole('columnheader', { name: 'Location' })).toBeNull();
    const expand = screen.getByRole('button', { name: 'Show details of 2026-03-04' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await user.click(expand);
    const collapse = screen.getByRole('button', { name: 'Hide details of 2026-03-04' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(collapse.getAttribute('aria-controls') ?? '');
    expect(details?.textContent).toBe('LocationRiverside');
    await user.click(collapse);
    expect(screen.queryByText('Riverside')).toBeNull();
  });

  it('says so when there are no rows', async () => {
    await renderTable({ rows: [] });
    expect(screen.getByRole('cell', { name: 'No visits to display' })).toBeTruthy();
  });

  it('names its expand buttons in the reader’s language', async () => {
    await renderInApp(
      <SortableTable
        caption="Visitas"
        columns={COLUMNS}
        rows={VISITS}
        rowKey={(v) => v.id}
        rowLabel={(v) => v.date}
        defaultSort={{ column: 'date', direction: 'desc' }}
        emptyText="-"
        collapsed
      />,
      'es-MX',
    );
    expect(screen.getAllByRole('button', { name: /^Mostrar detalles de / })).toHaveLength(3);
  });
});
