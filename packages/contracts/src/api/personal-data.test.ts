import { describe, expect, it } from 'vitest';
import {
  ActivityLogQuerySchema,
  PersonalDataExportQuerySchema,
  activityLogPath,
  personalDataFileName,
} from './personal-data';

describe('personal data', () => {
  it('names the export from first name, last name, date and PersonalData', () => {
    expect(personalDataFileName('Jane', 'Doe', '2026-03-05')).toBe('JaneDoe_2026-03-05_PersonalData.xml');
    expect(personalDataFileName('Mary Ann', "O'Brien-Smith", '2026-03-05')).toBe(
      'MaryAnnOBrien-Smith_2026-03-05_PersonalData.xml',
    );
    expect(personalDataFileName('José', '李', '2026-03-05')).toBe('José李_2026-03-05_PersonalData.xml');
    expect(personalDataFileName('a/b', 'c\\d:e', '2026-03-05')).toBe('abcde_2026-03-05_PersonalData.xml');
  });

  it('requires both days of the activity log; the page defaults to 1', () => {
    expect(ActivityLogQuerySchema.parse({ startDate: '2026-01-01', endDate: '2026-03-05' })).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-03-05',
      page: 1,
    });
    expect(ActivityLogQuerySchema.safeParse({ startDate: '2026-01-01' }).success).toBe(false);
    expect(ActivityLogQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-13-01' }).success).toBe(false);
    expect(ActivityLogQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-01-02', x: 1 }).success).toBe(
      false,
    );
    expect(
      ActivityLogQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-01-02', who: 'user-12' }).success,
    ).toBe(true);
    expect(
      ActivityLogQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-01-02', who: 'other' }).success,
    ).toBe(true);
    expect(
      ActivityLogQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-01-02', who: 'user-0' }).success,
    ).toBe(false);
    expect(
      ActivityLogQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-01-02', who: "user-1'" }).success,
    ).toBe(false);
    expect(
      ActivityLogQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-01-02', kind: 'views' }).success,
    ).toBe(true);
    expect(
      ActivityLogQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-01-02', kind: 'all' }).success,
    ).toBe(false);
    expect(ActivityLogQuerySchema.parse({ startDate: '2026-01-01', endDate: '2026-01-02', who: '', kind: '' })).toEqual(
      {
        startDate: '2026-01-01',
        endDate: '2026-01-02',
        page: 1,
      },
    );
    expect(activityLogPath(7)).toBe('/api/patients/7/audits/report');
  });
});

describe('PersonalDataExportQuerySchema', () => {
  it('takes the language shown, or none, and nothing else', () => {
    expect(PersonalDataExportQuerySchema.parse({ language: 'es-MX' })).toEqual({ language: 'es-MX' });
    expect(PersonalDataExportQuerySchema.parse({})).toEqual({});
    expect(PersonalDataExportQuerySchema.safeParse({ format: 'zip' }).success).toBe(false);
  });
});
