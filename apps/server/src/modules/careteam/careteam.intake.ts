import type { Tx } from '../../db/client';
import { keyedRecords, type KeyedRecordKind, type KeyedRow } from '../../platform/intake/keyed-records';
import {
  careProviderTable,
  deleteUnusedProfileImages,
  findActiveCareProviderIds,
  listCareTeamMembers,
  replaceCareTeam,
  replaceFacilityContacts,
  upsertProfileImages,
} from './careteam.intake.repository';
import type { IntegrationPatientId } from '../../platform/integration/integration-patients';

// Intake of care teams: how a facility's system (the integration API) and the demo write the facility's
// care providers (with their photos, keyed by the facility's identifier, unique per facility), each patient's
// care team and the facility's Contact Us list.

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

/** The provider's row as a replacement reads it: the photos it named. */
interface CareProviderRow extends KeyedRow {
  photoFilename: string | null;
  photoThumbnailFilename: string | null;
}

const careProviderKind: KeyedRecordKind<CareProviderRecord, CareProviderRow, never, 'facilityId'> = {
  ...careProviderTable,
  columns: ({ photo, thumbnail, ...provider }) => ({
    ...provider,
    photoFilename: photo?.fileName ?? null,
    photoThumbnailFilename: thumbnail?.fileName ?? null,
  }),
  async writeChildren(tx, _id, { photo, thumbnail }, { existing }) {
    // Once per file name: the photo may serve as its own thumbnail.
    const images = [photo, thumbnail].filter(
      (image, i, all): image is ProfileImageRecord =>
        image !== null && all.findIndex((o) => o?.fileName === image.fileName) === i,
    );
    await upsertProfileImages(tx, images);
    if (!existing) return;
    const names = new Set(images.map((image) => image.fileName));
    await deleteUnusedProfileImages(
      tx,
      [existing.photoFilename, existing.photoThumbnailFilename].filter(
        (name): name is string => name !== null && !names.has(name),
      ),
    );
  },
};

/**
 * Creates or replaces the facility's care provider under its identifier `externalId`, with its photos: an
 * idempotent upsert. The same content again (not withdrawn) changes nothing; other content rewrites it, keeping
 * its id (and so its place on every care team); photos it no longer names are removed. A withdrawn provider put
 * again is back on the care teams that still list it.
 *
 * Withdraws the facility's provider under `externalId`: it leaves every care team the patients see at once;
 * the row stays for the audit trail. Its id, or undefined when there is none.
 */
export const careProviderRecords = keyedRecords(careProviderKind);

/**
 * The ids of the facility's providers (not withdrawn) by their identifiers; an identifier without one is
 * missing from the map.
 */
export async function careProviderIdsOf(
  tx: Tx,
  facilityId: number,
  externalIds: string[],
): Promise<Map<string, number>> {
  const rows = await findActiveCareProviderIds(tx, facilityId, externalIds);
  return new Map(rows.flatMap((row) => (row.externalId === null ? [] : [[row.externalId, row.id] as const])));
}

/**
 * Sets a patient's care team: these members, no others. A member who stays keeps its id; the same team again
 * changes nothing. Whether anything changed.
 */
export async function putCareTeam(
  tx: Tx,
  patientId: IntegrationPatientId,
  members: CareTeamMemberRecord[],
): Promise<boolean> {
  const key = (m: CareTeamMemberRecord) => `${m.careProviderId}:${m.isSecureMessageRecipient}`;
  const current = (await listCareTeamMembers(tx, patientId)).map(key).sort();
  const next = members.map(key).sort();
  if (current.length === next.length && current.every((k, i) => k === next[i])) return false;
  await replaceCareTeam(
    tx,
    patientId,
    members.map((member) => ({ patientId, ...member })),
  );
  return true;
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
