import type { MedicalNoteStatus } from '@portal/contracts';
import { medicalNoteRecords } from '../modules/medical-notes/medical-notes.intake';
import { createPdf } from '../platform/pdf/document';
import type { Tx } from '../db/client';
import { addDays, localDate } from '../platform/time/time';
import { findDemoPatient } from './demo.repository';
import type { DemoContext } from './demo-context';
import { seededPatientId } from '../platform/integration/integration-patients';

// Medical notes of the demo (spec 002, 2.4): Jane Doe's breast cancer care over the past ten months, John
// Smith's prostate cancer work-up. Every page is a real one-page PDF, made here with the platform PDF writer;
// the bytes are made once per process and reused (the seed runs in many test files).

const NEW_YORK = 'America/New_York';

/** 'March 5, 2026' for '2026-03-05'. */
function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/* ------------------------------------------------------------------ model */

interface Section {
  heading: string;
  paragraphs: string[];
  /** A numbered list after the paragraphs (a plan). */
  numbered?: string[];
}

/** One page of a note: its sections (the header block with patient, date and author is added). */
type PageContent = Section[];

interface DemoNote {
  /** Days before today (New York) of the service. */
  daysAgo: number;
  documentType: string;
  /** The document's own title, under the document type. */
  title: string;
  authoredBy: string;
  status: MedicalNoteStatus;
  noteToPatient?: string;
  reviewed: boolean;
  published?: boolean;
  pages: PageContent[];
}

interface DemoPatient {
  name: string;
  mrn: string;
  dateOfBirth: string;
}

/* ------------------------------------------------------------ the people */

const RAMAN = 'Dr. Priya Raman';
const OKAFOR = 'Dr. Samuel Okafor';
const CHEN = 'Dr. Laura Chen';
const KAPOOR = 'Dr. Anita Kapoor';
const WEBB = 'Dr. Marcus Webb';
const MARSH = 'Dr. Helen Marsh';
const LI = 'Megan Li, RN';

