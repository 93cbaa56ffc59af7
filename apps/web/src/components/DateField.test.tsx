import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { DateField } from './DateField';

/** The field as a form holds it: its value in state, and every change reported. */
function Harness({ initial, onChange }: { initial: string | null; onChange: (day: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Date of birth"
        value={value}
        onChange={(day) => {
          setValue(day);
          onChange(day);
        }}
        minDate="1900-01-01"
        maxDate="2026-12-02"
        today="2026-12-02"
      />
      <button type="button">Next field</button>
    </>
  );
}

async function renderField(initial: string | null = null, locale: 'en-US' | 'es-MX' = 'en-US') {
  const onChange = vi.fn();
  await renderInApp(<Harness initial={initial} onChange={onChange} />, locale);
  return { onChange, input: screen.getByRole<HTMLInputElement>('textbox', { name: /^Date of birth|^Fecha/ }) };
}

describe('the date field', () => {
  it('shows its day in words and reads a typed day as a calendar day', async () => {
    const user = userEvent.setup();
    const { input, onChange } = await renderField('1968-04-12');
    expect(input.value).toBe('Apr 12, 1968');
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(input, '3/5/1970');
    expect(onChange).toHaveBeenLastCalledWith('1970-03-05');
    await user.tab();
    expect(input.value).toBe('Mar 5, 1970');
  });

  it('ignores what does not read as a day, or a day out of its range, and shows its day again on leaving', async () => {
    const user = userEvent.setup();
    const { input, onChange } = await renderField('1968-04-12');
    await user.click(input);
    await user.keyboard('{Control>}a{/Control}');
    await user.keyboard('next tuesday');
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('Apr 12, 1968');
    await user.type(input, '1/1/2030');
    expect(onChange).not.toHaveBeenCalledWith('2030-01-01');
  });

  it('opens a calendar from its button, where Enter chooses the day and gives the keyboard back', async () => {
    const user = userEvent.setup();
    const { input, onChange } = await renderField('1968-04-12');
    const button = screen.getByRole('button', { name: 'Choose a date' });
    await user.click(button);
    // The calendar fades in: its selects are there once the transition has run.
    await waitFor(() => {
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Month' }).value).toBe('4');
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Year' }).value).toBe('1968');
    });
    const chosen = document.querySelector<HTMLButtonElement>('button[data-day="1968-04-12"]');
    expect(chosen).not.toBeNull();
    chosen?.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('1968-04-13');
    expect(input.value).toBe('Apr 13, 1968');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Month' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('reads and shows days in Spanish, and still takes English month names', async () => {
    const user = userEvent.setup();
    const { input, onChange } = await renderField('1968-04-12', 'es-MX');
    expect(input.value).toMatch(/abr/);
    await user.clear(input);
    await user.type(input, 'March 5, 1970');
    expect(onChange).toHaveBeenLastCalledWith('1970-03-05');
    expect(screen.getByRole('button', { name: 'Elegir una fecha' })).toBeTruthy();
  });
});
