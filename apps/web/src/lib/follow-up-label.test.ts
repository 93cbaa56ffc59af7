import { describe, expect, it } from 'vitest';
import { followUpLabel } from './follow-up-label';
import { createTranslator } from './translator';

// The English and Spanish texts of the keys (the packs live with the server, in dashboard.json).
const t = createTranslator({
  'dashboard.followUpYearsMonths': '{yearPart} {monthPart} Follow-up',
  'dashboard.followUpPeriod': '{period} Follow-up',
  'dashboard.year.one': '{years} Year',
  'dashboard.year.other': '{years} Year',
  'dashboard.month.one': '{months} Month',
  'dashboard.month.other': '{months} Month',
  'dashboard.followUp': 'Follow-up',
});
const spanish = createTranslator(
  {
    'dashboard.followUpYearsMonths': 'Seguimiento de {yearPart} y {monthPart}',
    'dashboard.followUpPeriod': 'Seguimiento de {period}',
    'dashboard.year.one': '{years} año',
    'dashboard.year.other': '{years} años',
    'dashboard.month.one': '{months} mes',
    'dashboard.month.other': '{months} meses',
  },
  'es-MX',
);

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