const JANE_NOTES: DemoNote[] = [
  {
    daysAgo: 290,
    documentType: 'Radiology Report',
    title: 'Bilateral Diagnostic Mammogram and Left Breast Ultrasound',
    authoredBy: WEBB,
    status: 'Final',
    reviewed: true,
    pages: [
      [
        {
          heading: 'Clinical history',
          paragraphs: [
            '57-year-old woman recalled from screening for a new left breast mass. Mother diagnosed with breast ' +
              'cancer at age 62. No prior breast surgery.',
          ],
        },
        {
          heading: 'Findings',
          paragraphs: [
            'Mammogram: the breasts are heterogeneously dense. In the left breast at 2 o’clock, 6 cm from the ' +
              'nipple, there is an irregular mass with spiculated margins measuring 2.1 cm. No suspicious ' +
              'calcifications. The right breast shows no suspicious mass, calcification or distortion.',
            'Ultrasound: targeted ultrasound of the left breast at 2 o’clock shows an irregular hypoechoic mass ' +
              'measuring 2.2 x 1.8 x 1.6 cm with angular margins and posterior shadowing. The left axilla shows ' +
              'normal-appearing lymph nodes with preserved fatty hila.',
          ],
        },
        {
          heading: 'Impression',
          paragraphs: [
            'Left breast mass at 2 o’clock, highly suggestive of malignancy. BI-RADS 5. Ultrasound-guided core ' +
              'needle biopsy is recommended and has been scheduled. Right breast: negative, BI-RADS 1.',
          ],
        },
      ],
    ],
  },
  {
    daysAgo: 262,
    documentType: 'Pathology Report',
    title: 'Surgical Pathology: Left Breast Core Needle Biopsy',
    authoredBy: KAPOOR,
    status: 'Final',
    reviewed: true,
    pages: [
      [
        {
          heading: 'Specimen',
          paragraphs: ['Left breast, 2 o’clock, 6 cm from nipple: ultrasound-guided core needle biopsy (4 cores).'],
        },
        {
          heading: 'Diagnosis',
          paragraphs: [
            'Invasive ductal carcinoma, no special type, Nottingham grade 2 of 3 (tubules 3, nuclear ' +
              'pleomorphism 2, mitoses 1). Ductal carcinoma in situ, intermediate grade, cribriform type, ' +
              'present. No lymphovascular invasion identified in the cores.',
          ],
        },
        {
          heading: 'Biomarkers',
          paragraphs: [
            'Estrogen receptor: positive (95% of tumor cells, strong intensity). Progesterone receptor: positive ' +
              '(80%, moderate to strong). HER2 by immunohistochemistry: negative (score 1+). Ki-67: 18%.',
          ],
        },
        {
          heading: 'Comment',
          paragraphs: [
            'The findings are concordant with the imaging. Results were communicated to Dr. Priya Raman’s ' +
              'office on the day of sign-out.',
          ],
        },
      ],
    ],
  },
  {
    daysAgo: 240,
    documentType: 'Consultation',
    title: 'Medical Oncology New Patient Consultation',
    authoredBy: RAMAN,
    status: 'Final',
    noteToPatient:
      'Thank you for meeting with me. This note summarizes the treatment plan we discussed. Please call the ' +
      'clinic with any questions before your surgery.',
    reviewed: true,
    pages: [
      [
        {
          heading: 'Reason for consultation',
          paragraphs: ['Newly diagnosed invasive ductal carcinoma of the left breast, referred for evaluation.'],
        },
        {
          heading: 'History of present illness',
          paragraphs: [
            'Ms. Doe is a 57-year-old postmenopausal woman whose screening mammogram showed a new left breast ' +
              'mass. Diagnostic imaging measured a 2.2 cm irregular mass at 2 o’clock with normal-appearing ' +
              'axillary nodes. Core biopsy showed invasive ductal carcinoma, grade 2, ER 95%, PR 80%, HER2 ' +
              'negative (1+), Ki-67 18%. She feels well, with no bone pain, cough, headache or weight loss.',
          ],
        },
        {
          heading: 'Past history',
          paragraphs: [
            'Hypertension, controlled on lisinopril 10 mg daily. Allergy: penicillin (rash). Gynecologic: ' +
              'menopause at 51, no hormone replacement. Family: mother with breast cancer at 62. Social: never ' +
              'smoker, one to two glasses of wine per week, works as a school librarian.',
          ],
        },
        {
          heading: 'Examination',
          paragraphs: [
            'BP 132/84, pulse 76, weight 68 kg. ECOG performance status 0. A firm, mobile 2 cm mass is palpable ' +
              'in the left breast at 2 o’clock. No axillary or supraclavicular lymphadenopathy. Lungs clear, ' +
              'abdomen soft without hepatomegaly.',
          ],
        },
      ],
      [
        {
          heading: 'Assessment',
          paragraphs: [
            'Clinical stage IIA (cT2 cN0 M0) hormone receptor-positive, HER2-negative invasive ductal carcinoma ' +
              'of the left breast. Given the tumor size and her family history, staging CT and genetic ' +
              'counseling are appropriate.',
          ],
        },
        {
          heading: 'Plan',
          paragraphs: ['The plan we agreed on:'],
          numbered: [
            'CT of the chest, abdomen and pelvis for staging.',
            'Referral to Dr. Laura Chen for breast-conserving surgery with sentinel lymph node biopsy.',
            'Adjuvant chemotherapy with dose-dense doxorubicin and cyclophosphamide followed by paclitaxel ' +
              '(AC-T) is recommended after surgery; final decision after surgical pathology.',
            'Whole breast radiation after chemotherapy, then at least five years of endocrine therapy.',
            'Genetic counseling and germline testing (BRCA1, BRCA2 and a multigene panel).',
            'Return visit after surgery to review pathology. Nurse navigator Megan Li, RN will coordinate.',
          ],
        },
      ],
    ],
  },
  {
    daysAgo: 212,
    documentType: 'Radiology Report',
    title: 'CT Chest, Abdomen and Pelvis with Contrast',
    authoredBy: WEBB,
    status: 'Final',
    noteToPatient:
      'Good news: the scan shows no sign that the cancer has spread. We will go over it at your next visit.',
    reviewed: true,
    pages: [
      [
        {
          heading: 'Indication',
          paragraphs: ['Staging of newly diagnosed left breast cancer.'],
        },
        {
          heading: 'Technique',
          paragraphs: [
            'Axial images from the thoracic inlet through the pubic symphysis after intravenous contrast, with ' +
              'coronal and sagittal reformats.',
          ],
        },
        {
          heading: 'Findings',
          paragraphs: [
            'Chest: the known left breast mass is partly seen. No axillary, mediastinal or hilar ' +
              'lymphadenopathy. A 3 mm calcified granuloma in the right lower lobe. No suspicious pulmonary ' +
              'nodule or pleural effusion.',
            'Abdomen and pelvis: the liver is normal in size without focal lesion. Gallbladder, pancreas, spleen, ' +
              'adrenal glands and kidneys are unremarkable. No lymphadenopathy or ascites.',
            'Bones: no suspicious lytic or sclerotic lesion. Mild degenerative change of the lower lumbar spine.',
          ],
        },
        {
          heading: 'Impression',
          paragraphs: ['No evidence of distant metastatic disease. Benign right lower lobe granuloma.'],
        },
      ],
    ],
  },
  {
    daysAgo: 200,
    documentType: 'Operative Report',
    title: 'Left Breast Partial Mastectomy with Sentinel Lymph Node Biopsy',
    authoredBy: CHEN,
    status: 'Final',
    reviewed: true,
    pages: [
      [
        {
          heading: 'Diagnoses',
          paragraphs: [
            'Preoperative and postoperative: invasive ductal carcinoma of the left breast, clinical stage IIA.',
          ],
        },
        {
          heading: 'Procedure',
          paragraphs: [
            'Left breast partial mastectomy (lumpectomy) with wire localization; left axillary sentinel lymph ' +
              'node biopsy with technetium-99m sulfur colloid and isosulfan blue dye.',
          ],
        },
        {
          heading: 'Anesthesia and details',
          paragraphs: [
            'General anesthesia with laryngeal mask airway. Preoperative antibiotic: clindamycin 900 mg IV ' +
              '(penicillin allergy). Estimated blood loss 20 mL. No drains. No complications.',
          ],
        },
        {
          heading: 'Description of the procedure',
          paragraphs: [
            'After informed consent, the patient was brought to the operating room and positioned supine. A ' +
              'curvilinear incision was made over the localization wire at 2 o’clock. The lesion was excised ' +
              'with a margin of grossly normal tissue; the specimen was oriented with sutures and specimen ' +
              'radiography confirmed the clip and the lesion near its center. Additional shaved margins were ' +
              'taken superiorly and laterally.',
          ],
        },
      ],
      [
        {
          heading: 'Sentinel lymph node biopsy',
          paragraphs: [
            'Through a separate axillary incision, two blue and radioactive sentinel lymph nodes were identified ' +
              'and excised (ex vivo counts 2,150 and 840). Residual axillary counts were under 10% of the ' +
              'hottest node. No clinically suspicious nodes were palpated. Frozen section was not requested.',
          ],
        },
        {
          heading: 'Closure',
          paragraphs: [
            'Hemostasis was obtained. Titanium clips were placed in the lumpectomy cavity to guide radiation. ' +
              'Both incisions were closed in layers with absorbable sutures and skin adhesive.',
          ],
        },
        {
          heading: 'Disposition',
          paragraphs: [
            'The patient tolerated the procedure well and was discharged home the same day. Follow-up in the ' +
              'surgery clinic in two weeks; pathology will be reviewed with her and with Dr. Priya Raman.',
          ],
        },
      ],
    ],
  },
  {
    daysAgo: 195,
    documentType: 'Pathology Report',
    title: 'Surgical Pathology: Left Breast Lumpectomy and Sentinel Lymph Nodes',
    authoredBy: KAPOOR,
    status: 'Amended',
    noteToPatient:
      'This report was amended to add a test result; the diagnosis and your treatment plan have not changed.',
    reviewed: false,
    pages: [
      [
        {
          heading: 'Specimens',
          paragraphs: [
            'A. Left breast, partial mastectomy (oriented). B. Additional superior margin. C. Additional lateral ' +
              'margin. D. Left axillary sentinel lymph node #1. E. Left axillary sentinel lymph node #2.',
          ],
        },
        {
          heading: 'Final diagnosis',
          paragraphs: [
            'Invasive ductal carcinoma, Nottingham grade 2, measuring 2.3 cm in greatest dimension. Ductal ' +
              'carcinoma in situ, intermediate grade, comprising about 10% of the tumor. Lymphovascular invasion ' +
              'not identified. All margins negative; the closest margin for invasive carcinoma is 4 mm ' +
              '(superior), for DCIS 6 mm. Biopsy site changes present.',
            'Sentinel lymph nodes: two lymph nodes, negative for metastatic carcinoma (0/2), confirmed by ' +
              'cytokeratin immunostain.',
          ],
        },
        {
          heading: 'Pathologic stage (AJCC 8th edition)',
          paragraphs: ['pT2 pN0(sn) — anatomic stage IIA. ER positive, PR positive, HER2 negative (biopsy).'],
        },
      ],
      [
        {
          heading: 'Addendum',
          paragraphs: [
            'Repeat HER2 testing was performed on the excision specimen at the request of the treating ' +
              'oncologist. HER2 by immunohistochemistry: 1+ (negative). HER2 by in situ hybridization: not ' +
              'amplified (HER2/CEP17 ratio 1.3; average HER2 copy number 2.4 per cell).',
            'Ki-67 on the excision specimen: 20%.',
            'These results do not change the final diagnosis.',
          ],
        },
        {
          heading: 'Gross description',
          paragraphs: [
            'A. Received fresh, an oriented fibrofatty excision measuring 6.5 x 5.0 x 3.2 cm with a localization ' +
              'wire. Serial sectioning reveals a firm, white, stellate mass measuring 2.3 x 2.0 x 1.7 cm with ' +
              'a biopsy clip at its center. Entirely submitted in 22 cassettes.',
          ],
        },
      ],
    ],
  },
  {
    daysAgo: 160,
    documentType: 'Discharge Summary',
    title: 'Hospital Discharge Summary: Febrile Neutropenia',
    authoredBy: RAMAN,
    status: 'Final',
    noteToPatient:
      'You were treated for an infection risk after chemotherapy. Take your temperature twice a day this week ' +
      'and call us right away for any reading of 100.4 °F or higher.',
    reviewed: true,
    pages: [
      [
        {
          heading: 'Admission and discharge',
          paragraphs: [
            'Length of stay: 3 days. Admitting diagnosis: fever after chemotherapy. Discharge diagnosis: febrile ' +
              'neutropenia following cycle 2 of dose-dense doxorubicin and cyclophosphamide; no source of ' +
              'infection identified.',
          ],
        },
        {
          heading: 'History',
          paragraphs: [
            'Ms. Doe presented to the emergency department on day 9 of cycle 2 with a temperature of 101.6 °F, ' +
              'chills and fatigue. Absolute neutrophil count was 0.3 x 10^9/L. She was hemodynamically stable. ' +
              'Pegfilgrastim had been deferred for cycle 2 because of a pharmacy authorization delay.',
          ],
        },
      ],
      [
        {
          heading: 'Hospital course',
          paragraphs: [
            'Blood and urine cultures were drawn and she was started on intravenous cefepime; given her ' +
              'penicillin allergy (rash), she received a test dose first and tolerated it without reaction. ' +
              'Chest X-ray was clear. She defervesced within 36 hours. Cultures remained negative at 48 hours. ' +
              'Filgrastim was given daily and her neutrophil count recovered to 1.8 x 10^9/L on the day of ' +
              'discharge.',
            'Her blood pressure ran low-normal during the admission and lisinopril was held; it was restarted ' +
              'at discharge.',
          ],
        },
        {
          heading: 'Condition at discharge',
          paragraphs: ['Stable, afebrile for more than 24 hours, eating and walking without help.'],
        },
      ],
      [
        {
          heading: 'Discharge medications',
          paragraphs: [
            'Levofloxacin 500 mg by mouth daily for 4 more days. Ondansetron 8 mg by mouth every 8 hours as ' +
              'needed for nausea. Lisinopril 10 mg daily (resumed). Pegfilgrastim will be given with every ' +
              'remaining chemotherapy cycle.',
          ],
        },
        {
          heading: 'Follow-up',
          paragraphs: [
            'Clinic visit with Dr. Priya Raman in one week with a complete blood count. Cycle 3 will proceed ' +
              'when the absolute neutrophil count is at least 1.5 x 10^9/L.',
            'Return precautions: temperature of 100.4 °F or higher, shaking chills, shortness of breath, or ' +
              'inability to keep fluids down. Call the 24-hour oncology line.',
          ],
        },
      ],
    ],
  },
  {
    daysAgo: 100,
    documentType: 'Consultation',
    title: 'Radiation Oncology Consultation',
    authoredBy: OKAFOR,
    status: 'Final',
    reviewed: true,
    pages: [
      [
        {
          heading: 'Reason for consultation',
          paragraphs: ['Adjuvant radiation after breast-conserving surgery and chemotherapy for left breast cancer.'],
        },
        {
          heading: 'History',
          paragraphs: [
            'Ms. Doe has pT2 pN0(sn), ER/PR-positive, HER2-negative invasive ductal carcinoma of the left ' +
              'breast treated with lumpectomy and sentinel node biopsy with negative margins, followed by ' +
              'dose-dense AC-T chemotherapy, completed two weeks ago. Her course was complicated by one ' +
              'admission for febrile neutropenia. She reports grade 1 numbness of the fingertips since paclitaxel.',
          ],
        },
        {
          heading: 'Examination',
          paragraphs: [
            'Well-healed left breast and axillary incisions without seroma. Full range of motion of the left ' +
              'shoulder. No lymphedema.',
          ],
        },
      ],
      [
        {
          heading: 'Recommendation',
          paragraphs: [
            'Whole breast radiation to the left breast, 50 Gy in 25 daily fractions over five weeks, using deep ' +
              'inspiration breath hold to limit heart dose. No regional nodal irradiation is needed given ' +
              'negative sentinel nodes.',
          ],
        },
        {
          heading: 'Risks discussed',
          paragraphs: [
            'Fatigue, skin redness and peeling, breast swelling and firmness, rare lung inflammation, and a very ' +
              'small long-term risk to the heart and of a second cancer. Questions were answered and consent ' +
              'was signed.',
          ],
        },
        {
          heading: 'Plan',
          paragraphs: [
            'CT simulation next week. Endocrine therapy with letrozole to start after radiation, per Dr. Raman.',
          ],
        },
      ],
    ],
  },
  {
    daysAgo: 50,
    documentType: 'Progress Note',
    title: 'Radiation Oncology: End of Treatment',
    authoredBy: OKAFOR,
    status: 'Final',
    noteToPatient: 'Congratulations on finishing radiation. Keep using the moisturizer until your skin has healed.',
    reviewed: false,
    pages: [
      [
        {
          heading: 'Treatment delivered',
          paragraphs: [
            'Left breast, 50 Gy in 25 fractions with deep inspiration breath hold, completed without ' +
              'interruption. Mean heart dose 1.1 Gy.',
          ],
        },
        {
          heading: 'Tolerance',
          paragraphs: [
            'Grade 1 radiation dermatitis of the left breast with mild redness and dry peeling, most marked in ' +
              'the inframammary fold. Grade 1 fatigue. No moist desquamation. Neuropathy of the fingertips ' +
              'stable.',
          ],
        },
        {
          heading: 'Plan',
          paragraphs: [
            'Continue fragrance-free moisturizer twice daily. Start letrozole 2.5 mg daily as planned with ' +
              'Dr. Priya Raman. Radiation oncology follow-up in six weeks.',
          ],
        },
      ],
    ],
  },
  {
    daysAgo: 14,
    documentType: 'Progress Note',
    title: 'Medical Oncology Follow-up Visit',
    authoredBy: RAMAN,
    status: 'Preliminary',
    noteToPatient:
      'Your blood counts and liver tests are normal. Keep taking letrozole every day along with calcium and ' +
      'vitamin D, and try the hand exercises we talked about.',
    reviewed: false,
    pages: [
      [
        {
          heading: 'Interval history',
          paragraphs: [
            'Ms. Doe returns five weeks into letrozole 2.5 mg daily. She reports mild morning stiffness of the ' +
              'hands and knees and occasional hot flashes, both tolerable. Fingertip numbness from paclitaxel ' +
              'is slowly improving and does not affect buttoning or writing. Energy is back to about 80% of ' +
              'her usual. Skin of the left breast has healed.',
          ],
        },
        {
          heading: 'Examination and results',
          paragraphs: [
            'BP 128/80. No palpable masses in either breast; treated left breast with mild firmness. No ' +
              'lymphadenopathy. CBC and comprehensive metabolic panel within normal limits. CA 15-3 19 U/mL ' +
              '(normal). Baseline bone density: osteopenia (lowest T-score -1.6, lumbar spine).',
          ],
        },
        {
          heading: 'Assessment and plan',
          paragraphs: [
            'Stage IIA HR-positive, HER2-negative left breast cancer, no evidence of disease after surgery, ' +
              'chemotherapy and radiation, now on adjuvant letrozole. Continue letrozole; calcium 1,200 mg and ' +
              'vitamin D 800 IU daily; weight-bearing exercise. Repeat bone density in two years. Annual ' +
              'mammogram due in four months. Return in three months with labs.',
          ],
        },
      ],
    ],
  },
  {
    // Not yet released by the care team: never shown in the portal.
    daysAgo: 3,
    documentType: 'Progress Note',
    title: 'Telephone Encounter',
    authoredBy: LI,
    status: 'Preliminary',
    reviewed: false,
    published: false,
    pages: [
      [
        {
          heading: 'Call',
          paragraphs: [
            'Patient called about increased joint stiffness on letrozole. Advised to keep the medication and ' +
              'discussed stretching. Message routed to Dr. Raman for review.',
          ],
        },
      ],
    ],
  },
];

