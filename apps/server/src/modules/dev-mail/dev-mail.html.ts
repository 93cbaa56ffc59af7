// What the developer mailboxes (mail and Direct) write into their pages.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
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
