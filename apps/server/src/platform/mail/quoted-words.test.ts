import { describe, expect, it } from 'vitest';
import { defanged, plainWords, quotedWords } from './quoted-words';

describe('words a user typed, sent in a mail', () => {
  it('defangs web and email addresses so that no mail program links them', () => {
    expect(defanged('Log in at https://portal-login.example.com/reset now')).toBe(
      'Log in at https[:]//portal-login[.]example[.]com/reset now',
    );
    expect(defanged('see www.evil.example or write to help@evil.example')).toBe(
      'see www[.]evil[.]example or write to help@evil[.]example',
    );
    expect(defanged('javascript://x and ftp://files.example')).toBe('javascript[:]//x and ftp[:]//files[.]example');
  });

  it('leaves numbers, abbreviations and sentences alone', () => {
    const text = 'My dose is 2.5 mg, e.g. twice a day. Dr. Smith said so. Temp 37.8.';
    expect(defanged(text)).toBe(text);
  });

  it('drops control characters and bidirectional overrides, keeps line breaks', () => {
    expect(plainWords('  a\u0000b\r\nc\u202Egnp.exe\u2066\rd  ')).toBe('ab\ncgnp.exe\nd');
  });

  it('quotes each line, blank lines too, and gives nothing for empty words', () => {
    expect(quotedWords('Hello,\n\nsee evil.example\n')).toBe('> Hello,\n>\n> see evil[.]example');
    expect(quotedWords(' \u0000 \r\n ')).toBe('');
  });
});
