/**
 * A small, dependency-free PDF writer for one-page letters: text in the standard Helvetica fonts
 * (which every PDF reader has, so nothing is embedded), lines and filled rectangles. Content streams
 * are not compressed, so tests can read the text back. Text is encoded in WinAnsi (Windows-1252),
 * which covers English, Spanish, French and Portuguese; a character outside it prints as '?'.
 */

export type FontName = 'regular' | 'bold';

const BASE_FONTS: Record<FontName, { resource: string; baseFont: string }> = {
  regular: { resource: 'F1', baseFont: 'Helvetica' },
  bold: { resource: 'F2', baseFont: 'Helvetica-Bold' },
};

// Advance widths (1/1000 em) of the printable ASCII characters, from the Adobe font metrics.
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667,
  556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556,
  556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722,
  500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722,
  611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556,
  611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778,
  556, 556, 500, 389, 280, 389, 584,
];

// Windows-1252 bytes 0x80-0x9F that stand for characters outside Latin-1.
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** Whether every character of `text` can be printed in the standard fonts. */
export function isWinAnsi(text: string): boolean {
  return [...text].every((ch) => winAnsiByte(ch) !== null);
}

function winAnsiByte(ch: string): number | null {
  const code = ch.codePointAt(0) ?? 0;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return WIN_ANSI_EXTRA[ch] ?? null;
}

function encode(text: string): number[] {
  return [...text.normalize('NFC')].map((ch) => winAnsiByte(ch) ?? 0x3f);
}

/** The width of `text` in points. Accented letters are as wide as their base letter in Helvetica. */
export function textWidth(text: string, font: FontName, size: number): number {
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const ch of text.normalize('NFC')) {
    const base = ch.normalize('NFD').charAt(0);
    const code = base.charCodeAt(0);
    units += code >= 0x20 && code <= 0x7e ? table[code - 0x20]! : 556;
  }
  return (units * size) / 1000;
}

/** Breaks `text` into lines no wider than `maxWidth`; a word longer than a line is cut. */
export function wrapText(text: string, font: FontName, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, font, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (textWidth(rest, font, size) > maxWidth && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(rest.slice(0, cut), font, size) > maxWidth) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF string literal of WinAnsi bytes, with the characters PDF reserves escaped. */
function literal(text: string): string {
  return (
    '(' +
    encode(text)
      .map((b) => {
        if (b === 0x28 || b === 0x29 || b === 0x5c) return `\\${String.fromCharCode(b)}`;
        return String.fromCharCode(b);
      })
      .join('') +
    ')'
  );
}

/** A PDF text string in UTF-16BE (any language), for document information such as the title. */
function unicodeString(text: string): string {
  const bytes = [0xfe, 0xff];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes.push(unit >> 8, unit & 0xff);
  }
  return `<${bytes.map((b) => b.toString(16).padStart(2, '0')).join('')}>`;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

export type Rgb = [number, number, number];

/** One page (US Letter unless told otherwise); y grows upwards from the bottom edge, as in PDF. */
export class PdfPage {
  private readonly ops: string[] = [];

  constructor(
    readonly width = 612,
    readonly height = 792,
  ) {}

  /** `charSpacing` adds that many points after every character (for a PIN printed large). */
  text(
    text: string,
    x: number,
    y: number,
    options: { font?: FontName; size?: number; color?: Rgb; charSpacing?: number } = {},
  ): void {
    const font = BASE_FONTS[options.font ?? 'regular'].resource;
    const [r, g, b] = options.color ?? [0, 0, 0];
    // Character spacing is graphics state that outlives ET, so every text run sets its own.
    const spacing = `${num(options.charSpacing ?? 0)} Tc `;
    this.ops.push(
      `BT /${font} ${num(options.size ?? 11)} Tf ${spacing}${num(r)} ${num(g)} ${num(b)} rg ${num(x)} ${num(y)} Td ${literal(text)} Tj ET`,
    );
  }

  rect(
    x: number,
    y: number,
    width: number,
    height: number,
    options: { fill?: Rgb; stroke?: Rgb; lineWidth?: number },
  ): void {
    const parts = [`${num(options.lineWidth ?? 1)} w`];
    if (options.fill) parts.push(`${options.fill.map(num).join(' ')} rg`);
    if (options.stroke) parts.push(`${options.stroke.map(num).join(' ')} RG`);
    const paint = options.fill && options.stroke ? 'B' : options.fill ? 'f' : 'S';
    this.ops.push(`q ${parts.join(' ')} ${num(x)} ${num(y)} ${num(width)} ${num(height)} re ${paint} Q`);
  }

  line(x1: number, y1: number, x2: number, y2: number, options: { color?: Rgb; lineWidth?: number } = {}): void {
    const [r, g, b] = options.color ?? [0, 0, 0];
    this.ops.push(
      `q ${num(options.lineWidth ?? 1)} w ${num(r)} ${num(g)} ${num(b)} RG ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S Q`,
    );
  }

  content(): string {
    return this.ops.join('\n');
  }
}

/** Serialises one page into a complete PDF 1.4 file with a correct cross-reference table. */
export function renderPdf(page: PdfPage, info: { title: string; language: string; createdAt: Date }): Buffer {
  const content = Buffer.from(page.content(), 'latin1');
  const date = info.createdAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /Lang ${unicodeString(info.language)} /ViewerPreferences << /DisplayDocTitle true >> >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] ` +
      `/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /${BASE_FONTS.regular.baseFont} /Encoding /WinAnsiEncoding >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /${BASE_FONTS.bold.baseFont} /Encoding /WinAnsiEncoding >>`,
    null, // the content stream, written as bytes below
    `<< /Title ${unicodeString(info.title)} /Producer (Patient portal) /CreationDate (D:${date}Z) >>`,
  ];
  const chunks: Buffer[] = [];
  let length = 0;
  const push = (part: string | Buffer) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    chunks.push(buffer);
    length += buffer.length;
  };
  // The second line's high bytes tell transfer tools that the file is binary.
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    push(`${index + 1} 0 obj\n`);
    if (body === null) {
      push(`<< /Length ${content.length} >>\nstream\n`);
      push(content);
      push('\nendstream');
    } else {
      push(body);
    }
    push('\nendobj\n');
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
