import {
  careProviderRecords,
  putCareTeam,
  putFacilityContacts,
  type ProfileImageRecord,
} from '../modules/careteam/careteam.intake';
import type { Tx } from '../db/client';
import type { DemoContext } from './demo-context';
import { LAKESIDE_PHONES, RIVERSIDE_PHONES } from './demo-phones';
import { seededPatientId } from '../platform/integration/integration-patients';

/* ------------------------------------------------------------- portraits */

/**
 * A simple portrait: initials in white on a coloured circle. Every colour gives white text at least
 * 4.5:1 (the care team test checks it).
 */
export function portraitSvg(name: string, initials: string, colour: string, size: number): string {
  const fontSize = Math.round(size * 0.4);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<title>${name}</title>` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="${colour}"/>` +
    `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="#ffffff" ` +
    `font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="700">${initials}</text>` +
    `</svg>`
  );
}

interface DemoProvider {
  key: string;
  firstName: string;
  lastName: string;
  suffix: string | null;
  titleValue: string;
  title: string;
  publicEmail: string;
  address2: string;
  publicPhone: string;
  publicPhoneExt: string | null;
  fax: string | null;
  /** Portrait colour; null: no photo. */
  colour: string | null;
  preferredSecureMessageSystemId: number | null;
}

const RIVERSIDE_ADDRESS = {
  institution: 'Riverside Cancer Center',
  address1: '1200 River Road',
  city: 'Riverside',
  state: 'New York',
  country: 'United States',
  zipCode: '12210',
};

const PROVIDERS: DemoProvider[] = [
  {
    key: 'priya-raman',
    firstName: 'Priya',
    lastName: 'Raman',
    suffix: 'MD',
    titleValue: 'MedicalOncologist',
    title: 'Medical Oncologist',
    publicEmail: 'priya.raman@riversidecancer.example.org',
    address2: 'Oncology Clinic B, 4th Floor',
    publicPhone: RIVERSIDE_PHONES.oncologyClinic,
    publicPhoneExt: '2214',
    fax: null,
    colour: '#1f4e79',
    preferredSecureMessageSystemId: 1,
  },
  {
    key: 'samuel-okafor',
    firstName: 'Samuel',
    lastName: 'Okafor',
    suffix: 'MD',
    titleValue: 'RadiationOncologist',
    title: 'Radiation Oncologist',
    publicEmail: 'samuel.okafor@riversidecancer.example.org',
    address2: 'Radiation Oncology, Lower Level',
    publicPhone: RIVERSIDE_PHONES.radiationOncology,
    publicPhoneExt: null,
    fax: RIVERSIDE_PHONES.radiationOncologyFax,
    colour: '#7b2d5b',
    preferredSecureMessageSystemId: 1,
  },
  {
    key: 'megan-li',
    firstName: 'Megan',
    lastName: 'Li',
    suffix: 'RN, OCN',
    titleValue: 'NurseNavigator',
    title: 'Oncology Nurse Navigator',
    publicEmail: 'megan.li@riversidecancer.example.org',
    address2: 'Patient Navigation Office, 1st Floor',
    publicPhone: RIVERSIDE_PHONES.patientNavigation,
    publicPhoneExt: null,
    fax: null,
    colour: '#0f6b63',
    preferredSecureMessageSystemId: 1,
  },
  {
    key: 'daniel-brooks',
    firstName: 'Daniel',
    lastName: 'Brooks',
    suffix: 'LCSW',
    titleValue: 'SocialWorker',
    title: 'Oncology Social Worker',
    publicEmail: 'daniel.brooks@riversidecancer.example.org',
    address2: 'Support Services, 2nd Floor',
    publicPhone: RIVERSIDE_PHONES.supportServices,
    publicPhoneExt: null,
    fax: null,
    colour: '#8a4b08',
    preferredSecureMessageSystemId: null,
  },
  {
    // John's urologist: no photo, so the browser's placeholder shows.
    key: 'helen-marsh',
    firstName: 'Helen',
    lastName: 'Marsh',
    suffix: 'MD',
    titleValue: 'UrologicOncologist',
    title: 'Urologic Oncologist',
    publicEmail: 'helen.marsh@riversidecancer.example.org',
    address2: 'Urology Clinic, 3rd Floor',
    publicPhone: RIVERSIDE_PHONES.urologyClinic,
    publicPhoneExt: null,
    fax: RIVERSIDE_PHONES.urologyClinicFax,
    colour: null,
    preferredSecureMessageSystemId: 1,
  },
];

