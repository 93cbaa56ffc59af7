import type { Tx } from '../client';
import {
  appointments,
  careProviders,
  careTeamMembers,
  facilityContacts,
  followUpItems,
  notificationSettings,
  profileImages,
} from '../schema/index';

import type { DemoContext } from './demo-context';

const NEW_YORK = 'America/New_York';
const CHICAGO = 'America/Chicago';

/* ------------------------------------------------------------------ dates */

function offsetMinutes(timeZone: string, at: Date): number {
  const text =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(text);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function localHour(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));
}

/** `date` plus `days` calendar days. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant of a wall-clock time in a zone (daylight saving included). */
function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  let instant = wall;
  for (let i = 0; i < 3; i++) instant = wall - offsetMinutes(timeZone, new Date(instant)) * 60_000;
  return new Date(instant);
}

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
    publicPhone: '5185550300',
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
    publicPhone: '5185550310',
    publicPhoneExt: null,
    fax: '5185550311',
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
    publicPhone: '5185550320',
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
    publicPhone: '5185550330',
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
    publicPhone: '5185550340',
    publicPhoneExt: null,
    fax: '5185550341',
    colour: null,
    preferredSecureMessageSystemId: 1,
  },
];

/** The demo file names of the care team portraits (`<key>.svg`, thumbnail `<key>-thumb.svg`). */
export const DEMO_PORTRAIT_FILES = PROVIDERS.filter((p) => p.colour).flatMap((p) => [
  `${p.key}.svg`,
  `${p.key}-thumb.svg`,
]);

/* ------------------------------------------------------------- locations */

const riversideLocation = (shortLocation: string | null, address2: string) => ({
  institution: 'Riverside Cancer Center',
  shortLocation,
  address1: '1200 River Road',
  address2,
  address3: null,
  city: 'Riverside',
  provinceState: 'NY',
  postalZip: '12210',
  country: 'United States',
});

const LOCATIONS = {
  clinic: riversideLocation('RCC Oncology Clinic B', 'Oncology Clinic B, 4th Floor'),
  infusion: riversideLocation('RCC Infusion Center', 'Infusion Center, 3rd Floor'),
  lab: riversideLocation('RCC Laboratory', 'Laboratory, 2nd Floor'),
  imaging: riversideLocation('RCC Imaging', 'Imaging Center, 1st Floor'),
  radiation: riversideLocation('RCC Radiation Oncology', 'Radiation Oncology, Lower Level'),
  // No short location: the table shows the institution.
  mainBuilding: riversideLocation(null, 'Main Building'),
  lakesideTelehealth: {
    institution: 'Lakeside Community Clinic',
    shortLocation: 'Lakeside Telehealth (video visit)',
    address1: '4400 N Lakeshore Drive',
    address2: 'Suite 120',
    address3: null,
    city: 'Chicago',
    provinceState: 'IL',
    postalZip: '60613',
    country: 'United States',
  },
};

/* ------------------------------------------------------------------ seed */

/**
 * Home data of the demo: appointments, follow-up items, care teams with portraits, notification
 * settings and the facilities' contact lists. Dates are relative to `now` (days in the facility's zone),
 * so the demo always has a past and a future.
 */
