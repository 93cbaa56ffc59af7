import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { listCcdaFixtures, readCcdaFixture } from '../../../test/ccda-fixtures';
import { demoCcdaDocuments } from '../../demo/ccda/demo-ccda';
import { pdfFonts, pdfInfo, pdfText } from '../../../test/pdf-text';
import { readCcdaDocument, type CcdaDocument } from './document';
import type { CcdaSection } from './narrative';
import { CCDA_LABELS_EN, renderCcdaHtml, type CcdaLabels } from './render-html';
import { ccdaSummaryRows, renderCcdaPdf } from './render-pdf';

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

interface TextItem {
  text: string;
  x: number;
}

/**
 * The text runs of a PDF in drawing order, each with its x: the lines of a table cell are runs at the same x,
 * drawn between the lines of the other cells of its row, so a cell is read back by following its x.
 */
async function pdfItems(bytes: Uint8Array): Promise<TextItem[]> {
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const doc = await getDocument({ data, standardFontDataUrl, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const items: TextItem[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      for (const item of (await page.getTextContent()).items) {
        if ('str' in item && item.str.trim()) items.push({ text: squeeze(item.str), x: item.transform[4] as number });
      }
      page.cleanup();
    }
    return items;
  } finally {
    await doc.destroy();
  }
}

const squeeze = (text: string) => text.replace(/\s+/g, '');
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Where a cell's text starts among the runs, searching from `from`: a run it starts with, then the following
 * runs at the same x until the text is read whole (a wrapped cell, a row continued on the next page). -1 if
 * the text is not there.
 */
function findCell(items: TextItem[], text: string, from: number): number {
  const wanted = squeeze(text);
  for (let start = from; start < items.length; start++) {
    if (!wanted.startsWith(items[start]!.text)) continue;
    let rest = wanted.slice(items[start]!.text.length);
    let at = start;
    while (rest) {
      const x = items[at]!.x;
      const next = items.findIndex((item, i) => i > at && Math.abs(item.x - x) < 0.5);
      if (next < 0 || !rest.startsWith(items[next]!.text)) break;
      rest = rest.slice(items[next]!.text.length);
      at = next;
    }
    if (!rest) return start;
  }
  return -1;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? entity),
  );
const visible = (html: string) => normalise(decode(html.replace(/<[^>]*>/g, ' ')));

/** The th/td texts of each narrative table of the HTML view, row by row (nested tables as their own). */
function htmlTables(html: string): string[][][] {
  const tables: string[][][] = [];
  const open: { rows: string[][]; cell: { start: number } | null }[] = [];
  const tag = /<(\/?)(table|tr|th|td)\b[^>]*>/g;
  for (const match of html.matchAll(tag)) {
    const [whole, closing, name] = match;
    const current = open[open.length - 1];
    if (name === 'table') {
      if (!closing) open.push({ rows: [], cell: null });
      else tables.push(open.pop()!.rows);
    } else if (name === 'tr' && !closing) {
      current?.rows.push([]);
    } else if ((name === 'th' || name === 'td') && current) {
      if (!closing) current.cell = { start: match.index + whole.length };
      else if (current.cell) {
        current.rows[current.rows.length - 1]!.push(visible(html.slice(current.cell.start, match.index)));
        current.cell = null;
      }
    }
  }
  return tables;
}

function flatten(sections: CcdaSection[]): CcdaSection[] {
  return sections.flatMap((section) => [section, ...flatten(section.sections)]);
}

const pdfOf = (document: CcdaDocument, labels: CcdaLabels = CCDA_LABELS_EN, language = 'en-US') =>
  renderCcdaPdf(document, { labels, language });

