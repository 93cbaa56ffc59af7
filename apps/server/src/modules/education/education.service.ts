import type { EducationArticle } from '@portal/contracts';
import type { Db } from '../../db/client';
import { sanitizeRichText } from '../../platform/content/sanitize';
import { notFound } from '../../platform/errors/app-error';
import {
  findArticlePatientId,
  countArchived,
  countUnread,
  findArticleContent,
  listArticles,
  markRead,
  setArchived,
  type EducationArticleRow,
} from './education.repository';
import type { PatientScope } from '../../platform/access/patient-scope';

const NO_ARTICLE = 'The education article was not found.';

export function toArticle(row: EducationArticleRow): EducationArticle {
  return {
    articleId: row.id,
    assignedDate: row.assignedDate,
    categoryName: row.categoryName,
    categorySortOrder: row.categorySortOrder,
    isArchived: row.isArchived,
    wasReadByPatient: row.readAt ? row.readAt.toISOString() : null,
    title: row.title,
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

// Readable in a narrow frame and a full window alike; no web fonts, nothing loaded from anywhere.
const ARTICLE_STYLES = [
  'html{-webkit-text-size-adjust:100%}',
  'body{margin:0;background:#fff;color:#1f2328;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}',
  'main{max-width:42rem;margin:0 auto;padding:1.25rem 1rem 2.5rem}',
  'h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem}',
  'h2{font-size:1.25rem;margin:1.75rem 0 .5rem}',
  'h3{font-size:1.1rem;margin:1.5rem 0 .5rem}',
  'p,ul,ol,dl,table,blockquote{margin:0 0 1rem}',
  'li{margin:.25rem 0}',
  'a{color:#0b57a4}',
  'table{border-collapse:collapse;width:100%}',
  'th,td{border:1px solid #8c959f;padding:.4rem .6rem;text-align:left;vertical-align:top}',
  'blockquote{border-left:4px solid #8c959f;margin-left:0;padding-left:1rem}',
  'img{max-width:100%;height:auto}',
].join('\n');

/**
 * A complete, self-contained HTML document of one article: its title as heading, then the sanitised text; its lang
 * the article's language when the facility gave it.
 */
export function articleDocument(title: string, contentHtml: string, language: string | null = null): string {
  const safeTitle = escapeHtml(title);
  const lang = language && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$/.test(language) ? language : 'en';
  return (
    '<!doctype html>\n' +
    `<html lang="${lang}">\n<head>\n<meta charset="utf-8">\n` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${safeTitle}</title>\n<style>\n${ARTICLE_STYLES}\n</style>\n</head>\n` +
    `<body>\n<main>\n<h1>${safeTitle}</h1>\n${sanitizeRichText(contentHtml)}\n</main>\n</body>\n</html>\n`
  );
}

export class EducationService {
  constructor(private readonly db: Db) {}

  async list(scope: PatientScope, includeArchived: boolean): Promise<EducationArticle[]> {
    return (await listArticles(this.db, scope, includeArchived)).map(toArticle);
  }

  unreadCount(scope: PatientScope): Promise<number> {
    return countUnread(this.db, scope);
  }

  archivedCount(scope: PatientScope): Promise<number> {
    return countArchived(this.db, scope);
  }

  async markRead(scope: PatientScope, articleId: number, now = new Date()): Promise<void> {
    if (!(await markRead(this.db, scope, articleId, now))) throw notFound('not_found', NO_ARTICLE);
  }

  /** The patient an article was assigned to (the access check then runs on that patient), or null. */
  patientOfArticle(articleId: number): Promise<number | null> {
    return findArticlePatientId(this.db, articleId);
  }

  async setArchived(scope: PatientScope, articleId: number, isArchived: boolean): Promise<void> {
    if (!(await setArchived(this.db, scope, articleId, isArchived))) throw notFound('not_found', NO_ARTICLE);
  }

  /** The article as a document, and what its view audit row records (the caller hands that to the read's audit row). */
  async content(scope: PatientScope, articleId: number): Promise<{ body: string; audit: Record<string, unknown> }> {
    const article = await findArticleContent(this.db, scope, articleId);
    if (!article) throw notFound('not_found', NO_ARTICLE);
    return {
      body: articleDocument(article.title, article.contentHtml, article.language),
      audit: { articleId, relationship: scope.relationship },
    };
  }
}