/** The demo file names of the care team portraits (`<key>.svg`, thumbnail `<key>-thumb.svg`). */
export const DEMO_PORTRAIT_FILES = PROVIDERS.filter((p) => p.colour).flatMap((p) => [
  `${p.key}.svg`,
  `${p.key}-thumb.svg`,
]);

/* ------------------------------------------------------------------ seed */

/**
 * Care teams of the demo: Riverside's providers with their portraits, Jane's and John's care teams, and the
 * facilities' contact lists.
 */
export async function seedDemoCareTeam(tx: Tx, context: DemoContext): Promise<void> {
  const { riversideId, lakesideId, janeId, johnId } = context;

  /* care teams, with portraits */
  const encoder = new TextEncoder();
  const image = (p: DemoProvider, fileName: string, size: number): ProfileImageRecord => ({
    fileName,
    contentType: 'image/svg+xml',
    data: encoder.encode(
      portraitSvg(`${p.firstName} ${p.lastName}`, `${p.firstName[0]}${p.lastName[0]}`, p.colour!, size),
    ),
  });
  const providerIds = new Map<string, number>();
  for (const p of PROVIDERS) {
    // Under a stable identifier (demo-cp-<key>), as the facility's directory would send it.
    const { id } = await careProviderRecords.put(tx, riversideId, `demo-cp-${p.key}`, {
      firstName: p.firstName,
      lastName: p.lastName,
      suffix: p.suffix,
      titleValue: p.titleValue,
      title: p.title,
      ...RIVERSIDE_ADDRESS,
      address2: p.address2,
      address3: null,
      publicEmail: p.publicEmail,
      publicPhone: p.publicPhone,
      publicPhoneExt: p.publicPhoneExt,
      fax: p.fax,
      preferredSecureMessageSystemId: p.preferredSecureMessageSystemId,
      photo: p.colour ? image(p, `${p.key}.svg`, 240) : null,
      thumbnail: p.colour ? image(p, `${p.key}-thumb.svg`, 96) : null,
    });
    providerIds.set(p.key, id);
  }
  const providerId = (key: string) => {
    const id = providerIds.get(key);
    if (id === undefined) throw new Error(`Seed provider ${key} missing`);
    return id;
  };
  await putCareTeam(tx, seededPatientId(janeId), [
    { careProviderId: providerId('priya-raman'), isSecureMessageRecipient: true },
    { careProviderId: providerId('samuel-okafor'), isSecureMessageRecipient: true },
    // Takes secure messages, but not from Jane.
    { careProviderId: providerId('megan-li'), isSecureMessageRecipient: false },
    { careProviderId: providerId('daniel-brooks'), isSecureMessageRecipient: false },
  ]);
  await putCareTeam(tx, seededPatientId(johnId), [
    { careProviderId: providerId('helen-marsh'), isSecureMessageRecipient: true },
    { careProviderId: providerId('samuel-okafor'), isSecureMessageRecipient: false },
  ]);

  /* the facilities' contact lists */
  const riversideContact = { address1: '1200 River Road', city: 'Riverside', state: 'New York', zipCode: '12210' };
  await putFacilityContacts(tx, riversideId, [
    {
      contactName: 'Main reception',
      ...riversideContact,
      address2: 'Main Building, Lobby',
      country: 'United States',
      phone: RIVERSIDE_PHONES.mainLine,
      email: 'info@riversidecancer.example.org',
      sortOrder: 1,
    },
    {
      contactName: 'Appointments desk',
      ...riversideContact,
      address2: 'Main Building, 1st Floor',
      country: 'United States',
      phone: RIVERSIDE_PHONES.appointments,
      email: 'appointments@riversidecancer.example.org',
      sortOrder: 2,
    },
    {
      contactName: 'Billing',
      address1: '55 Commerce Street',
      address2: 'Suite 300',
      city: 'Albany',
      state: 'New York',
      zipCode: '12207',
      country: 'United States',
      phone: RIVERSIDE_PHONES.billing,
      fax: RIVERSIDE_PHONES.billingFax,
      email: 'billing@riversidecancer.example.org',
      sortOrder: 3,
    },
    {
      contactName: 'After-hours nurse line',
      ...riversideContact,
      address2: 'Patient Navigation Office, 1st Floor',
      country: 'United States',
      phone: RIVERSIDE_PHONES.nurseLine,
      sortOrder: 4,
    },
  ]);
  await putFacilityContacts(tx, lakesideId, [
    {
      contactName: 'Front desk',
      address1: '4400 N Lakeshore Drive',
      address2: 'Suite 120',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60613',
      country: 'United States',
      phone: LAKESIDE_PHONES.frontDesk,
      email: 'frontdesk@lakesideclinic.example.org',
      sortOrder: 1,
    },
  ]);
}
