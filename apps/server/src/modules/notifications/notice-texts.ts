import type { LanguagePack } from '@portal/contracts';
import { BUNDLED_PACKS, buildLanguagePack, resolvePack } from '../../platform/content/language-packs';
import { compose, fill, type Block, type RenderedMail } from '../../platform/mail/templates';
import type { NoticeKind } from '../../platform/notices/ledger';
import { dateTimeFormat, zonedInstant } from '../../platform/time/time';

// The words of every notice and reminder, from the notices.* keys of packs/<language>/notifications.json, in the
// recipient's language. None carries health information: no result, note, message or questionnaire content, no
// provider, department, location or type of visit: only that something is waiting, or when the patient is
// expected, and the link that shows the rest after signing in.

/** A result and a note both read as "new information": saying which would tell a reader of the mailbox more. */
const NOTICE_TEXT: Record<NoticeKind, string> = {
  message: 'message',
  questionnaire: 'questionnaire',
  result: 'update',
  note: 'update',
  education: 'education',
};

/** What a reminder or digest names: a day and, for a booked appointment, its time (never what it is for). */
export interface DatedItem {
  /** YYYY-MM-DD, on the facility's wall clock. */
  date: string;
  /** HH:mm, or null for a day without a time (a follow-up, an appointment without its time). */
  time: string | null;
}

export type NoticeContent =
  | { kind: 'notice'; notice: NoticeKind }
  | { kind: 'reminder'; type: 'appointment' | 'followUp'; item: DatedItem }
  | {
      kind: 'digest';
      type: 'appointment' | 'followUp';
      period: 'weekly' | 'monthly';
      from: string;
      to: string;
      items: DatedItem[];
    };

export interface NoticeTextInput {
  language: string | null;
  portalName: string;
  name: string;
  url: string;
  forRepresentative: boolean;
  timeZoneId: string;
}

const DATE_LOCALES: Record<LanguagePack, string> = { en: 'en-US', es: 'es-MX', fr: 'fr-CA', pt: 'pt-BR', zh: 'zh-CN' };

function packOf(language: string | null): LanguagePack {
  const bare = (language ?? '').trim().toLowerCase();
  return bare in BUNDLED_PACKS ? (bare as LanguagePack) : resolvePack(language ?? undefined).pack;
}

function formatDay(pack: LanguagePack, date: string, timeZoneId: string): string {
  return dateTimeFormat(DATE_LOCALES[pack], {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: timeZoneId,
  }).format(zonedInstant(date, 12, 0, timeZoneId));
}

function formatTime(pack: LanguagePack, item: DatedItem, timeZoneId: string): string {
  const [h, m] = (item.time ?? '00:00').split(':').map(Number) as [number, number];
  return dateTimeFormat(DATE_LOCALES[pack], { hour: 'numeric', minute: '2-digit', timeZone: timeZoneId }).format(
    zonedInstant(item.date, h, m, timeZoneId),
  );
}

function itemParams(pack: LanguagePack, item: DatedItem, timeZoneId: string) {
  return {
    date: formatDay(pack, item.date, timeZoneId),
    ...(item.time !== null && { time: formatTime(pack, item, timeZoneId) }),
  };
}

/** The subject key and the lines that say what the notice is about (shared by the mail and the SMS). */
function lines(content: NoticeContent, pack: LanguagePack, input: NoticeTextInput) {
  const portal = { portalName: input.portalName };
  if (content.kind === 'notice') {
    const key = NOTICE_TEXT[content.notice];
    return { subject: `notices.${key}.subject`, intro: [{ key: `notices.${key}.intro`, params: portal }] };
  }
  if (content.kind === 'reminder') {
    const params = { ...portal, ...itemParams(pack, content.item, input.timeZoneId) };
    const intro =
      content.type === 'followUp'
        ? 'notices.followUpReminder.intro'
        : content.item.time === null
          ? 'notices.appointmentReminder.introDay'
          : 'notices.appointmentReminder.intro';
    return { subject: `notices.${content.type}Reminder.subject`, intro: [{ key: intro, params }] };
  }
  const range = {
    ...portal,
    from: formatDay(pack, content.from, input.timeZoneId),
    to: formatDay(pack, content.to, input.timeZoneId),
  };
  const listed = content.items.map((item) => ({
    key: item.time === null ? 'notices.digest.dayLine' : 'notices.digest.timeLine',
    params: itemParams(pack, item, input.timeZoneId),
  }));
  return {
    subject: `notices.digest.${content.period}.subject`,
    intro: [{ key: `notices.digest.${content.type}s.intro`, params: range }, ...listed],
  };
}

/** The mail: greeting, what is waiting, the link, the privacy line, signature (platform/mail/templates). */
export function noticeMail(content: NoticeContent, input: NoticeTextInput): RenderedMail {
  const pack = packOf(input.language);
  const { subject, intro } = lines(content, pack, input);
  const body: Block[] = [
    ...intro.map((line) => ({ kind: 'line' as const, ...line })),
    ...(input.forRepresentative ? [{ kind: 'line' as const, key: 'notices.representative' }] : []),
    { kind: 'line', key: content.kind === 'notice' ? 'notices.action' : 'notices.reminderAction' },
    { kind: 'link', url: input.url },
    { kind: 'line', key: 'notices.privacy' },
  ];
  return compose(
    { language: pack, portalName: input.portalName, name: input.name },
    { key: subject, params: { portalName: input.portalName } },
    body,
  );
}

/** The text message: the portal's name, what is waiting (a digest: only that its list is in the portal), the link. */
export function noticeSms(content: NoticeContent, input: NoticeTextInput): string {
  const pack = packOf(input.language);
  const s = buildLanguagePack(pack);
  const portal = { portalName: input.portalName };
  const first =
    content.kind === 'digest'
      ? {
          key: `notices.digest.${content.type}s.sms`,
          params: {
            ...portal,
            from: formatDay(pack, content.from, input.timeZoneId),
            to: formatDay(pack, content.to, input.timeZoneId),
          },
        }
      : lines(content, pack, input).intro[0]!;
  const template = s[first.key];
  if (template === undefined) throw new Error(`Notice string ${first.key} is missing from the language pack`);
  return `${fill(template, first.params)} ${input.url}`;
}

export interface NoticeCodeInput {
  language: string | null;
  portalName: string;
  /** The first name of who asked (the patient or their representative): the mail greets them. */
  name: string;
  code: string;
  minutes: number;
}

/**
 * The code that confirms a new notice address: what it is for, the code on a line of its own, how long it lasts, and
 * what to do if nobody asked. No health information and no patient name: the address may be a stranger's typo.
 */
export function noticeCodeMail(input: NoticeCodeInput): RenderedMail {
  const portal = { portalName: input.portalName };
  return compose(
    { language: packOf(input.language), portalName: input.portalName, name: input.name },
    { key: 'notices.code.subject', params: portal },
    [
      { kind: 'line', key: 'notices.code.emailIntro', params: portal },
      { kind: 'secret', value: input.code },
      { kind: 'line', key: 'notices.code.expiry', params: { minutes: input.minutes } },
      { kind: 'line', key: 'notices.code.ignore' },
    ],
  );
}

/** The code that confirms a new SMS number, in one text. */
export function noticeCodeSms(input: NoticeCodeInput): string {
  const template = buildLanguagePack(packOf(input.language))['notices.code.sms'];
  if (template === undefined) throw new Error('Notice string notices.code.sms is missing from the language pack');
  return fill(template, { portalName: input.portalName, code: input.code, minutes: input.minutes });
}
