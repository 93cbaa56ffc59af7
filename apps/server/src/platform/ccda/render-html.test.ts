import { describe, expect, it } from 'vitest';
import { listCcdaFixtures, readCcdaFixture } from '../../../test/ccda-fixtures';
import { readCcdaDocument } from './document';
import { parseCcdaXml, textContent, type XmlElement } from './parse';
import {
  CCDA_LABELS_EN,
  escapeHtml,
  formatHl7Time,
  renderCcdaHtml,
  renderNarrativeHtml,
  type CcdaLabels,
} from './render-html';
import { parseHl7Time } from './hl7-time';
import type { CcdaSection } from './narrative';

const EXECUTABLE = ['<script', 'onerror', 'javascript:'];
const render = (xml: string, labels: CcdaLabels = CCDA_LABELS_EN, locale?: string) =>
  renderCcdaHtml(readCcdaDocument(xml), { labels, locale });

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? entity),
  );
/** What a reader sees of some HTML (or XML), with the white space removed: for comparing content. */
const visible = (markup: string) => decode(markup.replace(/<[^>]*>/g, '')).replace(/\s+/g, '');
const withoutComments = (xml: string) => xml.replace(/<!--[\s\S]*?-->/g, '');

/** The section and text elements of a parsed document, nested sections included, in document order. */
function xmlSections(root: XmlElement): { title: string; text: XmlElement | null }[] {
  const found: { title: string; text: XmlElement | null }[] = [];
  const walk = (element: XmlElement) => {
    for (const child of element.children) {
      if (child.kind !== 'element') continue;
      if (child.name === 'section') {
        const title = child.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'title');
        const text = child.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'text') ?? null;
        found.push({ title: textContent(title).replace(/\s+/g, ' ').trim(), text });
      }
      walk(child);
    }
  };
  walk(root);
  return found;
}

function flatten(sections: CcdaSection[]): CcdaSection[] {
  return sections.flatMap((section) => [section, ...flatten(section.sections)]);
}