export async function seedDemoHome(tx: Tx, context: DemoContext, now = new Date()): Promise<void> {
  const { riversideId, lakesideId, janeId, johnId } = context;
  const today = localDate(now, NEW_YORK);
  const day = (offset: number) => addDays(today, offset);
  const at = (offset: number, hour: number, minute = 0, zone = NEW_YORK) =>
    zonedInstant(day(offset), hour, minute, zone);
  // Later today (just before midnight when it is already late): the dashboard shows "(today)".
  const hourNow = localHour(now, NEW_YORK);
  const laterToday = zonedInstant(today, Math.min(hourNow + 2, 23), hourNow >= 22 ? 45 : 0, NEW_YORK);

  /* appointments */
  const raman = 'Dr. Priya Raman';
  const okafor = 'Dr. Samuel Okafor';
  const li = 'Megan Li, RN';
  const vasquez = 'Dr. Elena Vasquez';
  type Row = typeof appointments.$inferInsert;
  const visit = (
    patientId: number,
    startsAt: Date,
    appointmentType: string,
    provider: string,
    status: string,
    location: (typeof LOCATIONS)[keyof typeof LOCATIONS],
    extra: Partial<Row> = {},
  ): Row => ({
    patientId,
    startsAt,
    timeZoneId: NEW_YORK,
    appointmentType,
    provider,
    status,
    ...location,
    ...extra,
  });
  await tx.insert(appointments).values([
    // Jane: eight months of treatment behind her, ten weeks ahead.
    visit(janeId, at(-240, 9, 0), 'Consultation', raman, 'Completed', LOCATIONS.mainBuilding),
    visit(janeId, at(-212, 13, 30), 'Imaging CT', okafor, 'Completed', LOCATIONS.imaging),
    visit(janeId, at(-180, 8, 30), 'Chemotherapy', raman, 'Completed', LOCATIONS.infusion),
    visit(janeId, at(-120, 10, 15), 'Radiation Therapy', okafor, 'Completed', LOCATIONS.radiation),
    visit(janeId, at(-60, 7, 45), 'Lab Work', li, 'Cancelled', LOCATIONS.lab),
    visit(janeId, at(-14, 11, 0), 'Follow-up Visit', raman, 'Arrived', LOCATIONS.clinic),
    visit(janeId, laterToday, 'Lab Work', li, 'Confirmed', LOCATIONS.lab),
    visit(janeId, at(1, 9, 30), 'Chemotherapy', raman, 'Awaiting insurance pre-authorization', LOCATIONS.infusion),
    // Cancelled, so the dashboard skips it.
    visit(janeId, at(8, 14, 0), 'Lab Work', li, 'Cancelled', LOCATIONS.lab),
    // A video visit with a Lakeside specialist, held in Chicago time (its abbreviation differs).
    visit(janeId, at(10, 10, 0, CHICAGO), 'Consultation', vasquez, 'Scheduled', LOCATIONS.lakesideTelehealth, {
      timeZoneId: CHICAGO,
    }),
    // Only the day is known: stored at noon of that day, and shown without a time.
    visit(janeId, at(28, 12, 0), 'Imaging CT', okafor, 'Scheduled', LOCATIONS.imaging, { hasTimePart: false }),
    visit(janeId, at(42, 15, 30), 'Radiation Therapy', okafor, 'Confirmed', LOCATIONS.radiation),
    visit(janeId, at(70, 10, 0), 'Follow-up Visit', raman, 'Scheduled', LOCATIONS.clinic),
    // John: his own.
    visit(johnId, at(-30, 9, 0), 'Consultation', 'Dr. Helen Marsh', 'Completed', LOCATIONS.clinic),
    visit(johnId, at(0, 8, 0), 'Lab Work', 'Dr. Helen Marsh', 'Scheduled', LOCATIONS.lab),
    visit(johnId, at(5, 13, 0), 'Imaging CT', okafor, 'Scheduled', LOCATIONS.imaging),
  ]);

  /* follow-up items */
  await tx.insert(followUpItems).values([
    {
      patientId: janeId,
      labelYears: 1,
      labelMonths: 0,
      recommendedDate: day(21),
      statusDesc: 'Pending',
      providerFirstName: 'Priya',
      providerLastName: 'Raman',
    },
    {
      patientId: janeId,
      labelYears: 1,
      labelMonths: 6,
      recommendedDate: day(212),
      statusDesc: 'Pending',
      providerFirstName: 'Priya',
      providerLastName: 'Raman',
      linkedToOtherTypeCount: 1,
    },
    {
      patientId: janeId,
      labelYears: 0,
      labelMonths: 6,
      recommendedDate: day(-95),
      actualDate: at(-92, 10, 0),
      statusDesc: 'Completed',
      providerFirstName: 'Samuel',
      providerLastName: 'Okafor',
    },
    {
      patientId: janeId,
      labelYears: 0,
      labelMonths: 3,
      recommendedDate: day(-150),
      statusDesc: 'Missed',
      providerFirstName: 'Priya',
      providerLastName: 'Raman',
    },
  ]);

  /* care teams, with portraits */
  const providerRows = await tx
    .insert(careProviders)
    .values(
      PROVIDERS.map((p) => ({
        facilityId: riversideId,
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
        photoFilename: p.colour ? `${p.key}.svg` : null,
        photoThumbnailFilename: p.colour ? `${p.key}-thumb.svg` : null,
        preferredSecureMessageSystemId: p.preferredSecureMessageSystemId,
      })),
    )
    .returning({ id: careProviders.id });
  const providerId = (key: string) => {
    const index = PROVIDERS.findIndex((p) => p.key === key);
    const row = providerRows[index];
    if (!row) throw new Error(`Seed provider ${key} missing`);
    return row.id;
  };
  const encoder = new TextEncoder();
  await tx.insert(profileImages).values(
    PROVIDERS.flatMap((p) => {
      if (!p.colour) return [];
      const name = `${p.firstName} ${p.lastName}`;
      const initials = `${p.firstName[0]}${p.lastName[0]}`;
      return [
        { fileName: `${p.key}.svg`, size: 240 },
        { fileName: `${p.key}-thumb.svg`, size: 96 },
      ].map(({ fileName, size }) => ({
        fileName,
        contentType: 'image/svg+xml',
        data: encoder.encode(portraitSvg(name, initials, p.colour!, size)),
      }));
    }),
  );
  await tx.insert(careTeamMembers).values([
    { patientId: janeId, careProviderId: providerId('priya-raman'), isSecureMessageRecipient: true },
    { patientId: janeId, careProviderId: providerId('samuel-okafor'), isSecureMessageRecipient: true },
    // Takes secure messages, but not from Jane.
    { patientId: janeId, careProviderId: providerId('megan-li'), isSecureMessageRecipient: false },
    { patientId: janeId, careProviderId: providerId('daniel-brooks'), isSecureMessageRecipient: false },
    { patientId: johnId, careProviderId: providerId('helen-marsh'), isSecureMessageRecipient: true },
    { patientId: johnId, careProviderId: providerId('samuel-okafor'), isSecureMessageRecipient: false },
  ]);

  /* notification settings: Jane's only (John has none: the browser shows both off) */
  await tx.insert(notificationSettings).values([
    { patientId: janeId, type: 'Appointments', email: true, sms: false },
    { patientId: janeId, type: 'Followups', email: true, sms: true },
  ]);

  /* the facilities' contact lists */
  const riversideContact = { address1: '1200 River Road', city: 'Riverside', state: 'New York', zipCode: '12210' };
  await tx.insert(facilityContacts).values([
    {
      facilityId: riversideId,
      contactName: 'Main reception',
      ...riversideContact,
      address2: 'Main Building, Lobby',
      country: 'United States',
      phone: '5185550200',
      email: 'info@riversidecancer.example.org',
      sortOrder: 1,
    },
    {
      facilityId: riversideId,
      contactName: 'Appointments desk',
      ...riversideContact,
      address2: 'Main Building, 1st Floor',
      country: 'United States',
      phone: '5185550210',
      email: 'appointments@riversidecancer.example.org',
      sortOrder: 2,
    },
    {
      facilityId: riversideId,
      contactName: 'Billing',
      address1: '55 Commerce Street',
      address2: 'Suite 300',
      city: 'Albany',
      state: 'New York',
      zipCode: '12207',
      country: 'United States',
      phone: '5185550230',
      fax: '5185550231',
      email: 'billing@riversidecancer.example.org',
      sortOrder: 3,
    },
    {
      facilityId: riversideId,
      contactName: 'After-hours nurse line',
      ...riversideContact,
      address2: 'Patient Navigation Office, 1st Floor',
      country: 'United States',
      phone: '5185550250',
      sortOrder: 4,
    },
    {
      facilityId: lakesideId,
      contactName: 'Front desk',
      address1: '4400 N Lakeshore Drive',
      address2: 'Suite 120',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60613',
      country: 'United States',
      phone: '3125550140',
      email: 'frontdesk@lakesideclinic.example.org',
      sortOrder: 1,
    },
  ]);
}
