import { describe, expect, it } from 'vitest';
import { plainTextToHtml } from '@portal/contracts';
import { docLength, docReaderText, docToPlainText, messageLength, type DocNode } from './editor-text';

const text = (value: string): DocNode => ({ type: 'text', text: value });
const p = (...content: DocNode[]): DocNode => ({ type: 'paragraph', content });
const li = (...content: DocNode[]): DocNode => ({ type: 'listItem', content });
const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });
const br: DocNode = { type: 'hardBreak' };

const letter = doc(
  p(text('Dear Dr Raman,')),
  p(),
  p(text('I have '), { type: 'text', text: 'two' }, text(' questions:')),
  { type: 'orderedList', attrs: { start: 1 }, content: [li(p(text('Dose?'))), li(p(text('Timing?')))] },
  { type: 'bulletList', content: [li(p(text('nausea')), { type: 'bulletList', content: [li(p(text('mild')))] })] },
  p(text('Thanks,'), br, text('Jane')),
);

describe('docToPlainText (HTML to Text mode)', () => {
  it('gives one line per paragraph or list item, lists with their markers, a hard break a new line', () => {
    expect(docToPlainText(letter).split('\n')).toEqual([
      'Dear Dr Raman,',
      '',
      'I have two questions:',
      '1. Dose?',
      '2. Timing?',
      '- nausea',
      '  - mild',
      'Thanks,',
      'Jane',
    ]);
  });

  it('numbers an ordered list from its start', () => {
    const list = doc({ type: 'orderedList', attrs: { start: 4 }, content: [li(p(text('a'))), li(p(text('b')))] });
    expect(docToPlainText(list)).toBe('4. a\n5. b');
  });

  it('gives an empty document as no text', () => {
    expect(docToPlainText(doc(p()))).toBe('');
  });

  it('comes back as paragraphs through plainTextToHtml, characters as typed', () => {
    expect(plainTextToHtml(docToPlainText(doc(p(text('a < b & c')), p(text('d')))))).toBe(
      '<p>a &lt; b &amp; c</p><p>d</p>',
    );
  });
});

describe('the length of a message (the server’s count)', () => {
  it('counts what a reader sees: no markers, no line breaks, no white space around the whole message', () => {
    expect(docReaderText(letter)).toBe(
      'Dear Dr Raman,\n\nI have two questions:\nDose?\nTiming?\nnausea\nmild\nThanks,\nJane',
    );
    expect(docLength(letter)).toBe('Dear Dr Raman,I have two questions:Dose?Timing?nauseamildThanks,Jane'.length);
    expect(docLength(doc(p(), p(text('  hi  ')), p()))).toBe(2);
    expect(docLength(doc(p(text('   '))))).toBe(0);
  });

  it('counts a character outside the BMP once, and inner spaces', () => {
    expect(messageLength('a 😀 b')).toBe(5);
    expect(messageLength('\r\n line one\r\nline two \n')).toBe('line oneline two'.length);
  });
});