const JOHN_NOTES: DemoNote[] = [
  {
    daysAgo: 95,
    documentType: 'Radiology Report',
    title: 'MRI Prostate with and without Contrast',
    authoredBy: WEBB,
    status: 'Final',
    reviewed: true,
    pages: [
      [
        {
          heading: 'Indication',
          paragraphs: ['Rising PSA, 7.8 ng/mL. No prior biopsy.'],
        },
        {
          heading: 'Findings',
          paragraphs: [
            'Prostate volume 48 mL (PSA density 0.16). A 1.3 cm lesion in the left peripheral zone at the ' +
              'mid-gland shows markedly restricted diffusion and early enhancement (PI-RADS 4). No ' +
              'extraprostatic extension. Seminal vesicles normal. No pelvic lymphadenopathy or suspicious bone ' +
              'lesion.',
          ],
        },
        {
          heading: 'Impression',
          paragraphs: ['PI-RADS 4 lesion of the left mid peripheral zone. Targeted biopsy recommended.'],
        },
      ],
    ],
  },
  {
    daysAgo: 75,
    documentType: 'Pathology Report',
    title: 'Prostate Needle Biopsy (MRI-Targeted and Systematic)',
    authoredBy: KAPOOR,
    status: 'Final',
    reviewed: true,
    pages: [
      [
        {
          heading: 'Diagnosis',
          paragraphs: [
            'Left mid peripheral zone (targeted, 3 cores): prostatic adenocarcinoma, Gleason score 3+4=7 ' +
              '(Grade Group 2), involving 3 of 3 cores and 45% of tissue; pattern 4 about 20%.',
            'Systematic cores: adenocarcinoma, Gleason 3+3=6 (Grade Group 1) in 1 of 12 cores (left base, 10%). ' +
              'Remaining cores benign. No perineural invasion.',
          ],
        },
      ],
    ],
  },
  {
    daysAgo: 30,
    documentType: 'Consultation',
    title: 'Urologic Oncology Consultation',
    authoredBy: MARSH,
    status: 'Final',
    noteToPatient:
      'As we discussed, both surgery and radiation are good choices for you. Take your time to decide and call ' +
      'us with any questions.',
    reviewed: false,
    pages: [
      [
        {
          heading: 'History',
          paragraphs: [
            'Mr. Smith is a 70-year-old man with favorable intermediate-risk prostate adenocarcinoma: PSA 7.8 ' +
              'ng/mL, Grade Group 2 in the left mid gland, clinical stage T2a on MRI. Good urinary function ' +
              '(IPSS 6) and erectile function. History of type 2 diabetes on metformin.',
          ],
        },
      ],
      [
        {
          heading: 'Discussion and plan',
          paragraphs: [
            'Options discussed: active surveillance, robotic radical prostatectomy, and external beam radiation ' +
              'with or without a short course of hormone therapy, with their side effects. He is leaning toward ' +
              'radiation and will meet with radiation oncology. PSMA PET is not needed at this risk level.',
          ],
        },
      ],
    ],
  },
];

