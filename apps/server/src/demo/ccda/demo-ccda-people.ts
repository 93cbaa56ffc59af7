import { RIVERSIDE_PHONES } from '../demo-phones';
import type { CcdaPatient } from './ccda-builder';
import type { CcdaAddress, CcdaOrganization, CcdaProvider } from './ccda-participants';

// The places and people of the demo documents: the cancer center and the regional hospital, their providers and
// clinics, and the two demo patients as demo.ts seeds them.

const RIVERSIDE_ADDRESS: CcdaAddress = {
  street: ['1200 River Road'],
  city: 'Riverside',
  state: 'NY',
  postalCode: '12210',
};
export const RIVERSIDE_CANCER_CENTER: CcdaOrganization = {
  id: { root: '2.16.840.1.113883.4.6', extension: '1982736450' },
  name: 'Riverside Cancer Center',
  phone: RIVERSIDE_PHONES.mainLine,
  address: RIVERSIDE_ADDRESS,
};
/**
 * The regional hospital's numbers (another organization than the demo facilities, so not in demo-phones.ts), in
 * the 555-0100 to 555-0199 range set aside for fiction like every demo number.
 */
export const REGIONAL_HOSPITAL_PHONES = {
  mainLine: '5185550170',
  forde: '5185550171',
  whitman: '5185550172',
} as const;

export const RIVERSIDE_REGIONAL_HOSPITAL: CcdaOrganization = {
  id: { root: '2.16.840.1.113883.4.6', extension: '1457382916' },
  name: 'Riverside Regional Hospital',
  phone: REGIONAL_HOSPITAL_PHONES.mainLine,
  address: { street: ['600 Hospital Drive'], city: 'Riverside', state: 'NY', postalCode: '12210' },
};

const provider = (
  npi: string,
  given: string,
  family: string,
  phone: string,
  organization: CcdaOrganization,
  suffix = 'MD',
): CcdaProvider => ({ npi, name: { prefix: 'Dr.', given: [given], family, suffix }, phone, organization });

export const PROVIDERS = {
  raman: provider('1306849327', 'Priya', 'Raman', RIVERSIDE_PHONES.oncologyClinic, RIVERSIDE_CANCER_CENTER),
  okafor: provider('1578263014', 'Samuel', 'Okafor', RIVERSIDE_PHONES.radiationOncology, RIVERSIDE_CANCER_CENTER),
  hale: provider('1740392851', 'Marcus', 'Hale', RIVERSIDE_PHONES.breastSurgery, RIVERSIDE_CANCER_CENTER),
  marsh: provider('1891047362', 'Helen', 'Marsh', RIVERSIDE_PHONES.urologyClinic, RIVERSIDE_CANCER_CENTER),
  forde: provider('1649205738', 'Alan', 'Forde', REGIONAL_HOSPITAL_PHONES.forde, RIVERSIDE_REGIONAL_HOSPITAL),
  whitman: provider('1225019846', 'Grace', 'Whitman', REGIONAL_HOSPITAL_PHONES.whitman, RIVERSIDE_REGIONAL_HOSPITAL),
};

/** The providers the treatment summary names, by the name it gives. */
export const BY_SUMMARY_NAME: Record<string, CcdaProvider> = {
  'Dr. Priya Raman': PROVIDERS.raman,
  'Dr. Samuel Okafor': PROVIDERS.okafor,
  'Dr. Marcus Hale': PROVIDERS.hale,
  'Dr. Helen Marsh': PROVIDERS.marsh,
  'Dr. Alan Forde (primary care)': PROVIDERS.forde,
};

export const LOCATIONS = {
  oncologyClinic: {
    name: 'RCC Oncology Clinic B',
    address: { ...RIVERSIDE_ADDRESS, street: ['1200 River Road', 'Oncology Clinic B, 4th Floor'] },
  },
  radiation: {
    name: 'RCC Radiation Oncology',
    address: { ...RIVERSIDE_ADDRESS, street: ['1200 River Road', 'Radiation Oncology, Lower Level'] },
  },
  urology: {
    name: 'RCC Oncology Clinic B',
    address: { ...RIVERSIDE_ADDRESS, street: ['1200 River Road', 'Oncology Clinic B, 4th Floor'] },
  },
  hospitalWard: {
    name: 'Riverside Regional Hospital, 5 West Oncology Unit',
    address: RIVERSIDE_REGIONAL_HOSPITAL.address,
  },
  primaryCare: {
    name: 'Riverside Regional Primary Care',
    address: {
      ...RIVERSIDE_REGIONAL_HOSPITAL.address,
      street: ['600 Hospital Drive', 'Medical Office Building, Suite 210'],
    },
  },
};

/** The identifier root of the portal's MRNs (Riverside Cancer Center's patient numbers). */
export const MRN_ROOT = '2.16.840.1.113883.19.5.99999.2';

/** The two demo patients as demo.ts seeds them (name, MRN, birth date relative to `now`'s year, sex, address). */
export function demoCcdaPatients(now: Date): { jane: CcdaPatient; john: CcdaPatient } {
  const born = (age: number, month: number, day: number) =>
    `${now.getUTCFullYear() - age}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return {
    jane: {
      ids: [{ root: MRN_ROOT, extension: 'RCC-100234' }],
      name: { given: ['Jane'], family: 'Doe' },
      birthDate: born(58, 4, 12),
      gender: 'F',
      address: { street: ['214 Willow Bend Road'], city: 'Riverside', state: 'NY', postalCode: '12210' },
      phone: '5185550142',
      language: 'en-US',
    },
    john: {
      ids: [{ root: MRN_ROOT, extension: 'RCC-100871' }],
      name: { given: ['John'], family: 'Smith' },
      birthDate: born(71, 9, 30),
      gender: 'M',
      address: { street: ['9 Harbor Street', 'Apt 3B'], city: 'Albany', state: 'NY', postalCode: '12207' },
      phone: '5185550199',
      language: 'es-MX',
    },
  };
}
