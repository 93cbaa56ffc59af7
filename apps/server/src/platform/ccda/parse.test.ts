import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors/app-error';
import {
  CCDA_LIMITS,
  CcdaError,
  XSI_NAMESPACE,
  attr,
  childElements,
  cleanText,
  firstChild,
  parseCcdaXml,
  type CcdaErrorReason,
} from './parse';

const OPEN = '<ClinicalDocument xmlns="urn:hl7-org:v3">';
const CLOSE = '</ClinicalDocument>';
const doc = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${OPEN}${body}${CLOSE}`;

/** The refusal a document gets: its reason and message (fails the test when it is accepted). */
function refusal(input: string | Uint8Array): { reason: CcdaErrorReason; message: string } {
  try {
    parseCcdaXml(input);
  } catch (error) {
    expect(error).toBeInstanceOf(CcdaError);
    const { reason, message } = error as CcdaError;
    return { reason, message };
  }
  throw new Error('The document was accepted.');
}

describe('a C-CDA document that is parsed', () => {
  it('becomes a tree of CDA elements, attributes and text, namespace-aware', () => {
    const root = parseCcdaXml(
      `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="CDA.xsl"?>\n<!-- a comment -->\n` +
        `<cda:ClinicalDocument xmlns:cda="urn:hl7-org:v3" xmlns:xsi="${XSI_NAMESPACE}" xmlns:sdtc="urn:hl7-org:sdtc">` +
        '<cda:title>Summary &amp; plan &#x2013; <![CDATA[<b>as written</b>]]></cda:title>' +
        '<cda:value xsi:type="PQ" value="5" unit="mg"/><sdtc:raceCode code="2076-8"/>' +
        '</cda:ClinicalDocument>',
    );
    expect(root).toMatchObject({ ns: 'urn:hl7-org:v3', name: 'ClinicalDocument', attributes: {} });
    expect(cleanText(firstChild(root, 'title'))).toBe('Summary & plan – <b>as written</b>');
    const value = firstChild(root, 'value');
    expect(value?.attributes).toEqual({ [`{${XSI_NAMESPACE}}type`]: 'PQ', value: '5', unit: 'mg' });
    // The sdtc extension is there, but never taken for a CDA element.
    expect(
      root.children.some((c) => c.kind === 'element' && c.name === 'raceCode' && c.ns === 'urn:hl7-org:sdtc'),
    ).toBe(true);
    expect(childElements(root, 'raceCode')).toEqual([]);
  });

  it('skips the stylesheet processing instruction and comments, and fetches nothing', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const root = parseCcdaXml(
      `<?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?>${OPEN}<!-- note --><title>T</title>` +
        `<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>${CLOSE}`,
    );
    expect(root.children.map((c) => (c.kind === 'element' ? c.name : c.text))).toEqual(['title', 'include']);
    // XInclude is not processed: the element stays an empty unknown element.
    expect(root.children[1]).toMatchObject({ ns: 'http://www.w3.org/2001/XInclude', children: [] });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('accepts bytes as UTF-8, with or without a byte order mark', () => {
    const text = doc('<title>Café – 日本</title>');
    expect(cleanText(firstChild(parseCcdaXml(Buffer.from(text, 'utf8')), 'title'))).toBe('Café – 日本');
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    expect(cleanText(firstChild(parseCcdaXml(withBom), 'title'))).toBe('Café – 日本');
    expect(cleanText(firstChild(parseCcdaXml(`\uFEFF${text}`), 'title'))).toBe('Café – 日本');
  });

  it('reads attributes as null when absent or empty, and text as null when only white space', () => {
    const root = parseCcdaXml(doc('<id root="1.2.3" extension=""/><title>  \n </title>'));
    expect(attr(firstChild(root, 'id'), 'root')).toBe('1.2.3');
    expect(attr(firstChild(root, 'id'), 'extension')).toBeNull();
    expect(attr(firstChild(root, 'missing'), 'root')).toBeNull();
    expect(cleanText(firstChild(root, 'title'))).toBeNull();
  });
});

describe('a document refused', () => {
  it('is a 400 the integration API can send back as it is', () => {
    const error = (() => {
      try {
        parseCcdaXml('<html/>');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400, code: 'invalid_ccda_document', reason: 'not_ccda' });
  });

  it('with a billion-laughs DOCTYPE: refused before any entity is declared or expanded', () => {
    const laughs =
      '<?xml version="1.0"?>\n<!DOCTYPE ClinicalDocument [\n<!ENTITY lol "lol">\n' +
      Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join(
        '\n',
      ) +
      `\n]>\n${OPEN}<title>&lol9;</title>${CLOSE}`;
    const started = Date.now();
    expect(refusal(laughs)).toEqual({
      reason: 'doctype',
      message: 'The document declares a DOCTYPE, which is not allowed.',
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('with an external entity (SYSTEM "file:///etc/passwd"): refused, the file never read', () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${OPEN}<title>&xxe;</title>${CLOSE}`;
    expect(refusal(xxe)).toEqual({
      reason: 'doctype',
      message: 'The document declares a DOCTYPE, which is not allowed.',
    });
  });

  it('with a DOCTYPE of any kind: an external DTD, a parameter entity, or none at all', () => {
    for (const doctype of [
      '<!DOCTYPE ClinicalDocument SYSTEM "https://evil.example/cda.dtd">',
      '<!DOCTYPE ClinicalDocument PUBLIC "-//X//DTD X//EN" "http://evil.example/x.dtd">',
      '<!DOCTYPE x [<!ENTITY % remote SYSTEM "http://evil.example/x.dtd"> %remote;]>',
      '<!DOCTYPE ClinicalDocument>',
    ]) {
      expect(refusal(`${doctype}${OPEN}${CLOSE}`).reason).toBe('doctype');
    }
  });

  it('with an entity it does not define (no DOCTYPE can have defined one)', () => {
    expect(refusal(doc('<title>&xxe;</title>'))).toEqual({
      reason: 'malformed',
      message: 'The document is not well-formed XML: undefined entity (line 2, column 53).',
    });
  });

  it('nesting more than 200 deep; 200 is accepted', () => {
    const nested = (depth: number) => `${OPEN}${'<a>'.repeat(depth - 1)}${'</a>'.repeat(depth - 1)}${CLOSE}`;
    expect(() => parseCcdaXml(nested(CCDA_LIMITS.maxDepth))).not.toThrow();
    expect(refusal(nested(300))).toEqual({
      reason: 'too_deep',
      message: 'The document nests elements more than 200 deep.',
    });
    expect(refusal(nested(201)).reason).toBe('too_deep');
  });

  it('larger than 5 MiB, as text or as bytes, counted in UTF-8 bytes', () => {
    const big = doc(`<title>${'x'.repeat(6 * 1024 * 1024)}</title>`);
    const expected = { reason: 'too_large', message: 'The document is larger than 5 MiB.' };
    expect(refusal(big)).toEqual(expected);
    expect(refusal(Buffer.from(big))).toEqual(expected);
    // 2.7 million characters, but each is two bytes in UTF-8.
    expect(refusal(doc(`<title>${'é'.repeat(2_700_000)}</title>`))).toEqual(expected);
  });

  it('with more than 200,000 elements', () => {
    expect(refusal(doc('<a/>'.repeat(CCDA_LIMITS.maxElements)))).toEqual({
      reason: 'too_many_elements',
      message: 'The document has more than 200,000 elements.',
    });
  });

  it('with an element of more than 64 attributes', () => {
    const attributes = Array.from({ length: 65 }, (_, i) => `a${i}="1"`).join(' ');
    expect(refusal(doc(`<title ${attributes}/>`))).toEqual({
      reason: 'too_many_attributes',
      message: 'The document has an element with more than 64 attributes.',
    });
  });

  it('with a text or an attribute value longer than 1,000,000 characters', () => {
    const message = 'The document has a text longer than 1,000,000 characters.';
    const long = 'x'.repeat(CCDA_LIMITS.maxTextLength + 1);
    expect(refusal(doc(`<title>${long}</title>`))).toEqual({ reason: 'text_too_long', message });
    expect(refusal(doc(`<title>${'x'.repeat(600_000)}<![CDATA[${'y'.repeat(600_000)}]]></title>`)).reason).toBe(
      'text_too_long',
    );
    expect(refusal(doc(`<title value="${long}"/>`))).toEqual({ reason: 'text_too_long', message });
  });

  it('whose root is not ClinicalDocument in the HL7 v3 namespace', () => {
    const message = 'The root element must be ClinicalDocument in the urn:hl7-org:v3 namespace.';
    expect(refusal('<html><body>hello</body></html>')).toEqual({ reason: 'not_ccda', message });
    expect(refusal('<ClinicalDocument><title>x</title></ClinicalDocument>')).toEqual({ reason: 'not_ccda', message });
    expect(refusal('<ClinicalDocument xmlns="urn:hl7-org:v2"/>')).toEqual({ reason: 'not_ccda', message });
    expect(refusal('<Bundle xmlns="http://hl7.org/fhir"/>')).toEqual({ reason: 'not_ccda', message });
  });

  it('that is not well-formed, saying what and where', () => {
    expect(refusal(doc('<title>x</ClinicalDocument>'))).toEqual({
      reason: 'malformed',
      message: 'The document is not well-formed XML: unexpected close tag (line 2, column 68).',
    });
    expect(refusal('')).toEqual({
      reason: 'malformed',
      message: 'The document is not well-formed XML: document must contain a root element (line 1, column 0).',
    });
    expect(refusal(`${OPEN}${CLOSE}<more/>`).message).toMatch(/^The document is not well-formed XML: documents may/);
    expect(refusal(`${OPEN}<x:title>a</x:title>${CLOSE}`).message).toMatch(/unbound namespace prefix: "x"/);
    expect(refusal(`${OPEN}<title a="1" a="2"/>${CLOSE}`).reason).toBe('malformed');
    expect(refusal(`${OPEN}<title>`).reason).toBe('malformed');
    expect(refusal('{"resourceType": "Bundle"}').reason).toBe('malformed');
  });

  it('that is not UTF-8', () => {
    expect(refusal(Buffer.from([...Buffer.from(OPEN), 0xff, 0xfe, ...Buffer.from(CLOSE)]))).toEqual({
      reason: 'encoding',
      message: 'The document is not valid UTF-8 text.',
    });
  });
});
