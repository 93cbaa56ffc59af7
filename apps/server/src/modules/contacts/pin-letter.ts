import type { LanguagePack } from '@portal/contracts';
import { buildLanguagePack } from '../../platform/content/language-packs';
import { fill } from '../../platform/mail/templates';
import { createPdf } from '../../platform/pdf/document';
import { dateTimeFormat } from '../../platform/time/time';

export interface PinLetterInput {
  /** The language pack of the letter (the invitation email's). */
  language: LanguagePack;
  facilityName: string;
  portalName: string;
  timeZoneId: string;
  patientName: string;
  contactName: string;
  email: string;
  pin: string;
  expiresAt: Date;
  issuedAt: Date;
}

const LOCALES: Record<LanguagePack, string> = { en: 'en-US', es: 'es-MX', fr: 'fr-CA', pt: 'pt-BR', zh: 'zh-CN' };

/**
 * The one-page letter a patient prints for the contact they invited: who, the PIN, what to do, until
 * when; in the language of the invitation email (Chinese included: the PDF then embeds a Unicode font).
 */
export async function renderPinLetter(input: PinLetterInput): Promise<Buffer> {
  const language = input.language;
  const s = buildLanguagePack(language);
  const t = (key: string, params?: Record<string, string | number>) => fill(s[`mail.pinLetter.${key}`] ?? key, params);
  const date = (value: Date) =>
    dateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: input.timeZoneId }).format(value);

  const pdf = createPdf({
    title: `${t('documentTitle')} - ${input.portalName}`,
    language: LOCALES[language],
    author: input.facilityName,
    createdAt: input.issuedAt,
  })
    // Letterhead: the facility, the portal, the date.
    .paragraph(input.facilityName, { bold: true, size: 16 })
    .paragraph(input.portalName, { muted: true, size: 10 })
    .paragraph(t('issued', { date: date(input.issuedAt) }), { muted: true, size: 10 })
    .rule()
    .space(28)
    .paragraph(t('title'), { bold: true, size: 26 })
    .space(6)
    // Who the invitation is for.
    .keyValues([
      [t('patient'), input.patientName],
      [t('contact'), input.contactName],
      [t('email'), input.email],
    ])
    .paragraph(
      t('intro', {
        patientName: input.patientName,
        contactName: input.contactName,
        portalName: input.portalName,
        email: input.email,
      }),
    )
    .space(8)
    // The PIN, large, in a box.
    .callout(t('pinLabel'), input.pin, { size: 40, letterSpacing: 12 })
    .heading(t('stepsTitle'), 3)
    .list(
      ['step1', 'step2', 'step3'].map((key) => t(key, { portalName: input.portalName })),
      { ordered: true },
    )
    .space(6)
    .paragraph(t('expiry', { date: date(input.expiresAt) }), { bold: true })
    .paragraph(t('private'), { muted: true, size: 10 });
  const bytes = await pdf.save();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
