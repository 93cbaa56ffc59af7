import { describe, expect, it } from 'vitest';
import { readCcdaDocument } from './document';
import { readCcdaSections, readNarrative, type NarrativeNode } from './narrative';
import { firstChild, parseCcdaXml } from './parse';

/** The narrative of a text element written in CDA markup. */
const narrative = (markup: string): NarrativeNode[] => {
  const root = parseCcdaXml(`<ClinicalDocument xmlns="urn:hl7-org:v3"><text>${markup}</text></ClinicalDocument>`);
  return readNarrative(firstChild(root, 'text')!);
};
const text = (value: string): NarrativeNode => ({ kind: 'text', text: value });

const body = (sections: string) =>
  `<ClinicalDocument xmlns="urn:hl7-org:v3"><component><structuredBody>${sections}</structuredBody></component></ClinicalDocument>`;

describe('the sections of a body', () => {
  it('are read in document order with their title, code, narrative and nested sections', () => {
    const { bodyKind, sections } = readCcdaSections(
      parseCcdaXml(
        body(
          '<component><section><code code="48765-2" codeSystem="2.16.840.1.113883.6.1" displayName="Allergies"/>' +
            '<title>Allergies</title><text>None known</text></section></component>' +
            '<component><section><title>Plan</title>' +
            '<component><section><title>Goals</title><text><paragraph>Walk daily</paragraph></text></section></component>' +
            '</section></component>' +
            '<component><section><title>Results</title><entry><observation/></entry></section></component>',
        ),
      ),
    );
    expect(bodyKind).toBe('structured');
    expect(sections).toEqual([
      {
        title: 'Allergies',
        code: { code: '48765-2', codeSystem: '2.16.840.1.113883.6.1', codeSystemName: null, displayName: 'Allergies' },
        blocks: [text('None known')],
        hasText: true,
        hasEntries: false,
        sections: [],
      },
      {
        title: 'Plan',
        code: null,
        blocks: [],
        hasText: false,
        hasEntries: false,
        sections: [
          {
            title: 'Goals',
            code: null,
            blocks: [{ kind: 'paragraph', caption: null, children: [text('Walk daily')] }],
            hasText: true,
            hasEntries: false,
            sections: [],
          },
        ],
      },
      // Entries alone: no blocks (the renderer says there is no text).
      { title: 'Results', code: null, blocks: [], hasText: false, hasEntries: true, sections: [] },
    ]);
  });

  it('are none for a document with a nonXMLBody or no body', () => {
    expect(
      readCcdaDocument(
        '<ClinicalDocument xmlns="urn:hl7-org:v3"><component><nonXMLBody><text mediaType="application/pdf" representation="B64">JVBERi0=</text></nonXMLBody></component></ClinicalDocument>',
      ),
    ).toMatchObject({ bodyKind: 'nonXml', sections: [] });
    expect(readCcdaDocument('<ClinicalDocument xmlns="urn:hl7-org:v3"/>')).toMatchObject({
      bodyKind: 'none',
      sections: [],
    });
  });
});