describe('the human-readable view of each HL7 example document', () => {
  describe.each(listCcdaFixtures())('%s', (file) => {
    const xml = readCcdaFixture(file);
    const document = readCcdaDocument(xml);
    const html = renderCcdaHtml(document, { labels: CCDA_LABELS_EN });
    const expectedSections = xmlSections(parseCcdaXml(xml));

    it('shows every section title, in document order, as headings', () => {
      // Titles read straight from the file: every <title> but the document's own.
      const titles = [...withoutComments(xml).matchAll(/<title>([\s\S]*?)<\/title>/g)]
        .slice(1)
        .map((m) => decode(m[1]!).replace(/\s+/g, ' ').trim());
      expect(titles.length).toBeGreaterThan(0);
      expect(titles).toEqual(expectedSections.map((s) => s.title));
      // The document's own title is its h2; its sections are h3, nested ones h4.
      expect(html.startsWith(`<h2>${escapeHtml(document.header.title!)}</h2>`)).toBe(true);
      const headings = [...html.matchAll(/<h([34])>([\s\S]*?)<\/h\1>/g)].map((m) =>
        decode(m[2]!.replace(/<[^>]*>/g, '')),
      );
      expect(headings).toEqual(titles);
    });

    it('shows every narrative table, section by section', () => {
      const sections = flatten(document.sections);
      expect(sections.length).toBe(expectedSections.length);
      sections.forEach((section, i) => {
        const tablesInText = countElements(expectedSections[i]!.text, 'table');
        expect(
          count(renderNarrativeHtml(section.blocks, { labels: CCDA_LABELS_EN }), /<table\b/g),
          section.title!,
        ).toBe(tablesInText);
      });
      // The whole view: the file's tables and the header summary.
      expect(count(html, /<table\b/g)).toBe(count(withoutComments(xml), /<table\b/g) + 1);
    });

    it("shows all of each narrative's text", () => {
      flatten(document.sections).forEach((section, i) => {
        const text = expectedSections[i]!.text;
        const rendered = renderNarrativeHtml(section.blocks, { labels: CCDA_LABELS_EN });
        expect(visible(rendered), section.title!).toBe(text ? visible(textContent(text)) : '');
      });
    });

    it('has nothing executable', () => {
      for (const bad of EXECUTABLE) expect(html.toLowerCase()).not.toContain(bad);
    });

    it('sums up the header', () => {
      const { header } = document;
      expect(html).toMatch(
        /^<h2>[^<]+<\/h2>(<p class="ccda-document-type">[^<]+<\/p>)?<table class="ccda-summary"><caption>About this document<\/caption>/,
      );
      expect(decode(html)).toContain(`<th scope="row">Patient</th><td>${header.patient!.name!}</td>`);
      expect(html).toContain(`<th scope="row">Document date</th><td>${formatHl7Time(header.effectiveTime!)}</td>`);
    });
  });

  it('heads the CCD with its title and type, and sums up its header as it says', () => {
    const html = render(readCcdaFixture('ccd.xml'));
    const summary = html.slice(0, html.indexOf('</table>') + '</table>'.length);
    expect(summary).toBe(
      // The title and type are on screen and in print, not only the article's name.
      '<h2>Patient Chart Summary</h2><p class="ccda-document-type">Continuity of Care Document</p>' +
        '<table class="ccda-summary"><caption>About this document</caption><tbody>' +
        '<tr><th scope="row">Patient</th><td>Eve Betterhalf</td></tr>' +
        // Her SSN (444222222) as its last four digits only.
        '<tr><th scope="row">Social Security number</th><td>***-**-2222</td></tr>' +
        '<tr><th scope="row">Date of birth</th><td>May 1, 1975</td></tr>' +
        '<tr><th scope="row">Gender</th><td>Female</td></tr>' +
        '<tr><th scope="row">Address</th><td>2222 Home Street, Beaverton, OR 97867, US</td></tr>' +
        '<tr><th scope="row">Author</th><td>Patricia Primary M.D.</td></tr>' +
        '<tr><th scope="row">Organization</th><td>Good Health HIE</td></tr>' +
        '<tr><th scope="row">Document date</th><td>Aug 15, 2013, 10:30 AM (UTC-08:00)</td></tr>' +
        '<tr><th scope="row">Period covered</th><td>May 1, 1975 to Aug 15, 2013</td></tr>' +
        '<tr><th scope="row">Care team member</th><td>Patricia Primary M.D. (primary care physician)</td></tr>' +
        '<tr><th scope="row">Next of kin</th><td>Boris Betterhalf</td></tr>' +
        '<tr><th scope="row">Emergency contact</th><td>Boris Betterhalf</td></tr>' +
        '<tr><th scope="row">Signed by</th><td>Patricia Primary M.D. on Aug 15, 2013, 10:36 PM (UTC-08:00)</td></tr>' +
        '</tbody></table>',
    );
    expect(html).not.toContain('444222222');
  });

  it('shows a second version as one, the care team with their roles, other identifiers with their issuer', () => {
    const carePlan = render(readCcdaFixture('care-plan.xml'));
    expect(carePlan).toContain('<th scope="row">Version</th><td>2</td>');
    expect(carePlan).toContain('<th scope="row">Caregiver</th><td>Mrs. Martha Jones</td>');
    expect(carePlan).toContain(
      '<th scope="row">Signed by</th><td>Nurse Nightingale RN, Good Health Hospital on Jul 30, 2013</td>',
    );
    const progress = render(readCcdaFixture('progress-note.xml'));
    expect(progress).toContain('<th scope="row">Patient ID</th><td>12345</td>');
    expect(progress).toContain('<th scope="row">Social Security number</th><td>***-**-1234</td>');
    expect(progress).toContain('<th scope="row">Next of kin</th><td>Mrs. Abigail Ruth (mother)</td>');
    expect(count(progress, /scope="row">Care team member</g)).toBe(2);
    // A first version says nothing of versions; a type the title already says is not said twice.
    expect(progress).not.toContain('>Version<');
    expect(progress).toMatch(/^<h2>Progress Note<\/h2><table/);
  });

  it('sums up a visit: its day, type and the hospital stay as a range', () => {
    const progress = render(readCcdaFixture('progress-note.xml'));
    expect(progress).toContain('<th scope="row">Visit date</th><td>Mar 29, 2005</td>');
    expect(progress).toContain('<th scope="row">Visit type</th><td>Office or other outpatient visit');
    const discharge = render(readCcdaFixture('discharge-summary.xml'));
    expect(discharge).toContain(
      '<th scope="row">Visit date</th><td>Sep 9, 2014, 7:04 PM (UTC-05:00) to Sep 16, 2014, 7:04 PM (UTC-05:00)</td>',
    );
    // The person who wrote it, not the system beside them; the organisation the system names.
    expect(discharge).toContain('<th scope="row">Author</th><td>Henry Seven</td>');
    expect(count(discharge, /scope="row">Author</g)).toBe(1);
    expect(discharge).toContain('<th scope="row">Organization</th><td>Community Health and Hospitals</td>');
    expect(render(readCcdaFixture('care-plan.xml'))).toContain(
      '<th scope="row">Visit date</th><td>From Jun 15, 2013</td>',
    );
  });
});

