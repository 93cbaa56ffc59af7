import { DATE_FORMATS } from '@portal/contracts';
import { dayIn, formatDay } from '../../../lib/dates';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';

/**
 * A questionnaire's date in the spec's 'MMM DD, YYYY' ('Jan 05, 2024'): a due day as it is, an instant (completed,
 * declined) by the day it fell on at the facility.
 */
export function QuestionnaireDate({ value, isInstant = false }: { value: string; isInstant?: boolean }) {
  useTranslation();
  const facility = useFacility();
  const day = isInstant ? dayIn(value, facility.timeZone.id) : value.slice(0, 10);
  return <time dateTime={day}>{formatDay(day, DATE_FORMATS.questionnaire)}</time>;
}
