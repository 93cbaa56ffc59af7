import { describe, expect, it } from 'vitest';
import type { KioskPatientRow } from '@portal/contracts';
import { ALL_FACILITIES, nameSortValue, patientKioskLoginUrl, patientName, rowsOfFacility } from './kiosk';
import { kioskEntrySecretOf } from './kiosk-entry-path';

const row = (patientId: number, facilityId: number): KioskPatientRow => ({
  patientId,
  firstName: 'Ava',
  lastName: 'Zimmer',
  dateOfBirth: '1970-03-15',
  mrn: `M-${patientId}`,
  facilityId,
  facilityShortName: facilityId === 1 ? 'Riverside' : 'Lakeside',
  questionnaireTitles: ['PHQ-9'],
  canStartByPatient: true,
});

describe('the kiosk list', () => {
  it('shows all rows or one facility’s', () => {
    const rows = [row(1, 1), row(2, 2), row(3, 1)];
    expect(rowsOfFacility(rows, ALL_FACILITIES).map((r) => r.patientId)).toEqual([1, 2, 3]);
    expect(rowsOfFacility(rows, '1').map((r) => r.patientId)).toEqual([1, 3]);
    expect(rowsOfFacility(rows, '2').map((r) => r.patientId)).toEqual([2]);
    expect(rowsOfFacility(rows, '9')).toEqual([]);
  });

  it('names the patient first name first, and sorts by last name then first name', () => {
    expect(patientName({ firstName: 'Ava', lastName: 'Zimmer' })).toBe('Ava Zimmer');
    const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
    const names = [
      { firstName: 'Al', lastName: 'Adamson' },
      { firstName: 'Zed', lastName: 'Adams' },
      { firstName: 'Ben', lastName: 'Adams' },
    ];
    const sorted = [...names].sort((a, b) => collator.compare(nameSortValue(a), nameSortValue(b)));
    expect(sorted.map(patientName)).toEqual(['Ben Adams', 'Zed Adams', 'Al Adamson']);
  });

  it('sends the browser to the patient’s facility’s kiosk user login with the ticket', () => {
    expect(patientKioskLoginUrl({ facilityUrl: 'http://lakeside.localhost:8080', data: 'a+b/c=' }, 42)).toBe(
      'http://lakeside.localhost:8080/patientKioskUserLogin?ptId=42&data=a%2Bb%2Fc%3D&startIfOnlyOne=true',
    );
    expect(patientKioskLoginUrl({ facilityUrl: 'https://portal.example.org/', data: 'T1' }, 7)).toBe(
      'https://portal.example.org/patientKioskUserLogin?ptId=7&data=T1&startIfOnlyOne=true',
    );
  });
});

describe('the kiosk entry address', () => {
  it('reads the secret of /kio{secret} and nothing else', () => {
    expect(kioskEntrySecretOf('/kiorcc-lobby-kiosk-5Tn8Wd2QxK7v')).toBe('rcc-lobby-kiosk-5Tn8Wd2QxK7v');
    expect(kioskEntrySecretOf('/kiorcc-lobby-kiosk-5Tn8Wd2QxK7v/')).toBe('rcc-lobby-kiosk-5Tn8Wd2QxK7v');
    for (const path of [
      '/kioskLogin',
      '/kio',
      '/kioshort',
      '/kiorcc-lobby-kiosk-5Tn8Wd2QxK7v/more',
      '/x/kiorcc-lobby-kiosk-5Tn8Wd2QxK7v',
      '/kiorcc lobby kiosk 5Tn8Wd2QxK7v',
      `/kio${'a'.repeat(101)}`,
      '/dashboard',
    ]) {
      expect(kioskEntrySecretOf(path), path).toBeNull();
    }
  });
});
