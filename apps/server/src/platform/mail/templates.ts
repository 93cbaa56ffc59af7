import type { LanguagePack } from '@portal/contracts';
import { BUNDLED_PACKS, buildLanguagePack, resolvePack, type Strings } from '../content/language-packs';
import { dateTimeFormat } from '../time/time';
import { replaceLineControls } from '../text/control-characters';

/**
 * The portal's transactional emails, worded from the `mail.*` keys of the language packs
 * (packs/<language>/mail.json), so a facility's language-pack overrides re-word them too.
 * Every mail has a plain-text body (read in any client) and an equivalent HTML body.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The language pack the mail was written in. */
  language: LanguagePack;
}

export interface CommonInput {
  /** A locale ('es-MX') or a pack name ('fr'); anything unsupported falls back to English. */
  language: string | null | undefined;
  portalName: string;
  /** How the mail greets the recipient (first name). */
  name: string;
  /** Facility overrides of pack strings, if the caller has them. */
  overrides?: Strings;
}

export interface WelcomeMailInput extends CommonInput {
  username: string;
  /** The link that confirms the address; absent when the address is already confirmed. */
  confirmUrl?: string;
  /** For an authorised representative: the patient who invited them. */
  patientName?: string;
  loginUrl: string;
}

export interface ConfirmEmailMailInput extends CommonInput {
  email: string;
  confirmUrl: string;
  days: number;
}

export interface TemporaryPasswordMailInput extends CommonInput {
  username: string;
  temporaryPassword: string;
  hours: number;
  loginUrl: string;
}

export interface EmailChangedMailInput extends CommonInput {
  /** The new address; the mail shows it masked only (j***@example.com). */
  newEmail: string;
  changedAt: Date;
  /** The facility's IANA time zone, in which the time of the change is shown. */
  timeZoneId: string;
}

export type Block =
  | { kind: 'line'; key: string; params?: Record<string, string | number> }
  | { kind: 'link'; url: string }
  | { kind: 'secret'; value: string };

// Values end up in a subject header or an HTML body; control characters have no place in either.

function clean(value: string | number): string {
  return replaceLineControls(String(value), ' ').trim();
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Fills {placeholders}; a function replacer, so '$' in a value (passwords) is taken literally. */
export function fill(template: string, params: Record<string, string | number> = {}, escape = false): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    const text = clean(value);
    return escape ? escapeHtml(text) : text;
  });
}

/** The locale each pack's dates are written in. */
const DATE_LOCALES: Record<LanguagePack, string> = {
  en: 'en-US',
  es: 'es-MX',
  fr: 'fr-CA',
  pt: 'pt-BR',
  zh: 'zh-CN',
};

/** An address with its local part hidden but its first character: jane.doe@example.com -> j***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

function strings(language: string | null | undefined, overrides?: Strings): { pack: LanguagePack; s: Strings } {
  const bare = (language ?? '').trim().toLowerCase();
  // A bare pack name ('es') is taken as that language; anything else is resolved as a locale.
  const pack = bare in BUNDLED_PACKS ? (bare as LanguagePack) : resolvePack(language ?? undefined).pack;
  return { pack, s: buildLanguagePack(pack, overrides) };
}

function text(s: Strings, key: string): string {
  const value = s[key];
  if (value === undefined) throw new Error(`Mail string ${key} is missing from the language pack`);
  return value;
}

/** A mail of pack strings: greeting, the body blocks, signature; text and equivalent HTML. */
export function compose(
  input: CommonInput,
  subject: { key: string; params: Record<string, string | number> },
  body: Block[],
): RenderedMail {
  const { pack, s } = strings(input.language, input.overrides);
  const base = { portalName: input.portalName };
  const blocks: Block[] = [
    { kind: 'line', key: 'mail.greeting', params: { name: input.name } },
    ...body,
    { kind: 'line', key: 'mail.signature', params: base },
    { kind: 'line', key: 'mail.automated', params: base },
  ];
  const hasLink = blocks.some((b) => b.kind === 'link');
  if (hasLink) blocks.push({ kind: 'line', key: 'mail.linkFallback' });

  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const block of blocks) {
    if (block.kind === 'line') {
      const template = text(s, block.key);
      textParts.push(fill(template, block.params));
      htmlParts.push(`<p>${fill(escapeHtml(template), block.params, true)}</p>`);
    } else if (block.kind === 'link') {
      const url = clean(block.url);
      textParts.push(url);
      htmlParts.push(`<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`);
    } else {
      // On a line of its own in the text body, so it can be copied (and read by tests) whole.
      const value = clean(block.value);
      textParts.push(value);
      htmlParts.push(
        `<p style="font-family:monospace;font-size:1.25em;letter-spacing:0.05em"><strong>${escapeHtml(value)}</strong></p>`,
      );
    }
  }
  const lang = escapeHtml(pack === 'zh' ? 'zh-Hans' : pack);
  return {
    language: pack,
    subject: fill(text(s, subject.key), subject.params),
    text: `${textParts.join('\n\n')}\n`,
    html:
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head>` +
      `<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1d2730">${htmlParts.join('')}</body></html>`,
  };
}