describe('a narrative block', () => {
  it('collapses the white space of the XML and trims it at the edges of blocks', () => {
    expect(narrative('\n   Some   text\n  <br/>  next line  \n')).toEqual([
      text('Some text'),
      { kind: 'br' },
      text('next line'),
    ]);
  });

  it('reads paragraphs with captions, and styled content runs', () => {
    expect(
      narrative(
        '<paragraph><caption>Note</caption>Take <content styleCode="Bold Italics">two</content> ' +
          '<content styleCode="Underline">daily</content><content styleCode="Emphasis xRowGroup">!</content></paragraph>',
      ),
    ).toEqual([
      {
        kind: 'paragraph',
        caption: [text('Note')],
        children: [
          text('Take '),
          { kind: 'content', styles: ['bold', 'italic'], revised: null, children: [text('two')] },
          text(' '),
          { kind: 'content', styles: ['underline'], revised: null, children: [text('daily')] },
          { kind: 'content', styles: ['emphasis'], revised: null, children: [text('!')] },
        ],
      },
    ]);
  });

  it('keeps the white space at the edges of a run, and drops empty runs (anchors for entries)', () => {
    expect(narrative('<content styleCode="Bold">Dose: </content>5 mg<content ID="med1"/>')).toEqual([
      { kind: 'content', styles: ['bold'], revised: null, children: [text('Dose: ')] },
      text('5 mg'),
    ]);
  });

  it('styles the content of a paragraph, item or cell that has a styleCode', () => {
    const [paragraph] = narrative('<paragraph styleCode="Bold">All</paragraph>');
    expect(paragraph).toEqual({
      kind: 'paragraph',
      caption: null,
      children: [{ kind: 'content', styles: ['bold'], revised: null, children: [text('All')] }],
    });
  });

  it('marks revised content', () => {
    expect(narrative('<content revised="delete">old</content><content revised="insert">new</content>')).toEqual([
      { kind: 'content', styles: [], revised: 'delete', children: [text('old')] },
      { kind: 'content', styles: [], revised: 'insert', children: [text('new')] },
    ]);
  });

  it('reads ordered and unordered lists with captions, items and nested lists', () => {
    expect(
      narrative(
        '<list listType="ordered"><caption>Steps</caption><item>One</item>' +
          '<item><caption>Two</caption>then <list><item>a</item></list></item></list><list><item>x</item></list>',
      ),
    ).toEqual([
      {
        kind: 'list',
        ordered: true,
        caption: [text('Steps')],
        items: [
          { caption: null, children: [text('One')] },
          {
            caption: [text('Two')],
            children: [
              text('then'),
              { kind: 'list', ordered: false, caption: null, items: [{ caption: null, children: [text('a')] }] },
            ],
          },
        ],
      },
      { kind: 'list', ordered: false, caption: null, items: [{ caption: null, children: [text('x')] }] },
    ]);
  });

  it('reads tables: caption, head, bodies, foot, header cells, spans; rows written in the table are a body', () => {
    const [table] = narrative(
      '<table border="1" width="100%"><caption>Labs</caption><colgroup><col width="50%"/></colgroup>' +
        '<thead><tr><th>Test</th><th scope="col">Value</th></tr></thead>' +
        '<tbody><tr><th scope="row">Hb</th><td colspan="1">13</td></tr></tbody>' +
        '<tbody><tr><td rowspan="2" colspan="3">x</td></tr></tbody>' +
        '<tfoot><tr><td colspan="x">end</td></tr></tfoot></table>',
    );
    expect(table).toEqual({
      kind: 'table',
      caption: [text('Labs')],
      head: [
        {
          cells: [
            { header: true, scope: null, colspan: null, rowspan: null, children: [text('Test')] },
            { header: true, scope: 'col', colspan: null, rowspan: null, children: [text('Value')] },
          ],
        },
      ],
      bodies: [
        [
          {
            cells: [
              { header: true, scope: 'row', colspan: null, rowspan: null, children: [text('Hb')] },
              { header: false, scope: null, colspan: null, rowspan: null, children: [text('13')] },
            ],
          },
        ],
        [{ cells: [{ header: false, scope: null, colspan: 3, rowspan: 2, children: [text('x')] }] }],
      ],
      foot: [{ cells: [{ header: false, scope: null, colspan: null, rowspan: null, children: [text('end')] }] }],
    });
    expect(narrative('<table><tr><td>a</td></tr><tr><td>b</td></tr></table>')).toMatchObject([
      {
        kind: 'table',
        head: [],
        bodies: [[{ cells: [{ children: [text('a')] }] }, { cells: [{ children: [text('b')] }] }]],
      },
    ]);
  });

  it('reads sub, sup, footnotes and their references', () => {
    expect(
      narrative('H<sub>2</sub>O m<sup>2</sup><footnote ID="fn1">Fasting</footnote> <footnoteRef IDREF="fn1"/>'),
    ).toEqual([
      text('H'),
      { kind: 'sub', children: [text('2')] },
      text('O m'),
      { kind: 'sup', children: [text('2')] },
      { kind: 'footnote', id: 'fn1', children: [text('Fasting')] },
      text(' '),
      { kind: 'footnoteRef', idref: 'fn1' },
    ]);
  });

  it('keeps a link only to an http(s) address; any other keeps its text', () => {
    expect(
      narrative(
        '<linkHtml href="https://example.org/a?b=1">site</linkHtml> <linkHtml href="javascript:alert(1)">js</linkHtml> ' +
          '<linkHtml href="#ref1">ref</linkHtml> <linkHtml href="data:text/html,x">data</linkHtml>',
      ),
    ).toEqual([
      { kind: 'link', href: 'https://example.org/a?b=1', children: [text('site')] },
      text(' '),
      { kind: 'link', href: null, children: [text('js')] },
      text(' '),
      { kind: 'link', href: null, children: [text('ref')] },
      text(' '),
      { kind: 'link', href: null, children: [text('data')] },
    ]);
  });

  it('puts a placeholder for multimedia, never its reference', () => {
    expect(narrative('<renderMultiMedia referencedObject="MM1"><caption>X-ray</caption></renderMultiMedia>')).toEqual([
      { kind: 'multimedia', caption: [text('X-ray')] },
    ]);
  });

  it('reads a run of many small elements in linear time (a document near the limits stays fast)', () => {
    const many = `<ClinicalDocument xmlns="urn:hl7-org:v3"><text xmlns:x="urn:example">${'<x:a>ab </x:a>'.repeat(150_000)}</text></ClinicalDocument>`;
    const started = Date.now();
    const [run] = readNarrative(firstChild(parseCcdaXml(many), 'text')!);
    // Quadratic text joining took 27 s here; linear takes well under one.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run).toEqual(text('ab '.repeat(150_000).trimEnd()));
  });

  it('keeps the text of elements it does not know, and drops what only scripts or styles', () => {
    expect(
      narrative(
        '<span>kept <content styleCode="Bold">bold</content></span>' +
          '<x:note xmlns:x="urn:example">also kept</x:note>' +
          '<script>alert(1)</script><style>p{}</style><x:iframe xmlns:x="http://www.w3.org/1999/xhtml">frame</x:iframe>',
      ),
    ).toEqual([
      text('kept '),
      { kind: 'content', styles: ['bold'], revised: null, children: [text('bold')] },
      text('also kept'),
    ]);
  });
});
