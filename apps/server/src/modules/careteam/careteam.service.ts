import { CARE_TEAM_CODED_FIELDS, type CareTeamMember } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { lookupCodes } from '../../platform/content/lookup-codes';
import { notFound } from '../../platform/errors/app-error';
import { facilityExists, findProfileImage, listCareTeam, listFacilityContacts } from './careteam.repository';
import type { PatientScope } from '../../platform/access/patient-scope';

/** Letters, digits, dot, dash and underscore, at most 100: the only profile image names there are. */
export const PROFILE_IMAGE_NAME = /^[A-Za-z0-9._-]{1,100}$/;

export class CareTeamService {
  constructor(private readonly db: DbOrTx) {}

  /** The members with the codes of their title, country and state, which the browser names in the reader's language. */
  async careTeam(scope: PatientScope): Promise<CareTeamMember[]> {
    const members = await listCareTeam(this.db, scope);
    return members.map((m) => ({
      ...m,
      codes: lookupCodes(CARE_TEAM_CODED_FIELDS, {
        // The facility's code of the title, else its name ('Medical Oncologist').
        careProviderTitle: m.careProviderTitleValue ?? m.careProviderTitle,
        state: m.state,
        country: m.country,
      }),
    }));
  }

  async profileImage(fileName: string): Promise<{ contentType: string; data: Buffer }> {
    const row = await findProfileImage(this.db, fileName);
    if (!row) throw notFound('image_not_found', 'There is no such image.');
    return { contentType: row.contentType, data: Buffer.from(row.data) };
  }

  async facilityContacts(facilityId: number) {
    const rows = await listFacilityContacts(this.db, facilityId);
    if (rows.length === 0 && !(await facilityExists(this.db, facilityId))) {
      throw notFound('facility_not_found', 'There is no such facility.');
    }
    return rows;
  }
}