/** After sign-up: the account exists; confirm the address (patients) or just sign in (representatives). */
export function welcomeMail(input: WelcomeMailInput): RenderedMail {
  const body: Block[] = [
    { kind: 'line', key: 'mail.welcome.created', params: { portalName: input.portalName, username: input.username } },
  ];
  if (input.patientName) {
    body.push({ kind: 'line', key: 'mail.welcome.representative', params: { patientName: input.patientName } });
  }
  if (input.confirmUrl) {
    body.push({ kind: 'line', key: 'mail.welcome.confirm' }, { kind: 'link', url: input.confirmUrl });
  } else {
    body.push({ kind: 'line', key: 'mail.welcome.login' }, { kind: 'link', url: input.loginUrl });
  }
  return compose(input, { key: 'mail.welcome.subject', params: { portalName: input.portalName } }, body);
}

/** A new or changed address waiting for confirmation. */
export function confirmEmailMail(input: ConfirmEmailMailInput): RenderedMail {
  return compose(input, { key: 'mail.confirmEmail.subject', params: { portalName: input.portalName } }, [
    { kind: 'line', key: 'mail.confirmEmail.intro', params: { email: input.email } },
    { kind: 'link', url: input.confirmUrl },
    { kind: 'line', key: 'mail.confirmEmail.expiry', params: { days: input.days } },
    { kind: 'line', key: 'mail.confirmEmail.ignore' },
  ]);
}

/** "Forgot password": a temporary password that only lets the user choose a new one. */
export function temporaryPasswordMail(input: TemporaryPasswordMailInput): RenderedMail {
  return compose(input, { key: 'mail.temporaryPassword.subject', params: { portalName: input.portalName } }, [
    {
      kind: 'line',
      key: 'mail.temporaryPassword.intro',
      params: { portalName: input.portalName, username: input.username },
    },
    { kind: 'line', key: 'mail.temporaryPassword.label' },
    { kind: 'secret', value: input.temporaryPassword },
    { kind: 'line', key: 'mail.temporaryPassword.expiry', params: { hours: input.hours } },
    { kind: 'link', url: input.loginUrl },
    { kind: 'line', key: 'mail.temporaryPassword.ignore' },
  ]);
}

/**
 * To the old address after an email change: what changed and when, and whom to contact if it was not
 * the user. The new address is masked; nothing about health.
 */
export function emailChangedMail(input: EmailChangedMailInput): RenderedMail {
  const { pack } = strings(input.language, input.overrides);
  const when = dateTimeFormat(DATE_LOCALES[pack], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: input.timeZoneId,
    timeZoneName: 'short',
  }).format(input.changedAt);
  return compose(input, { key: 'mail.emailChanged.subject', params: { portalName: input.portalName } }, [
    {
      kind: 'line',
      key: 'mail.emailChanged.intro',
      params: { portalName: input.portalName, when, maskedEmail: maskEmail(input.newEmail) },
    },
    { kind: 'line', key: 'mail.emailChanged.notYou' },
    { kind: 'line', key: 'mail.emailChanged.ignore' },
  ]);
}