/* ------------------------------------------------------------ PDF pages */

const pageCache = new Map<string, Promise<Uint8Array>>();

/** A one-page PDF of one page of a note, made once per process for the same content. */
function renderPage(patient: DemoPatient, note: DemoNote, serviceDate: string, index: number): Promise<Uint8Array> {
  const key = JSON.stringify([patient.mrn, serviceDate, note.title, index]);
  const cached = pageCache.get(key);
  if (cached) return cached;
  const content = note.pages[index] ?? [];
  const pdf = createPdf({
    title: `${note.title} (page ${index + 1} of ${note.pages.length})`,
    language: 'en-US',
    author: note.authoredBy,
  })
    .heading('Riverside Cancer Center', 3)
    .heading(note.documentType, 1)
    .paragraph(note.title, { bold: true })
    .keyValues([
      ['Patient', patient.name],
      ['MRN', patient.mrn],
      ['Date of birth', patient.dateOfBirth],
      ['Date of service', longDate(serviceDate)],
      ['Author', note.authoredBy],
      ['Status', note.status],
      ['Page', `${index + 1} of ${note.pages.length}`],
    ]);
  for (const section of content) {
    pdf.heading(section.heading, 2);
    for (const paragraph of section.paragraphs) pdf.paragraph(paragraph);
    if (section.numbered) pdf.list(section.numbered, { ordered: true });
  }
  const bytes = pdf.save();
  pageCache.set(key, bytes);
  // A failure must not stay cached for the next seed.
  bytes.catch(() => pageCache.delete(key));
  return bytes;
}

