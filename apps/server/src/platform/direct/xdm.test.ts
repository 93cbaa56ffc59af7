import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { buildXdm, uuidOid, XDM_DOCUMENT_ENTRY, XDM_SUBMISSION_SET, type XdmDocument } from './xdm';

// IHE XDM (ITI TF-2b 3.32): the zip's layout, and METADATA.XML read back as XML and checked for what ITI TF-3 4.2
// asks of a DocumentEntry and a SubmissionSet.

interface Node {
  name: string;
  attributes: Record<string, string>;
  children: Node[];
  text: string;
}

/** A small tree of the XML (saxes, namespaces resolved to their prefixes as written); throws if not well-formed. */
function parse(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const root: Node = { name: '#root', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const node: Node = {
      name: `${tag.uri}|${tag.local}`,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value])),
      children: [],
      text: '',
    };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  return root.children[0]!;
}

const RIM = 'urn:oasis:names:tc:ebxml-regrep:xsd:rim:3.0';
const LCM = 'urn:oasis:names:tc:ebxml-regrep:xsd:lcm:3.0';
const all = (node: Node, name: string): Node[] => [
  ...node.children.filter((c) => c.name === name),
  ...node.children.flatMap((c) => all(c, name)),
];
const slotValues = (node: Node, slot: string) =>
  node.children
    .filter((c) => c.name === `${RIM}|Slot` && c.attributes.name === slot)
    .flatMap((c) => all(c, `${RIM}|Value`).map((v) => v.text));

const code = (c: string, scheme: string, name: string) => ({ code: c, codingScheme: scheme, displayName: name });

function document(content: string, extension: 'XML' | 'PDF'): XdmDocument {
  return {
    content: new Uint8Array(Buffer.from(content)),
    extension,
    mimeType: extension === 'XML' ? 'text/xml' : 'application/pdf',
    title: `Summary & <notes> ${extension}`,
    uniqueId: `2.16.840.1.113883.19.5^${extension}1`,
    typeCode: code('34133-9', '2.16.840.1.113883.6.1', 'Summary of episode note'),
    classCode: code('34133-9', '2.16.840.1.113883.6.1', 'Summary of episode note'),
    formatCode: code('urn:hl7-org:sdwg:ccda-structuredBody:2.1', '1.3.6.1.4.1.19376.1.2.3', 'C-CDA'),
    confidentialityCode: code('N', '2.16.840.1.113883.5.25', 'normal'),
    healthcareFacilityTypeCode: code('35971002', '2.16.840.1.113883.6.96', 'Ambulatory care site'),
    practiceSettingCode: code('394593009', '2.16.840.1.113883.6.96', 'Medical oncology'),
    languageCode: 'en-US',
    creationTime: '20240305173000',
    patient: { id: 'MRN123^^^&2.16.840.1.113883.19.5&ISO', name: 'Doe^Jane^^^', birthDate: '19800101', gender: 'F' },
    authorInstitution: 'Riverside Cancer Center',
  };
}

const submission = {
  sourceId: uuidOid(),
  title: 'Health summaries',
  submissionTime: new Date('2024-03-06T10:00:00Z'),
  contentTypeCode: code('34133-9', '2.16.840.1.113883.6.1', 'Summary of episode note'),
  intendedRecipient: 'dr.lee@direct.example-clinic.org',
  authorInstitution: 'Riverside Cancer Center',
  senderName: 'Riverside Cancer Center (Riverside Patient Portal)',
};

