import {
  DEFAULT_EDUCATION_PREVIEW_SETTING,
  EDUCATION_PREVIEW_SETTINGS,
  type EducationArticle,
  type EducationPreviewSetting,
} from '@portal/contracts';

// The Education page's rules (spec 002: 2.1, 4 and 9), free of React so they are tested alone.

/** 'New' means not read and not archived. */
export function isNew(article: Pick<EducationArticle, 'wasReadByPatient' | 'isArchived'>): boolean {
  return article.wasReadByPatient === null && !article.isArchived;
}

export interface CategoryGroup {
  categoryName: string;
  categorySortOrder: number;
  articles: EducationArticle[];
}

export interface DateGroup {
  /** YYYY-MM-DD */
  assignedDate: string;
  categories: CategoryGroup[];
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) || a.localeCompare(b);

/** Assigned date newest first, then category by its sort order (then name), then title. */
export function compareArticles(a: EducationArticle, b: EducationArticle): number {
  return (
    b.assignedDate.localeCompare(a.assignedDate) ||
    a.categorySortOrder - b.categorySortOrder ||
    byText(a.categoryName, b.categoryName) ||
    byText(a.title, b.title) ||
    a.articleId - b.articleId
  );
}

/** The page's grouping: by assigned date (newest first), then by category (categorySortOrder, then name). */
export function groupArticles(articles: readonly EducationArticle[]): DateGroup[] {
  const groups: DateGroup[] = [];
  for (const article of [...articles].sort(compareArticles)) {
    let day = groups.at(-1);
    if (day?.assignedDate !== article.assignedDate) {
      day = { assignedDate: article.assignedDate, categories: [] };
      groups.push(day);
    }
    let category = day.categories.at(-1);
    if (category?.categoryName !== article.categoryName) {
      category = { categoryName: article.categoryName, categorySortOrder: article.categorySortOrder, articles: [] };
      day.categories.push(category);
    }
    category.articles.push(article);
  }
  return groups;
}

/** The saved preference as a setting: InPage only when saved so; anything else is the default, NewTab. */
export function parsePreviewSetting(value: string | null | undefined): EducationPreviewSetting {
  return EDUCATION_PREVIEW_SETTINGS.find((s) => s === value) ?? DEFAULT_EDUCATION_PREVIEW_SETTING;
}

export interface PreviewContext {
  /** An iPad (iPadOS included): articles always open in a new window. */
  iPad: boolean;
  /** Small and extra-small windows (phones): no frame beside the list, so a new window too. */
  compact: boolean;
}

/** Only a desktop window offers the choice between a new page and this page. */
export function offersPreviewChoice(context: PreviewContext): boolean {
  return !context.iPad && !context.compact;
}

/** Where an article opens: the frame on the right only on a desktop window whose user chose InPage. */
export function previewMode(context: PreviewContext, setting: EducationPreviewSetting): 'newWindow' | 'frame' {
  return offersPreviewChoice(context) && setting === 'InPage' ? 'frame' : 'newWindow';
}

/** Opening an unread article stamps it read locally (the server has been told); others stay as they are. */
export function markReadLocally(
  articles: readonly EducationArticle[],
  articleId: number,
  at: Date,
): EducationArticle[] {
  return articles.map((a) =>
    a.articleId === articleId && a.wasReadByPatient === null ? { ...a, wasReadByPatient: at.toISOString() } : a,
  );
}

/** The path of an article's content document (opened with a URL token). */
export function articleContentPath(articleId: number): string {
  return `/api/education/articles/${articleId}/content`;
}
