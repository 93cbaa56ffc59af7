import { Accordion, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { RichText } from '../../../components/RichText';
import { useTranslation } from '../../../lib/i18n';
import { faqsQuery } from '../api/facility-pages';
import { facilityPage, type FacilityPageProps } from '../components/FacilityPage';
import { LoadError } from '../components/LoadError';
import { byViewOrder } from '../lib/forms';
import classes from './FaqsPage.module.css';

/** /faqs (spec 002, 2.10): the facility's questions and answers (rich text), by viewOrder. */
export const Component = facilityPage('Faqs', 'faqs', 'facilityPages.faqsTitle', FaqsView);

function FaqsView({ facilityId, locale }: FacilityPageProps) {
  const { t } = useTranslation();
  const faqs = useQuery(faqsQuery(facilityId, locale));
  if (faqs.isPending) return <DelayedLoader label={t('app.loading')} />;
  if (faqs.isError) return <LoadError error={faqs.error} />;
  if (faqs.data.length === 0) return <Text>{t('facilityPages.noFaqs')}</Text>;
  return (
    <Accordion multiple variant="separated" chevronPosition="right" data-testid="faq-list">
      {byViewOrder(faqs.data).map((faq) => (
        <Accordion.Item key={faq.faqId} value={String(faq.faqId)} data-testid="faq-item">
          <Accordion.Control>
            <RichText html={faq.question} className={`portal-rich-text portal-faq-question ${classes.question}`} />
          </Accordion.Control>
          <Accordion.Panel>
            <RichText html={faq.answer} className="portal-rich-text" />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