/* ------------------------------------------------------------------ seed */

async function seedNotes(tx: Tx, patientId: number, notes: DemoNote[], today: string) {
  const found = await findDemoPatient(tx, patientId);
  if (!found) throw new Error(`Seeding medical notes: no patient ${patientId}`);
  const patient: DemoPatient = {
    name: `${found.firstName} ${found.lastName}`,
    mrn: found.mrn,
    dateOfBirth: longDate(found.dateOfBirth),
  };
  // Each note under a stable identifier of the demo's 'document system' (demo-note-1, demo-note-2...), as a
  // facility's system would put it through the integration API.
  for (const [index, note] of notes.entries()) {
    const serviceDate = addDays(today, -note.daysAgo);
    const published = note.published ?? true;
    const contents = await Promise.all(note.pages.map((_, page) => renderPage(patient, note, serviceDate, page)));
    await medicalNoteRecords.put(
      tx,
      seededPatientId(patientId),
      `demo-note-${index + 1}`,
      {
        serviceDate,
        documentType: note.documentType,
        authoredBy: note.authoredBy,
        status: note.status,
        noteToPatient: note.noteToPatient ?? null,
        isPublished: published,
        pages: contents.map((content) => ({ contentType: 'application/pdf', content })),
      },
      {
        history: {
          reviewedAt: note.reviewed ? new Date(`${addDays(serviceDate, 2)}T15:00:00Z`) : null,
          publishedAt: published ? new Date(`${addDays(serviceDate, 1)}T14:00:00Z`) : null,
        },
      },
    );
  }
}

/**
 * Jane: ten published notes over ten months (three not yet reviewed, five with several pages) and one not
 * yet published. John: three of his own, one not reviewed. Dates are relative to `now` (days in New York).
 */
export async function seedDemoMedicalNotes(tx: Tx, context: DemoContext, now = new Date()): Promise<void> {
  const today = localDate(now, NEW_YORK);
  await seedNotes(tx, context.janeId, JANE_NOTES, today);
  await seedNotes(tx, context.johnId, JOHN_NOTES, today);
}
