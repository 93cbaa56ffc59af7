import { describe, expect, it } from 'vitest';
import { visibleTextLength } from '@portal/contracts';
import { messageTextOf, sanitizeMessageHtml, sanitizeRichText } from './sanitize';

describe('a secure message’s HTML', () => {
  it('keeps what the toolbar makes and nothing else, with no attributes', () => {
    expect(
      sanitizeMessageHtml(
        '<p style="color:red" onclick="x()"><b>bold</b> <i>it</i> <u>under</u></p><ol><li>one</li></ol><ul><li><p>two</p></li></ul>',
      ),
    ).toBe('<p><strong>bold</strong> <em>it</em> <u>under</u></p><ol><li>one</li></ol><ul><li><p>two</p></li></ul>');
  });

  it('removes script, style, images, links and frames; their text where it is shown, not the code', () => {
    const clean = sanitizeMessageHtml(
      '<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a>' +
        '<iframe src="https://evil.example"></iframe><svg onload=alert(1)><text>svg</text></svg>',
    );
    expect(clean).not.toMatch(/[<>]|alert/);
    expect(clean).toBe('linksvg');
  });

  it('keeps the text of other blocks apart as paragraphs', () => {
    expect(sanitizeMessageHtml('<div>a</div><h1>b</h1>c')).toBe('<p>a</p><p>b</p>c');
  });

  it('leaves out list items with nothing to read, and a list left without any (issue 32, finding 16)', () => {
    expect(sanitizeMessageHtml('<ul><li><p>milk</p></li><li><p></p></li><li> <br> </li></ul><ol><li></li></ol>')).toBe(
      '<ul><li><p>milk</p></li></ul>',
    );
    expect(sanitizeMessageHtml('<p>Hello</p><ul><li><p></p></li></ul>')).toBe('<p>Hello</p>');
  });

  it('escapes markup typed as text', () => {
    expect(sanitizeMessageHtml('plain < text & "more"')).toBe('plain &lt; text &amp; "more"');
  });
});

describe('the text a reader sees', () => {
  it('puts each paragraph, line break and list item on a line and decodes what was escaped', () => {
    const text = messageTextOf(
      sanitizeMessageHtml('<p>Hi &amp; bye <b>&lt;3</b></p><p>a<br>b</p><ul><li>x</li><li>y</li></ul>'),
    );
    expect(text).toBe('Hi & bye <3\na\nb\nx\ny');
    expect(visibleTextLength(text)).toBe(15);
  });

  it('counts nothing for markup alone', () => {
    expect(messageTextOf(sanitizeMessageHtml('<p></p><p><strong> </strong></p><img src=x>'))).toBe('');
  });
});

describe('facility rich text', () => {
  it('keeps formatting and safe links, drops script and handlers, the same on every call of the same text', () => {
    const html =
      '<p onclick="x()">Terms <a href="https://example.org" target="_blank">here</a></p><script>alert(1)</script>';
    const clean = '<p>Terms <a href="https://example.org" target="_blank" rel="noopener noreferrer">here</a></p>';
    expect(sanitizeRichText(html)).toBe(clean);
    expect(sanitizeRichText(html)).toBe(clean);
    // A changed text is cleaned anew, not answered from what the first one kept.
    expect(sanitizeRichText(html.replace('Terms', 'New terms'))).toBe(clean.replace('Terms', 'New terms'));
  });

  it('still cleans correctly past the number of texts it keeps', () => {
    for (let i = 0; i < 600; i++) expect(sanitizeRichText(`<p>${i}<script>x</script></p>`)).toBe(`<p>${i}</p>`);
    expect(sanitizeRichText('<b onmouseover="x()">0</b>')).toBe('<b>0</b>');
  });
});