describe('the PDF of each HL7 example document', () => {
  describe.each(listCcdaFixtures())('%s', (file) => {
    const document = readCcdaDocument(readCcdaFixture(file));
    const html = renderCcdaHtml(document, { labels: CCDA_LABELS_EN });
    let bytes: Uint8Array;
    let pages: string[];
    let text: string;
    let items: TextItem[];

    beforeAll(async () => {
      bytes = await pdfOf(document);
      pages = await pdfText(bytes);
      text = pages.join(' ');
      items = await pdfItems(bytes);
    });

    it('opens, titled as the document, on a sensible number of pages', async () => {
      expect((await pdfInfo(bytes)).Title).toBe(document.header.title);
      expect(pages[0]).toMatch(new RegExp(`^${document.header.title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      // About as many pages as the view's text fills, at 1,000 to 4,000 characters a page.
      const characters = visible(html).length;
      expect(pages.length).toBeGreaterThanOrEqual(Math.max(1, Math.floor(characters / 4000)));
      expect(pages.length).toBeLessThanOrEqual(Math.ceil(characters / 1000) + 1);
      expect(pages.at(-1)).toMatch(new RegExp(`${pages.length} / ${pages.length}$`));
    });

    it('sums up the header as the HTML view does', () => {
      const summary = htmlTables(html)[0]!;
      expect(summary).toEqual(ccdaSummaryRows(document, { labels: CCDA_LABELS_EN }));
      expect(pages[0]).toContain(CCDA_LABELS_EN.summary);
      for (const [label, value] of summary) expect(pages[0]).toContain(normalise(`${label} ${value}`));
    });

    it('has every section title, in document order', () => {
      let from = 0;
      for (const section of flatten(document.sections)) {
        const at = text.indexOf(normalise(section.title!), from);
        expect(at, section.title!).toBeGreaterThanOrEqual(from);
        from = at;
      }
    });

    it("has every cell of every table of the HTML view, each table's after the one before", () => {
      // The first table of the view is its header summary.
      const tables = htmlTables(html).slice(1);
      expect(tables.length).toBe((html.match(/<table>/g) ?? []).length);
      let tableStart = 0;
      for (const [index, rows] of tables.entries()) {
        let first = -1;
        for (const cell of rows.flat()) {
          if (!squeeze(cell)) continue;
          const at = findCell(items, cell, tableStart);
          expect(at, `table ${index + 1}: ${cell}`).toBeGreaterThanOrEqual(0);
          if (first < 0) first = at;
        }
        if (first >= 0) tableStart = first;
      }
    });
  });
});

const OPEN = '<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Test document</title>';
const CLOSE = '</ClinicalDocument>';
const withSections = (sections: string, header = '') =>
  `${OPEN}${header}<component><structuredBody>${sections}</structuredBody></component>${CLOSE}`;
const section = (title: string, text: string, inner = '') =>
  `<component><section><title>${title}</title>${text}${inner}</section></component>`;
const textOf = async (xml: string, labels?: CcdaLabels, language?: string) =>
  (await pdfText(await pdfOf(readCcdaDocument(xml), labels, language))).join(' ');

describe('the PDF of a narrative', () => {
  it('writes lists with their captions, nested lists under their item, and numbering that goes on after them', async () => {
    const text = await textOf(
      withSections(
        section(
          'Plan',
          '<text><list listType="ordered"><caption>Steps</caption><item>Rest</item>' +
            '<item><caption>Walk</caption>daily<list><item>morning</item><item>evening</item></list>then stretch</item>' +
            '<item><paragraph>Eat</paragraph><paragraph>well</paragraph></item></list></text>',
        ),
      ),
    );
    expect(text).toContain('Plan Steps 1. Rest 2. Walk daily • morning • evening then stretch 3. Eat well');
  });

  it('writes a table with its caption, header, spanned cells in their columns, bodies and foot', async () => {
    const items = await pdfItems(
      await pdfOf(
        readCcdaDocument(
          withSections(
            section(
              'Labs',
              '<text><table><caption>Panel</caption><thead><tr><th>Test</th><th>Value</th><th>Units</th></tr></thead>' +
                '<tbody><tr><td colspan="3">Chemistry</td></tr><tr><td rowspan="2">Na</td><td>140</td><td>mmol/L</td></tr>' +
                '<tr><td>141</td><td>mmol/L</td></tr></tbody><tbody><tr><td>K</td><td>4.1</td></tr></tbody>' +
                '<tfoot><tr><td>Fasting</td></tr></tfoot></table></text>',
            ),
          ),
        ),
      ),
    );
    const texts = items.map((item) => item.text);
    const x = (text: string, occurrence = 0) => items.filter((item) => item.text === text)[occurrence]!.x;
    expect(texts.slice(texts.indexOf('Panel'))).toEqual([
      'Panel',
      ...['Test', 'Value', 'Units'],
      'Chemistry',
      ...['Na', '140', 'mmol/L'],
      ...['141', 'mmol/L'],
      ...['K', '4.1'],
      'Fasting',
      '1/1',
    ]);
    // The row under a rowspan keeps its cells in their columns.
    expect(x('141')).toBe(x('140'));
    expect(x('mmol/L', 1)).toBe(x('Units'));
    expect(x('Chemistry')).toBe(x('Test'));
  });

  it('heads a table with no thead by its first row when that row is all header cells, else with none', async () => {
    const bytes = await pdfOf(
      readCcdaDocument(
        withSections(
          section(
            'T',
            '<text><table><tr><th>Drug</th><th>Dose</th></tr>' +
              Array.from({ length: 80 }, (_, i) => `<tr><td>Drug ${i}</td><td>${i} mg</td></tr>`).join('') +
              '</table><table><tr><td>plain</td><td>row</td></tr></table></text>',
          ),
        ),
      ),
    );
    const items = await pdfItems(bytes);
    const pages = (await pdfText(bytes)).length;
    expect(pages).toBeGreaterThan(1);
    const texts = items.map((item) => item.text);
    // Repeated on every page the table goes on to; the row of data cells is no header.
    expect(texts.filter((text) => text === 'Drug').length).toBe(pages);
    expect(texts.slice(-3)).toEqual(['plain', 'row', `${pages}/${pages}`]);
  });

  it('keeps line breaks, writes links by their text, media as the placeholder, sup marked, footnotes after their section', async () => {
    const text = await textOf(
      withSections(
        section(
          'Labs',
          '<text><paragraph>Glucose<footnote ID="f1">Fasting</footnote> and lipids<footnoteRef IDREF="f1"/>' +
            '<footnote>Unlabelled</footnote> see<footnoteRef IDREF="f3"/></paragraph>' +
            '<paragraph>Line one<br/>Line two, m<sup>2</sup>, H<sub>2</sub>O</paragraph>' +
            '<linkHtml href="https://example.org/guide">the guide</linkHtml> <linkHtml href="https://example.org/x"/>' +
            '<renderMultiMedia referencedObject="MM1"><caption>Chest X-ray</caption></renderMultiMedia></text>',
        ) +
          section(
            'Notes',
            '<text><table><tbody><tr><td>x<footnote ID="f3">Later</footnote></td></tr></tbody></table></text>',
          ),
      ),
    );
    expect(text).toContain(
      'Labs Glucose[1] and lipids[1][2] see[3] Line one Line two, m^2, H2O ' +
        'the guide https://example.org/x[Image or other media not shown] Chest X-ray [1] Fasting [2] Unlabelled Notes x[3] [3] Later',
    );
    expect(text).not.toContain('example.org/guide');
  });

  it('says when a section has no text, heads nested sections, and says when a document has no sections', async () => {
    const text = await textOf(
      withSections(
        section(
          'Plan',
          '',
          section('Goals', '<text>Walk</text>', section('Weekly', '', section('Deeper', '<text>x</text>'))),
        ) + section('Results', '<entry><observation classCode="OBS" moodCode="EVN"/></entry>'),
      ),
    );
    expect(text).toContain('Plan Goals Walk Weekly Deeper x Results This section has no text to show.');
    expect(await textOf(`${OPEN}<component><structuredBody/></component>${CLOSE}`)).toContain(
      'Test document This document has no sections to show.',
    );
    // An unstructured document says what file it holds (a text/plain one, as CDA's default media type is).
    expect(
      await textOf(`${OPEN}<component><nonXMLBody><text>JVBERi0=</text></nonXMLBody></component>${CLOSE}`),
    ).toContain('Test document The content of this document is a file (text/plain) that cannot be shown here.');
  });

  it('keeps a block an unknown element brings into a paragraph, and a block inside a table cell', async () => {
    const text = await textOf(
      withSections(
        section(
          'Odd',
          '<text><paragraph><caption>Note</caption>before<span><table><tbody><tr><td>t</td></tr></tbody></table></span>after</paragraph>' +
            '<table><tbody><tr><td><list><item>a</item><item>b</item></list></td><td>c</td></tr></tbody></table></text>',
        ),
      ),
    );
    expect(text).toContain('Odd Note before t after • a c • b');
  });
});

describe('the pages of the PDF', () => {
  it('keeps a section title on the page where its table starts', async () => {
    const pages = await pdfText(await pdfOf(readCcdaDocument(readCcdaFixture('ccd.xml'))));
    for (const [title, firstHeader] of [
      ['FUNCTIONAL STATUS', 'Functional Category'],
      ['ALLERGIES AND ADVERSE REACTIONS', 'Substance'],
    ] as const) {
      const page = pages.find((text) => text.includes(title))!;
      expect(page.slice(page.indexOf(title)), title).toContain(`${title} ${firstHeader}`);
    }
  });
});

const CCDA_LABELS_ZH: CcdaLabels = {
  ...CCDA_LABELS_EN,
  summary: '关于此文档',
  patient: '患者',
  birthDate: '出生日期',
  gender: '性别',
  author: '作者',
  organization: '机构',
  documentDate: '文档日期',
  encounterDate: '就诊日期',
  visitType: '就诊类型',
  provider: '医生',
  location: '地点',
  periodCovered: '涵盖期间',
  periodRange: '{start}至{end}',
  periodFrom: '自{start}起',
  periodUntil: '至{end}',
  genders: { F: '女', M: '男', UN: '未区分' },
  untitledSection: '无标题部分',
  noNarrative: '此部分没有可显示的文字。',
  noSections: '此文档没有可显示的部分。',
  multimedia: '[未显示图像或其他媒体]',
};

describe('the PDF in Chinese', () => {
  it('embeds the Unicode font and prints the Chinese labels, dates in Chinese and the document as written', async () => {
    const document = readCcdaDocument(readCcdaFixture('ccd.xml'));
    const bytes = await pdfOf(document, CCDA_LABELS_ZH, 'zh-CN');
    expect(await pdfFonts(bytes)).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    expect((await pdfInfo(bytes)).Language).toBe('zh-CN');
    const [first] = await pdfText(bytes);
    expect(first).toContain('关于此文档');
    expect(first).toContain('患者 Eve Betterhalf');
    expect(first).toContain('性别 女');
    expect(first).toContain('出生日期 1975年5月1日');
    expect(first).toContain('ALLERGIES AND ADVERSE REACTIONS');
  });
});

/** The structure tree of a PDF as a reader walks it: each element's role and the lines of its own content. */
interface TaggedElement {
  role: string;
  /** The text of each marked-content sequence of the element, in order (a line each, as the layout draws). */
  lines: string[];
  /** The weights its runs are drawn in, by text ('Bold' or 'Regular'). */
  weights: { text: string; bold: boolean }[];
}

interface PdfStructure {
  elements: TaggedElement[];
  /** Text drawn in neither a tagged element nor an artifact: what a screen reader would miss or misplace. */
  untagged: string[];
  /** The roles from the root down, in document order, without the Document element. */
  roles: string[];
}

async function pdfStructure(bytes: Uint8Array): Promise<PdfStructure> {
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const doc = await getDocument({ data, standardFontDataUrl, isEvalSupported: false, verbosity: 0 }).promise;
  const result: PdfStructure = { elements: [], untagged: [], roles: [] };
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      await page.getOperatorList();
      const content = new Map<string, { text: string; runs: { text: string; bold: boolean }[] }>();
      const open: (string | null)[] = [];
      for (const item of (await page.getTextContent({ includeMarkedContent: true })).items) {
        if ('type' in item) {
          if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
            // pdf.js also gives the tag, which its types leave out: an Artifact is no content.
            const { tag, id } = item as typeof item & { tag?: string; id?: string };
            open.push(tag === 'Artifact' ? null : (id ?? null));
          } else if (item.type === 'endMarkedContent') open.pop();
          continue;
        }
        const id = open.length ? open[open.length - 1] : undefined;
        if (id === undefined && item.str.trim()) result.untagged.push(item.str);
        if (!id) continue;
        const bold = /Bold/.test((page.commonObjs.get(item.fontName) as { name: string }).name);
        const entry = content.get(id) ?? { text: '', runs: [] };
        entry.text += item.str;
        if (item.str.trim()) entry.runs.push({ text: item.str.trim(), bold });
        content.set(id, entry);
      }
      type Node = { role?: string; type?: string; id?: string; children?: Node[] };
      const walk = (node: Node) => {
        if (node.role && node.role !== 'Root' && node.role !== 'Document') {
          const own = (node.children ?? []).filter((child) => child.type === 'content' && child.id);
          const entries = own.map((child) => content.get(child.id!)).filter((e) => e !== undefined);
          result.elements.push({
            role: node.role,
            lines: entries.map((e) => e.text.trim()),
            weights: entries.flatMap((e) => e.runs),
          });
          result.roles.push(node.role);
        }
        for (const child of node.children ?? []) if (!child.type) walk(child);
      };
      walk(await page.getStructTree());
      page.cleanup();
    }
    return result;
  } finally {
    await doc.destroy();
  }
}

/**
 * The places where a line of an element ends inside a word of the document's text: the last word of one line and
 * the first of the next, joined, make a word of the text (a cut 'Stat' / 'us' joins into 'Status'), and the text
 * never has them apart ('March 11, 2013' may break where 'March 11,2013' elsewhere has no space).
 */
function cutWords(structure: PdfStructure, text: string): string[] {
  const words = new Set(text.split(' '));
  const cuts: string[] = [];
  for (const element of structure.elements) {
    element.lines.forEach((line, index) => {
      const next = element.lines[index + 1];
      if (!next) return;
      const [last, first] = [line.split(/\s+/).pop()!, next.split(/\s+/)[0]!];
      if (words.has(`${last}${first}`) && !text.includes(`${last} ${first}`))
        cuts.push(`${element.role}: ${last}/${first}`);
    });
  }
  return cuts;
}

describe('the lines, weights and tags of the PDF (issue 32, finding 12)', () => {
  // The HL7 examples and the demo documents whose tables cut words before ('Stat/us', 'Hypertensio/n',
  // 'Sp/O2', 'Complete/d').
  const demo = demoCcdaDocuments(new Date('2026-03-02T15:00:00Z'));
  const documents: [string, string][] = [
    ...listCcdaFixtures().map((file): [string, string] => [file, readCcdaFixture(file)]),
    ...['demo-ccda-jane-onc-4', 'demo-ccda-jane-rrh-3', 'demo-ccda-john-onc-2'].map((id): [string, string] => [
      id,
      demo.find((d) => d.externalId === id)!.xml,
    ]),
  ];

  it.each(documents)('%s: breaks lines between words, never inside one, and tags every text', async (_, xml) => {
    const document = readCcdaDocument(xml);
    const html = renderCcdaHtml(document, { labels: CCDA_LABELS_EN });
    const structure = await pdfStructure(await pdfOf(document));
    expect(cutWords(structure, visible(html))).toEqual([]);
    expect(structure.untagged).toEqual([]);
    // Every cell of the view's tables is read whole from one cell of the structure (its lines joined).
    const cells = new Set(
      structure.elements.filter((e) => e.role === 'TD' || e.role === 'TH').map((e) => squeeze(e.lines.join(''))),
    );
    for (const row of htmlTables(html).slice(1).flat()) {
      for (const cell of row.filter((text) => squeeze(text) && !/[\^[\]•]/.test(text))) {
        const found = [...cells].some((text) => text.includes(squeeze(cell).replace(/\d$/, '')));
        expect(found, cell).toBe(true);
      }
    }
  });

  it('keeps captions and bold runs bold, and a header cell of a body row a row header', async () => {
    const bytes = await pdfOf(
      readCcdaDocument(
        withSections(
          section(
            'Vitals',
            '<text><paragraph><caption>Note</caption>taken <content styleCode="Bold">standing</content> today</paragraph>' +
              '<list><item><caption>First</caption>rest</item></list>' +
              '<table><thead><tr><th>Vital</th><th>Value</th></tr></thead><tbody>' +
              '<tr><th>Pulse</th><td><content styleCode="Bold">120</content> bpm</td></tr></tbody></table></text>',
          ),
        ),
      ),
    );
    const structure = await pdfStructure(bytes);
    const weightOf = (text: string) => structure.elements.flatMap((e) => e.weights).find((w) => w.text === text)?.bold;
    expect([weightOf('Note'), weightOf('taken'), weightOf('standing'), weightOf('today')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([weightOf('First'), weightOf('rest')]).toEqual([true, false]);
    expect([weightOf('Pulse'), weightOf('120'), weightOf('bpm')]).toEqual([true, true, false]);
    const row = structure.elements
      .filter((e) => e.role === 'TH' || e.role === 'TD')
      .map((e) => `${e.role} ${e.lines.join(' ')}`);
    expect(row).toEqual(['TH Vital', 'TH Value', 'TH Pulse', 'TD 120 bpm']);
    // Read back with pdf-lib: the header cells say what they head.
    const doc = await PDFDocument.load(bytes);
    const scopes = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('S')) === PDFName.of('TH'))
      .map((th) => String(th.lookup(PDFName.of('A'), PDFDict).get(PDFName.of('Scope'))));
    expect(scopes).toEqual(['/Column', '/Column', '/Row']);
  });

  it('is a tagged PDF a screen reader reads: structure tree, MarkInfo, language, title, PDF/UA metadata, fonts', async () => {
    const document = readCcdaDocument(readCcdaFixture('ccd.xml'));
    const bytes = await pdfOf(document);
    const doc = await PDFDocument.load(bytes);
    const catalog = doc.catalog;
    const root = catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    expect(root.get(PDFName.of('Type'))).toBe(PDFName.of('StructTreeRoot'));
    expect(root.lookup(PDFName.of('ParentTree'), PDFDict).has(PDFName.of('Nums'))).toBe(true);
    const top = root.lookup(PDFName.of('K'), PDFDict);
    expect(top.get(PDFName.of('S'))).toBe(PDFName.of('Document'));
    expect(catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))).toBe(PDFBool.True);
    expect(String(catalog.lookup(PDFName.of('Lang')))).toBe('(en-US)');
    const preferences = catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict);
    expect(preferences.get(PDFName.of('DisplayDocTitle'))).toBe(PDFBool.True);
    const metadata = Buffer.from((catalog.lookup(PDFName.of('Metadata')) as PDFRawStream).contents).toString('utf8');
    expect(metadata).toContain('<pdfuaid:part>1</pdfuaid:part>');
    expect(metadata).toContain(`<rdf:li xml:lang="x-default">${document.header.title}</rdf:li>`);
    for (const page of doc.getPages()) {
      expect(page.node.get(PDFName.of('StructParents'))).toBeInstanceOf(PDFNumber);
      expect(page.node.get(PDFName.of('Tabs'))).toBe(PDFName.of('S'));
    }
    // PDF/UA asks every font to be embedded: no standard Helvetica, even for English.
    expect(await pdfFonts(bytes)).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);

    const structure = await pdfStructure(bytes);
    expect(structure.roles[0]).toBe('H1');
    expect(structure.elements[0]!.lines).toEqual([document.header.title]);
    const headings = structure.elements.filter((e) => e.role === 'H2').map((e) => e.lines.join(' '));
    expect(headings).toEqual(document.sections.map((s) => s.title));
    expect(structure.roles).toEqual(expect.arrayContaining(['Table', 'THead', 'TBody', 'TR', 'TH', 'TD', 'L', 'LI']));
    expect(structure.roles).toEqual(expect.arrayContaining(['Lbl', 'LBody', 'P']));
  });

  it('gives a table too wide for the page smaller text, then a landscape page, before it cuts a word', async () => {
    const columns = 8;
    const word = (i: number) => `Hydrochlorothiazide${i}`;
    const table =
      '<table><thead><tr>' +
      Array.from({ length: columns }, (_, i) => `<th>Column${i}</th>`).join('') +
      '</tr></thead><tbody>' +
      Array.from(
        { length: 3 },
        () => `<tr>${Array.from({ length: columns }, (_, i) => `<td>${word(i)}</td>`).join('')}</tr>`,
      ).join('') +
      '</tbody></table>';
    const xml = withSections(
      section('Before', '<text>Upright</text>') +
        section('Wide', `<text>${table}</text>`) +
        section('After', '<text>Upright again</text>'),
    );
    const bytes = await pdfOf(readCcdaDocument(xml));
    const doc = await PDFDocument.load(bytes);
    const sizes = doc.getPages().map((page) => `${page.getWidth()}x${page.getHeight()}`);
    expect(sizes).toEqual(['612x792', '792x612', '612x792']);
    const pages = await pdfText(bytes);
    // The table's heading goes with it; what follows stands upright again.
    expect(pages[1]).toMatch(/^Wide Column0/);
    expect(pages[2]).toMatch(/^After Upright again/);
    const structure = await pdfStructure(bytes);
    const cells = structure.elements.filter((e) => e.role === 'TD');
    expect(cells).toHaveLength(3 * columns);
    for (const cell of cells) expect(cell.lines).toHaveLength(1);
    expect(cutWords(structure, Array.from({ length: columns }, (_, i) => word(i)).join(' '))).toEqual([]);
  });
});
