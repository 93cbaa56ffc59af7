import { SUPPORTED_LOCALES, type LocaleData } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDateLocale } from '../lib/dates';
import {
  addDays,
  addMonths,
  clampDay,
  DEFAULT_RANGE,
  dayOf,
  firstDayOfWeek,
  focusDay,
  formatPickerDay,
  inRange,
  monthAllowed,
  monthNamesOf,
  openingMonth,
  parseTypedDay,
  rangeOf,
  shownMonth,
  yearsOf,
} from './date-field';

const LOCALES: LocaleData[] = ['en-ca', 'en-gb', 'es', 'fr-ca', 'pt-br', 'zh'];

beforeAll(async () => {
  // Registers every language's data with the date library, as the app does when the user picks one.
  for (const locale of LOCALES) await setDateLocale(locale);
  await setDateLocale('en');
});

afterAll(async () => {
  await setDateLocale('en');
});

describe('formatPickerDay', () => {
  it("shows 'MMM D, YYYY' (the spec's 'MMM d, yyyy'), no leading zero on the day", () => {
    expect(formatPickerDay('2024-03-05', 'en')).toBe('Mar 5, 2024');
    expect(formatPickerDay('2025-12-31', 'en')).toBe('Dec 31, 2025');
    expect(formatPickerDay('2000-01-01', 'en-gb')).toBe('Jan 1, 2000');
  });

  it('names the month in the user’s language, in the same order', () => {
    expect(formatPickerDay('2024-03-05', 'es')).toBe('mar 5, 2024');
    expect(formatPickerDay('2024-02-05', 'fr-ca')).toBe('févr. 5, 2024');
    expect(formatPickerDay('2024-03-05', 'pt-br')).toBe('mar 5, 2024');
    expect(formatPickerDay('2024-03-05', 'zh')).toBe('3月 5, 2024');
  });

  it('is the calendar day itself, whatever the time zone (the day is never read as a UTC instant)', () => {
    // A 'YYYY-MM-DD' read as UTC midnight would show the 4th in America/New_York; the field shows the 5th.
    expect(formatPickerDay('2024-03-05', 'en')).toContain(' 5,');
  });
});

describe('parseTypedDay', () => {
  const en = () => [monthNamesOf('en')];

  it('reads the form the field shows, and the month’s full name', () => {
    expect(parseTypedDay('Mar 5, 2024', en())).toBe('2024-03-05');
    expect(parseTypedDay('  mar 5 2024 ', en())).toBe('2024-03-05');
    expect(parseTypedDay('March 5, 2024', en())).toBe('2024-03-05');
    expect(parseTypedDay('Sept 30, 2024', en())).toBe('2024-09-30');
    expect(parseTypedDay('5 March 2024', en())).toBe('2024-03-05');
    expect(parseTypedDay('5 Mar. 2024', en())).toBe('2024-03-05');
  });

  it('reads digits month first (MM/DD/YYYY, as the portal writes them) and the ISO form', () => {
    expect(parseTypedDay('3/5/2024', en())).toBe('2024-03-05');
    expect(parseTypedDay('03/05/2024', en())).toBe('2024-03-05');
    expect(parseTypedDay('12-31-2024', en())).toBe('2024-12-31');
    expect(parseTypedDay('2024-03-05', en())).toBe('2024-03-05');
    expect(parseTypedDay('2024/3/5', en())).toBe('2024-03-05');
  });

  it('reads the user’s language and English', () => {
    const es = [monthNamesOf('es'), monthNamesOf('en')];
    expect(parseTypedDay('mar 5, 2024', es)).toBe('2024-03-05');
    expect(parseTypedDay('5 de marzo de 2024', es)).toBe('2024-03-05');
    expect(parseTypedDay('dic 24, 2024', es)).toBe('2024-12-24');
    expect(parseTypedDay('Aug 1, 2024', es)).toBe('2024-08-01');
    const fr = [monthNamesOf('fr-ca'), monthNamesOf('en')];
    expect(parseTypedDay('févr. 5, 2024', fr)).toBe('2024-02-05');
    expect(parseTypedDay('5 fevrier 2024', fr)).toBe('2024-02-05');
    expect(parseTypedDay('juil. 14, 2024', fr)).toBe('2024-07-14');
    const pt = [monthNamesOf('pt-br'), monthNamesOf('en')];
    expect(parseTypedDay('5 de março de 2024', pt)).toBe('2024-03-05');
    const zh = [monthNamesOf('zh'), monthNamesOf('en')];
    expect(parseTypedDay('3月 5, 2024', zh)).toBe('2024-03-05');
    expect(parseTypedDay('2024年3月5日', zh)).toBe('2024-03-05');
  });

  it('reads back what it shows, in every language', () => {
    for (const locale of ['en', ...LOCALES] as LocaleData[]) {
      const languages = [monthNamesOf(locale), monthNamesOf('en')];
      for (const day of [
        '2024-01-31',
        '2024-02-29',
        '2024-05-01',
        '2024-06-15',
        '2024-07-04',
        '2024-09-09',
        '2024-12-25',
      ]) {
        expect(parseTypedDay(formatPickerDay(day, locale), languages), `${locale} ${day}`).toBe(day);
      }
    }
  });

  it('ignores what does not read as a day: half typed, no real day, no four-digit year, a month it cannot tell', () => {
    for (const text of [
      '',
      '   ',
      'Mar 5',
      'Mar 5, 202',
      '3/5/24',
      '3/5/20245',
      '2024-02-30',
      '2/29/2023',
      '13/1/2024',
      'Ma 5, 2024',
      'Jux 5, 2024',
      'tomorrow',
      'Mar 5 5, 2024',
      '5 5 2024',
    ]) {
      expect(parseTypedDay(text, [monthNamesOf('en')]), text).toBeNull();
    }
  });
});