describe('buildXdm', () => {
  const documents = [document('<ClinicalDocument/>', 'XML'), document('%PDF-1.7 bytes', 'PDF')];
  const built = buildXdm(documents, submission);

  it('lays the zip out as XDM media: README.TXT and INDEX.HTM at the root, the rest in IHE_XDM/SUBSET01', () => {
    const files = unzipSync(built.zip);
    expect(Object.keys(files).sort()).toEqual([
      'IHE_XDM/SUBSET01/DOC00001.XML',
      'IHE_XDM/SUBSET01/DOC00002.PDF',
      'IHE_XDM/SUBSET01/METADATA.XML',
      'INDEX.HTM',
      'README.TXT',
    ]);
    expect(Buffer.from(files['IHE_XDM/SUBSET01/DOC00001.XML']!).toString()).toBe('<ClinicalDocument/>');
    expect(Buffer.from(files['INDEX.HTM']!).toString()).toContain('href="IHE_XDM/SUBSET01/DOC00001.XML"');
    expect(Buffer.from(files['README.TXT']!).toString()).toContain('IHE XDM');
  });

  it('is a zip Info-ZIP reads and tests', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'xdm-'));
    try {
      writeFileSync(path.join(dir, 'xdm.zip'), built.zip);
      const listing = execFileSync('unzip', ['-l', path.join(dir, 'xdm.zip')], { encoding: 'utf8' });
      expect(listing).toContain('IHE_XDM/SUBSET01/METADATA.XML');
      expect(execFileSync('unzip', ['-t', path.join(dir, 'xdm.zip')], { encoding: 'utf8' })).toContain('No errors');
    } catch (err) {
      // Without Info-ZIP on the machine there is nothing to compare with.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes METADATA.XML as an ebRS SubmitObjectsRequest: a DocumentEntry per file and the SubmissionSet', () => {
    const root = parse(built.metadata);
    expect(root.name).toBe(`${LCM}|SubmitObjectsRequest`);
    const entries = all(root, `${RIM}|ExtrinsicObject`);
    expect(entries).toHaveLength(2);
    entries.forEach((entry, i) => {
      const content = documents[i]!.content;
      expect(entry.attributes.objectType).toBe(XDM_DOCUMENT_ENTRY);
      expect(entry.attributes.mimeType).toBe(documents[i]!.mimeType);
      expect(slotValues(entry, 'hash')).toEqual([createHash('sha1').update(content).digest('hex')]);
      expect(slotValues(entry, 'size')).toEqual([String(content.length)]);
      expect(slotValues(entry, 'URI')).toEqual([built.files[i]]);
      expect(slotValues(entry, 'creationTime')).toEqual(['20240305173000']);
      expect(slotValues(entry, 'sourcePatientId')).toEqual(['MRN123^^^&2.16.840.1.113883.19.5&ISO']);
      expect(slotValues(entry, 'sourcePatientInfo')).toEqual([
        'PID-3|MRN123^^^&2.16.840.1.113883.19.5&ISO',
        'PID-5|Doe^Jane^^^',
        'PID-7|19800101',
        'PID-8|F',
      ]);
      expect(all(entry, `${RIM}|LocalizedString`)[0]!.attributes.value).toBe(
        `Summary & <notes> ${documents[i]!.extension}`,
      );
      const schemes = all(entry, `${RIM}|Classification`).map((c) => c.attributes.classificationScheme);
      // author, classCode, confidentialityCode, formatCode, healthcareFacilityTypeCode, practiceSettingCode, typeCode
      expect(schemes).toEqual([
        'urn:uuid:93606bcf-9494-43ec-9b4e-a7748d1a838d',
        'urn:uuid:41a5887f-8865-4c09-adf7-e362475b143a',
        'urn:uuid:f4f85eac-e6cb-4883-b524-f2705394840f',
        'urn:uuid:a09d5840-386c-46f2-b5ad-9c3699a4309d',
        'urn:uuid:f33fb8ac-18af-42cc-ae0e-ed0b0bdb91e1',
        'urn:uuid:cccf5598-8b07-4b77-a05e-ae952c785ead',
        'urn:uuid:f0306f51-975f-434e-a61c-c59651d33983',
      ]);
      const identifiers = all(entry, `${RIM}|ExternalIdentifier`);
      expect(identifiers.map((e) => [e.attributes.identificationScheme, e.attributes.value])).toEqual([
        ['urn:uuid:58a6f841-87b3-4a3e-92fd-a8ffeff98427', 'MRN123^^^&2.16.840.1.113883.19.5&ISO'],
        ['urn:uuid:2e82c1f6-a085-4c72-9da3-8640a32e42ab', documents[i]!.uniqueId],
      ]);
      for (const e of identifiers) expect(e.attributes.registryObject).toBe(entry.attributes.id);
    });

    const [set] = all(root, `${RIM}|RegistryPackage`);
    expect(slotValues(set!, 'submissionTime')).toEqual(['20240306100000']);
    expect(slotValues(set!, 'intendedRecipient')).toEqual(['||^^Internet^dr.lee@direct.example-clinic.org']);
    const marker = all(root, `${RIM}|Classification`).find(
      (c) => c.attributes.classificationNode === XDM_SUBMISSION_SET,
    );
    expect(marker?.attributes.classifiedObject).toBe(set!.attributes.id);
    expect(all(set!, `${RIM}|ExternalIdentifier`).map((e) => e.attributes.identificationScheme)).toEqual([
      'urn:uuid:96fdda7c-d067-4183-912e-bf5ee74998a8',
      'urn:uuid:554ac39e-e3fe-47fe-b233-965d2a147832',
      'urn:uuid:6b5aea1a-874d-4603-a4bc-96a0a7b38446',
    ]);
    const members = all(root, `${RIM}|Association`);
    expect(members.map((a) => [a.attributes.sourceObject, a.attributes.targetObject])).toEqual(
      entries.map((e) => [set!.attributes.id, e.attributes.id]),
    );
    // Every registry object's id is its own UUID.
    const ids = [...entries, set!, ...members].map((n) => n.attributes.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
  });

  it('makes 2.25 OIDs from UUIDs', () => {
    expect(uuidOid('00000000-0000-0000-0000-000000000001')).toBe('2.25.1');
    expect(uuidOid()).toMatch(/^2\.25\.\d+$/);
  });
});
