import type { AbnormalFlag } from '@portal/contracts';
import { labResultRecords, type LabResultRecord } from '../modules/lab-results/lab-results.intake';
import type { Tx } from '../db/client';
import type { DemoContext } from './demo-context';
import { seededPatientId } from '../platform/integration/integration-patients';

/* ------------------------------------------------------------------ shapes */

type Test = [
  name: string,
  value: string,
  unit: string | null,
  range: string | null,
  flag?: AbnormalFlag | null,
  comment?: string | null,
  status?: string,
];

interface DemoGroup {
  name: string;
  tests: Test[];
}

interface DemoResult {
  daysAgo: number;
  /** Wall-clock hour of the collection (UTC; 13:00 UTC is 8 or 9 in the morning in New York). */
  hourUtc?: number;
  published?: boolean;
  reviewed: boolean;
  status: string;
  physician: string;
  lab: { name: string; address: string };
  comment?: string;
  noteToPatient?: string;
  groups: DemoGroup[];
}

/* -------------------------------------------------------------- labs, panels */

const RCC_LAB = {
  name: 'RCC Laboratory',
  address: '1200 River Road, Laboratory, 2nd Floor, Riverside, NY 12210',
};
const PATHOLOGY_LAB = {
  name: 'Northeast Pathology Associates',
  address: '55 Commerce Park Drive, Albany, NY 12206',
};

const RAMAN = 'Dr. Priya Raman';
const OKAFOR = 'Dr. Samuel Okafor';
const MARSH = 'Dr. Helen Marsh';

/** A complete blood count with differential: WBC, RBC, haemoglobin, haematocrit, platelets, ANC, ALC. */
function cbc(
  v: { wbc: number; rbc: number; hgb: number; hct: number; plt: number; anc: number; alc: number },
  comments: Partial<Record<'wbc' | 'hgb' | 'plt' | 'anc', string>> = {},
  female = true,
): DemoGroup {
  const flag = (value: number, low: number, high: number, criticalLow?: number): AbnormalFlag =>
    criticalLow !== undefined && value < criticalLow ? 'LL' : value < low ? 'L' : value > high ? 'H' : 'N';
  const [hgbLow, hgbHigh] = female ? [12.0, 15.5] : [13.5, 17.5];
  const [hctLow, hctHigh] = female ? [35.5, 44.9] : [38.8, 50.0];
  const [rbcLow, rbcHigh] = female ? [3.92, 5.13] : [4.35, 5.65];
  return {
    name: 'CBC with Differential',
    tests: [
      ['White Blood Cell Count', v.wbc.toFixed(1), 'x10^3/uL', '3.4 - 10.8', flag(v.wbc, 3.4, 10.8, 1.0), comments.wbc],
      ['Red Blood Cell Count', v.rbc.toFixed(2), 'x10^6/uL', `${rbcLow} - ${rbcHigh}`, flag(v.rbc, rbcLow, rbcHigh)],
      [
        'Hemoglobin',
        v.hgb.toFixed(1),
        'g/dL',
        `${hgbLow.toFixed(1)} - ${hgbHigh.toFixed(1)}`,
        flag(v.hgb, hgbLow, hgbHigh, 7.0),
        comments.hgb,
      ],
      ['Hematocrit', v.hct.toFixed(1), '%', `${hctLow} - ${hctHigh}`, flag(v.hct, hctLow, hctHigh)],
      ['Platelet Count', String(v.plt), 'x10^3/uL', '150 - 379', flag(v.plt, 150, 379, 50), comments.plt],
      [
        'Absolute Neutrophil Count',
        v.anc.toFixed(1),
        'x10^3/uL',
        '1.4 - 7.0',
        flag(v.anc, 1.4, 7.0, 0.5),
        comments.anc,
      ],
      ['Absolute Lymphocyte Count', v.alc.toFixed(1), 'x10^3/uL', '0.7 - 3.1', flag(v.alc, 0.7, 3.1)],
    ],
  };
}

