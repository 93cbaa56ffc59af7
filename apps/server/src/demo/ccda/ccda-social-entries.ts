import { cdValue, codeElement, templateId, type Coded } from './ccda-codes';
import { entryId, pq, status, type EntryBase, type Quantity } from './ccda-entry-parts';
import { textReference } from './ccda-narrative';
import { el, type Xml } from './xml';

// The entries of social history: smoking status, a measured habit, birth sex (ccda-entry-parts.ts).

/* ---------------------------------------------------------- social history */

/** Smoking Status - Meaningful Use (V2). */
export function smokingStatusEntry(s: EntryBase & { status: Coded; time: string }): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.78', '2014-06-09'),
      entryId(s),
      codeElement('code', { code: '72166-2', system: 'LOINC', display: 'Tobacco smoking status' }),
      textReference(s.ref),
      status('completed'),
      el('effectiveTime', { value: s.time }),
      cdValue(s.status),
    ),
  );
}

/** Social History Observation (V3): a measured habit (alcoholic drinks a day). */
export function socialObservationEntry(s: EntryBase & { observed: Coded; value: Quantity; time: string }): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.38', '2015-08-01'),
      entryId(s),
      codeElement('code', s.observed),
      textReference(s.ref),
      status('completed'),
      el('effectiveTime', { value: s.time }),
      pq('value', s.value, 'PQ'),
    ),
  );
}

/** Birth Sex Observation. */
export function birthSexEntry(idRoot: string, sex: 'F' | 'M', time: string): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.200', '2016-06-01'),
      el('id', { root: idRoot, extension: 'birth-sex' }),
      codeElement('code', { code: '76689-9', system: 'LOINC', display: 'Sex assigned at birth' }),
      status('completed'),
      el('effectiveTime', { value: time }),
      cdValue({ code: sex, system: 'AdministrativeGender', display: sex === 'F' ? 'Female' : 'Male' }),
    ),
  );
}
