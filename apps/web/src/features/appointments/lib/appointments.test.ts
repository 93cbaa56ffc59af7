import { timeZoneName } from '../../../lib/dates';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@portal/contracts';
import {
  appointmentDateText,
  DEFAULT_FILTERS,
  isPast,
  matchesFilters,
  parseDateFilter,
  reminderKey,
} from './appointments';

const NY = 'America/New_York';
const base: Appointment = {
  id: 1,
  date: '2026-03-05T18:07:00Z',
  hasTimePart: true,
  timeZoneId: NY,
  timeZoneAbbreviation: 'EST',
  provider: 'Dr. Raman',
  type: 'Consultation',
  location: 'Clinic B',
  status: 'Scheduled',
  isFiltered: false,
  locationDetails: {
    institution: null,
    address1: null,
    address2: null,
    address3: null,
    city: null,
    provinceState: null,
    postalZip: null,
    country: null,
  },
};
const at = (overrides: Partial<Appointment>): Appointment => ({ ...base, ...overrides });

describe('appointmentDateText', () => {
  it('shows MM/DD/YYYY h:mm A in the facility zone without an abbreviation', () => {
    expect(appointmentDateText(base, NY)).toBe('03/05/2026 1:07 PM');
  });
  it('adds the abbreviation of another zone, in that zone', () => {
    expect(appointmentDateText(at({ timeZoneId: 'America/Chicago', timeZoneAbbreviation: 'CST' }), NY)).toBe(
      '03/05/2026 12:07 PM CST',
    );
  });
  it('shows the date alone when the time is not known', () => {
    expect(appointmentDateText(at({ hasTimePart: false, date: '2026-03-05T12:00:00Z' }), NY)).toBe('03/05/2026');
  });
});

describe('isPast and the date filter', () => {
  const now = new Date('2026-03-05T20:00:00Z'); // 3 PM in New York
  it('compares a timed appointment by its start', () => {
    expect(isPast(base, now)).toBe(true);
    expect(isPast(at({ date: '2026-03-05T21:00:00Z' }), now)).toBe(false);
  });
  it('keeps an appointment without a time upcoming all of its day', () => {
    expect(isPast(at({ hasTimePart: false, date: '2026-03-05T05:00:00Z' }), now)).toBe(false);
    expect(isPast(at({ hasTimePart: false, date: '2026-03-04T05:00:00Z' }), now)).toBe(true);
  });
  it('filters by status, type, provider and date together', () => {
    expect(matchesFilters(base, DEFAULT_FILTERS, now)).toBe(true);
    expect(matchesFilters(base, { ...DEFAULT_FILTERS, date: 'Past' }, now)).toBe(true);
    expect(matchesFilters(base, { ...DEFAULT_FILTERS, date: 'Upcoming' }, now)).toBe(false);
    expect(matchesFilters(base, { ...DEFAULT_FILTERS, status: 'Scheduled', type: 'Consultation' }, now)).toBe(true);
    expect(matchesFilters(base, { ...DEFAULT_FILTERS, provider: 'Dr. Li' }, now)).toBe(false);
  });
  it('leaves out rows the server marks as filtered', () => {
    expect(matchesFilters(at({ isFiltered: true }), DEFAULT_FILTERS, now)).toBe(false);
  });
});

describe('reminderKey', () => {
  it('names the channels the patient gets reminders by', () => {
    expect(reminderKey({ email: true, sms: true })).toBe('appointmentsPage.reminders.emailAndText');
    expect(reminderKey({ email: true, sms: false })).toBe('appointmentsPage.reminders.email');
    expect(reminderKey({ email: false, sms: true })).toBe('appointmentsPage.reminders.text');
    expect(reminderKey({ email: false, sms: false })).toBe('appointmentsPage.reminders.none');
  });
});

describe('timeZoneName', () => {
  it('names the zone in the language, or falls back to the abbreviation', () => {
    expect(timeZoneName(NY, 'EST', 'en-US')).toBe('Eastern Time');
    expect(timeZoneName('Not/AZone', 'EST', 'en-US')).toBe('EST');
  });
});

describe('the date filter preference', () => {
  it('reads a saved value in any case; anything else is All', () => {
    expect(parseDateFilter('past')).toBe('Past');
    expect(parseDateFilter('Upcoming')).toBe('Upcoming');
    expect(parseDateFilter('Tomorrow')).toBe('All');
    expect(parseDateFilter(null)).toBe('All');
  });
});
