import { attachedPdf, type CcdaDocument } from './document';
import { footnoteNumbers, type FootnoteNumbers } from './footnotes';
import { isBlock, type CcdaSection, type NarrativeCell, type NarrativeNode, type NarrativeRow } from './narrative';
import { sanitizeCcdaHtml } from './sanitize';
import type { CcdaLabels } from './labels';
import {
  attachmentNote,
  ccdaSummaryRows,
  documentTitle,
  noNarrativeNote,
  sectionTitle,
  shownDocumentType,
} from './summary';

export { formatHl7Time } from './summary';
export { CCDA_LABELS_EN, type CcdaLabels } from './labels';

// The human-readable view of a C-CDA document as one HTML fragment: its title (h2) and type, a summary of the
// header, then every section's title (h3, nested h4) and narrative in document order; an unstructured document says
// what file it holds instead (the page offers a PDF). Every text of the document is escaped here, and the result still goes
// through the allowlist (sanitizeCcdaHtml). The labels are the caller's, so the language packs can translate
// them; the document's own text is shown as written.

/**
 * The version of what renderCcdaHtml writes: raised whenever a change shows a document differently (issue 32,
 * finding 13: 2, the title and type, performers, participants and the file of an unstructured document), so a
 * view stored by an older renderer is rendered again on its next read.
 */
export const CCDA_RENDERER_VERSION = 2;

export interface CcdaRenderOptions {
  labels: CcdaLabels;
  /** BCP 47 locale for dates ('en-US' when not given). */
  locale?: string;
}

/** The document's human-readable view as one HTML fragment, cleaned with the C-CDA allowlist. */
export function renderCcdaHtml(document: CcdaDocument, options: CcdaRenderOptions): string {
  const { labels } = options;
  const context = new RenderContext(options, footnoteNumbers(document.sections));
  // The title and type are the document's heading on screen and in print, not only the article's name.
  let html = `<h2>${escapeHtml(documentTitle(document, labels))}</h2>`;
  const type = shownDocumentType(document, labels);
  if (type) html += `<p class="ccda-document-type">${escapeHtml(type)}</p>`;
  html += renderSummary(document, context);
  const attachment = attachmentNote(document, labels, attachedPdf(document) !== null);
  if (attachment) {
    html += `<p class="ccda-attachment">${escapeHtml(attachment)}</p>`;
  } else if (document.sections.length === 0) {
    html += `<p class="ccda-no-narrative">${escapeHtml(labels.noSections)}</p>`;
  }
  for (const section of document.sections) html += renderSection(section, 3, context);
  return sanitizeCcdaHtml(html);
}

/** One narrative (a section's blocks) as HTML, cleaned: for a caller that lays sections out itself. */
export function renderNarrativeHtml(blocks: NarrativeNode[], options: CcdaRenderOptions): string {
  const context = new RenderContext(options, footnoteNumbers([{ blocks, sections: [] }]));
  return sanitizeCcdaHtml(renderFlow(blocks, context) + renderFootnotes(context));
}

class RenderContext {
  /** The footnotes met in the section being rendered, listed after its narrative. */
  pendingFootnotes: { number: number; children: NarrativeNode[] }[] = [];
  constructor(
    readonly options: CcdaRenderOptions,
    readonly footnotes: FootnoteNumbers,
  ) {}
}

function renderSummary(document: CcdaDocument, context: RenderContext): string {
  const { labels, locale } = context.options;
  const shown = ccdaSummaryRows(document, { labels, language: locale });
  if (shown.length === 0) return '';
  return (
    `<table class="ccda-summary"><caption>${escapeHtml(labels.summary)}</caption><tbody>` +
    shown
      .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
      .join('') +
    '</tbody></table>'
  );
}

function renderSection(section: CcdaSection, level: number, context: RenderContext): string {
  const { labels } = context.options;
  const tag = `h${Math.min(level, 4)}`;
  let html = `<${tag}>${escapeHtml(sectionTitle(section, labels))}</${tag}>`;
  if (section.blocks.length) {
    html += renderFlow(section.blocks, context) + renderFootnotes(context);
  } else if (section.sections.length === 0) {
    html += `<p class="ccda-no-narrative">${escapeHtml(noNarrativeNote(section, labels))}</p>`;
  }
  for (const nested of section.sections) html += renderSection(nested, level + 1, context);
  return html;
}

function renderFootnotes(context: RenderContext): string {
  const footnotes = context.pendingFootnotes;
  context.pendingFootnotes = [];
  return footnotes
    .map((footnote) => renderFlow(footnote.children, context, 'ccda-footnote', `<sup>${footnote.number}</sup> `))
    .join('');
}

/**
 * Flow content as blocks: runs of text and inline markup become paragraphs, blocks stay blocks. `prefix` opens
 * the first paragraph (a footnote's number), `className` marks the paragraphs.
 */
function renderFlow(nodes: NarrativeNode[], context: RenderContext, className?: string, prefix = ''): string {
  let html = '';
  let run = prefix;
  const open = className ? `<p class="${className}">` : '<p>';
  const flush = () => {
    // A run of only line breaks between two blocks is spacing the view's own margins already give.
    if (run.replace(/<br>|\s/g, '') !== '') html += `${open}${run}</p>`;
    run = '';
  };
  for (const node of nodes) {
    if (isBlock(node)) {
      flush();
      html += renderBlock(node, context);
    } else {
      run += renderInline(node, context);
    }
  }
  flush();
  return html;
}

