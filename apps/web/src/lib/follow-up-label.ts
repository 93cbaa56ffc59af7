import type { Translate } from './i18n';

/** What a follow-up label is built from: the server's English text and its years and months. */
export interface FollowUpLabelSource {
  followUpLabel: string | null;
  followUpLabelParts: { y: number; m: number } | null;
}

/**
 * The follow-up label in the user's language, rebuilt from its parts: '1 Year 6 Month Follow-up',
 * '1 Year Follow-up', '6 Month Follow-up' (in English the period stays singular, as an adjective; the
 * other languages pick the singular or plural word); with both 0 'Follow-up' in the language. Without
 * parts, the server's (English) label.
 * Used by the dashboard's upcoming list and the follow-up plan.
 */
export function followUpLabel(item: FollowUpLabelSource, t: Translate): string {
  const years = item.followUpLabelParts?.y ?? 0;
  const months = item.followUpLabelParts?.m ?? 0;
  // The language's plural form of each period (dashboard.year.one, dashboard.year.other, ...).
  const yearPart = years > 0 ? t('dashboard.year', { years, count: years }) : '';
  const monthPart = months > 0 ? t('dashboard.month', { months, count: months }) : '';
  if (yearPart && monthPart) return t('dashboard.followUpYearsMonths', { yearPart, monthPart });
  if (yearPart || monthPart) return t('dashboard.followUpPeriod', { period: yearPart || monthPart });
  if (item.followUpLabelParts) return t('dashboard.followUp');
  return item.followUpLabel ?? t('dashboard.followUp');
}
