/**
 * Line breaking for the PDF writer: Latin text breaks at spaces, CJK text between any two characters
 * (except that closing punctuation never starts a line and opening punctuation never ends one), and a
 * word wider than the line is cut where it must be.
 */

/** The width of a text in points, at the size the caller has in mind. */
export type Measure = (text: string) => number;

/** Han, kana, Hangul, CJK punctuation and full-width forms: each of them may start a new line. */
const CJK =
  /[\u1100-\u11ff\u2e80-\u2fff\u3000-\u30ff\u3100-\u31ff\u3200-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[\ud840-\ud87f][\udc00-\udfff]/u;
/** Never at the start of a line (they close something). */
const NO_START = new Set([...'，。、：；！？）」』】〕〉》”’…·〜ー,.:;!?)]}%']);
/** Never at the end of a line (they open something). */
const NO_END = new Set([...'（「『【〔〈《“‘([{']);

interface Token {
  text: string;
  /** Whether a space separates this token from the one before it. */
  spaced: boolean;
}

/** Splits one line of text into the pieces between which it may break. */
export function breakOpportunities(text: string): Token[] {
  const tokens: Token[] = [];
  /** A space came since the last piece. */
  let spaced = false;
  /** The Latin word being read, and whether a space came before it. */
  let word = '';
  let wordSpaced = false;
  const flushWord = () => {
    if (!word) return;
    tokens.push({ text: word, spaced: wordSpaced });
    word = '';
  };
  for (const ch of text) {
    if (/\s/u.test(ch)) {
      flushWord();
      spaced = tokens.length > 0;
      continue;
    }
    const previous = tokens[tokens.length - 1];
    if (NO_START.has(ch) && !word && previous && !spaced) {
      // Closing punctuation stays with what comes before it.
      previous.text += ch;
      continue;
    }
    if (CJK.test(ch)) {
      if (NO_START.has(ch) && word) {
        word += ch;
        continue;
      }
      flushWord();
      const last = tokens[tokens.length - 1];
      if (last && !spaced && NO_END.has([...last.text].pop()!)) {
        // An opening bracket stays with the character it opens.
        last.text += ch;
      } else {
        tokens.push({ text: ch, spaced });
      }
      spaced = false;
      continue;
    }
    if (!word) {
      wordSpaced = spaced;
      spaced = false;
    }
    word += ch;
  }
  flushWord();
  return tokens;
}

/** A run of text in one weight: what a line of rich text is drawn in, piece by piece. */
export interface Span {
  text: string;
  bold: boolean;
}

/** The width of a run in points, in its weight. */
export type MeasureSpan = (text: string, bold: boolean) => number;

/** A token of a paragraph with the runs it is made of (a word may change weight part way: '**Na**+'). */
interface StyledToken {
  pieces: Span[];
  spaced: boolean;
  /** The weight of the space before it, if any: the token's own. */
  bold: boolean;
}

/** Joins neighbouring runs of the same weight (one text operation each when drawn). */
function merged(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    if (!span.text) continue;
    const last = out[out.length - 1];
    if (last && last.bold === span.bold) last.text += span.text;
    else out.push({ ...span });
  }
  return out;
}

/** Splits rich text at its own line breaks into paragraphs of runs. */
function paragraphsOf(spans: readonly Span[]): Span[][] {
  const paragraphs: Span[][] = [[]];
  for (const span of spans) {
    span.text.split('\n').forEach((part, index) => {
      if (index > 0) paragraphs.push([]);
      if (part) paragraphs[paragraphs.length - 1]!.push({ text: part, bold: span.bold });
    });
  }
  return paragraphs;
}

