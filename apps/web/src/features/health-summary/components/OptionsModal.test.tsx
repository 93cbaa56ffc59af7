import type { ExternalSystem, OfficeVisit } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { freshQueryClient, withProviders } from '../../../test/providers';
import { renderInApp } from '../../../test/render';
import { officeVisitsQuery } from '../api/office-visits';
import { initialOptions } from '../lib/options';
import { OptionsModal } from './OptionsModal';

// 'View Your Health Summary': a date range (of a system, when there are several) or a recent visit; Update Summary
// checks the chosen one (the packs' messages, the keyboard on the first field with one) and hands the page what
// to show; Cancel hands nothing.

const PATIENT = 7;
const TODAY = '2026-12-03';

const system = (externalSystemId: number, name: string): ExternalSystem => ({
  externalSystemId,
  name,
  activeTriggerEventTypes: ['CcdaRequested'],
});
const RIVERSIDE = system(1, 'Riverside HIE');
const LAKESIDE = system(2, 'Lakeside Clinic');

const visit = (ccdaId: number, ifSystemId: number, encounterDate: string, provider: string): OfficeVisit => ({
  ifSystemId,
  ccdaId,
  encounterDate,
  encounterTime: null,
  visitType: 'Office visit',
  provider,
  location: null,
  systemName: ifSystemId === 1 ? RIVERSIDE.name : LAKESIDE.name,
  sendSecurelyDisabled: false,
});
const VISITS = [visit(31, 1, '2026-11-20', 'Dr. Priya Raman'), visit(32, 1, '2026-10-02', 'Dr. Sam Brooks')];

beforeEach(() => {
  stubFetch(() => ({ json: [] }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderOptions({
  systems = [RIVERSIDE],
  visits = VISITS,
}: { systems?: ExternalSystem[]; visits?: OfficeVisit[] } = {}) {
  const client = freshQueryClient();
  client.setQueryData(officeVisitsQuery(PATIENT).queryKey, visits);
  const onApply = vi.fn();
  const onClose = vi.fn();
  await renderInApp(
    withProviders(
      <OptionsModal
        patientId={PATIENT}
        opened
        systems={systems}
        initial={initialOptions(
          TODAY,
          systems.map((s) => s.externalSystemId),
        )}
        today={TODAY}
        onApply={onApply}
        onClose={onClose}
      />,
      client,
    ),
  );
  const dialog = await screen.findByRole('dialog', { name: 'View Your Health Summary' });
  // The dialog has put the keyboard in it before a test types.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { dialog, onApply, onClose };
}

const field = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole<HTMLInputElement>('textbox', { name: new RegExp(`^${name}`) });

/** The error a field says (Mantine ties it to the field by aria-describedby), or null. */
function errorOf(element: HTMLElement): string | null {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
}

describe('the health summary options', () => {
  it('opens on the last year, and Update Summary hands the page that range of the one system', async () => {
    const user = userEvent.setup();
    const { dialog, onApply } = await renderOptions();
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'A date range' }).checked).toBe(true);
    expect(field(dialog, 'Start Date').value).toBe('Dec 3, 2025');
    expect(field(dialog, 'End Date').value).toBe('Dec 3, 2026');
    // One system: nothing to choose.
    expect(within(dialog).queryByRole('combobox', { name: /^System/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Update Summary' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]?.[0]).toEqual({
      kind: 'range',
      ifSystemId: 1,
      startDate: '2025-12-03',
      endDate: '2026-12-03',
    });
  });

  it('asks for both days, on the start date first, in the pack’s words', async () => {
    const user = userEvent.setup();
    const { dialog, onApply } = await renderOptions();
    const start = field(dialog, 'Start Date');
    await user.clear(start);
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Update Summary' }));
    expect(errorOf(start)).toBe('Please provide a Start Date and End Date');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(start);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('swaps a start after its end', async () => {
    const user = userEvent.setup();
    const { dialog, onApply } = await renderOptions();
    const start = field(dialog, 'Start Date');
    const end = field(dialog, 'End Date');
    await user.clear(start);
    await user.type(start, '11/30/2026');
    await user.clear(end);
    await user.type(end, '6/1/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Update Summary' }));
    expect(onApply.mock.calls[0]?.[0]).toEqual({
      kind: 'range',
      ifSystemId: 1,
      startDate: '2026-06-01',
      endDate: '2026-11-30',
    });
  });

  it('with several systems, requires one and lists them by name', async () => {
    const user = userEvent.setup();
    const { dialog, onApply } = await renderOptions({ systems: [RIVERSIDE, LAKESIDE] });
    const choice = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /^System/ });
    expect(Array.from(choice.options, (o) => o.textContent)).toEqual([
      'Choose a system',
      'Riverside HIE',
      'Lakeside Clinic',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Update Summary' }));
    expect(errorOf(choice)).toBe('Required');
    expect(document.activeElement).toBe(choice);
    expect(onApply).not.toHaveBeenCalled();
    await user.selectOptions(choice, 'Lakeside Clinic');
    expect(errorOf(choice)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Update Summary' }));
    expect(onApply.mock.calls[0]?.[0]).toMatchObject({ kind: 'range', ifSystemId: 2 });
  });

  it('a recent visit: asks for one, then hands the page the visit chosen by keyboard', async () => {
    const user = userEvent.setup();
    const { dialog, onApply } = await renderOptions();
    await user.click(within(dialog).getByRole('radio', { name: 'A recent visit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Summary' }));
    const list = within(dialog).getByRole('radiogroup', { name: 'Recent visits' });
    expect(errorOf(list)).toBe('Please select a past visit');
    const [newest, older] = within(list).getAllByRole('radio');
    expect(within(list).getByRole('radio', { name: /^Nov 20, 2026/ })).toBe(newest);
    await waitFor(() => expect(document.activeElement).toBe(newest));
    await user.keyboard('{ArrowDown}');
    expect((older as HTMLInputElement | undefined)?.checked).toBe(true);
    expect(dialog.textContent).not.toContain('Please select a past visit');
    await user.click(within(dialog).getByRole('button', { name: 'Update Summary' }));
    expect(onApply.mock.calls[0]?.[0]).toEqual({ kind: 'visit', visit: VISITS[1] });
  });

  it('without recent visits, the choice is unavailable and says why', async () => {
    const { dialog } = await renderOptions({ visits: [visit(40, 9, '2026-11-01', 'Dr. Other')] });
    const visits = within(dialog).getByRole<HTMLInputElement>('radio', { name: /^A recent visit/ });
    expect(visits.disabled).toBe(true);
    expect(dialog.textContent).toContain('There are no recent visits to choose from.');
  });

  it('Cancel hands the page nothing', async () => {
    const user = userEvent.setup();
    const { dialog, onApply, onClose } = await renderOptions();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
  });
});