/** Flow content inside a block that may hold both (a list item, a table cell): inline stays inline. */
function renderMixed(nodes: NarrativeNode[], context: RenderContext): string {
  return nodes.map((node) => (isBlock(node) ? renderBlock(node, context) : renderInline(node, context))).join('');
}

function renderInlines(nodes: NarrativeNode[], context: RenderContext): string {
  return nodes.map((node) => renderInline(node, context)).join('');
}

function renderCaption(caption: NarrativeNode[] | null, context: RenderContext): string {
  return caption ? `<span class="ccda-caption">${renderInlines(caption, context)}</span> ` : '';
}

function renderBlock(node: NarrativeNode, context: RenderContext): string {
  switch (node.kind) {
    // A paragraph holds inline content only, unless an unknown element brought a block in: then the block
    // stands between two paragraphs, in its place.
    case 'paragraph':
      return renderFlow(node.children, context, undefined, renderCaption(node.caption, context));
    case 'caption':
      return `<p><span class="ccda-caption">${renderInlines(node.children, context)}</span></p>`;
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const caption = node.caption ? `<p>${renderCaption(node.caption, context)}</p>` : '';
      const items = node.items
        .map((item) => `<li>${renderCaption(item.caption, context)}${renderMixed(item.children, context)}</li>`)
        .join('');
      return `${caption}<${tag}>${items}</${tag}>`;
    }
    case 'table': {
      const caption = node.caption ? `<caption>${renderInlines(node.caption, context)}</caption>` : '';
      const head = node.head.length ? `<thead>${renderRows(node.head, 'head', context)}</thead>` : '';
      const bodies = node.bodies.map((rows) => `<tbody>${renderRows(rows, 'body', context)}</tbody>`).join('');
      const foot = node.foot.length ? `<tfoot>${renderRows(node.foot, 'foot', context)}</tfoot>` : '';
      return `<table>${caption}${head}${bodies}${foot}</table>`;
    }
    default:
      return renderInline(node, context);
  }
}

function renderRows(rows: NarrativeRow[], part: 'head' | 'body' | 'foot', context: RenderContext): string {
  return rows
    .map((row) => `<tr>${row.cells.map((cell, i) => renderCell(cell, i, part, context)).join('')}</tr>`)
    .join('');
}

function renderCell(
  cell: NarrativeCell,
  index: number,
  part: 'head' | 'body' | 'foot',
  context: RenderContext,
): string {
  const tag = cell.header ? 'th' : 'td';
  let attributes = '';
  if (cell.header) {
    // A header cell says what it heads, for screen readers: its column in the head, else its row.
    const scope = cell.scope ?? (part === 'head' ? 'col' : index === 0 ? 'row' : null);
    if (scope) attributes += ` scope="${scope}"`;
  }
  if (cell.colspan) attributes += ` colspan="${cell.colspan}"`;
  if (cell.rowspan) attributes += ` rowspan="${cell.rowspan}"`;
  return `<${tag}${attributes}>${renderMixed(cell.children, context)}</${tag}>`;
}

const STYLE_TAGS = { bold: 'strong', italic: 'em', underline: 'u', emphasis: 'em' } as const;

function renderInline(node: NarrativeNode, context: RenderContext): string {
  switch (node.kind) {
    case 'text':
      return escapeHtml(node.text);
    case 'br':
      return '<br>';
    case 'content': {
      let html = renderMixed(node.children, context);
      // Bold and Emphasis both may be asked; each tag once.
      for (const tag of new Set(node.styles.map((style) => STYLE_TAGS[style]))) html = `<${tag}>${html}</${tag}>`;
      if (node.revised)
        html = `<span class="ccda-${node.revised === 'insert' ? 'inserted' : 'deleted'}">${html}</span>`;
      return html;
    }
    case 'sub':
    case 'sup':
      return `<${node.kind}>${renderMixed(node.children, context)}</${node.kind}>`;
    case 'link': {
      const text = renderMixed(node.children, context);
      if (!node.href) return text;
      return `<a href="${escapeHtml(node.href)}" rel="noopener noreferrer">${text || escapeHtml(node.href)}</a>`;
    }
    case 'footnote': {
      const number = context.footnotes.byNode.get(node) ?? 0;
      context.pendingFootnotes.push({ number, children: node.children });
      return `<sup><span class="ccda-footnote-ref">${number}</span></sup>`;
    }
    case 'footnoteRef': {
      const number = node.idref ? context.footnotes.byId.get(node.idref) : undefined;
      return number ? `<sup><span class="ccda-footnote-ref">${number}</span></sup>` : '';
    }
    case 'multimedia': {
      const caption = node.caption ? ` ${renderInlines(node.caption, context)}` : '';
      return `<span class="ccda-multimedia">${escapeHtml(context.options.labels.multimedia)}${caption}</span>`;
    }
    // A block met where only inline content may be (a caption holding a list): kept whole, as browsers will.
    default:
      return renderBlock(node, context);
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
