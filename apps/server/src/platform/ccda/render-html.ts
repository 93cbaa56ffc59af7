import { dateTimeFormat } from '../time/time';
import type { CcdaDocument } from './document';
import type { CcdaPeriod } from './header';
import type { Hl7Time } from './hl7-time';
import { isBlock, type CcdaSection, type NarrativeCell, type NarrativeNode, type NarrativeRow } from './narrative';
import { sanitizeCcdaHtml } from './sanitize';

// The human-readable view of a C-CDA document as one HTML fragment: a summary of the header, then every section's
// title and narrative in document order. Every text of the document is escaped here, and the result still goes
// through the allowlist (sanitizeCcdaHtml). The labels are the caller's, so the language packs can translate
// them; the document's own text is shown as written.

export interface CcdaLabels {
  /** Caption of the header summary table. */
  summary: string;
  patient: string;
  birthDate: string;
  gender: string;
  author: string;
  organization: string;
  documentDate: string;
  encounterDate: string;
  visitType: string;
  provider: string;
  location: string;
  periodCovered: string;
  /** A period with both ends: '{start} to {end}'. */
  periodRange: string;
  /** A period with no end (still in hospital): 'From {start}'. */
  periodFrom: string;
  /** A period with no start: 'Until {end}'. */
  periodUntil: string;
  /** The names of administrativeGenderCode's codes; a code not listed shows the sender's displayName. */
  genders: Record<string, string>;
  untitledSection: string;
  /** Shown for a section with no narrative (coded entries only). */
  noNarrative: string;
  /** Shown for a document with no sections to show (a nonXMLBody, an empty body). */
  noSections: string;
  /** Stands where the document places an image or other media, which the view never shows. */
  multimedia: string;
}

export const CCDA_LABELS_EN: CcdaLabels = {
  summary: 'About this document',
  patient: 'Patient',
  birthDate: 'Date of birth',
  gender: 'Gender',
  author: 'Author',
  organization: 'Organization',
  documentDate: 'Document date',
  encounterDate: 'Visit date',
  visitType: 'Visit type',
  provider: 'Provider',
  location: 'Location',
  periodCovered: 'Period covered',
  periodRange: '{start} to {end}',
  periodFrom: 'From {start}',
  periodUntil: 'Until {end}',
  genders: { F: 'Female', M: 'Male', UN: 'Undifferentiated' },
  untitledSection: 'Untitled section',
  noNarrative: 'This section has no text to show.',
  noSections: 'This document has no sections to show.',
  multimedia: '[Image or other media not shown]',
};

export interface CcdaRenderOptions {
  labels: CcdaLabels;
  /** BCP 47 locale for dates ('en-US' when not given). */
  locale?: string;
}

/** The document's human-readable view as one HTML fragment, cleaned with the C-CDA allowlist. */
export function renderCcdaHtml(document: CcdaDocument, options: CcdaRenderOptions): string {
  const context = new RenderContext(options, footnoteNumbers(document.sections));
  let html = renderSummary(document, context);
  if (document.sections.length === 0) {
    html += `<p class="ccda-no-narrative">${escapeHtml(options.labels.noSections)}</p>`;
  }
  for (const section of document.sections) html += renderSection(section, 2, context);
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

interface FootnoteNumbers {
  /** Each footnote's number, in document order. */
  byNode: Map<NarrativeNode, number>;
  /** The number of the footnote with an ID, for the footnoteRefs that point at it. */
  byId: Map<string, number>;
}

/** Numbers the footnotes in document order before rendering, so a footnoteRef finds a footnote written later. */
function footnoteNumbers(sections: Pick<CcdaSection, 'blocks' | 'sections'>[]): FootnoteNumbers {
  const numbers: FootnoteNumbers = { byNode: new Map(), byId: new Map() };
  const walk = (nodes: NarrativeNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'footnote') {
        const number = numbers.byNode.size + 1;
        numbers.byNode.set(node, number);
        if (node.id && !numbers.byId.has(node.id)) numbers.byId.set(node.id, number);
      }
      for (const children of childFlows(node)) walk(children);
    }
  };
  const walkSections = (list: Pick<CcdaSection, 'blocks' | 'sections'>[]) => {
    for (const section of list) {
      walk(section.blocks);
      walkSections(section.sections);
    }
  };
  walkSections(sections);
  return numbers;
}

function childFlows(node: NarrativeNode): NarrativeNode[][] {
  switch (node.kind) {
    case 'content':
    case 'sub':
    case 'sup':
    case 'link':
    case 'footnote':
    case 'caption':
      return [node.children];
    case 'paragraph':
      return [node.caption ?? [], node.children];
    case 'multimedia':
      return [node.caption ?? []];
    case 'list':
      return [node.caption ?? [], ...node.items.flatMap((item) => [item.caption ?? [], item.children])];
    case 'table':
      return [
        node.caption ?? [],
        ...[node.head, ...node.bodies, node.foot].flat().flatMap((row) => row.cells.map((cell) => cell.children)),
      ];
    default:
      return [];
  }
}

