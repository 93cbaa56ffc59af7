import type { LanguagePack } from '@portal/contracts';
import { BUNDLED_PACKS, buildLanguagePack } from '../../platform/content/language-packs';
import { fill } from '../../platform/mail/templates';
import { isWinAnsi, PdfPage, renderPdf, textWidth, wrapText, type FontName, type Rgb } from './pdf';

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

const INK: Rgb = [0.11, 0.15, 0.19];
const MUTED: Rgb = [0.34, 0.39, 0.44];
const RULE: Rgb = [0.75, 0.78, 0.8];
const PIN_BOX: Rgb = [0.94, 0.96, 0.97];

/**
 * The language the letter is printed in: the standard PDF fonts have no Chinese characters, so a
 * Chinese letter is printed in English rather than as question marks.
 */
export function printableLanguage(language: LanguagePack): LanguagePack {
  const strings = Object.entries(BUNDLED_PACKS[language])
    .filter(([key]) => key.startsWith('mail.pinLetter.'))
    .map(([, value]) => value);
  return strings.every(isWinAnsi) ? language : 'en';
}

/** The one-page letter a patient prints for the contact they invited: who, the PIN, what to do, until when. */
export function renderPinLetter(input: PinLetterInput): Buffer {
  const language = printableLanguage(input.language);
  const s = buildLanguagePack(language);
  const t = (key: string, params?: Record<string, string | number>) => fill(s[`mail.pinLetter.${key}`] ?? key, params);
  const date = (value: Date) =>
    new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: input.timeZoneId }).format(value);

  const page = new PdfPage();
  const left = 72;
  const width = page.width - 2 * left;
  let y = page.height - 72;

  const paragraph = (text: string, options: { font?: FontName; size?: number; color?: Rgb; indent?: number } = {}) => {
    const size = options.size ?? 11;
    const indent = options.indent ?? 0;
    for (const line of wrapText(text, options.font ?? 'regular', size, width - indent)) {
      page.text(line, left + indent, y, { font: options.font, size, color: options.color ?? INK });
      y -= size * 1.4;
    }
  };

  // Letterhead: the facility, the portal, the date.
  paragraph(input.facilityName, { font: 'bold', size: 16 });
  paragraph(input.portalName, { size: 10, color: MUTED });
  paragraph(t('issued', { date: date(input.issuedAt) }), { size: 10, color: MUTED });
  y -= 6;
  page.line(left, y, left + width, y, { color: RULE });
  y -= 40;

  paragraph(t('title'), { font: 'bold', size: 26 });
  y -= 10;

  // Who the invitation is for.
  const labelWidth = Math.max(...['patient', 'contact', 'email'].map((key) => textWidth(t(key), 'bold', 11)));
  for (const [key, value] of [
    ['patient', input.patientName],
    ['contact', input.contactName],
    ['email', input.email],
  ] as const) {
    page.text(t(key), left, y, { font: 'bold', size: 11, color: INK });
    page.text(value, left + labelWidth + 10, y, { size: 11, color: INK });
    y -= 17;
  }
  y -= 10;
  paragraph(
    t('intro', {
      patientName: input.patientName,
      contactName: input.contactName,
      portalName: input.portalName,
      email: input.email,
    }),
  );
  y -= 16;

  // The PIN, large, in a box.
  const boxHeight = 92;
  page.rect(left, y - boxHeight + 18, width, boxHeight, { fill: PIN_BOX, stroke: RULE });
  page.text(t('pinLabel'), left + 20, y - 6, { font: 'bold', size: 12, color: MUTED });
  const pinSize = 40;
  const spacing = 12;
  const pinWidth = textWidth(input.pin, 'bold', pinSize) + spacing * (input.pin.length - 1);
  page.text(input.pin, left + (width - pinWidth) / 2, y - 58, {
    font: 'bold',
    size: pinSize,
    color: INK,
    charSpacing: spacing,
  });
  y -= boxHeight + 16;

  paragraph(t('stepsTitle'), { font: 'bold', size: 13 });
  y -= 2;
  ['step1', 'step2', 'step3'].forEach((key, index) => {
    page.text(`${index + 1}.`, left + 4, y, { font: 'bold', size: 11, color: INK });
    paragraph(t(key, { portalName: input.portalName }), { indent: 22 });
    y -= 4;
  });
  y -= 12;
  paragraph(t('expiry', { date: date(input.expiresAt) }), { font: 'bold' });
  y -= 4;
  paragraph(t('private'), { color: MUTED, size: 10 });

  return renderPdf(page, {
    title: `${t('documentTitle')} - ${input.portalName}`,
    language: LOCALES[language],
    createdAt: input.issuedAt,
  });
}