/** The break opportunities of one paragraph of runs, each token with the runs it covers. */
function styledTokens(paragraph: Span[]): StyledToken[] {
  const text = paragraph.map((span) => span.text).join('');
  const boldAt: boolean[] = [];
  for (const span of paragraph) for (let i = 0; i < span.text.length; i++) boldAt.push(span.bold);
  const tokens: StyledToken[] = [];
  // breakOpportunities drops white space and keeps every other character in order: each token is the next
  // stretch of the text after the white space before it.
  let cursor = 0;
  for (const token of breakOpportunities(text)) {
    while (cursor < text.length && !text.startsWith(token.text, cursor)) cursor++;
    const pieces: Span[] = [];
    for (let i = cursor; i < cursor + token.text.length; i++) pieces.push({ text: text[i]!, bold: boldAt[i]! });
    cursor += token.text.length;
    tokens.push({ pieces: merged(pieces), spaced: token.spaced, bold: boldAt[cursor - token.text.length] ?? false });
  }
  return tokens;
}

const widthOf = (spans: Span[], measure: MeasureSpan) =>
  spans.reduce((sum, span) => sum + measure(span.text, span.bold), 0);

/**
 * The width of the widest piece of rich text that may not be broken (a word, a CJK character with its
 * punctuation): a column narrower than this would have to cut it.
 */
export function widestToken(spans: readonly Span[], measure: MeasureSpan): number {
  let widest = 0;
  for (const paragraph of paragraphsOf(spans)) {
    for (const token of styledTokens(paragraph)) widest = Math.max(widest, widthOf(token.pieces, measure));
  }
  return widest;
}

/** The width rich text takes unwrapped: its widest line. */
export function naturalWidth(spans: readonly Span[], measure: MeasureSpan): number {
  let widest = 0;
  for (const paragraph of paragraphsOf(spans)) {
    let width = 0;
    styledTokens(paragraph).forEach((token, index) => {
      if (index > 0 && token.spaced) width += measure(' ', token.bold);
      width += widthOf(token.pieces, measure);
    });
    widest = Math.max(widest, width);
  }
  return widest;
}

/**
 * Breaks rich text (runs of regular and bold text, which may hold '\n' line breaks of their own) into lines no
 * wider than `maxWidth`, each line its runs. Lines break between words (and between CJK characters); a word is
 * cut only when it alone is wider than the line, which the table layout avoids by sizing its columns first.
 */
export function wrapSpans(spans: readonly Span[], measure: MeasureSpan, maxWidth: number): Span[][] {
  const lines: Span[][] = [];
  for (const paragraph of paragraphsOf(spans)) {
    const start = lines.length;
    let line: Span[] = [];
    let lineWidth = 0;
    for (const token of styledTokens(paragraph)) {
      const tokenWidth = widthOf(token.pieces, measure);
      const space = line.length && token.spaced ? measure(' ', token.bold) : 0;
      if (lineWidth + space + tokenWidth <= maxWidth) {
        if (space) line.push({ text: ' ', bold: token.bold });
        line.push(...token.pieces);
        lineWidth += space + tokenWidth;
        continue;
      }
      if (line.length) lines.push(merged(line));
      line = [];
      lineWidth = 0;
      // The last resort: a token wider than the line itself is cut, character by character.
      let chars = token.pieces.flatMap((piece) => [...piece.text].map((ch) => ({ text: ch, bold: piece.bold })));
      while (widthOf(chars, measure) > maxWidth && chars.length > 1) {
        let cut = chars.length - 1;
        while (cut > 1 && widthOf(chars.slice(0, cut), measure) > maxWidth) cut--;
        lines.push(merged(chars.slice(0, cut)));
        chars = chars.slice(cut);
      }
      line = chars;
      lineWidth = widthOf(chars, measure);
    }
    if (line.length || lines.length === start) lines.push(merged(line));
  }
  return lines;
}

/** Breaks a text (which may hold '\n' line breaks of its own) into lines no wider than `maxWidth`. */
export function wrapLines(text: string, measure: Measure, maxWidth: number): string[] {
  return wrapSpans([{ text, bold: false }], (t) => measure(t), maxWidth).map((line) =>
    line.map((span) => span.text).join(''),
  );
}
