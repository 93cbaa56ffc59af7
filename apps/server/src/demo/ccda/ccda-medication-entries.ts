import { codeElement, templateId, type Coded } from './ccda-codes';
import { entryId, interval, pq, status, type EntryBase, type Quantity } from './ccda-entry-parts';
import { textReference } from './ccda-narrative';
import { performer, type CcdaProvider } from './ccda-participants';
import { el, type Xml } from './xml';

// The entries of medications and immunizations: substance administrations (ccda-entry-parts.ts).

/* ------------------------------------------------------------ medications */

export interface MedicationEntry extends EntryBase {
  drug: Coded;
  status: 'active' | 'completed';
  start: string;
  end: string | null;
  /** Every so many hours (24: once a day), or null for a course given on its own schedule. */
  everyHours: number | null;
  route: Coded | null;
  dose: Quantity | null;
  prescriber: CcdaProvider | null;
}

/** Medication Activity (V2) with its Medication Information. */
export function medicationEntry(m: MedicationEntry): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'substanceAdministration',
      { classCode: 'SBADM', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.16', '2014-06-09'),
      entryId(m),
      textReference(m.ref),
      status(m.status),
      interval(m.start, m.end),
      m.everyHours
        ? el(
            'effectiveTime',
            { 'xsi:type': 'PIVL_TS', institutionSpecified: true, operator: 'A' },
            el('period', { value: m.everyHours, unit: 'h' }),
          )
        : null,
      m.route ? codeElement('routeCode', m.route) : null,
      m.dose ? pq('doseQuantity', m.dose) : null,
      el(
        'consumable',
        null,
        el(
          'manufacturedProduct',
          { classCode: 'MANU' },
          templateId('2.16.840.1.113883.10.20.22.4.23', '2014-06-09'),
          el('manufacturedMaterial', null, codeElement('code', m.drug)),
        ),
      ),
      m.prescriber ? performer(m.prescriber) : null,
    ),
  );
}

/* ----------------------------------------------------------- immunizations */

export interface ImmunizationEntry extends EntryBase {
  vaccine: Coded;
  time: string;
  route: Coded;
  lotNumber: string;
  performer: CcdaProvider | null;
}

/** Immunization Activity (V3) with its Immunization Medication Information (V2). */
export function immunizationEntry(i: ImmunizationEntry): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'substanceAdministration',
      { classCode: 'SBADM', moodCode: 'EVN', negationInd: false },
      templateId('2.16.840.1.113883.10.20.22.4.52', '2015-08-01'),
      entryId(i),
      textReference(i.ref),
      status('completed'),
      el('effectiveTime', { value: i.time }),
      codeElement('routeCode', i.route),
      el(
        'consumable',
        null,
        el(
          'manufacturedProduct',
          { classCode: 'MANU' },
          templateId('2.16.840.1.113883.10.20.22.4.54', '2014-06-09'),
          el('manufacturedMaterial', null, codeElement('code', i.vaccine), el('lotNumberText', null, i.lotNumber)),
        ),
      ),
      i.performer ? performer(i.performer) : null,
    ),
  );
}
