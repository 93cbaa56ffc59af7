import {
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  PDFString,
  type PDFDocument,
  type PDFObject,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';

// The logical structure of the portal's PDFs (tagged PDF, as PDF/UA asks; docs/adr/0005): what a screen reader
// reads instead of the drawing. The layout opens an element for each block it draws (a heading, a paragraph, a
// list and its items, a table with its rows and cells) and draws every text inside a marked-content sequence
// that belongs to one element; everything else it draws (rules, fills, cell borders, page numbers, a table header
// repeated on a later page) is an artifact, which readers skip. At the end the elements are written as the
// document's StructTreeRoot with the parent tree that maps each page's marked content back to its element.

export type StructType =
  | 'Document'
  | 'H1'
  | 'H2'
  | 'H3'
  | 'P'
  | 'L'
  | 'LI'
  | 'Lbl'
  | 'LBody'
  | 'Table'
  | 'THead'
  | 'TBody'
  | 'TR'
  | 'TH'
  | 'TD'
  | 'Caption';

/** What a table header cell heads (the Table attribute owner's Scope). */
export type HeaderScope = 'Row' | 'Column';

interface MarkedContent {
  page: PDFPage;
  mcid: number;
}

export interface StructElement {
  type: StructType;
  scope?: HeaderScope;
  parent: StructElement | null;
  kids: (StructElement | MarkedContent)[];
}

const isElement = (kid: StructElement | MarkedContent): kid is StructElement => 'type' in kid;

/** Elements that stay even when empty: a table keeps every cell in its place, so its columns still line up. */
const KEPT_EMPTY = new Set<StructType>(['TH', 'TD', 'TR']);

export class Tagger {
  readonly root: StructElement = { type: 'Document', parent: null, kids: [] };
  private readonly stack: StructElement[] = [this.root];
  /** Per page, the element each marked-content id belongs to (the page's entry of the parent tree). */
  private readonly owners = new Map<PDFPage, StructElement[]>();

  /** The element being filled. */
  get current(): StructElement {
    return this.stack[this.stack.length - 1]!;
  }

  /** A new element under `parent` (default: the current one), not entered. */
  element(type: StructType, parent: StructElement = this.current, scope?: HeaderScope): StructElement {
    const element: StructElement = { type, parent, kids: [], ...(scope ? { scope } : {}) };
    parent.kids.push(element);
    return element;
  }

  /** Opens an element under the current one: what is drawn until close() belongs to it. */
  open(type: StructType, scope?: HeaderScope): StructElement {
    const element = this.element(type, this.current, scope);
    this.stack.push(element);
    return element;
  }

  close(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  /** Draws content that belongs to `element` (default: the current one): one marked-content sequence. */
  mark(page: PDFPage, draw: () => void, element: StructElement = this.current): void {
    let owners = this.owners.get(page);
    if (!owners) this.owners.set(page, (owners = []));
    const mcid = owners.length;
    owners.push(element);
    element.kids.push({ page, mcid });
    page.pushOperators(
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(element.type), `<</MCID ${mcid}>>`]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  /** Draws what is no content (a rule, a fill, a page number): an artifact, skipped by readers. */
  artifact(page: PDFPage, draw: () => void, pagination = false): void {
    page.pushOperators(
      pagination
        ? PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Artifact'), '<</Type /Pagination>>'])
        : PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  /**
   * Writes the structure into the document: the StructTreeRoot and its parent tree, each page's StructParents
   * and tab order, MarkInfo, and an XMP metadata stream that names the title, the language and PDF/UA-1.
   */
  write(doc: PDFDocument, pages: PDFPage[], meta: { title: string; language: string; createdAt: Date }): void {
    const context = doc.context;
    prune(this.root);
    const refs = new Map<StructElement, PDFRef>();
    const walk = (element: StructElement) => {
      refs.set(element, context.nextRef());
      element.kids.filter(isElement).forEach(walk);
    };
    walk(this.root);
    const rootRef = context.nextRef();
    const parentTreeRef = context.nextRef();

    for (const [element, ref] of refs) {
      const kids: PDFObject[] = element.kids.map((kid) =>
        isElement(kid) ? refs.get(kid)! : context.obj({ Type: 'MCR', Pg: kid.page.ref, MCID: kid.mcid }),
      );
      const firstPage = firstPageOf(element);
      const dict = context.obj({
        Type: 'StructElem',
        S: element.type,
        P: element.parent ? refs.get(element.parent)! : rootRef,
        K: kids,
        ...(firstPage ? { Pg: firstPage.ref } : {}),
        ...(element.scope ? { A: { O: 'Table', Scope: element.scope } } : {}),
      });
      if (element === this.root) dict.set(PDFName.of('Lang'), PDFString.of(meta.language));
      context.assign(ref, dict);
    }

    const nums: PDFObject[] = [];
    pages.forEach((page, index) => {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(index));
      // Tab order follows the structure (PDF/UA).
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
      const owners = this.owners.get(page) ?? [];
      nums.push(PDFNumber.of(index), context.obj(owners.map((owner) => refs.get(owner) ?? refs.get(this.root)!)));
    });
    context.assign(parentTreeRef, context.obj({ Nums: nums }));
    context.assign(
      rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: refs.get(this.root)!,
        ParentTree: parentTreeRef,
        ParentTreeNextKey: pages.length,
      }),
    );

    const catalog = doc.catalog;
    catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
    const xmp = new TextEncoder().encode(xmpMetadata(meta));
    const metadata = context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
    catalog.set(PDFName.of('Metadata'), context.register(metadata));
  }
}

/** The first page an element's content is on (its /Pg), or none for an element with no content of its own. */
function firstPageOf(element: StructElement): PDFPage | null {
  for (const kid of element.kids) {
    if (!isElement(kid)) return kid.page;
    const page = firstPageOf(kid);
    if (page) return page;
  }
  return null;
}

/** Drops elements without any content (a paragraph of nothing), keeping a table's cells and rows in place. */
function prune(element: StructElement): boolean {
  element.kids = element.kids.filter((kid) => !isElement(kid) || prune(kid));
  return element.kids.length > 0 || KEPT_EMPTY.has(element.type) || element.parent === null;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const xmlText = (text: string) => text.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);

/** The XMP packet PDF/UA-1 asks for: dc:title, dc:language and the pdfuaid part, with the creation date. */
function xmpMetadata(meta: { title: string; language: string; createdAt: Date }): string {
  const date = meta.createdAt.toISOString();
  return (
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    'xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" ' +
    'xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">' +
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(meta.title)}</rdf:li></rdf:Alt></dc:title>` +
    `<dc:language><rdf:Bag><rdf:li>${xmlText(meta.language)}</rdf:li></rdf:Bag></dc:language>` +
    '<dc:format>application/pdf</dc:format>' +
    `<xmp:CreateDate>${date}</xmp:CreateDate><xmp:ModifyDate>${date}</xmp:ModifyDate>` +
    '<xmp:CreatorTool>Patient portal</xmp:CreatorTool><pdf:Producer>Patient portal (pdf-lib)</pdf:Producer>' +
    '<pdfuaid:part>1</pdfuaid:part>' +
    '</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>'
  );
}
