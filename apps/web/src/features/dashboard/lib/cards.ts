import { formatPhone, type Breakpoint } from '@portal/contracts';
import type { CareTeamMember, PersonalContact } from '@portal/contracts';
import { lookupText, type Translate } from '../../../lib/translator';

function compareBy<T>(...keys: ((item: T) => string)[]) {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  return (a: T, b: T) => {
    for (const key of keys) {
      const order = collator.compare(key(a), key(b));
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** Care team members by last name, then first name. */
export function sortCareTeam(members: readonly CareTeamMember[]): CareTeamMember[] {
  return [...members].sort(
    compareBy(
      (m) => m.lastName,
      (m) => m.firstName,
    ),
  );
}

/** Personal contacts by first name, then last name. */
export function sortContacts(contacts: readonly PersonalContact[]): PersonalContact[] {
  return [...contacts].sort(
    compareBy(
      (c) => c.contactFirstName,
      (c) => c.contactLastName,
    ),
  );
}

/** 'Priya Raman, MD' */
export function careProviderName(member: Pick<CareTeamMember, 'firstName' | 'lastName' | 'suffix'>): string {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return member.suffix ? `${name}, ${member.suffix}` : name;
}

/** 'Robert Doe Jr.' */
export function contactName(contact: Pick<PersonalContact, 'contactFirstName' | 'contactLastName' | 'suffix'>) {
  return [contact.contactFirstName, contact.contactLastName, contact.suffix].filter(Boolean).join(' ');
}

/** 'Send Secure Message' needs a preferred system, the member as a recipient, and the SecureMessages module. */
export function canMessage(
  member: Pick<CareTeamMember, 'preferredSecureMessageIfSystemId' | 'secureMessageRecipientForPatient'>,
  hasSecureMessages: boolean,
): boolean {
  return (
    member.preferredSecureMessageIfSystemId !== null && member.secureMessageRecipientForPatient && hasSecureMessages
  );
}

/**
 * A care team member's title in the user's language, by its code (the server's, from careProviderTitleValue);
 * a title the packs do not name shows as the facility wrote it. Null without a title.
 */
export function careProviderTitle(
  member: Pick<CareTeamMember, 'careProviderTitle' | 'careProviderTitleValue' | 'codes'>,
  t: Translate,
): string | null {
  const sent = member.careProviderTitle ?? member.careProviderTitleValue;
  return sent && lookupText(t, 'careProviderTitle', member.codes?.careProviderTitle, sent);
}

/**
 * The address lines of a care team member: street lines, then 'City, ST 12345', then the country. The state and
 * the country read in the user's language when the server recognised them (member.codes), else as sent.
 */
export function addressLines(member: CareTeamMember, t: Translate): string[] {
  const named = (list: 'state' | 'country', value: string | null) =>
    value && lookupText(t, list, member.codes?.[list], value);
  // A state written as its postal abbreviation (NY, code US.NY) stays one: it is part of the postal address.
  const isAbbreviation = member.state !== null && member.codes?.state?.endsWith(`.${member.state.trim()}`) === true;
  const state = isAbbreviation ? member.state : named('state', member.state);
  const place = [member.city, [state, member.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    member.institution,
    member.address1,
    member.address2,
    member.address3,
    place,
    named('country', member.country),
  ].filter((line): line is string => Boolean(line?.trim()));
}

/** A phone number as people write it, with its extension: '(518) 555-0142 ext. 204'. */
export function phoneWithExtension(phone: string, extension: string | null, t: Translate): string {
  const formatted = formatPhone(phone);
  return extension ? t('dashboard.phoneExtension', { phone: formatted, extension }) : formatted;
}

export type AuthorizationState = 'authorized' | 'pending' | 'notAuthorized';

/**
 * The record-access line of a contact: authorised when a representative user is linked and active;
 * pending while an invitation is out that is neither locked nor expired; otherwise not authorised.
 */
export function authorizationState(
  contact: Pick<
    PersonalContact,
    | 'authorizedRepresentativeUserId'
    | 'isAuthorizedRepresentativeActive'
    | 'invitationId'
    | 'isInvitationLocked'
    | 'isInvitationExpired'
  >,
): AuthorizationState {
  if (contact.authorizedRepresentativeUserId !== null && contact.isAuthorizedRepresentativeActive) return 'authorized';
  if (contact.invitationId !== null && !contact.isInvitationLocked && !contact.isInvitationExpired) return 'pending';
  return 'notAuthorized';
}

export const AUTHORIZATION_TEXT: Record<AuthorizationState, string> = {
  authorized: 'dashboard.contactAuthorized',
  pending: 'dashboard.contactPending',
  notAuthorized: 'dashboard.contactNotAuthorized',
};

export interface DetailLine {
  /** Language-pack key of the line's label, if it has one ('Mobile'). */
  label?: string;
  /** The text as it is (a name, a number)... */
  value?: string;
  /** ...or a language-pack key. */
  valueKey?: string;
  href?: string;
}

/** What a contact card tells beyond the name: relationship first, then how to reach them, then roles. */
export function contactLines(contact: PersonalContact): DetailLine[] {
  const lines: DetailLine[] = [];
  // The relationship in the reader's language (lookups.relationship.<id>), else as the contact has it.
  if (contact.relationship) {
    lines.push({
      value: contact.relationship,
      ...(contact.relationshipId ? { valueKey: `lookups.relationship.${contact.relationshipId}` } : {}),
    });
  }
  const phones: [string, string | null][] = [
    ['dashboard.mobilePhone', contact.mobilePhone],
    ['dashboard.homePhone', contact.homePhone],
    ['dashboard.workPhone', contact.workPhone],
  ];
  for (const [label, phone] of phones) {
    if (phone) lines.push({ label, value: formatPhone(phone), href: `tel:${phone.replace(/[^\d+]/g, '')}` });
  }
  if (contact.contactEmail) {
    lines.push({ label: 'dashboard.email', value: contact.contactEmail, href: `mailto:${contact.contactEmail}` });
  }
  if (contact.isNextOfKin) lines.push({ valueKey: 'dashboard.nextOfKin' });
  if (contact.providesTransport) lines.push({ valueKey: 'dashboard.providesTransport' });
  return lines;
}

/**
 * How many detail lines a contact card shows before the rest go behind More. The cards sit one to a
 * row below 768 px (room for 4 lines without a long scroll), two to a row from 768 px (3), three to a
 * row from 992 px where they are narrowest (2), and three wider ones from 1200 px (3).
 */
export const CONTACT_LINE_LIMITS: Record<Breakpoint, number> = { xsmall: 4, small: 3, medium: 2, large: 3 };

/** The lines shown on the card and those behind More (none when all fit). */
export function splitLines<T>(lines: readonly T[], limit: number): { shown: T[]; more: T[] } {
  if (lines.length <= limit) return { shown: [...lines], more: [] };
  return { shown: lines.slice(0, limit), more: lines.slice(limit) };
}
