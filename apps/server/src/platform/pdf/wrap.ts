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

/** Breaks a text (which may hold '\n' line breaks of its own) into lines no wider than `maxWidth`. */
export function wrapLines(text: string, measure: Measure, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const start = lines.length;
    let line = '';
    for (const token of breakOpportunities(paragraph)) {
      const candidate = line ? `${line}${token.spaced ? ' ' : ''}${token.text}` : token.text;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = token.text;
      while (measure(rest) > maxWidth && [...rest].length > 1) {
        const chars = [...rest];
        let cut = chars.length - 1;
        while (cut > 1 && measure(chars.slice(0, cut).join('')) > maxWidth) cut--;
        lines.push(chars.slice(0, cut).join(''));
        rest = chars.slice(cut).join('');
      }
      line = rest;
    }
    if (line || lines.length === start) lines.push(line);
  }
  return lines;
}
