import type { Tx } from '../db/client';
import { storeHealthSummaryDocument, type StoreOutcome } from '../modules/health-summary/health-summary.intake';
import { DEMO_CCDA_SYSTEMS, demoCcdaDocuments } from './ccda/demo-ccda';
import type { DemoContext } from './demo-context';
import { putExternalSystem } from './demo.repository';
import { seededPatientId } from '../platform/integration/integration-patients';

// The demo's health summaries (issue 15): jane.doe's two systems (the cancer center's oncology system and the
// regional hospital's EHR) and john.smith's one, each asked for C-CDA documents, and the documents they sent,
// stored through the integration API's intake as a facility's system would store them.

/** Stores the demo systems and documents; what became of each document (all 'unchanged' on a second run). */
export async function seedDemoHealthSummaries(tx: Tx, context: DemoContext, now = new Date()): Promise<StoreOutcome[]> {
  const patientOf: Record<string, number> = { 'RCC-100234': context.janeId, 'RCC-100871': context.johnId };
  const systemIds = new Map<string, number>();
  for (const system of DEMO_CCDA_SYSTEMS) {
    const patientId = patientOf[system.patientMrn];
    if (patientId === undefined) throw new Error(`No demo patient ${system.patientMrn}`);
    const id = await putExternalSystem(tx, {
      patientId,
      name: system.name,
      externalId: system.externalSystemKey,
      activeTriggerEventTypes: ['CcdaRequested'],
    });
    systemIds.set(`${system.patientMrn} ${system.externalSystemKey}`, id);
  }
  const outcomes: StoreOutcome[] = [];
  for (const document of demoCcdaDocuments(now)) {
    const externalSystemId = systemIds.get(`${document.patientMrn} ${document.externalSystemKey}`);
    const patientId = patientOf[document.patientMrn];
    if (externalSystemId === undefined || patientId === undefined) {
      throw new Error(`No demo system ${document.externalSystemKey} of ${document.patientMrn}`);
    }
    const { outcome } = await storeHealthSummaryDocument(tx, {
      patientId: seededPatientId(patientId),
      externalSystemId,
      externalId: document.externalId,
      xml: document.xml,
    });
    outcomes.push(outcome);
  }
  return outcomes;
}
