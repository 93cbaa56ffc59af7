import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  StandardFonts,
  type PDFObject,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfInfo, pdfText } from '../../../test/pdf-text';
import { createPdf, createTextPdf } from './document';
import { unicodeFontPath } from './fonts';
import { isWinAnsi } from './win-ansi';

/** The objects of a PDF, as pdf-lib reads them back. */
async function objectsOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const objects = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  const lookup = (object: PDFObject | undefined) => (object instanceof PDFRef ? doc.context.lookup(object) : object);
  const dictOf = (object: PDFObject) => (object instanceof PDFRawStream ? object.dict : object);
  const decoded = (stream: PDFObject | undefined) =>
    Buffer.from(decodePDFRawStream(lookup(stream) as PDFRawStream).decode());
  return {
    doc,
    /** The TrueType programs embedded (FontFile2). */
    fontPrograms: objects
      .map(dictOf)
      .filter((o): o is PDFDict => o instanceof PDFDict && o.has(PDFName.of('FontFile2')))
      .map((descriptor) => decoded(descriptor.get(PDFName.of('FontFile2')))),
    /** The content stream(s) of a page, decoded. */
    content(pageIndex: number) {
      const contents = lookup(doc.getPage(pageIndex).node.get(PDFName.of('Contents')));
      const streams = contents instanceof PDFArray ? contents.asArray() : [contents!];
      return streams.map((stream) => decoded(stream).toString('latin1')).join('\n');
    },
  };
}

const labRows = (count: number, emphasisEvery = 0) =>
  Array.from({ length: count }, (_, i) => ({
    cells: [`Test ${i + 1}`, `${(i * 1.5).toFixed(1)}`, 'g/dL', '12.0 - 16.0'],
    emphasis: emphasisEvery > 0 && i % emphasisEvery === 0,
  }));
const labColumns = [
  { header: 'Component', width: 3 },
  { header: 'Value', width: 1, align: 'right' as const },
  { header: 'Units', width: 1 },
  { header: 'Reference range', width: 2 },
];

