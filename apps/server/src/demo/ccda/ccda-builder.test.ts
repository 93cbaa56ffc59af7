import { describe, expect, it } from 'vitest';
import { readCcdaDocument } from '../../platform/ccda/document';
import { CCDA_LABELS_EN, renderCcdaHtml } from '../../platform/ccda/render-html';
import {
  buildCcdaDocument,
  hl7Instant,
  narrativeTable,
  paragraph,
  section,
  styled,
  type CcdaProvider,
} from './ccda-builder';
import { el, escapeAttribute, escapeText } from './xml';

const ORGANIZATION = {
  id: { root: '2.16.840.1.113883.4.6', extension: '1234567890' },
  name: 'Smith & Sons <Clinic>',
  phone: '5185550100',
  address: { street: ['1 "Main" St'], city: 'Troy', state: 'NY', postalCode: '12180' },
};
const PROVIDER: CcdaProvider = {
  npi: '1111111111',
  name: { prefix: 'Dr.', given: ['Ann'], family: "O'Neil & Co", suffix: 'MD' },
  phone: '5185550101',
  organization: ORGANIZATION,
};

describe('xml', () => {
  it('escapes text and attribute values, and drops characters XML cannot hold', () => {
    expect(escapeText('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
    expect(escapeAttribute('say "hi"\n')).toBe('say &quot;hi&quot;&#10;');
    expect(el('p', { title: '<x>' }, 'A & B', '\u0001').toString()).toBe('<p title="&lt;x&gt;">A &amp; B</p>');
    expect(el('br').toString()).toBe('<br/>');
    expect(el('td', null, el('content', { styleCode: 'Bold' }, '1 < 2')).toString()).toBe(
      '<td><content styleCode="Bold">1 &lt; 2</content></td>',
    );
  });

  it('refuses element and attribute names that are not XML names', () => {
    expect(() => el('a b')).toThrow('Not an XML name');
    expect(() => el('a', { 'x"y': 1 })).toThrow('Not an XML attribute name');
  });
});

describe('buildCcdaDocument', () => {
  it('writes names, titles and narrative with XML special characters so that they read back as written', () => {
    const xml = buildCcdaDocument({
      kind: 'progressNote',
      id: { root: '2.16.840.1.113883.19.5', extension: 'doc-1' },
      title: 'Visit <follow-up> & "plan"',
      effectiveTime: '20260305143000-0500',
      patient: {
        ids: [{ root: '2.16.840.1.113883.19.5.1', extension: 'MRN<&>1' }],
        name: { given: ['Zoë'], family: "D'Angelo & <Smith>" },
        birthDate: '1968-04-12',
        gender: 'F',
        address: { street: ['2 Elm'], city: 'Troy', state: 'NY', postalCode: '12180' },
        phone: null,
        language: 'en-US',
      },
      author: { time: '20260305143000-0500', provider: PROVIDER },
      custodian: ORGANIZATION,
      servicePeriod: { low: '20260305', high: '20260305', performers: [PROVIDER] },
      encounter: {
        id: { root: '2.16.840.1.113883.19.5', extension: 'visit-1' },
        code: { code: '99214', system: 'CPT', display: 'Office visit & <review>' },
        low: '202603051400-0500',
        high: '202603051430-0500',
        provider: PROVIDER,
        location: { name: 'Clinic "B" & <C>', address: ORGANIZATION.address },
      },
      sections: [
        section('assessmentAndPlan', [
          paragraph('Ratio ', styled('< 1 & > 0', 'Bold')),
          narrativeTable(['A & B'], [{ id: 'row-1', cells: ['x < y'] }], 'Caption <1>'),
        ]),
      ],
    });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ClinicalDocument xmlns="urn:hl7-org:v3"')).toBe(
      true,
    );
    const document = readCcdaDocument(xml);
    expect(document.header.title).toBe('Visit <follow-up> & "plan"');
    expect(document.header.patient?.name).toBe("Zoë D'Angelo & <Smith>");
    expect(document.header.patient?.ids[0]?.extension).toBe('MRN<&>1');
    expect(document.header.patient?.birthTime?.day).toBe('1968-04-12');
    expect(document.header.authors[0]).toMatchObject({
      name: "Dr. Ann O'Neil & Co MD",
      organization: 'Smith & Sons <Clinic>',
    });
    expect(document.header.custodian).toBe('Smith & Sons <Clinic>');
    expect(document.header.encounter).toMatchObject({
      visitType: 'Office visit & <review>',
      provider: "Dr. Ann O'Neil & Co MD",
      location: 'Clinic "B" & <C>',
    });
    expect(document.header.encounter?.period?.low?.time).toBe('14:00');
    expect(document.sections[0]).toMatchObject({ title: 'Assessment and Plan', code: { code: '51847-2' } });
    const html = renderCcdaHtml(document, { labels: CCDA_LABELS_EN });
    expect(html).toContain('<strong>&lt; 1 &amp; &gt; 0</strong>');
    expect(html).toContain('<td>x &lt; y</td>');
    expect(html).toMatch(/Zoë D(&#39;|')Angelo &amp; &lt;Smith&gt;/);
  });
});

describe('hl7Instant', () => {
  it('writes the wall clock of the zone with its offset, daylight saving included', () => {
    expect(hl7Instant(new Date('2026-01-15T17:30:00Z'), 'America/New_York')).toBe('20260115123000-0500');
    expect(hl7Instant(new Date('2026-07-15T16:30:05Z'), 'America/New_York')).toBe('20260715123005-0400');
    expect(hl7Instant(new Date('2026-07-15T16:30:00Z'), 'Asia/Kolkata')).toBe('20260715220000+0530');
  });
});
