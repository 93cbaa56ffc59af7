import { timeZoneName } from '../../../lib/dates';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@portal/contracts';
import { appointmentDateText, DEFAULT_FILTERS, matchesFilters, parseDateFilter, reminderKey } from './appointments';

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
  isUpcoming: false,
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

describe('the filters', () => {
  it('files under Upcoming and Past by the server’s isUpcoming, whatever the date', () => {
    const later = at({ isUpcoming: true });
    expect(matchesFilters(base, { ...DEFAULT_FILTERS, date: 'Past' })).toBe(true);
    expect(matchesFilters(base, { ...DEFAULT_FILTERS, date: 'Upcoming' })).toBe(false);
    expect(matchesFilters(later, { ...DEFAULT_FILTERS, date: 'Past' })).toBe(false);
    expect(matchesFilters(later, { ...DEFAULT_FILTERS, date: 'Upcoming' })).toBe(true);
    expect(matchesFilters(later, DEFAULT_FILTERS)).toBe(true);
  });
  it('filters by status, type, provider and date together', () => {
    expect(matchesFilters(base, DEFAULT_FILTERS)).toBe(true);
    expect(matchesFilters(base, { ...DEFAULT_FILTERS, status: 'Scheduled', type: 'Consultation' })).toBe(true);
    expect(matchesFilters(base, { ...DEFAULT_FILTERS, provider: 'Dr. Li' })).toBe(false);
  });
  it('leaves out rows the server marks as filtered', () => {
    expect(matchesFilters(at({ isFiltered: true }), DEFAULT_FILTERS)).toBe(false);
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