/** A comprehensive metabolic panel. */
function cmp(
  v: {
    glucose: number;
    bun: number;
    creatinine: number;
    sodium: number;
    potassium: number;
    calcium: number;
    albumin: number;
    bilirubin: number;
    alp: number;
    ast: number;
    alt: number;
  },
  comments: Partial<Record<'alt' | 'ast' | 'glucose', string>> = {},
): DemoGroup {
  const flag = (value: number, low: number, high: number): AbnormalFlag =>
    value < low ? 'L' : value > high ? 'H' : 'N';
  return {
    name: 'Comprehensive Metabolic Panel',
    tests: [
      ['Glucose', String(v.glucose), 'mg/dL', '65 - 99', flag(v.glucose, 65, 99), comments.glucose],
      ['BUN', String(v.bun), 'mg/dL', '6 - 24', flag(v.bun, 6, 24)],
      ['Creatinine', v.creatinine.toFixed(2), 'mg/dL', '0.57 - 1.00', flag(v.creatinine, 0.57, 1.0)],
      ['Sodium', String(v.sodium), 'mmol/L', '134 - 144', flag(v.sodium, 134, 144)],
      ['Potassium', v.potassium.toFixed(1), 'mmol/L', '3.5 - 5.2', flag(v.potassium, 3.5, 5.2)],
      ['Calcium', v.calcium.toFixed(1), 'mg/dL', '8.7 - 10.2', flag(v.calcium, 8.7, 10.2)],
      ['Albumin', v.albumin.toFixed(1), 'g/dL', '3.8 - 4.9', flag(v.albumin, 3.8, 4.9)],
      ['Bilirubin, Total', v.bilirubin.toFixed(1), 'mg/dL', '0.0 - 1.2', flag(v.bilirubin, 0, 1.2)],
      ['Alkaline Phosphatase', String(v.alp), 'IU/L', '44 - 121', flag(v.alp, 44, 121)],
      ['AST (SGOT)', String(v.ast), 'IU/L', '0 - 40', flag(v.ast, 0, 40), comments.ast],
      ['ALT (SGPT)', String(v.alt), 'IU/L', '0 - 32', flag(v.alt, 0, 32), comments.alt],
    ],
  };
}

/** Breast cancer tumour markers: CA 15-3 and CEA. */
function breastMarkers(ca153: number, cea: number, comment?: string): DemoGroup {
  return {
    name: 'Tumor Markers',
    tests: [
      ['CA 15-3', ca153.toFixed(1), 'U/mL', '0.0 - 25.0', ca153 > 25 ? 'H' : 'N', comment],
      ['CEA', cea.toFixed(1), 'ng/mL', '0.0 - 3.0', cea > 3 ? 'H' : 'N'],
    ],
  };
}

/** The group with one test's own status (a corrected value in a final result). */
function withStatus(group: DemoGroup, testName: string, status: string): DemoGroup {
  return {
    ...group,
    tests: group.tests.map((test): Test => {
      const [name, value, unit, range, flag = null, comment = null] = test;
      return name === testName ? [name, value, unit, range, flag, comment, status] : test;
    }),
  };
}

/* ------------------------------------------------------------------- Jane */

/**
 * Jane Doe, 58, treated for early breast cancer: a work-up and biopsy about a year ago, chemotherapy
 * (with the neutropenia and liver enzymes that go with it), radiation, and markers back to normal. Twelve
 * published results (the last three not yet reviewed) and one not yet published by the care team.
 */
