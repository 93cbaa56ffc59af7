import { describe, expect, it } from 'vitest';
import { breakOpportunities, wrapLines } from './wrap';

/** One unit per character: easy widths to reason about. */
const chars = (text: string) => [...text].length;

describe('breakOpportunities', () => {
  it('breaks Latin text at spaces only', () => {
    expect(breakOpportunities('  one two\u00a0 three ')).toEqual([
      { text: 'one', spaced: false },
      { text: 'two', spaced: true },
      { text: 'three', spaced: true },
    ]);
  });

  it('breaks CJK text between any two characters, and where it meets Latin text', () => {
    expect(breakOpportunities('需要PIN码 ok').map((t) => t.text)).toEqual(['需', '要', 'PIN', '码', 'ok']);
    expect(breakOpportunities('需要PIN码 ok').map((t) => t.spaced)).toEqual([false, false, false, false, true]);
  });

  it('keeps closing punctuation with what it closes and opening punctuation with what it opens', () => {
    expect(breakOpportunities('你好，世界。（注）').map((t) => t.text)).toEqual(['你', '好，', '世', '界。', '（注）']);
    expect(breakOpportunities('王 (Jane)').map((t) => t.text)).toEqual(['王', '(Jane)']);
  });
});

describe('wrapLines', () => {
  it('fills lines greedily without exceeding the width', () => {
    const lines = wrapLines('one two three four five six seven eight nine ten', chars, 14);
    expect(lines).toEqual(['one two three', 'four five six', 'seven eight', 'nine ten']);
    for (const line of lines) expect(chars(line)).toBeLessThanOrEqual(14);
  });

  it('wraps CJK text at any character, never starting a line with closing punctuation', () => {
    expect(wrapLines('这是一个很长的句子，用于测试。', chars, 5)).toEqual(['这是一个很', '长的句子，', '用于测试。']);
  });

  it('cuts a word wider than the line, keeps explicit line breaks and blank lines', () => {
    expect(wrapLines('abcdefghij', chars, 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapLines('first\n\nthird line', chars, 20)).toEqual(['first', '', 'third line']);
    expect(wrapLines('', chars, 20)).toEqual(['']);
  });
});
