import { describe, expect, it } from 'vitest';
import type { EducationArticle } from '@portal/contracts';
import {
  articleContentPath,
  groupArticles,
  isNew,
  markReadLocally,
  offersPreviewChoice,
  parsePreviewSetting,
  previewMode,
} from './education';

let nextId = 1;
const article = (over: Partial<EducationArticle>): EducationArticle => ({
  articleId: nextId++,
  assignedDate: '2026-03-05',
  categoryName: 'Managing Side Effects',
  categorySortOrder: 1,
  isArchived: false,
  wasReadByPatient: null,
  title: 'Fatigue',
  ...over,
});

describe('isNew', () => {
  it('is true only for unread articles that are not archived', () => {
    expect(isNew({ wasReadByPatient: null, isArchived: false })).toBe(true);
    expect(isNew({ wasReadByPatient: '2026-03-05T10:00:00.000Z', isArchived: false })).toBe(false);
    expect(isNew({ wasReadByPatient: null, isArchived: true })).toBe(false);
    expect(isNew({ wasReadByPatient: '2026-03-05T10:00:00.000Z', isArchived: true })).toBe(false);
  });
});

describe('groupArticles', () => {
  it('groups by assigned date newest first, then category by sort order, then title', () => {
    const list = [
      article({ assignedDate: '2026-01-10', categoryName: 'Zeta', categorySortOrder: 1, title: 'Old one' }),
      article({ assignedDate: '2026-03-05', categoryName: 'Recovery', categorySortOrder: 5, title: 'Lymphedema' }),
      article({ assignedDate: '2026-03-05', categoryName: 'Staying Well', categorySortOrder: 4, title: 'Exercise' }),
      article({
        assignedDate: '2026-03-05',
        categoryName: 'Recovery',
        categorySortOrder: 5,
        title: 'Emotional support',
      }),
      article({ assignedDate: '2026-02-01', categoryName: 'Radiation', categorySortOrder: 2, title: 'Skin care' }),
    ];
    const groups = groupArticles(list);
    expect(groups.map((g) => g.assignedDate)).toEqual(['2026-03-05', '2026-02-01', '2026-01-10']);
    // Sort order wins over the name: 'Staying Well' (4) before 'Recovery' (5).
    expect(groups[0]!.categories.map((c) => [c.categoryName, c.categorySortOrder])).toEqual([
      ['Staying Well', 4],
      ['Recovery', 5],
    ]);
    expect(groups[0]!.categories[1]!.articles.map((a) => a.title)).toEqual(['Emotional support', 'Lymphedema']);
    expect(groups[2]!.categories[0]!.articles.map((a) => a.title)).toEqual(['Old one']);
    // Every article once, and the input untouched.
    expect(groups.flatMap((g) => g.categories.flatMap((c) => c.articles))).toHaveLength(5);
    expect(list[0]!.title).toBe('Old one');
  });

  it('orders categories of equal sort order by name, whatever the case', () => {
    const groups = groupArticles([
      article({ categoryName: 'nutrition', categorySortOrder: 3 }),
      article({ categoryName: 'Devices', categorySortOrder: 3 }),
      article({ categoryName: 'Anxiety', categorySortOrder: 7 }),
    ]);
    expect(groups[0]!.categories.map((c) => c.categoryName)).toEqual(['Devices', 'nutrition', 'Anxiety']);
  });

  it('keeps two categories of one name on different days apart, and answers [] for no articles', () => {
    const groups = groupArticles([
      article({ assignedDate: '2026-03-05', title: 'B' }),
      article({ assignedDate: '2026-03-04', title: 'A' }),
    ]);
    expect(groups.map((g) => g.categories.length)).toEqual([1, 1]);
    expect(groupArticles([])).toEqual([]);
  });
});

describe('the preview setting', () => {
  it('reads InPage and NewTab; anything else (never saved included) is NewTab, the default', () => {
    expect(parsePreviewSetting('InPage')).toBe('InPage');
    expect(parsePreviewSetting('NewTab')).toBe('NewTab');
    expect(parsePreviewSetting(null)).toBe('NewTab');
    expect(parsePreviewSetting(undefined)).toBe('NewTab');
    expect(parsePreviewSetting('inpage')).toBe('NewTab');
    expect(parsePreviewSetting('')).toBe('NewTab');
  });

  it('offers the choice on desktop windows only', () => {
    expect(offersPreviewChoice({ iPad: false, compact: false })).toBe(true);
    expect(offersPreviewChoice({ iPad: true, compact: false })).toBe(false);
    expect(offersPreviewChoice({ iPad: false, compact: true })).toBe(false);
  });

  it('opens in the frame only on a desktop window with InPage chosen; else in a new window', () => {
    const desktop = { iPad: false, compact: false };
    expect(previewMode(desktop, 'InPage')).toBe('frame');
    expect(previewMode(desktop, 'NewTab')).toBe('newWindow');
    expect(previewMode({ iPad: true, compact: false }, 'InPage')).toBe('newWindow');
    expect(previewMode({ iPad: false, compact: true }, 'InPage')).toBe('newWindow');
  });
});

describe('markReadLocally', () => {
  it('stamps the opened article if it was unread, and nothing else', () => {
    const unread = article({});
    const read = article({ wasReadByPatient: '2026-01-01T00:00:00.000Z' });
    const other = article({});
    const at = new Date('2026-03-05T15:00:00.000Z');
    const after = markReadLocally([unread, read, other], unread.articleId, at);
    expect(after[0]).toEqual({ ...unread, wasReadByPatient: '2026-03-05T15:00:00.000Z' });
    expect(after[1]).toBe(read);
    expect(after[2]).toBe(other);
    // An article read before keeps its first time.
    expect(markReadLocally([read], read.articleId, at)[0]!.wasReadByPatient).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('articleContentPath', () => {
  it('is the content route of the article', () => {
    expect(articleContentPath(42)).toBe('/api/education/articles/42/content');
  });
});