describe('createPdf', () => {
  it('prints an English document in the standard fonts, with its title and language', async () => {
    const bytes = await createPdf({
      title: 'Lab results',
      language: 'en-US',
      author: 'Riverside Cancer Center',
      createdAt: new Date('2030-01-01T12:00:00Z'),
    })
      .heading('Complete blood count')
      .paragraph('Collected on January 1, 2030.', { muted: true })
      .keyValues([
        ['Patient', 'Jane Doe'],
        ['Ordered by', 'Dr. Amelia Stone'],
      ])
      .table({ caption: 'Results', columns: labColumns, rows: labRows(3) })
      .save();
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(await pdfFonts(bytes)).toEqual(['Helvetica', 'Helvetica-Bold']);
    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    for (const expected of [
      'Complete blood count',
      'Collected on January 1, 2030.',
      'Patient Jane Doe',
      'Ordered by Dr. Amelia Stone',
      'Results',
      'Component Value Units Reference range',
      'Test 2 1.5 g/dL 12.0 - 16.0',
      '1 / 1',
    ]) {
      expect(pages[0]).toContain(expected);
    }
    const info = await pdfInfo(bytes);
    expect(info).toMatchObject({ Title: 'Lab results', Author: 'Riverside Cancer Center', Language: 'en-US' });
    expect(bytes.length).toBeLessThan(10_000);
  });

  it('prints Spanish, French and Portuguese accents in the standard fonts', async () => {
    const text = 'Señora João Ávila, façade, élève, ñandú, São Paulo, “comillas” – 12 €';
    const bytes = await createPdf({ title: 'Résultats', language: 'fr-CA' }).paragraph(text).save();
    expect(await pdfFonts(bytes)).toEqual(['Helvetica']);
    expect((await pdfText(bytes))[0]).toContain(text);
  });

  it('prints Chinese (and accents beside it) in the embedded Unicode font, subset', async () => {
    const bytes = await createPdf({ title: '检验结果', language: 'zh-CN' })
      .heading('全血细胞计数')
      .paragraph('患者：王小明（Jane Doe），São Paulo 的 José 医生。')
      .keyValues([['医生', 'Dr. Amelia Stone']])
      .table({
        columns: [
          { header: '项目', width: 2 },
          { header: '结果', width: 1, align: 'right' },
        ],
        rows: [{ cells: ['血红蛋白', '18.2'], emphasis: true }, { cells: ['白细胞', '6.1'] }],
      })
      .save();
    expect(await pdfFonts(bytes)).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    // A subset: far smaller than the 10 MB font files.
    expect(bytes.length).toBeLessThan(120_000);
    const [page] = await pdfText(bytes);
    expect(page).toContain('全血细胞计数');
    expect(page).toContain('患者：王小明（Jane Doe），São Paulo 的 José 医生。');
    expect(page).toContain('医生 Dr. Amelia Stone');
    expect(page).toContain('项目 结果');
    expect(page).toContain('血红蛋白 18.2');
    expect(page).toContain('白细胞 6.1');
    expect(await pdfInfo(bytes)).toMatchObject({ Title: '检验结果', Language: 'zh-CN' });
  });

  it('embeds glyphs that read back as the right outlines (the subset is well formed)', async () => {
    const text = '需要PIN码Ação检验结果';
    const bytes = await createPdf({ title: 'x', language: 'zh' }).paragraph(text).save();
    const programs = (await objectsOf(bytes)).fontPrograms;
    expect(programs).toHaveLength(1);
    const subset = fontkit.create(programs[0]!);
    const outlines = new Set<string>();
    for (let id = 0; id < subset.numGlyphs; id++) outlines.add(subset.getGlyph(id).path.toSVG());
    // Every character's outline in the original font is in the subset, exactly.
    const original = fontkit.create(await readFile(unicodeFontPath('regular')));
    for (const ch of new Set(text)) {
      const svg = original.glyphForCodePoint(ch.codePointAt(0)!).path.toSVG();
      expect(svg.length, ch).toBeGreaterThan(20);
      expect(outlines.has(svg), ch).toBe(true);
    }
  });

  it('repeats the table header on every page of a long table, and numbers the pages', async () => {
    const bytes = await createPdf({ title: 'Lab results', language: 'en-US' })
      .heading('Results')
      .table({ caption: 'Chemistry', columns: labColumns, rows: labRows(120, 10) })
      .save();
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page.match(/Component Value Units Reference range/g), `page ${index + 1}`).toHaveLength(1);
      expect(page).toMatch(new RegExp(`${index + 1} / ${pages.length}$`));
    });
    const all = pages.join(' ');
    for (let i = 1; i <= 120; i++) expect(all).toContain(`Test ${i} `);
    expect(all.match(/Chemistry/g)).toHaveLength(1);
  });

  it('splits a row taller than a page and keeps its header on both pages', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const bytes = await createPdf({ title: 'Note', language: 'en-US' })
      .table({
        columns: [
          { header: 'Section', width: 1 },
          { header: 'Text', width: 1 },
        ],
        rows: [{ cells: ['Findings', long] }],
      })
      .save();
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page).toContain('Section Text');
    const all = pages.join(' ');
    expect(all).toContain('word0 ');
    expect(all).toContain('word399');
  });

  it('wraps long paragraphs within the page and breaks pages automatically', async () => {
    const sentence = 'The quick brown fox jumps over the lazy dog. ';
    const chinese = '这是一个很长的中文段落，用于测试自动换行功能是否正常工作。';
    const english = await createPdf({ title: 'Wrap', language: 'en-US' }).paragraph(sentence.repeat(400)).save();
    const englishPages = await pdfText(english);
    expect(englishPages.length).toBeGreaterThanOrEqual(3);
    const words = englishPages.join(' ').match(/\bfox\b/g);
    expect(words).toHaveLength(400);

    const doc = await createPdf({ title: '换行', language: 'zh' }).paragraph(chinese.repeat(120)).save();
    const chinesePages = await pdfText(doc);
    expect(chinesePages.length).toBeGreaterThanOrEqual(2);
    // Every character is printed once and in order: joined without the spaces between lines.
    const joined = chinesePages.map((page) => page.replace(/\d+ \/ \d+$/, '').replace(/ /g, '')).join('');
    expect(joined).toBe(chinese.repeat(120));
  });

  it('marks emphasised rows bold and fills them, and right-aligns numbers', async () => {
    const bytes = await createPdf({ title: 'Emphasis', language: 'en-US' })
      .table({
        columns: labColumns,
        rows: [
          { cells: ['Hemoglobin', '18.2', 'g/dL', '12.0 - 16.0'], emphasis: true },
          { cells: ['Platelets', '250', 'K/uL', '150 - 400'] },
        ],
      })
      .save();
    const content = (await objectsOf(bytes)).content(0);
    /** The font (its resource name, less pdf-lib's numeric suffix) that draws `text`. */
    const fontOf = (text: string) => {
      const hex = Buffer.from(text, 'latin1').toString('hex').toUpperCase();
      const at = content.indexOf(`<${hex}> Tj`);
      expect(at, text).toBeGreaterThan(0);
      return [...content.slice(0, at).matchAll(/\/([A-Za-z-]+)-\d+ [\d.]+ Tf/g)].pop()![1];
    };
    expect(fontOf('Hemoglobin')).toBe('Helvetica-Bold');
    expect(fontOf('Platelets')).toBe('Helvetica');
    expect(fontOf('18.2')).toBe(fontOf('Hemoglobin'));
    expect(fontOf('Component')).toBe(fontOf('Hemoglobin'));
    // The marker: the row is shaded, with a dark red bar at its left edge.
    expect(content).toContain('0.99 0.93 0.92 rg');
    expect(content).toMatch(/0\.69 0\.11 0\.11 rg\n[^]*?1 0 0 1 54 [\d.]+ cm\n[^]*?\n3 [\d.]+ l\n/);
    const [page] = await pdfText(bytes);
    expect(page).toContain('Hemoglobin 18.2 g/dL 12.0 - 16.0 Platelets 250 K/uL 150 - 400');
  });

  it('draws lists, rules, callouts, spaces and page breaks; cleans control characters', async () => {
    const bytes = await createPdf({ title: 'Letter', language: 'en-US' })
      .heading('PIN Required', 2)
      .rule()
      .callout('Your PIN', '482913', { letterSpacing: 8 })
      .list(['Open the email.', 'Enter the PIN.'], { ordered: true })
      .list(['A bullet'])
      .space(30)
      .pageBreak()
      .pageBreak()
      .paragraph('Second\tpage\u0007 text\r\nnext line')
      .save();
    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('PIN Required');
    expect(pages[0]!.replace(/ /g, '')).toContain('YourPIN482913');
    expect(pages[0]).toContain('1. Open the email. 2. Enter the PIN.');
    expect(pages[0]).toContain('• A bullet');
    expect(pages[1]).toBe('Second page text next line 2 / 2');
  });

  it('prints an empty document as one numbered page, and replaces characters no font has', async () => {
    expect(await pdfText(await createPdf({ title: 'Empty', language: 'en' }).save())).toEqual(['1 / 1']);
    const [page] = await pdfText(await createPdf({ title: 'x', language: 'zh' }).paragraph('中文 😀 ok').save());
    expect(page).toContain('中文 ? ok');
  });

  it('makes a simple multi-line document', async () => {
    const bytes = await createTextPdf({ title: 'Progress note', language: 'en-US' }, [
      'Seen today for follow-up.',
      '',
      'Plan: continue treatment.',
      '\f',
      'Page two.',
    ]);
    const pages = await pdfText(bytes);
    expect(pages).toEqual([
      'Progress note Seen today for follow-up. Plan: continue treatment. 1 / 2',
      'Page two. 2 / 2',
    ]);
  });
});

describe('isWinAnsi', () => {
  it('agrees with the standard fonts on every character they might print', async () => {
    const doc = await PDFDocument.create();
    const helvetica = await doc.embedFont(StandardFonts.Helvetica);
    const encodable = (ch: string) => {
      try {
        helvetica.encodeText(ch);
        return true;
      } catch {
        return false;
      }
    };
    for (let code = 0x20; code < 0x2200; code++) {
      const ch = String.fromCodePoint(code);
      expect(isWinAnsi(ch), `U+${code.toString(16)}`).toBe(encodable(ch));
    }
    expect(isWinAnsi('Ação – “ok” €')).toBe(true);
    expect(isWinAnsi('需要')).toBe(false);
  });
});