function renderSummary(document: CcdaDocument, context: RenderContext): string {
  const { labels } = context.options;
  const { header } = document;
  const time = (t: Hl7Time | null) => (t ? formatHl7Time(t, context.options.locale) : null);
  const gender = header.patient?.gender;
  const rows: [string, string | null][] = [
    [labels.patient, header.patient?.name ?? null],
    [labels.birthDate, time(header.patient?.birthTime ?? null)],
    [
      labels.gender,
      gender ? ((gender.code && labels.genders[gender.code]) ?? gender.displayName ?? gender.code) : null,
    ],
    ...authorsShown(document).map((name): [string, string | null] => [labels.author, name]),
    [labels.organization, organizationOf(document)],
    [labels.documentDate, time(header.effectiveTime)],
    [labels.encounterDate, formatPeriod(header.encounter?.period ?? null, context, true)],
    [labels.visitType, header.encounter?.visitType ?? null],
    [labels.provider, header.encounter?.provider ?? null],
    [labels.location, header.encounter?.location ?? null],
    [labels.periodCovered, formatPeriod(header.servicePeriod, context, false)],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
  if (shown.length === 0) return '';
  return (
    `<table class="ccda-summary"><caption>${escapeHtml(labels.summary)}</caption><tbody>` +
    shown
      .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
      .join('') +
    '</tbody></table>'
  );
}

/** The people who wrote the document, each once; the systems only when no person is named. */
function authorsShown(document: CcdaDocument): string[] {
  const named = document.header.authors.filter((a): a is typeof a & { name: string } => !!a.name);
  const people = named.filter((a) => a.kind === 'person');
  return [...new Set((people.length ? people : named).map((a) => a.name))];
}

/** The organisation the document comes from: its authors' (each once), else the custodian. */
function organizationOf(document: CcdaDocument): string | null {
  const names = [...new Set(document.header.authors.map((a) => a.organization).filter((n): n is string => !!n))];
  return names.length ? names.join('; ') : document.header.custodian;
}

/**
 * A period as a reader wants it: one date when both ends are the same day (a visit of an afternoon), else the
 * range. `sameDayAsOne` is for visits; a period covered keeps both ends even on one day.
 */
function formatPeriod(period: CcdaPeriod | null, context: RenderContext, sameDayAsOne: boolean): string | null {
  if (!period) return null;
  const { labels, locale } = context.options;
  const start = period.low ? formatHl7Time(period.low, locale) : null;
  const end = period.high ? formatHl7Time(period.high, locale) : null;
  if (start && end) {
    if (start === end || (sameDayAsOne && period.low?.day && period.low.day === period.high?.day)) return start;
    return labels.periodRange.replace('{start}', () => start).replace('{end}', () => end);
  }
  if (start) return labels.periodFrom.replace('{start}', () => start);
  if (end) return labels.periodUntil.replace('{end}', () => end);
  return null;
}

/** An HL7 time at its own precision: 'Mar 5, 2024', 'Mar 5, 2024, 12:30 PM (UTC-05:00)', 'March 2024', '2024'. */
export function formatHl7Time(time: Hl7Time, locale = 'en-US'): string {
  // Shown on the sender's wall clock, as written: the components are formatted in UTC so no zone shifts them.
  const [datePart, timePart = '00:00'] = time.iso.replace(/[+-]\d{2}:\d{2}$/, '').split('T') as [string, string?];
  const [year, month = '01', day = '01'] = datePart.split('-');
  const [hour = '00', minute = '00'] = timePart.split(':');
  const wall = new Date(0);
  wall.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  wall.setUTCHours(Number(hour), Number(minute), 0, 0);
  switch (time.precision) {
    case 'year':
      return String(year);
    case 'month':
      return dateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(wall);
    case 'day':
      return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(wall);
    default: {
      const text = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(wall);
      return time.offset ? `${text} (UTC${time.offset})` : text;
    }
  }
}

function renderSection(section: CcdaSection, level: number, context: RenderContext): string {
  const { labels } = context.options;
  const tag = `h${Math.min(level, 4)}`;
  let html = `<${tag}>${escapeHtml(section.title ?? labels.untitledSection)}</${tag}>`;
  if (section.blocks.length) {
    html += renderFlow(section.blocks, context) + renderFootnotes(context);
  } else if (section.sections.length === 0) {
    html += `<p class="ccda-no-narrative">${escapeHtml(labels.noNarrative)}</p>`;
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
