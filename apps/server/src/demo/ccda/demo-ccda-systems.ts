import type { CcdaDocumentKind } from './ccda-builder';

// The systems that send the demo's C-CDA documents and what each document is (re-exported by demo-ccda.ts).

/** The external systems that send them, per patient (their externalId is the key the documents name). */
export const DEMO_CCDA_SYSTEMS = [
  { patientMrn: 'RCC-100234', externalSystemKey: 'RCC-ONCOLOGY', name: 'Riverside Cancer Center Oncology' },
  { patientMrn: 'RCC-100234', externalSystemKey: 'RRH-EHR', name: 'Riverside Regional Hospital' },
  { patientMrn: 'RCC-100871', externalSystemKey: 'RCC-ONCOLOGY', name: 'Riverside Cancer Center Oncology' },
] as const;

export type DemoCcdaSystemKey = (typeof DEMO_CCDA_SYSTEMS)[number]['externalSystemKey'];

export interface DemoCcdaDocument {
  patientMrn: string;
  externalSystemKey: DemoCcdaSystemKey;
  /** The document's id in its system: stable from one seed to the next, so a new seed replaces it. */
  externalId: string;
  kind: CcdaDocumentKind;
  title: string;
  /** When the document was written (its effectiveTime). */
  effectiveAt: Date;
  xml: string;
}
