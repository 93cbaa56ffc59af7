import { formatDateTime } from '../lib/dates';
import { useFacility } from '../lib/facility-context';

/** A full date-time in the facility's time zone, in a <time> element machines can read. */
export function DateTimeText({ value }: { value: string | Date }) {
  const facility = useFacility();
  const iso = typeof value === 'string' ? value : value.toISOString();
  return <time dateTime={iso}>{formatDateTime(value, facility.timeZone.id)}</time>;
}