describe('the range a field allows', () => {
  const range = rangeOf('2000-03-15', '2002-10-20');

  it('defaults to 1900 to 2100', () => {
    expect(rangeOf()).toEqual(DEFAULT_RANGE);
    expect(rangeOf(undefined, '2030-01-01')).toEqual({ min: '1900-01-01', max: '2030-01-01' });
  });

  it('includes both ends and clamps to them', () => {
    expect(inRange('2000-03-15', range)).toBe(true);
    expect(inRange('2002-10-20', range)).toBe(true);
    expect(inRange('2000-03-14', range)).toBe(false);
    expect(inRange('2002-10-21', range)).toBe(false);
    expect(clampDay('1999-01-01', range)).toBe('2000-03-15');
    expect(clampDay('2030-01-01', range)).toBe('2002-10-20');
    expect(clampDay('2001-06-01', range)).toBe('2001-06-01');
  });

  it('limits the year select and the months of its first and last years', () => {
    expect(yearsOf(range)).toEqual([2000, 2001, 2002]);
    expect(monthAllowed(2000, 2, range)).toBe(false);
    expect(monthAllowed(2000, 3, range)).toBe(true);
    expect(monthAllowed(2001, 1, range)).toBe(true);
    expect(monthAllowed(2002, 10, range)).toBe(true);
    expect(monthAllowed(2002, 11, range)).toBe(false);
  });

  it('moves the calendar to the nearest month the range allows when a select goes past it', () => {
    expect(shownMonth(2001, 1, range)).toBe('2001-01-01');
    expect(shownMonth(2000, 1, range)).toBe('2000-03-01');
    expect(shownMonth(2002, 12, range)).toBe('2002-10-01');
  });
});

describe('where the calendar opens and where the keyboard lands', () => {
  const range = rangeOf('2000-01-01', '2100-12-31');

  it('opens on the chosen day’s month, else today’s, else the nearest the range allows', () => {
    expect(openingMonth('2024-03-05', '2026-07-20', range)).toBe('2024-03-01');
    expect(openingMonth(null, '2026-07-20', range)).toBe('2026-07-01');
    expect(openingMonth(null, '2026-07-20', rangeOf('2030-05-10'))).toBe('2030-05-01');
    expect(openingMonth('1990-01-01', '2026-07-20', range)).toBe('2026-07-01');
  });

  it('puts the keyboard on the chosen day, else today, else the month’s first allowed day', () => {
    expect(focusDay('2024-03-01', '2024-03-05', '2024-03-20', range)).toBe('2024-03-05');
    expect(focusDay('2024-03-01', null, '2024-03-20', range)).toBe('2024-03-20');
    expect(focusDay('2024-04-01', '2024-03-05', '2024-03-20', range)).toBe('2024-04-01');
    expect(focusDay('2030-05-01', null, '2026-07-20', rangeOf('2030-05-10'))).toBe('2030-05-10');
  });
});

describe('moving by days and months', () => {
  it('crosses months and years by days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2024-12-29', 7)).toBe('2025-01-05');
    expect(addDays('2024-01-03', -7)).toBe('2023-12-27');
  });

  it('keeps the day of the month, or the month’s last day', () => {
    expect(addMonths('2024-03-05', 1)).toBe('2024-04-05');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-12-15', 1)).toBe('2025-01-15');
    expect(addMonths('2024-01-15', -12)).toBe('2023-01-15');
  });

  it('knows a real day', () => {
    expect(dayOf(2024, 2, 29)).toBe('2024-02-29');
    expect(dayOf(2023, 2, 29)).toBeNull();
    expect(dayOf(2024, 13, 1)).toBeNull();
    expect(dayOf(999, 1, 1)).toBeNull();
  });
});

describe('firstDayOfWeek', () => {
  it('starts the week on Sunday for en-US, en-CA, fr-CA and pt-BR, on Monday for en-GB, es and zh (spec 002 section 9)', () => {
    expect(Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [locale, firstDayOfWeek(locale)]))).toEqual({
      'en-US': 0,
      'en-CA': 0,
      // en-AU reads dates as en-CA does.
      'en-AU': 0,
      'en-GB': 1,
      'es-MX': 1,
      'fr-CA': 0,
      'pt-BR': 0,
      zh: 1,
    });
  });
});
