import type { Tx } from '../../db/client';
import {
  insertCareProvider,
  replaceCareTeam,
  replaceFacilityContacts,
  upsertProfileImages,
} from './careteam.intake.repository';

// Intake of care teams: how a facility's system (the integration API) and the demo write the facility's
// care providers (with their photos), each patient's care team and the facility's Contact Us list.

/** A photo of a provider, served publicly under its file name. */
export interface ProfileImageRecord {
  fileName: string;
  contentType: string;
  data: Uint8Array;
}

export interface CareProviderRecord {
  firstName: string;
  lastName: string;
  suffix: string | null;
  /** The title's code, and its display text. */
  titleValue: string | null;
  title: string | null;
  institution: string | null;
  publicEmail: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  zipCode: string | null;
  publicPhone: string | null;
  publicPhoneExt: string | null;
  fax: string | null;
  preferredSecureMessageSystemId: number | null;
  /** The portrait and its thumbnail; none: the browser shows a placeholder. */
  photo: ProfileImageRecord | null;
  thumbnail: ProfileImageRecord | null;
}

export interface CareTeamMemberRecord {
  careProviderId: number;
  /** The patient may send this provider secure messages. */
  isSecureMessageRecipient: boolean;
}

export interface FacilityContactRecord {
  contactName: string;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string | null;
  phone?: string | null;
  fax?: string | null;
  email?: string | null;
  sortOrder: number;
}

/**
 * Adds a care provider of a facility with its photos; returns the provider's id. (Keyed replacement by the
 * facility's own identifier comes with the integration API.)
 */
export async function putCareProvider(tx: Tx, facilityId: number, record: CareProviderRecord): Promise<number> {
  const { photo, thumbnail, ...provider } = record;
  const id = await insertCareProvider(tx, {
    facilityId,
    ...provider,
    photoFilename: photo?.fileName ?? null,
    photoThumbnailFilename: thumbnail?.fileName ?? null,
  });
  await upsertProfileImages(
    tx,
    [photo, thumbnail].filter((image) => image !== null),
  );
  return id;
}

/** Sets a patient's care team: these members, no others. */
export async function putCareTeam(tx: Tx, patientId: number, members: CareTeamMemberRecord[]): Promise<void> {
  await replaceCareTeam(
    tx,
    patientId,
    members.map((member) => ({ patientId, ...member })),
  );
}

/** Sets a facility's Contact Us list: these contacts, no others. */
export async function putFacilityContacts(
  tx: Tx,
  facilityId: number,
  contacts: FacilityContactRecord[],
): Promise<void> {
  await replaceFacilityContacts(
    tx,
    facilityId,
    contacts.map((contact) => ({ facilityId, ...contact })),
  );
}
