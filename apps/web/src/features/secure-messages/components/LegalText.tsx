import { useQuery } from '@tanstack/react-query';
import { SECURE_MESSAGE_LEGAL_CONTENT_KEY } from '@portal/contracts';
import { RichText } from '../../../components/RichText';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { contentQuery } from '../../../shared/api/content';

/**
 * The legal message under a message box (content key SecurityMessageLegal, per facility and language). A facility
 * that has written none shows nothing.
 */
export function LegalText() {
  const { locale } = useTranslation();
  const facility = useFacility();
  const legal = useQuery(contentQuery(SECURE_MESSAGE_LEGAL_CONTENT_KEY, locale, facility.facilityId));
  if (!legal.data?.body) return null;
  return <RichText html={legal.data.body} className="portal-rich-text portal-legal-text" />;
}
