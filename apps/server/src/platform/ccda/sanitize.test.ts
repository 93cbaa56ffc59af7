import { describe, expect, it } from 'vitest';
import { sanitizeCcdaHtml } from './sanitize';

describe('the C-CDA view allowlist', () => {
  it('keeps what the view writes: headings, paragraphs, lists, tables with scope and spans, inline styling', () => {
    const html =
      '<h2>A</h2><h3>B</h3><h4>C</h4><p>x<br />y</p><ul><li>a</li></ul><ol><li>b</li></ol>' +
      '<table class="ccda-summary"><caption>c</caption><thead><tr><th scope="col">h</th></tr></thead>' +
      '<tbody><tr><th scope="row" colspan="2" rowspan="3">r</th><td colspan="2" rowspan="2">d</td></tr></tbody>' +
      '<tfoot><tr><td>f</td></tr></tfoot></table>' +
      '<p class="ccda-footnote"><strong>s</strong><em>e</em><u>u</u><sub>1</sub><sup>2</sup>' +
      '<span class="ccda-caption">cap</span><span class="ccda-multimedia">m</span></p>';
    expect(sanitizeCcdaHtml(html)).toBe(html);
  });

  it('removes scripts, styles, frames, objects, images, svg and forms, with the text of scripts and styles', () => {
    const clean = sanitizeCcdaHtml(
      '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.example">frame</iframe>' +
        '<object data="x.swf"></object><embed src="x"><img src="x" onerror="alert(1)">' +
        '<svg onload="alert(1)"><text>svg</text></svg><form action="https://evil.example"><input name="q"></form>' +
        '<noscript>ns</noscript><template>t</template><math>m</math>',
    );
    expect(clean).not.toMatch(/[<>]|alert|frame|ns|p\{/);
    expect(clean).toBe('svgm');
  });

  it('removes every event handler, style and unknown attribute, and classes it does not define', () => {
    expect(
      sanitizeCcdaHtml(
        '<p onclick="alert(1)" style="color:red" id="x" class="evil ccda-footnote">a</p>' +
          '<td onmouseover="alert(1)" style="background:url(javascript:alert(1))">b</td>' +
          '<th scope="javascript:alert(1)">c</th><span class="ccda-caption other" title="t">d</span>',
      ),
      // A scope that is not one of HTML's four is emptied (an empty scope means 'auto').
    ).toBe('<p class="ccda-footnote">a</p><td>b</td><th scope>c</th><span class="ccda-caption">d</span>');
  });

  it('keeps links to http(s) only, always with rel noopener noreferrer', () => {
    expect(
      sanitizeCcdaHtml(
        '<a href="https://example.org/" target="_top" onclick="x()">a</a><a href="http://example.org/">b</a>' +
          '<a href="javascript:alert(1)">c</a><a href=" JaVaScRiPt:alert(1)">d</a><a href="data:text/html,x">e</a>' +
          '<a href="//evil.example/">f</a><a href="mailto:x@example.org">g</a><a href="vbscript:x">h</a>',
      ),
    ).toBe(
      '<a href="https://example.org/" rel="noopener noreferrer">a</a><a href="http://example.org/" rel="noopener noreferrer">b</a>' +
        '<a rel="noopener noreferrer">c</a><a rel="noopener noreferrer">d</a><a rel="noopener noreferrer">e</a>' +
        '<a rel="noopener noreferrer">f</a><a rel="noopener noreferrer">g</a><a rel="noopener noreferrer">h</a>',
    );
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeCcdaHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; a &amp; b</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; a &amp; b</p>',
    );
  });
});
