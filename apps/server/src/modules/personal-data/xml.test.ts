import { describe, expect, it } from 'vitest';
import { element, fields, openTag, xmlAttribute, xmlText } from './xml';

describe('XML text', () => {
  it('escapes markup in text and attributes', () => {
    expect(xmlText('a < b & c > d "e"')).toBe('a &lt; b &amp; c &gt; d "e"');
    expect(xmlAttribute('say "hi" & <go>')).toBe('say &quot;hi&quot; &amp; &lt;go&gt;');
    expect(xmlAttribute('a\tb\nc\rd')).toBe('a&#9;b&#10;c&#13;d');
  });

  it('replaces characters XML 1.0 cannot hold, keeps the ones it can', () => {
    expect(xmlText('x\u0000y\u0001z\u001F')).toBe('x\uFFFDy\uFFFDz\uFFFD');
    expect(xmlText('\uFFFE\uFFFF')).toBe('\uFFFD\uFFFD');
    expect(xmlText('lone \uD800 surrogate')).toBe('lone \uFFFD surrogate');
    expect(xmlText('tab\tline\ncr\r')).toBe('tab\tline\ncr\r');
    expect(xmlText('中文 😀 é')).toBe('中文 😀 é');
  });

  it('writes elements only for values the record has, in the order given', () => {
    const at = new Date('2026-03-05T13:15:00Z');
    expect(
      fields([
        ['a', 'x'],
        ['b', null],
        ['c', undefined],
        ['d', 0],
        ['e', false],
        ['f', at],
      ]),
    ).toBe('<a>x</a><d>0</d><e>false</e><f>2026-03-05T13:15:00.000Z</f>');
    expect(element('empty', '')).toBe('<empty></empty>');
    expect(openTag('item', { id: 3, group: 'A&B', none: null })).toBe('<item id="3" group="A&amp;B">');
  });
});
