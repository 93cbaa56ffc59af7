import type { DownloadableItem } from '@portal/contracts';

/** The kinds of file the forms list draws an icon for. */
export type FileKind = 'pdf' | 'image' | 'text' | 'other';

/** The icon of a form, by its MIME type (parameters such as charset ignored). */
export function fileKindOf(contentType: string): FileKind {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('text/')) return 'text';
  return 'other';
}

/** A file's size in KB as the spec shows it: bytes / 1000, with 2 decimals, in the page's language. */
export function fileSizeKb(bytes: number, locale: string): string {
  const format = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return format.format(bytes / 1000);
}

/** The forms in the order the facility set (viewOrder, then as listed), whatever order they arrived in. */
export function byViewOrder<T extends Pick<DownloadableItem, 'viewOrder'>>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.viewOrder - b.item.viewOrder || a.index - b.index)
    .map(({ item }) => item);
}