const OPEN = '<ClinicalDocument xmlns="urn:hl7-org:v3">';
const CLOSE = '</ClinicalDocument>';
const withSections = (sections: string, header = '') =>
  `${OPEN}${header}<component><structuredBody>${sections}</structuredBody></component>${CLOSE}`;
const section = (title: string, text: string, inner = '') =>
  `<component><section><title>${title}</title>${text}${inner}</section></component>`;
/** The view without the document's title and type and the header summary. */
const sectionsOf = (html: string) =>
  html.replace(
    /^<h2>[^<]*<\/h2>(<p class="ccda-document-type">[^<]*<\/p>)?(<table class="ccda-summary">[\s\S]*?<\/table>)?/,
    '',
  );

describe('a hostile narrative', () => {
  const hostile = withSections(
    section(
      'Results &lt;script&gt;alert(1)&lt;/script&gt;',
      '<text><script>alert(document.cookie)</script>' +
        '<paragraph onclick="alert(1)" style="background:url(javascript:alert(1))">Click <content onmouseover="alert(1)" styleCode="Bold">here</content></paragraph>' +
        '<linkHtml href="javascript:alert(1)">js link</linkHtml> <linkHtml href=" JaVaScRiPt:alert(1)">js 2</linkHtml> ' +
        '<linkHtml href="https://example.org/" onclick="alert(1)" target="_blank">safe</linkHtml>' +
        '<img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/>' +
        '<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/>' +
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><text>svg</text></svg>' +
        '<object data="x.swf">object</object>' +
        '<table onmouseover="alert(1)"><tbody><tr><td style="color:red" onclick="alert(1)">cell &lt;b&gt;</td></tr></tbody></table>' +
        '<content styleCode="Bold&quot; onmouseover=&quot;alert(1)">styled</content>' +
        '<renderMultiMedia referencedObject="javascript:alert(1)"/>' +
        '</text>',
    ),
    '<title>&lt;script&gt;x&lt;/script&gt;</title>',
  );

  it('is shown cleaned: its text escaped, its scripts, handlers, styles and unsafe links gone', () => {
    const html = render(hostile);
    for (const bad of [
      ...EXECUTABLE,
      'onclick',
      'onmouseover',
      'onload',
      'style=',
      '<img',
      '<iframe',
      '<svg',
      '<object',
    ]) {
      expect(html.toLowerCase()).not.toContain(bad);
    }
    expect(html.startsWith('<h2>&lt;script&gt;x&lt;/script&gt;</h2>')).toBe(true);
    expect(sectionsOf(html)).toBe(
      '<h3>Results &lt;script&gt;alert(1)&lt;/script&gt;</h3>' +
        '<p>Click <strong>here</strong></p>' +
        '<p>js link js 2 <a href="https://example.org/" rel="noopener noreferrer">safe</a></p>' +
        '<table><tbody><tr><td>cell &lt;b&gt;</td></tr></tbody></table>' +
        '<p>styled<span class="ccda-multimedia">[Image or other media not shown]</span></p>',
    );
  });
});

