import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { countries, preferredCommunications, relationships, states } from '../schema/index';

// Contact-form lookups. Ids are fixed so that seeded and imported contacts can name them, and so that
// applying the list again at every start updates a row in place instead of adding a second one.

export const RELATIONSHIPS = [
  { id: 1, displayName: 'Spouse' },
  { id: 2, displayName: 'Partner' },
  { id: 3, displayName: 'Daughter' },
  { id: 4, displayName: 'Son' },
  { id: 5, displayName: 'Sister' },
  { id: 6, displayName: 'Brother' },
  { id: 7, displayName: 'Mother' },
  { id: 8, displayName: 'Father' },
  { id: 9, displayName: 'Grandchild' },
  { id: 10, displayName: 'Grandparent' },
  { id: 11, displayName: 'Aunt' },
  { id: 12, displayName: 'Uncle' },
  { id: 13, displayName: 'Niece' },
  { id: 14, displayName: 'Nephew' },
  { id: 15, displayName: 'Cousin' },
  { id: 16, displayName: 'Friend' },
  { id: 17, displayName: 'Neighbor' },
  { id: 18, displayName: 'Caregiver' },
  { id: 19, displayName: 'Legal Guardian' },
  { id: 20, displayName: 'Power of Attorney' },
  { id: 21, displayName: 'Other' },
];

/** Relationship ids the demo seed uses. */
export const RELATIONSHIP_IDS = { spouse: 1, daughter: 3, sister: 5, brother: 6 } as const;

export const PREFERRED_COMMUNICATIONS = [
  { id: 1, code: 'Email', displayName: 'Email' },
  { id: 2, code: 'HomePhone', displayName: 'Home Phone' },
  { id: 3, code: 'MobilePhone', displayName: 'Mobile Phone' },
  { id: 4, code: 'WorkPhone', displayName: 'Work Phone' },
  { id: 5, code: 'TextMessage', displayName: 'Text Message' },
  { id: 6, code: 'Mail', displayName: 'Mail' },
  // Kept for contacts imported with it; the contact form leaves it out.
  { id: 7, code: 'Fax', displayName: 'Fax' },
];

export const PREFERRED_COMMUNICATION_IDS = { email: 1, mobilePhone: 3, textMessage: 5 } as const;

/** The facility's own countries first (sort order 1, 2), then the rest by name (100). */
export const COUNTRIES = [
  { id: 1, code: 'US', name: 'United States', sortOrder: 1 },
  { id: 2, code: 'CA', name: 'Canada', sortOrder: 2 },
  { id: 3, code: 'MX', name: 'Mexico', sortOrder: 100 },
  { id: 4, code: 'BR', name: 'Brazil', sortOrder: 100 },
  { id: 5, code: 'FR', name: 'France', sortOrder: 100 },
  { id: 6, code: 'CN', name: 'China', sortOrder: 100 },
  { id: 7, code: 'GB', name: 'United Kingdom', sortOrder: 100 },
  { id: 8, code: 'DE', name: 'Germany', sortOrder: 100 },
  { id: 9, code: 'IE', name: 'Ireland', sortOrder: 100 },
  { id: 10, code: 'IT', name: 'Italy', sortOrder: 100 },
  { id: 11, code: 'ES', name: 'Spain', sortOrder: 100 },
  { id: 12, code: 'PT', name: 'Portugal', sortOrder: 100 },
  { id: 13, code: 'IN', name: 'India', sortOrder: 100 },
  { id: 14, code: 'PH', name: 'Philippines', sortOrder: 100 },
  { id: 15, code: 'VN', name: 'Vietnam', sortOrder: 100 },
  { id: 16, code: 'KR', name: 'South Korea', sortOrder: 100 },
  { id: 17, code: 'JP', name: 'Japan', sortOrder: 100 },
  { id: 18, code: 'AU', name: 'Australia', sortOrder: 100 },
  { id: 19, code: 'PR', name: 'Puerto Rico', sortOrder: 100 },
  { id: 20, code: 'DO', name: 'Dominican Republic', sortOrder: 100 },
  { id: 21, code: 'CU', name: 'Cuba', sortOrder: 100 },
  { id: 22, code: 'JM', name: 'Jamaica', sortOrder: 100 },
  { id: 23, code: 'HT', name: 'Haiti', sortOrder: 100 },
  { id: 24, code: 'CO', name: 'Colombia', sortOrder: 100 },
  { id: 25, code: 'GT', name: 'Guatemala', sortOrder: 100 },
  { id: 26, code: 'SV', name: 'El Salvador', sortOrder: 100 },
];

export const COUNTRY_IDS = { unitedStates: 1, canada: 2, mexico: 3 } as const;

const US_STATES: [string, string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

const CANADIAN_PROVINCES: [string, string][] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

const MEXICAN_STATES: [string, string][] = [
  ['AGU', 'Aguascalientes'],
  ['BCN', 'Baja California'],
  ['BCS', 'Baja California Sur'],
  ['CAM', 'Campeche'],
  ['CHP', 'Chiapas'],
  ['CHH', 'Chihuahua'],
  ['CMX', 'Ciudad de México'],
  ['COA', 'Coahuila'],
  ['COL', 'Colima'],
  ['DUR', 'Durango'],
  ['GUA', 'Guanajuato'],
  ['GRO', 'Guerrero'],
  ['HID', 'Hidalgo'],
  ['JAL', 'Jalisco'],
  ['MEX', 'Estado de México'],
  ['MIC', 'Michoacán'],
  ['MOR', 'Morelos'],
  ['NAY', 'Nayarit'],
  ['NLE', 'Nuevo León'],
  ['OAX', 'Oaxaca'],
  ['PUE', 'Puebla'],
  ['QUE', 'Querétaro'],
  ['ROO', 'Quintana Roo'],
  ['SLP', 'San Luis Potosí'],
  ['SIN', 'Sinaloa'],
  ['SON', 'Sonora'],
  ['TAB', 'Tabasco'],
  ['TAM', 'Tamaulipas'],
  ['TLA', 'Tlaxcala'],
  ['VER', 'Veracruz'],
  ['YUC', 'Yucatán'],
  ['ZAC', 'Zacatecas'],
];

/** States by country; ids are the country id times 1000 plus the position, so they never collide. */
export const STATES = (
  [
    [COUNTRY_IDS.unitedStates, US_STATES],
    [COUNTRY_IDS.canada, CANADIAN_PROVINCES],
    [COUNTRY_IDS.mexico, MEXICAN_STATES],
  ] as const
).flatMap(([countryId, list]) =>
  list.map(([code, name], index) => ({ id: countryId * 1000 + index + 1, countryId, code, name })),
);

/** Applies the lookups at every start: product changes land, ids stay. */
export async function applyLookups(db: DbOrTx): Promise<void> {
  await db
    .insert(relationships)
    .values(RELATIONSHIPS)
    .onConflictDoUpdate({ target: relationships.id, set: { displayName: sql`excluded.display_name` } });
  await db
    .insert(preferredCommunications)
    .values(PREFERRED_COMMUNICATIONS)
    .onConflictDoUpdate({
      target: preferredCommunications.id,
      set: { code: sql`excluded.code`, displayName: sql`excluded.display_name` },
    });
  await db
    .insert(countries)
    .values(COUNTRIES)
    .onConflictDoUpdate({
      target: countries.id,
      set: { code: sql`excluded.code`, name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` },
    });
  await db
    .insert(states)
    .values(STATES)
    .onConflictDoUpdate({
      target: states.id,
      set: { countryId: sql`excluded.country_id`, code: sql`excluded.code`, name: sql`excluded.name` },
    });
}
