// Which text the standard PDF fonts can print; apart from fonts.ts so that asking loads no PDF library.

// Windows-1252 characters outside Latin-1 (bytes 0x80-0x9F).
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);

/** Whether every character of `text` can be printed in the standard fonts. */
export function isWinAnsi(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 0x0a) continue;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) continue;
    return false;
  }
  return true;
}