describe('the view of a document', () => {
  it('heads nested sections one level down (h3, h4 at most) and says when a section has no text', () => {
    const html = render(
      withSections(
        section(
          'Plan',
          '',
          section('Goals', '<text>Walk</text>', section('Weekly', '', section('Deeper', '<text>x</text>'))),
        ) + section('Results', '<entry><observation classCode="OBS" moodCode="EVN"/></entry>'),
      ),
    );
    expect(html).toBe(
      // A document with neither title nor type is headed as a health summary.
      '<h2>Health summary</h2>' +
        '<h3>Plan</h3><h4>Goals</h4><p>Walk</p><h4>Weekly</h4><h4>Deeper</h4><p>x</p>' +
        '<h3>Results</h3><p class="ccda-no-narrative">This section has no text to show.</p>',
    );
  });

  it('says what file an unstructured document (a nonXMLBody) holds instead of saying it has no sections', () => {
    const nonXml = (text: string) =>
      `${OPEN}<title>Scanned letter</title><component><nonXMLBody>${text}</nonXMLBody></component>${CLOSE}`;
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64');
    expect(render(nonXml(`<text mediaType="application/pdf" representation="B64">${pdf}</text>`))).toBe(
      '<h2>Scanned letter</h2><p class="ccda-attachment">The content of this document is a PDF file.</p>',
    );
    // Bytes that only claim to be a PDF, an image, a file kept elsewhere: a file that cannot be shown here.
    const notPdf = Buffer.from('<html>').toString('base64');
    expect(render(nonXml(`<text mediaType="application/pdf" representation="B64">${notPdf}</text>`))).toContain(
      '<p class="ccda-attachment">The content of this document is a file (application/pdf) that cannot be shown here.',
    );
    expect(render(nonXml('<text mediaType="image/jpeg" representation="B64">/9j/4AAQ</text>'))).toContain(
      'a file (image/jpeg) that cannot be shown here',
    );
    expect(
      render(nonXml('<text mediaType="application/pdf"><reference value="https://example.org/a.pdf"/></text>')),
    ).toContain('a file (application/pdf) that cannot be shown here');
    // An empty structured body still says it has nothing.
    expect(render(`${OPEN}<component><structuredBody/></component>${CLOSE}`)).toBe(
      '<h2>Health summary</h2><p class="ccda-no-narrative">This document has no sections to show.</p>',
    );
  });

  it('names a DICOM object catalog, which has no title, and says what it is; another untitled section by its code', () => {
    const catalog =
      '<component><section><templateId root="2.16.840.1.113883.10.20.6.1.1"/>' +
      '<code code="121181" codeSystem="1.2.840.10008.2.16.4" codeSystemName="DCM" displayName="DICOM Object Catalog"/>' +
      '<entry><act classCode="ACT" moodCode="EVN"/></entry></section></component>';
    const coded =
      '<component><section><code code="18782-3" codeSystem="2.16.840.1.113883.6.1" displayName="Study observation"/>' +
      '<text>Findings</text></section></component>';
    const bare = '<component><section><text>x</text></section></component>';
    expect(sectionsOf(render(withSections(catalog + coded + bare)))).toBe(
      '<h3>DICOM object catalog</h3><p class="ccda-no-narrative">This section lists the images of the imaging ' +
        'study for imaging systems to find them. It has no text to show.</p>' +
        '<h3>Study observation</h3><p>Findings</p><h3>Untitled section</h3><p>x</p>',
    );
  });

  it('shows the type under the title in the reader’s language, and a document without a title by its type', () => {
    const spanish: CcdaLabels = {
      ...CCDA_LABELS_EN,
      documentTypes: { ...CCDA_LABELS_EN.documentTypes, '11506-3': 'Nota de evolución' },
    };
    const code = '<code code="11506-3" codeSystem="2.16.840.1.113883.6.1" displayName="Progress note"/>';
    expect(render(withSections('', `${code}<title>Visita del 5 de marzo</title>`), spanish)).toMatch(
      /^<h2>Visita del 5 de marzo<\/h2><p class="ccda-document-type">Nota de evolución<\/p>/,
    );
    expect(render(withSections('', code), spanish)).toMatch(/^<h2>Nota de evolución<\/h2><p class="ccda-no/);
  });

  it('renders lists, tables with header scopes and spans, captions, sub and sup, styles and revisions', () => {
    const html = render(
      withSections(
        section(
          'All',
          '<text><list listType="ordered"><caption>Steps</caption><item><caption>1</caption>Rest</item><item>Walk<br/>daily</item></list>' +
            '<table><caption>Labs</caption><thead><tr><th>Test</th><th>Value</th></tr></thead>' +
            '<tbody><tr><th>Hb</th><td colspan="2" rowspan="3">13 g/dL</td></tr></tbody><tfoot><tr><td>end</td></tr></tfoot></table>' +
            '<paragraph>H<sub>2</sub>O, m<sup>2</sup>, <content styleCode="Bold Emphasis Underline">all</content>, ' +
            '<content styleCode="Italics">it</content>, <content revised="delete">old</content><content revised="insert">new</content></paragraph>' +
            '<caption>Alone</caption></text>',
        ),
      ),
    );
    expect(sectionsOf(html)).toBe(
      '<h3>All</h3>' +
        '<p><span class="ccda-caption">Steps</span> </p><ol><li><span class="ccda-caption">1</span> Rest</li><li>Walk<br />daily</li></ol>' +
        '<table><caption>Labs</caption><thead><tr><th scope="col">Test</th><th scope="col">Value</th></tr></thead>' +
        '<tbody><tr><th scope="row">Hb</th><td colspan="2" rowspan="3">13 g/dL</td></tr></tbody><tfoot><tr><td>end</td></tr></tfoot></table>' +
        '<p>H<sub>2</sub>O, m<sup>2</sup>, <u><em><strong>all</strong></em></u>, <em>it</em>, ' +
        '<span class="ccda-deleted">old</span><span class="ccda-inserted">new</span></p>' +
        '<p><span class="ccda-caption">Alone</span></p>',
    );
  });

  it('keeps a block that an unknown element brings into a paragraph or a run, in its place', () => {
    const html = render(
      withSections(
        section(
          'Odd',
          '<text><paragraph><caption>Note</caption>before<span><table><tbody><tr><td>t</td></tr></tbody></table></span>after</paragraph>' +
            '<content styleCode="Bold"><x:div xmlns:x="urn:example"><list><item>i</item></list></x:div></content></text>',
        ),
      ),
    );
    expect(sectionsOf(html)).toBe(
      '<h3>Odd</h3><p><span class="ccda-caption">Note</span> before</p>' +
        '<table><tbody><tr><td>t</td></tr></tbody></table><p>after</p><p><strong><ul><li>i</li></ul></strong></p>',
    );
  });

  it('numbers footnotes, lists them after the narrative, and points references at them', () => {
    const html = render(
      withSections(
        section(
          'Labs',
          '<text><paragraph>Glucose<footnote ID="f1">Fasting</footnote> and lipids<footnoteRef IDREF="f1"/>' +
            '<footnote>Unlabelled</footnote><footnoteRef IDREF="nowhere"/> see<footnoteRef IDREF="f3"/></paragraph></text>',
        ) +
          section(
            'Notes',
            '<text><table><tbody><tr><td>x<footnote ID="f3">Later</footnote></td></tr></tbody></table></text>',
          ),
      ),
    );
    const ref = (n: number) => `<sup><span class="ccda-footnote-ref">${n}</span></sup>`;
    expect(sectionsOf(html)).toBe(
      `<h3>Labs</h3><p>Glucose${ref(1)} and lipids${ref(1)}${ref(2)} see${ref(3)}</p>` +
        '<p class="ccda-footnote"><sup>1</sup> Fasting</p><p class="ccda-footnote"><sup>2</sup> Unlabelled</p>' +
        `<h3>Notes</h3><table><tbody><tr><td>x${ref(3)}</td></tr></tbody></table>` +
        '<p class="ccda-footnote"><sup>3</sup> Later</p>',
    );
  });

  it('shows a link to its address when it has no text, and a multimedia caption beside the placeholder', () => {
    const html = render(
      withSections(
        section(
          'Media',
          '<text><linkHtml href="https://example.org/x"/><renderMultiMedia referencedObject="MM1"><caption>Chest X-ray</caption></renderMultiMedia></text>',
        ),
      ),
    );
    expect(sectionsOf(html)).toBe(
      '<h3>Media</h3><p><a href="https://example.org/x" rel="noopener noreferrer">https://example.org/x</a>' +
        '<span class="ccda-multimedia">[Image or other media not shown] Chest X-ray</span></p>',
    );
  });

  it('uses the labels and locale it is given, and the sender’s name for a gender it has no label for', () => {
    const spanish: CcdaLabels = {
      ...CCDA_LABELS_EN,
      summary: 'Acerca de este documento',
      patient: 'Paciente',
      birthDate: 'Fecha de nacimiento',
      gender: 'Sexo',
      genders: { F: 'Femenino' },
      untitledSection: 'Sección sin título',
      untitledDocument: 'Resumen de salud',
    };
    const xml = (gender: string) =>
      withSections(
        '<component><section><text>x</text></section></component>',
        `<recordTarget><patientRole><patient><name><given>Ana</given></name>${gender}<birthTime value="19750501"/></patient></patientRole></recordTarget>`,
      );
    const html = render(xml('<administrativeGenderCode code="F" displayName="Female"/>'), spanish, 'es');
    expect(html).toBe(
      '<h2>Resumen de salud</h2>' +
        '<table class="ccda-summary"><caption>Acerca de este documento</caption><tbody>' +
        '<tr><th scope="row">Paciente</th><td>Ana</td></tr>' +
        '<tr><th scope="row">Fecha de nacimiento</th><td>1 may 1975</td></tr>' +
        '<tr><th scope="row">Sexo</th><td>Femenino</td></tr></tbody></table>' +
        '<h3>Sección sin título</h3><p>x</p>',
    );
    expect(render(xml('<administrativeGenderCode code="X" displayName="Other"/>'), spanish)).toContain(
      '<th scope="row">Sexo</th><td>Other</td>',
    );
  });
});

describe('an HL7 time shown to a reader', () => {
  it.each([
    ['2024', '2024'],
    ['202403', 'March 2024'],
    ['20240305', 'Mar 5, 2024'],
    ['202403051230-0500', 'Mar 5, 2024, 12:30 PM (UTC-05:00)'],
    ['20240305233000', 'Mar 5, 2024, 11:30 PM'],
  ])('%s is %s, on the wall clock it was written in', (value, shown) => {
    expect(formatHl7Time(parseHl7Time(value)!)).toBe(shown);
  });
});

/** How many elements of a name an element holds, at any depth. */
function countElements(element: XmlElement | null, name: string): number {
  if (!element) return 0;
  return element.children.reduce(
    (n, c) => n + (c.kind === 'element' ? (c.name === name ? 1 : 0) + countElements(c, name) : 0),
    0,
  );
}
