import { NPI_OID } from './ccda-codes';
import { el, type Xml } from './xml';

// The people and places of a C-CDA document: addresses, names, phones, organisations, providers and their roles.

export interface CcdaAddress {
  street: string[];
  city: string;
  state: string;
  postalCode: string;
  country?: string;
}

export interface CcdaName {
  prefix?: string;
  given: string[];
  family: string;
  suffix?: string;
}

export interface CcdaOrganization {
  /** The organisation's identifier (an NPI, or an OID of its own). */
  id: { root: string; extension?: string };
  name: string;
  phone: string;
  address: CcdaAddress;
}

export interface CcdaProvider {
  npi: string;
  name: CcdaName;
  phone: string;
  organization: CcdaOrganization;
}

export function addressElement(address: CcdaAddress, use = 'WP'): Xml {
  return el(
    'addr',
    { use },
    address.street.map((line) => el('streetAddressLine', null, line)),
    el('city', null, address.city),
    el('state', null, address.state),
    el('postalCode', null, address.postalCode),
    el('country', null, address.country ?? 'US'),
  );
}

export function nameElement(name: CcdaName, use?: string): Xml {
  return el(
    'name',
    { use },
    name.prefix ? el('prefix', null, name.prefix) : null,
    name.given.map((given) => el('given', null, given)),
    el('family', null, name.family),
    name.suffix ? el('suffix', { qualifier: 'AC' }, name.suffix) : null,
  );
}

export function telecom(phone: string, use = 'WP'): Xml {
  return el('telecom', { use, value: `tel:${phone}` });
}

function organizationElement(tag: string, organization: CcdaOrganization): Xml {
  return el(
    tag,
    null,
    el('id', organization.id),
    el('name', null, organization.name),
    telecom(organization.phone),
    addressElement(organization.address),
  );
}

/** assignedEntity (or another role) of a provider: NPI, address, phone, the person, the organisation. */
export function providerRole(tag: string, provider: CcdaProvider, withOrganization = true): Xml {
  return el(
    tag,
    null,
    el('id', { root: NPI_OID, extension: provider.npi }),
    addressElement(provider.organization.address),
    telecom(provider.phone),
    el('assignedPerson', null, nameElement(provider.name)),
    withOrganization ? organizationElement('representedOrganization', provider.organization) : null,
  );
}

/** A performer of an entry (a medication's prescriber, a procedure's surgeon). */
export function performer(provider: CcdaProvider): Xml {
  return el('performer', { typeCode: 'PRF' }, providerRole('assignedEntity', provider));
}
