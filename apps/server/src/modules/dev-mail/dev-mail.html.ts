// What the developer mailboxes (mail, SMS and Direct) write into their pages.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The style of every table cell. */
export const CELL = 'border-bottom:1px solid #ddd;padding:8px;vertical-align:top;text-align:left';
const PRE = 'margin:0;white-space:pre-wrap;word-break:break-word;font-size:13px';

/** A text body as it was written (line breaks kept); `html` is already escaped. */
export function preformatted(html: string): string {
  return `<pre style="${PRE}">${html}</pre>`;
}

/** The date cell of a row: the ISO time, read as UTC. */
export function dateCell(createdAt: string): string {
  const when = escapeHtml(createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'));
  return `<td style="${CELL};white-space:nowrap"><time datetime="${escapeHtml(createdAt)}">${when}</time></td>`;
}

/** A queued message's status, with its attempts when a send failed; `style` adds to the cell's. */
export function statusCell(m: { status: string; attempts: number; lastError: string | null }, style = ''): string {
  const attempts = m.lastError
    ? `<br><small title="${escapeHtml(m.lastError)}">after ${escapeHtml(m.attempts)} attempt(s)</small>`
    : '';
  return `<td style="${CELL}${style}">${escapeHtml(m.status)}${attempts}</td>`;
}

/** The messages as a table, or `empty` when there are none; the rows are `<tr>` elements. */
export function messageTable(headings: string[], rows: string[], empty: string): string {
  if (rows.length === 0) return empty;
  return `<table style="border-collapse:collapse;width:100%">
<thead><tr>${headings.map((h) => `<th style="${CELL}">${h}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

/** The recipient filter of the mail and SMS pages, and the line saying what it shows. */
export function recipientFilter(f: { action: string; label: string; inputType: string; noun: string; to?: string }) {
  const form = `<form method="get" action="${f.action}" style="margin:16px 0">
<label>${f.label} <input type="${f.inputType}" name="to" value="${escapeHtml(f.to ?? '')}"></label>
<button type="submit">Filter</button>
</form>`;
  const showing = f.to
    ? `<p>Showing ${f.noun} to <strong>${escapeHtml(f.to)}</strong>. <a href="${f.action}">Show all ${f.noun}</a></p>`
    : '';
  return `${form}\n${showing}`;
}

/** A whole developer page: `title` as its title and heading, then `parts` (HTML) one per line. */
export function devPage(title: string, parts: string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
</head>
<body style="font-family:system-ui,sans-serif;margin:24px;color:#222">
<h1 style="font-size:24px">${title}</h1>
${parts.join('\n')}
</body>
</html>
`;
}

/** The size of a file as people read it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A message's attachments as download links, or nothing when it has none. */
export function fileList(files: { href: string; fileName: string; contentType: string; sizeBytes: number }[]): string {
  if (files.length === 0) return '';
  const items = files
    .map(
      (f) =>
        `<li><a href="${escapeHtml(f.href)}" download>${escapeHtml(f.fileName)}</a> ` +
        `<small>(${escapeHtml(f.contentType)}, ${fileSize(f.sizeBytes)})</small></li>`,
    )
    .join('');
  return `<p style="margin:8px 0 0"><strong>Attachments</strong></p><ul style="margin:4px 0">${items}</ul>`;
}
