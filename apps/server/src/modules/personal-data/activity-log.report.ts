import { ACTIVITY_LOG_KINDS, type ActivityLogKind, type SupportedLocale } from '@portal/contracts';
import type { Strings } from '../../platform/content/language-packs';
import { escapeHtml, fill } from '../../platform/mail/templates';
import { dateTimeFormat } from '../../platform/time/time';
import type { ActivityActor, ActivityRow, ActivityRunRow } from './activity-log.repository';
import { areaKey, eventNameKey } from './event-names';

// The activity log as the patient reads it (spec 002, 2.9): an HTML page in a new window, readable on a phone,
// printable (the page links and the header's hint are not printed; the table's header repeats on each sheet).
// It is served sandboxed without script, so the browser's own Print command prints it.

export interface ReportPage {
  locale: SupportedLocale;
  strings: Strings;
  patientName: string;
  timeZoneId: string;
  startDate: string;
  endDate: string;
  rows: readonly ActivityRunRow[];
  total: number;
  /** The people and systems of the range, for the Who filter, and the filter chosen. */
  actors: readonly ActivityActor[];
  who: string | null;
  kind: ActivityLogKind | null;
  /** The filter form's fields besides who and kind (a fresh URL token, the range, the language). */
  formAction: string;
  formFields: Record<string, string>;
  page: number;
  pageCount: number;
  firstRow: number;
  /** The previous and next pages' addresses, with a fresh URL token each; null at either end. */
  previousUrl: string | null;
  nextUrl: string | null;
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans SC",sans-serif;color:#1a1a1a;
margin:0;padding:16px;line-height:1.45;font-size:16px}
main{max-width:1100px;margin:0 auto}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{margin:.25rem 0}
.meta{color:#333}
table{border-collapse:collapse;width:100%;margin-top:1rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #767676;padding:.4rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
thead th{background:#e8e8e8}
.pager{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;margin-top:1rem}
.pager a{color:#0b4f8a;font-weight:700;padding:.5rem 0}
.failure{color:#8a1c1c}
.repeat{display:block;font-size:.875rem;color:#333}
form.filter{display:flex;flex-wrap:wrap;gap:.75rem 1.25rem;align-items:flex-end;margin:1rem 0;padding:.75rem;
border:1px solid #767676;border-radius:4px}
form.filter label{display:flex;flex-direction:column;font-weight:600;gap:.25rem;max-width:100%}
form.filter select{font:inherit;padding:.4rem;border:1px solid #555;border-radius:4px;max-width:100%;min-height:44px}
form.filter button{font:inherit;font-weight:700;padding:.5rem 1.25rem;min-height:44px;border:0;border-radius:4px;
background:#0b4f8a;color:#fff;cursor:pointer}
form.filter button:focus-visible,form.filter select:focus-visible,.pager a:focus-visible{outline:3px solid #0b4f8a;
outline-offset:2px}
@media (max-width:640px){thead{display:none}tr{display:block;border:1px solid #767676;margin-bottom:.75rem}
td{display:block;border:0;border-bottom:1px solid #ddd}td::before{content:attr(data-label) ": ";font-weight:700}}
@media print{body{padding:0;font-size:11pt}.pager,.hint,form.filter{display:none}thead{display:table-header-group}
tr{break-inside:avoid}a{color:inherit;text-decoration:none}}
`;

/** The locale Intl formats dates with (the portal's 'zh' is Simplified Chinese). */
function intlLocale(locale: SupportedLocale): string {
  return locale === 'zh' ? 'zh-CN' : locale;
}

function format(page: ReportPage) {
  return (key: string, params: Record<string, string | number> = {}) => fill(page.strings[key] ?? key, params);
}

/** Who did it: a facility system, the patient, which representative, a kiosk or link session, or the portal. */
export function whoOf(row: ActivityRow | ActivityRunRow, t: ReturnType<typeof format>): string {
  const name = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ');
  if (row.systemName) return t('personalData.who.system', { name: row.systemName });
  if (row.relationship === 'representative') return t('personalData.who.representative', { name });
  // Kiosk staff start a patient's kiosk session under their own account: they are not the patient.
  if (row.loginType === 'patientKioskManagement') {
    return t('personalData.who.kioskStaff', { name, kiosk: row.facilityName ?? '' });
  }
  if (row.relationship === 'kioskUser' || row.loginType === 'patientKioskUser') {
    // A kiosk session is the patient's own, with no user account behind it: the record's patient is who acted.
    const patient = name || [row.patientFirstName, row.patientLastName].filter(Boolean).join(' ');
    return patient && row.facilityName
      ? t('personalData.who.kioskPatient', { name: patient, kiosk: row.facilityName })
      : t('personalData.who.kiosk');
  }
  if (row.relationship === 'linkUser' || row.loginType === 'patientLinkUser') return t('personalData.who.link');
  if (name) return t('personalData.who.patient', { name });
  return t('personalData.who.portal');
}

/** The event's readable name; a disclosure's names the system it went to. */
export function eventNameOf(row: Pick<ActivityRow, 'eventType' | 'systemName'>, t: ReturnType<typeof format>): string {
  return t(eventNameKey(row.eventType), { name: row.systemName ?? '' });
}

/** What was done: the event's readable name, with the part of the record for generic reads and system calls. */
export function whatOf(
  row: Pick<ActivityRow, 'eventType' | 'systemName' | 'route' | 'outcome' | 'detail'>,
  t: ReturnType<typeof format>,
): string {
  const what = eventNameOf(row, t);
  const generic = row.eventType === 'patientrecordreadauditevent' || row.eventType === 'integrationcallauditevent';
  const area = generic ? areaKey(row.route) : null;
  // A send names its addressee, as ONC's activity history asks (170.315(e)(1)).
  const recipient = typeof row.detail?.recipientAddress === 'string' ? row.detail.recipientAddress : null;
  const named = area ? `${what}: ${t(area)}` : what;
  const text = recipient ? t('personalData.report.sentTo', { what: named, recipient }) : named;
  return row.outcome === 'failure' ? `${text} (${t('personalData.report.failed')})` : text;
}

/** The Who filter's value of an actor (the query's who=) and its name in the list. */
export function actorChoice(actor: ActivityActor, t: ReturnType<typeof format>): { value: string; label: string } {
  const name = [actor.actorFirstName, actor.actorLastName].filter(Boolean).join(' ');
  if (actor.integrationClientId !== null) {
    return {
      value: `system-${actor.integrationClientId}`,
      label: t('personalData.who.system', { name: actor.systemName ?? '' }),
    };
  }
  if (actor.actorUserId === null) return { value: 'other', label: t('personalData.who.others') };
  const label =
    actor.relationship === 'representative'
      ? t('personalData.who.representative', { name })
      : actor.loginType === 'patientKioskManagement'
        ? t('personalData.who.staff', { name })
        : t('personalData.who.patient', { name });
  return { value: `user-${actor.actorUserId}`, label };
}

function filterForm(page: ReportPage, t: ReturnType<typeof format>): string {
  const option = (value: string, label: string, chosen: string | null) =>
    `<option value="${escapeHtml(value)}"${value === (chosen ?? '') ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  const choices = page.actors.map((actor) => actorChoice(actor, t));
  const who = [
    option('', t('personalData.report.everyone'), page.who),
    ...choices.map((c) => option(c.value, c.label, page.who)),
  ];
  const kind = [
    option('', t('personalData.report.everyKind'), page.kind),
    ...ACTIVITY_LOG_KINDS.map((k) => option(k, t(`personalData.kind.${k}`), page.kind)),
  ];
  const hidden = Object.entries(page.formFields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  // An empty select sends who= and kind= empty: the schema reads an empty value as no filter.
  return `<form class="filter" method="get" action="${escapeHtml(page.formAction)}" aria-label="${escapeHtml(
    t('personalData.report.filter'),
  )}">${hidden}
<label>${escapeHtml(t('personalData.report.who'))}<select name="who">${who.join('')}</select></label>
<label>${escapeHtml(t('personalData.report.kind'))}<select name="kind">${kind.join('')}</select></label>
<button type="submit">${escapeHtml(t('personalData.report.apply'))}</button></form>`;
}

export function renderActivityReport(page: ReportPage): string {
  const t = format(page);
  const intl = intlLocale(page.locale);
  const when = dateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'medium', timeZone: page.timeZoneId });
  const day = dateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayOf = (date: string) => day.format(new Date(`${date}T12:00:00Z`));
  // The zone's generic name in the reader's language ('Eastern Time'), right in summer and winter alike.
  const zone =
    dateTimeFormat(intl, { timeZone: page.timeZoneId, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? page.timeZoneId;
  const columns = [
    t('personalData.report.when'),
    t('personalData.report.who'),
    t('personalData.report.what'),
    t('personalData.report.address'),
  ].map(escapeHtml);
  const rows = page.rows
    .map((row) => {
      const repeated =
        row.repeats > 1
          ? `<span class="repeat">${escapeHtml(
              t('personalData.report.repeated', { count: row.repeats, first: when.format(row.firstAt) }),
            )}</span>`
          : '';
      const cells = [
        `<time datetime="${row.occurredAt.toISOString()}">${escapeHtml(when.format(row.occurredAt))}</time>${repeated}`,
        escapeHtml(whoOf(row, t)),
        `<span${row.outcome === 'failure' ? ' class="failure"' : ''}>${escapeHtml(whatOf(row, t))}</span>`,
        escapeHtml(row.clientAddress ?? t('personalData.report.noAddress')),
      ];
      return `<tr>${cells.map((cell, i) => `<td data-label="${columns[i]}">${cell}</td>`).join('')}</tr>`;
    })
    .join('\n');
  const body =
    page.total === 0
      ? `<p>${escapeHtml(t('personalData.report.empty'))}</p>`
      : `<p>${escapeHtml(
          t('personalData.report.showing', {
            first: page.firstRow,
            last: page.firstRow + page.rows.length - 1,
            total: page.total,
          }),
        )}</p>
<table><caption>${escapeHtml(t('personalData.report.caption'))}</caption>
<thead><tr>${columns.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody></table>`;
  const link = (url: string | null, key: string, rel: string) =>
    url ? `<a href="${escapeHtml(url)}" rel="${rel}">${escapeHtml(t(key))}</a>` : '';
  const pager =
    page.pageCount > 1
      ? `<nav class="pager" aria-label="${escapeHtml(t('personalData.report.pages'))}">${link(
          page.previousUrl,
          'personalData.report.previous',
          'prev',
        )}<span>${escapeHtml(t('personalData.report.pageOf', { page: page.page, count: page.pageCount }))}</span>${link(
          page.nextUrl,
          'personalData.report.next',
          'next',
        )}</nav>`
      : '';
  const title = t('personalData.report.title');
  return `<!doctype html>
<html lang="${escapeHtml(intl)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${title} - ${page.patientName}`)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(t('personalData.report.patient', { name: page.patientName }))}</p>
<p class="meta">${escapeHtml(t('personalData.report.range', { start: dayOf(page.startDate), end: dayOf(page.endDate) }))}</p>
<p class="meta">${escapeHtml(t('personalData.report.zone', { zone }))}</p>
<p class="hint">${escapeHtml(t('personalData.report.printHint'))}</p>
${filterForm(page, t)}
${body}
${pager}
</main></body></html>`;
}
