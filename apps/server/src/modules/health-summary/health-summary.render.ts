import type { DbOrTx } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { readCcdaDocument } from '../../platform/ccda/document';
import { CCDA_RENDERER_VERSION, escapeHtml, renderCcdaHtml } from '../../platform/ccda/render-html';
import type { CallerLanguage } from '../../platform/content/caller-language';
import { ccdaLabels } from './health-summary.documents';
import { findDocumentXml, findRenderings, saveRenderings, type RenderingRow } from './health-summary.repository';

// The human-readable view of documents, kept per document and language (health_summary_renderings, ADR 0014):
// rendering a large document costs far more than serving it, so the first view in a language renders and stores
// it, later views read it, and a document whose XML changed since (another content_sha256), or whose view an
// older renderer wrote (renderer below CCDA_RENDERER_VERSION), is rendered again.
// A rendering is keyed by the locale, not the bare language: its dates are written the locale's way.

export interface ViewedDocument {
  id: number;
  title: string;
  contentSha256: string;
}

/**
 * Each document's stored view in the caller's language, rendering and storing those missing or stale first.
 * A fixed number of queries whatever the number of documents: the views, the XML of those to render, one upsert.
 */
export async function documentViews(
  db: DbOrTx,
  scope: PatientScope,
  documents: ViewedDocument[],
  language: Pick<CallerLanguage, 'locale' | 'strings'>,
): Promise<Map<number, string>> {
  const ids = documents.map((document) => document.id);
  const stored = await findRenderings(db, ids, language.locale);
  const views = new Map<number, string>();
  const current = new Map(documents.map((document) => [document.id, document.contentSha256]));
  for (const rendering of stored) {
    if (current.get(rendering.documentId) === rendering.contentSha256 && rendering.renderer === CCDA_RENDERER_VERSION)
      views.set(rendering.documentId, rendering.html);
  }
  const toRender = ids.filter((id) => !views.has(id));
  if (toRender.length === 0) return views;

  const labels = ccdaLabels(language.strings);
  const rendered: RenderingRow[] = [];
  for (const { id, xml, contentSha256 } of await findDocumentXml(db, scope, toRender)) {
    const html = renderCcdaHtml(readCcdaDocument(xml), { labels, locale: language.locale });
    // The hash of the XML rendered, read with it: a document replaced meanwhile is rendered again next time.
    rendered.push({ documentId: id, language: language.locale, contentSha256, renderer: CCDA_RENDERER_VERSION, html });
    views.set(id, html);
  }
  await saveRenderings(db, rendered);
  return views;
}

/**
 * The answer of the view: each document (in the order given, newest first) in its own
 * <article class="ccda-document">, named by its title for the page's outline (tags, attribute and class are in
 * the contracts' CCDA_HTML_* allowlist, with which the browser cleans the answer again).
 */
export function viewHtml(documents: ViewedDocument[], views: Map<number, string>): string {
  return documents
    .map(
      (document) =>
        `<article class="ccda-document" aria-label="${escapeHtml(document.title)}">` +
        `${views.get(document.id) ?? ''}</article>`,
    )
    .join('\n');
}
