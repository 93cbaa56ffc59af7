import type { Facility } from '@portal/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors/app-error';
import { hostKey } from '../../platform/http/host-facility';
import { describeTimeZone } from '../../platform/time/time';
import { findFacilityByAlias, findFacilityLogo, findTheme } from './facilities.repository';
import { themeToCss } from './theme-css';

/** The facility a host serves, its logo and its theme: what the browser needs before anyone logs in. */
export class FacilitiesService {
  constructor(private readonly db: Db) {}

  async byAlias(alias: string): Promise<Facility> {
    const row = await findFacilityByAlias(this.db, hostKey(alias));
    if (!row) throw notFound('facility_not_found', 'No portal is configured for this address.');
    return {
      facilityId: row.id,
      facilityName: row.name,
      facilityPortalName: row.portalName,
      facilityShortName: row.shortName,
      theme: { id: row.themeId },
      timeZone: describeTimeZone(row.timeZoneId),
      defaultCommunicationLanguage: { id: row.languageId, name: row.languageName },
      hasLogo: row.hasLogo !== null,
      resources: {
        faqs: row.hasFaqs,
        usefulLinks: row.hasUsefulLinks,
        downloadableForms: row.hasDownloadableForms,
      },
    };
  }

  async logo(facilityId: number): Promise<{ contentType: string; body: Buffer }> {
    const row = await findFacilityLogo(this.db, facilityId);
    if (!row?.logo || !row.contentType) throw notFound('logo_not_found', 'This facility has no logo.');
    return { contentType: row.contentType, body: Buffer.from(row.logo) };
  }

  async themeCss(themeId: number): Promise<string> {
    const theme = await findTheme(this.db, themeId);
    if (!theme) throw notFound('theme_not_found', 'No such theme.');
    return themeToCss(theme.colors);
  }
}
