export const PHONE_TYPE = { default: 0, home: 1, fax: 2, cell: 3, work: 4 } as const;

export type PhoneType = (typeof PHONE_TYPE)[keyof typeof PHONE_TYPE];

export function cleanPhone(value: string): string {
  return value.replace(/\D/g, '');
}

/** Formats 7 or 10 digit numbers; any other number is returned exactly as given. */
export function formatPhone(value: string): string {
  const digits = cleanPhone(value);
  if (digits.length === 7) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return value;
}

/** For an input field: like formatPhone, but other lengths come back as bare digits. */
export function formatPhoneAsTyped(value: string): string {
  return formatPhone(cleanPhone(value));
}