export const JANE_RESULTS: DemoResult[] = [
  {
    daysAgo: 352,
    reviewed: true,
    status: 'Final',
    physician: RAMAN,
    lab: RCC_LAB,
    groups: [
      cbc({ wbc: 6.8, rbc: 4.41, hgb: 13.4, hct: 40.2, plt: 262, anc: 4.1, alc: 1.9 }),
      cmp({
        glucose: 92,
        bun: 14,
        creatinine: 0.78,
        sodium: 140,
        potassium: 4.2,
        calcium: 9.6,
        albumin: 4.4,
        bilirubin: 0.6,
        alp: 78,
        ast: 21,
        alt: 19,
      }),
    ],
  },
  {
    daysAgo: 330,
    hourUtc: 15,
    reviewed: true,
    status: 'Final',
    physician: RAMAN,
    lab: PATHOLOGY_LAB,
    comment: 'Specimen: left breast, 2 o’clock, ultrasound-guided core needle biopsy (3 cores).',
    noteToPatient:
      'Dr. Raman reviewed this report with you at your visit. Please bring any questions to your next appointment.',
    groups: [
      {
        name: 'Surgical Pathology',
        tests: [
          [
            'Final Diagnosis',
            'Left breast, 2 o’clock, core needle biopsy: invasive ductal carcinoma, Nottingham grade 2 ' +
              '(tubules 3, nuclei 2, mitoses 1), measuring at least 1.4 cm in the cores. Ductal carcinoma in ' +
              'situ, intermediate nuclear grade, is also present. No lymphovascular invasion is identified. ' +
              'Estrogen receptor positive (95%, strong); progesterone receptor positive (80%, moderate); ' +
              'HER2 negative (IHC 1+). Ki-67 approximately 15%.',
            null,
            null,
            null,
          ],
        ],
      },
    ],
  },
  {
    daysAgo: 300,
    reviewed: true,
    status: 'Final',
    physician: RAMAN,
    lab: RCC_LAB,
    groups: [breastMarkers(41.6, 3.8, 'Baseline before treatment.')],
  },
  {
    daysAgo: 250,
    reviewed: true,
    status: 'Final',
    physician: RAMAN,
    lab: RCC_LAB,
    comment: 'Drawn before cycle 1 of chemotherapy.',
    groups: [
      cbc({ wbc: 7.1, rbc: 4.35, hgb: 13.1, hct: 39.6, plt: 248, anc: 4.6, alc: 1.8 }),
      cmp({
        glucose: 97,
        bun: 15,
        creatinine: 0.81,
        sodium: 139,
        potassium: 4.4,
        calcium: 9.5,
        albumin: 4.3,
        bilirubin: 0.5,
        alp: 81,
        ast: 24,
        alt: 22,
      }),
    ],
  },
  {
    daysAgo: 215,
    reviewed: true,
    status: 'Final',
    physician: RAMAN,
    lab: RCC_LAB,
    noteToPatient:
      'Your white cells are low, as expected 10 days after chemotherapy. Call the clinic at once if you have a ' +
      'temperature of 100.4 °F (38 °C) or higher.',
    groups: [
      cbc(
        { wbc: 1.9, rbc: 3.71, hgb: 10.9, hct: 33.1, plt: 141, anc: 0.4, alc: 1.1 },
        { anc: 'Critical value called to M. Li, RN, and read back.' },
      ),
    ],
  },
  {
    daysAgo: 172,
    reviewed: true,
    status: 'Corrected',
    physician: RAMAN,
    lab: RCC_LAB,
    comment: 'ALT corrected after repeat analysis of the same specimen.',
    groups: [
      cbc({ wbc: 4.2, rbc: 3.68, hgb: 10.6, hct: 32.4, plt: 188, anc: 2.3, alc: 1.2 }),
      cmp(
        {
          glucose: 104,
          bun: 17,
          creatinine: 0.84,
          sodium: 138,
          potassium: 4.0,
          calcium: 9.2,
          albumin: 3.9,
          bilirubin: 0.7,
          alp: 118,
          ast: 46,
          alt: 61,
        },
        { alt: 'Corrected result: previously reported as 16 IU/L.', glucose: 'Non-fasting specimen.' },
      ),
    ].map((group) => withStatus(group, 'ALT (SGPT)', 'Corrected')),
  },
  {
    daysAgo: 150,
    reviewed: true,
    status: 'Final',
    physician: RAMAN,
    lab: RCC_LAB,
    groups: [breastMarkers(27.9, 2.6)],
  },
  {
    daysAgo: 118,
    reviewed: true,
    status: 'Final',
    physician: OKAFOR,
    lab: RCC_LAB,
    comment: 'Drawn in week 3 of radiation therapy.',
    groups: [cbc({ wbc: 4.9, rbc: 3.88, hgb: 11.4, hct: 34.6, plt: 221, anc: 3.0, alc: 0.6 })],
  },
  {
    daysAgo: 62,
    reviewed: true,
    status: 'Final',
    physician: RAMAN,
    lab: RCC_LAB,
    groups: [
      cmp({
        glucose: 91,
        bun: 13,
        creatinine: 0.79,
        sodium: 141,
        potassium: 4.3,
        calcium: 9.7,
        albumin: 4.2,
        bilirubin: 0.5,
        alp: 88,
        ast: 27,
        alt: 29,
      }),
    ],
  },
  {
    daysAgo: 35,
    reviewed: false,
    status: 'Final',
    physician: RAMAN,
    lab: RCC_LAB,
    noteToPatient: 'Good news: both tumor markers are within the normal range.',
    groups: [breastMarkers(18.4, 1.9)],
  },
  {
    daysAgo: 14,
    reviewed: false,
    status: 'Final',
    physician: RAMAN,
    lab: RCC_LAB,
    groups: [cbc({ wbc: 5.6, rbc: 4.02, hgb: 11.8, hct: 36.0, plt: 236, anc: 3.4, alc: 1.3 })],
  },
  {
    daysAgo: 3,
    reviewed: false,
    status: 'Preliminary',
    physician: RAMAN,
    lab: RCC_LAB,
    comment: 'Magnesium to follow.',
    groups: [
      cmp({
        glucose: 88,
        bun: 12,
        creatinine: 0.76,
        sodium: 140,
        potassium: 3.3,
        calcium: 9.4,
        albumin: 4.3,
        bilirubin: 0.4,
        alp: 84,
        ast: 22,
        alt: 24,
      }),
    ],
  },
  {
    // Not published yet: the care team has not released it, so the patient never sees it.
    daysAgo: 1,
    published: false,
    reviewed: false,
    status: 'Preliminary',
    physician: RAMAN,
    lab: RCC_LAB,
    groups: [{ name: 'Magnesium', tests: [['Magnesium', '1.6', 'mg/dL', '1.6 - 2.3', 'N']] }],
  },
];

