import type { CareTeamMember } from '@portal/contracts';

/** A care team member of patient 7 who takes secure messages (Dr. Priya Raman), with `over` changed. */
export function careTeamMember(over: Partial<CareTeamMember> = {}): CareTeamMember {
  return {
    careTeamId: 1,
    patientId: 7,
    careProviderId: 1,
    firstName: 'Priya',
    lastName: 'Raman',
    suffix: 'MD',
    publicEmail: null,
    address1: null,
    address2: null,
    address3: null,
    city: null,
    state: null,
    country: null,
    zipCode: null,
    publicPhone: null,
    publicPhoneExt: null,
    fax: null,
    institution: null,
    careProviderTitleValue: null,
    careProviderTitle: null,
    photoFilename: null,
    photoThumbnailFilename: null,
    preferredSecureMessageIfSystemId: 1,
    secureMessageRecipientForPatient: true,
    ...over,
  };
}
