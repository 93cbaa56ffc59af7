import '@mantine/dates/styles.css';
import { ActionIcon, Group, NativeSelect, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { localeDataOf } from '@portal/contracts';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { dayIn } from '../lib/dates';
import { useTranslation } from '../lib/i18n';
import {
  addDays,
  addMonths,
  clampDay,
  firstDayOfWeek,
  focusDay,
  formatPickerDay,
  inRange,
  monthAllowed,
  monthNamesOf,
  monthOf,
  openingMonth,
  parseTypedDay,
  partsOf,
  rangeOf,
  shownMonth,
  yearsOf,
} from './date-field';
import classes from './DateField.module.css';

export interface DateFieldProps extends Pick<TextInputProps, 'size' | 'w' | 'maw' | 'styles' | 'className' | 'name'> {
  /** The chosen day, 'YYYY-MM-DD', or null when none is. */
  value: string | null;
  /** Called with the day chosen (typed or picked), or null when the field was emptied. */
  onChange: (day: string | null) => void;
  label: ReactNode;
  description?: ReactNode;
  /** The message under the field; the input points at it (aria-describedby) and is marked invalid. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The first and the last day allowed, 'YYYY-MM-DD' (by default 1900-01-01 and 2100-12-31). */
  minDate?: string;
  maxDate?: string;
  /** The input's id (its label, description and error ids derive from it). */
  id?: string;
  /** Today for the calendar's starting month, 'YYYY-MM-DD' (by default the browser's today). */
  today?: string;
}

const ARROW_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The one date field of the portal (spec 002 sections 2.7 and 9): a day shown as 'Mar 5, 2024' in the user's
 * language, typed in any common form (one that does not read as a day is ignored: leaving the field shows the
 * last day again), or picked in a calendar that its button opens, with a month and a year select above it. Its
 * value is a calendar day, 'YYYY-MM-DD', never a Date a time zone could move.
 *
 * Keyboard: the button opens the calendar on the chosen day (else today); the arrow keys move by a day or a
 * week, also into the next or previous month, Page Up and Page Down by a month (with Shift, a year); Enter or
 * Space chooses the day and closes it, Escape closes it; both put the keyboard back on the button. Alt+Down arrow
 * in the input opens it too.
 */
export function DateField({
  value,
  onChange,
  label,
  description,
  error,
  required,
  disabled,
  minDate,
  maxDate,
  id,
  today: todayProp,
  size,
  ...inputProps
}: DateFieldProps) {
  const { t, locale } = useTranslation();
  const localeData = localeDataOf(locale);
  const inputId = useId(id);
  const range = useMemo(() => rangeOf(minDate, maxDate), [minDate, maxDate]);
  const [browserToday] = useState(() => dayIn(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone));
  const today = todayProp ?? browserToday;
  const months = useMemo(() => monthNamesOf(localeData), [localeData]);
  const languages = useMemo(
    () => (localeData === 'en' ? [months] : [months, monthNamesOf('en')]),
    [months, localeData],
  );

  // What the person is typing, while the input has the keyboard; otherwise the field shows its value.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = value ? formatPickerDay(value, localeData) : '';
  const [opened, setOpened] = useState(false);
  const [month, setMonth] = useState(() => openingMonth(value, today, range));
  // The day the keyboard goes to once the calendar shows its month (after an arrow key crossed into another).
  const pendingFocus = useRef<string | null>(null);
  const dropdown = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const day = pendingFocus.current;
    if (!opened || day === null) return;
    pendingFocus.current = null;
    dropdown.current?.querySelector<HTMLButtonElement>(`button[data-day="${day}"]`)?.focus();
  }, [month, opened]);

  const type = (text: string) => {
    setDraft(text);
    if (text.trim() === '') {
      if (value !== null) onChange(null);
      return;
    }
    const day = parseTypedDay(text, languages);
    if (day !== null && day !== value && inRange(day, range)) onChange(day);
  };

  const open = () => {
    setMonth(openingMonth(value, today, range));
    setOpened(true);
  };

  const choose = (day: string | null) => {
    if (day !== null) onChange(day);
    setOpened(false);
  };

  /** Arrow keys and Page Up/Down past the shown month: the calendar turns to the month of the day they reach. */
  const moveAcrossMonths = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const step = ARROW_STEPS[event.key];
    const target =
      step !== undefined
        ? addDays(day, step)
        : event.key === 'PageUp' || event.key === 'PageDown'
          ? addMonths(day, (event.key === 'PageUp' ? -1 : 1) * (event.shiftKey ? 12 : 1))
          : null;
    if (target === null) return;
    if (target.slice(0, 7) === month.slice(0, 7)) return; // the calendar moves within its month itself
    event.preventDefault();
    const reached = clampDay(target, range);
    if (reached.slice(0, 7) === month.slice(0, 7)) return;
    pendingFocus.current = reached;
    setMonth(monthOf(reached));
  };

  const [shownYear, shownMonthNumber] = partsOf(month);
  const firstMonth = monthOf(range.min);
  const lastMonth = monthOf(range.max);
  const keyboardDay = focusDay(month, value, today, range);

  const calendarButton = (
    <Popover.Target>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        size="lg"
        disabled={disabled}
        aria-label={t('dateField.chooseDate')}
        aria-describedby={`${inputId}-label`}
        onClick={() => (opened ? setOpened(false) : open())}
      >
        <CalendarIcon />
      </ActionIcon>
    </Popover.Target>
  );

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus position="bottom-end" shadow="md" withinPortal>
      <TextInput
        {...inputProps}
        id={inputId}
        size={size}
        label={label}
        description={description}
        error={error}
        required={required}
        disabled={disabled}
        autoComplete="off"
        placeholder={t('dateField.placeholder', { example: formatPickerDay('2024-03-05', localeData) })}
        value={draft ?? shown}
        onFocus={() => setDraft(shown)}
        onChange={(event) => type(event.currentTarget.value)}
        onBlur={() => setDraft(null)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setDraft(null);
          if (event.key === 'ArrowDown' && event.altKey) {
            event.preventDefault();
            open();
          }
        }}
        rightSection={calendarButton}
        rightSectionPointerEvents="all"
        rightSectionWidth={44}
      />
      <Popover.Dropdown ref={dropdown} className={classes.dropdown}>
        <Group gap={4} wrap="nowrap" className={classes.header}>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            aria-label={t('dateField.previousMonth')}
            disabled={month <= firstMonth}
            onClick={() => setMonth(addMonths(month, -1))}
          >
            <ArrowIcon direction="previous" />
          </ActionIcon>
          <NativeSelect
            aria-label={t('dateField.month')}
            size="sm"
            className={classes.month}
            value={String(shownMonthNumber)}
            onChange={(event) => setMonth(shownMonth(shownYear, Number(event.currentTarget.value), range))}
            data={months.long.map((name, i) => ({
              value: String(i + 1),
              label: name,
              disabled: !monthAllowed(shownYear, i + 1, range),
            }))}
          />
          <NativeSelect
            aria-label={t('dateField.year')}
            size="sm"
            className={classes.year}
            value={String(shownYear)}
            onChange={(event) => setMonth(shownMonth(Number(event.currentTarget.value), shownMonthNumber, range))}
            data={yearsOf(range).map(String)}
          />
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            aria-label={t('dateField.nextMonth')}
            disabled={month >= lastMonth}
            onClick={() => setMonth(addMonths(month, 1))}
          >
            <ArrowIcon direction="next" />
          </ActionIcon>
        </Group>
        <DatePicker
          value={value}
          onChange={choose}
          date={month}
          onDateChange={(day) => setMonth(monthOf(day))}
          minDate={range.min}
          maxDate={range.max}
          locale={localeData}
          firstDayOfWeek={firstDayOfWeek(locale)}
          maxLevel="month"
          // The days of the months before and after are left out: at half opacity they cannot be read, and the
          // arrows and selects above turn the month.
          hideOutsideDates
          highlightToday
          classNames={{ calendarHeader: classes.calendarHeader, day: classes.day }}
          getDayProps={(day) => ({
            'data-day': day,
            'data-autofocus': day === keyboardDay || undefined,
            'aria-pressed': day === value,
            'aria-current': day === today ? 'date' : undefined,
            onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => moveAcrossMonths(event, day),
          })}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect x="2.5" y="4" width="15" height="13.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M2.5 8.5 H17.5 M6.5 2 V5.5 M13.5 2 V5.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <rect x="5.5" y="11" width="3" height="3" fill="currentColor" />
    </svg>
  );
}

function ArrowIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      style={{ transform: direction === 'previous' ? 'rotate(180deg)' : undefined }}
    >
      <path d="M6 3 L11 8 L6 13" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
