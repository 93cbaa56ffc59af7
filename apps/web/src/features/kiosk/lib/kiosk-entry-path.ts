/**
 * The secret of a kiosk entry address, /kio{secret} (docs/adr/0010-kiosk-entry.md), or null for any other path.
 * The secret is 16 to 100 letters, digits, - and _, as the server keeps it; /kioskLogin and /kioskQuestionnaires
 * have routes of their own and never get here.
 */
export function kioskEntrySecretOf(pathname: string): string | null {
  return /^\/kio([A-Za-z0-9_-]{16,100})\/?$/.exec(pathname)?.[1] ?? null;
}