/* ------------------------------------------------------------------- John */

/** John Smith, 71, on hormone therapy for prostate cancer: PSA falling, testosterone suppressed. */
function prostateMarkers(psa: number, testosterone: number, comment?: string): DemoGroup {
  return {
    name: 'Prostate Markers',
    tests: [
      ['PSA, Total', psa.toFixed(2), 'ng/mL', '0.00 - 4.00', psa > 4 ? 'H' : 'N', comment],
      ['Testosterone, Total', String(testosterone), 'ng/dL', '264 - 916', testosterone < 264 ? 'L' : 'N'],
    ],
  };
}

export const JOHN_RESULTS: DemoResult[] = [
  {
    daysAgo: 200,
    reviewed: true,
    status: 'Final',
    physician: MARSH,
    lab: RCC_LAB,
    groups: [prostateMarkers(14.8, 412, 'Before androgen deprivation therapy.')],
  },
  {
    daysAgo: 95,
    reviewed: true,
    status: 'Final',
    physician: MARSH,
    lab: RCC_LAB,
    groups: [
      prostateMarkers(2.1, 31),
      cbc({ wbc: 6.2, rbc: 4.48, hgb: 13.1, hct: 39.9, plt: 205, anc: 3.9, alc: 1.6 }, {}, false),
    ],
  },
  {
    daysAgo: 20,
    reviewed: false,
    status: 'Final',
    physician: MARSH,
    lab: RCC_LAB,
    noteToPatient: 'Your PSA keeps falling. We will repeat it in three months.',
    groups: [prostateMarkers(0.38, 24)],
  },
];

/* ------------------------------------------------------------------- seed */

const DAY_MS = 86_400_000;

function collectedAt(now: Date, daysAgo: number, hourUtc: number): Date {
  const at = new Date(now.getTime() - daysAgo * DAY_MS);
  at.setUTCHours(hourUtc, 15, 0, 0);
  return at;
}

async function insertResults(
  tx: Tx,
  patientId: number,
  address: { address1: string; address2: string | null; city: string; state: string; zipCode: string },
  results: DemoResult[],
  now: Date,
) {
  // Each result under a stable identifier of the demo's 'laboratory system' (demo-lab-1, demo-lab-2...), as a
  // facility's system would put it through the integration API.
  for (const [index, result] of results.entries()) {
    const record: LabResultRecord = {
      isPublished: result.published ?? true,
      collectedAt: collectedAt(now, result.daysAgo, result.hourUtc ?? 13),
      externalStatus: result.status,
      requestingPhysician: result.physician,
      ...address,
      country: 'United States',
      labName: result.lab.name,
      labAddress: result.lab.address,
      comment: result.comment ?? null,
      noteToPatient: result.noteToPatient ?? null,
      groups: result.groups.map((group) => ({
        groupDisplayName: group.name,
        details: group.tests.map(([name, value, unit, range, flag, comment, status]) => ({
          testDisplayName: name,
          testValue: value,
          unitOfMeasure: unit,
          referencesRange: range,
          abnormalFlag: flag ?? null,
          // In a corrected result only the corrected tests say so.
          testDetailStatus: status ?? (result.status === 'Corrected' ? 'Final' : result.status),
          comment: comment ?? null,
        })),
      })),
    };
    await labResultRecords.put(tx, seededPatientId(patientId), `demo-lab-${index + 1}`, record, {
      history: {
        reviewedAt: result.reviewed ? collectedAt(now, result.daysAgo - 2, 22) : null,
      },
    });
  }
}

/**
 * Test results of the demo: a year of Jane's oncology labs (blood counts, metabolic panels, CA 15-3 and
 * CEA, a biopsy report shown as free text) and a few of John's PSA results. Dates are relative to `now`.
 */
export async function seedDemoLabResults(tx: Tx, context: DemoContext, now = new Date()): Promise<void> {
  await insertResults(
    tx,
    context.janeId,
    { address1: '214 Willow Bend Road', address2: null, city: 'Riverside', state: 'NY', zipCode: '12210' },
    JANE_RESULTS,
    now,
  );
  await insertResults(
    tx,
    context.johnId,
    { address1: '9 Harbor Street', address2: 'Apt 3B', city: 'Albany', state: 'NY', zipCode: '12207' },
    JOHN_RESULTS,
    now,
  );
}
