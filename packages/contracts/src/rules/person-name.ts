export type PersonName = {
  firstName?: string | null;
  lastName?: string | null;
  suffix?: string | null;
};

export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

function joinParts(parts: Array<string | null | undefined>, separator: string): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(separator);
}

/** 'John Smith Jr.' */
export function displayName({ firstName, lastName, suffix }: PersonName): string {
  return joinParts([firstName, lastName, suffix], ' ');
}

/** 'Smith, John Jr.' */
export function displayNameLastFirst({ firstName, lastName, suffix }: PersonName): string {
  return joinParts([lastName, joinParts([firstName, suffix], ' ')], ', ');
}

/** Parses 'last,first' (how the follow-up plan sends providers); without a comma it is all last name. */
export function parseLastCommaFirst(value: string | null | undefined): { lastName: string; firstName: string } {
  const text = value ?? '';
  const comma = text.indexOf(',');
  if (comma === -1) return { lastName: text.trim(), firstName: '' };
  return { lastName: text.slice(0, comma).trim(), firstName: text.slice(comma + 1).trim() };
}
