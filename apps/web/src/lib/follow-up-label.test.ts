import { describe, expect, it } from 'vitest';
import { followUpLabel } from './follow-up-label';

const createTranslator =
  (strings: Record<string, string>) =>
  (key: string, params: Record<string, string | number> = {}) =>
    (strings[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));

// The English and Spanish texts of the keys (the packs live with the server, in dashboard.json).
const t = createTranslator({
  'dashboard.followUpYearsMonths': '{yearPart} {monthPart} Follow-up',
  'dashboard.followUpPeriod': '{period} Follow-up',
  'dashboard.yearOne': '{years} Year',
  'dashboard.yearOther': '{years} Year',
  'dashboard.monthOne': '{months} Month',
  'dashboard.monthOther': '{months} Month',
  'dashboard.followUp': 'Follow-up',
});
const spanish = createTranslator({
  'dashboard.followUpYearsMonths': 'Seguimiento de {yearPart} y {monthPart}',
  'dashboard.followUpPeriod': 'Seguimiento de {period}',
  'dashboard.yearOne': '{years} año',
  'dashboard.yearOther': '{years} años',
  'dashboard.monthOne': '{months} mes',
  'dashboard.monthOther': '{months} meses',
});

describe('followUpLabel', () => {
  it('rebuilds the follow-up label from its parts in the language', () => {
    const item = (y: number, m: number) => ({ followUpLabel: 'from server', followUpLabelParts: { y, m } });
    expect(followUpLabel(item(1, 6), t)).toBe('1 Year 6 Month Follow-up');
    expect(followUpLabel(item(1, 0), t)).toBe('1 Year Follow-up');
    expect(followUpLabel(item(0, 6), t)).toBe('6 Month Follow-up');
    expect(followUpLabel(item(2, 0), t)).toBe('2 Year Follow-up');
    expect(followUpLabel(item(2, 1), spanish)).toBe('Seguimiento de 2 años y 1 mes');
    expect(followUpLabel(item(1, 0), spanish)).toBe('Seguimiento de 1 año');
    expect(followUpLabel(item(0, 3), spanish)).toBe('Seguimiento de 3 meses');
  });

  it('says Follow-up in the language when there is no period, and uses the server’s label without parts', () => {
    expect(followUpLabel({ followUpLabel: 'Follow-up', followUpLabelParts: { y: 0, m: 0 } }, t)).toBe('Follow-up');
    expect(
      followUpLabel(
        { followUpLabel: 'Follow-up', followUpLabelParts: { y: 0, m: 0 } },
        createTranslator({ 'dashboard.followUp': 'Seguimiento' }),
      ),
    ).toBe('Seguimiento');
    expect(followUpLabel({ followUpLabel: 'from server', followUpLabelParts: null }, t)).toBe('from server');
    expect(followUpLabel({ followUpLabel: null, followUpLabelParts: null }, t)).toBe('Follow-up');
  });
});
