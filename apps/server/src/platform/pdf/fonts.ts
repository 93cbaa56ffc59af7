import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as FontkitApi from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitModule = Pick<typeof FontkitApi, 'create'>;

/** fontkit as Node loads it (CommonJS: its functions on the default export) or as its types say (named). */
async function importFontkit(): Promise<FontkitModule> {
  const module = await import('@pdf-lib/fontkit');
  return (module as typeof module & { default?: FontkitModule }).default ?? module;
}

/**
 * The fonts of the portal's PDFs. Text that the standard Helvetica fonts can print (WinAnsi: English,
 * Spanish, French, Portuguese) uses them: every reader has them, nothing is embedded, and documents
 * stay small and fast to make. Anything else (Chinese) uses Noto Sans SC, a TrueType font from the
 * `@expo-google-fonts/noto-sans-sc` package that covers Simplified Chinese and accented Latin: read
 * from node_modules on first use (never downloaded), parsed once per process, and embedded as a subset
 * of the glyphs a document uses.
 */

export interface FontPair {
  regular: PDFFont;
  bold: PDFFont;
  /** Whether these fonts are the embedded Unicode font (else the standard Helvetica fonts). */
  unicode: boolean;
  /** `text` with every character the font has no glyph for replaced by '?'. */
  printable(text: string): string;
}

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
type Weight = keyof typeof FONT_FILES;

/** The path of an embedded font file, resolved from node_modules (so the built server finds it too). */
export function unicodeFontPath(weight: Weight): string {
  return require.resolve(FONT_FILES[weight]);
}

interface LoadedFont {
  bytes: Uint8Array;
  font: Font;
}
const loaded = new Map<Weight, Promise<LoadedFont>>();
/** fontkit, loaded with the first Unicode font: documents in the standard fonts never need it. */
let fontkit: FontkitModule | undefined;

/** Reads and parses a font file once per process. */
function loadUnicodeFont(weight: Weight): Promise<LoadedFont> {
  let font = loaded.get(weight);
  if (!font) {
    font = Promise.all([importFontkit(), readFile(unicodeFontPath(weight))]).then(([module, buffer]) => {
      fontkit = module;
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      return { bytes, font: withEvenGlyphs(fontkit.create(bytes)) };
    });
    font.catch(() => loaded.delete(weight));
    loaded.set(weight, font);
  }
  return font;
}

/** The fonts parsed so far, which the fontkit below hands to pdf-lib. */
const parsed: LoadedFont[] = [];

/**
 * The fontkit that pdf-lib is given: it hands back the font parsed once per process for the bytes of a
 * loaded font (pdf-lib would otherwise parse the 10 MB file for every document).
 */
const sharedFontkit: Fontkit = {
  create(bytes, postscriptName) {
    for (const entry of parsed) if (entry.bytes === bytes) return entry.font;
    // Only registered after a Unicode font loaded, so fontkit is there.
    return fontkit!.create(bytes, postscriptName);
  },
};
interface TrueTypeSubsetInternals {
  glyf?: Uint8Array[];
  offset: number;
  _addGlyph(this: TrueTypeSubsetInternals, glyphId: number): number;
}

/**
 * fontkit's TrueType subsetter writes a short `loca` table (offsets divided by two) but copies each
 * glyph's bytes unpadded: after a glyph of odd length every offset is off by one and readers draw
 * blanks or garbage (Noto Sans SC has thousands of such glyphs). Padding each copied glyph to an even
 * length, as the TrueType specification asks, keeps the offsets right.
 */
function withEvenGlyphs(font: Font): Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    const internals = subset as unknown as TrueTypeSubsetInternals;
    if (typeof internals._addGlyph !== 'function') return subset;
    const addGlyph = internals._addGlyph.bind(internals);
    internals._addGlyph = function (this: TrueTypeSubsetInternals, glyphId: number) {
      const index = addGlyph(glyphId);
      const data = this.glyf?.[index];
      if (data && data.length % 2 === 1) {
        const padded = new (data.constructor as Uint8ArrayConstructor)(data.length + 1);
        padded.set(data);
        this.glyf![index] = padded;
        this.offset += 1;
      }
      return index;
    };
    return subset;
  };
  return font;
}

/** Embeds the fonts for a document: the standard ones if `unicode` is false, else the Unicode font. */
export async function embedFonts(doc: PDFDocument, unicode: boolean, needsBold: boolean): Promise<FontPair> {
  if (!unicode) {
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = needsBold ? await doc.embedFont(StandardFonts.HelveticaBold) : regular;
    return { regular, bold, unicode, printable: (text) => text };
  }
  const regularFont = await loadUnicodeFont('regular');
  const boldFont = needsBold ? await loadUnicodeFont('bold') : regularFont;
  for (const entry of [regularFont, boldFont]) if (!parsed.includes(entry)) parsed.push(entry);
  doc.registerFontkit(sharedFontkit);
  const regular = await doc.embedFont(regularFont.bytes, { subset: true });
  const bold = needsBold ? await doc.embedFont(boldFont.bytes, { subset: true }) : regular;
  const has = (ch: string) => ch === '\n' || regularFont.font.hasGlyphForCodePoint(ch.codePointAt(0)!);
  return {
    regular,
    bold,
    unicode,
    printable: (text) => (/^[\x20-\x7e]*$/.test(text) ? text : [...text].map((ch) => (has(ch) ? ch : '?')).join('')),
  };
}
