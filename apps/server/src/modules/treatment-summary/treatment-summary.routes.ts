import {
  ErrorBodySchema,
  PatientIdParams,
  TreatmentSummaryResponseSchema,
  TreatmentSummaryUnseenCountSchema,
} from '@portal/contracts';
import { patientRoute, type RouteApp } from '../../platform/http/routes';
import { PATIENT_COUNT_AUDIT_EVENT, scopeOf } from '../../platform/access/access-control';
import { TreatmentSummaryService } from './treatment-summary.service';

const TAGS = ['Treatment summary'];

const ERRORS = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** Routes of the treatment summary (spec 002, sections 2.5 and 7). */
/** The tab this module's routes belong to: the facility must grant it (403 module_not_granted). */
const GRANT = { module: 'TreatmentSummary' } as const;

export async function treatmentSummaryRoutes(app: RouteApp) {
  const service = new TreatmentSummaryService(app.deps.database.db);

  app.get(
    '/api/patients/:patientId/treatmentSummary',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The patient’s treatment summary, group by group; viewing it marks every item seen',
        description:
          'A list of { key, value } groups: key is the group name (Diagnosis, InitialClinicalFinding, ' +
          'TumorMarker, GeneticTest, Surgery, Chemotherapy, RadiationTherapy, HormoneTherapy, ' +
          'TransplantHistory, ClinicalTrial, SideEffectBundle, Comorbidity, Allergy, FamilyHistory, ' +
          'GynecologicHistory, SocialHistory, Other: always in this clinical order), value its items in the ' +
          'order the facility’s system gave them. A group without items is left out, so an empty list means ' +
          'nothing to display; a source system that wants to say “nothing to report” sends a null-message ' +
          'holder item (isNullMessageHolder true, nullMessage the text, every field null). Every item carries ' +
          'all of its group’s fields: raw values and their Display variants (the browser shows the Display ' +
          'one when it is not blank), calendar dates as YYYY-MM-DD (shown only after 1900-01-01), numbers ' +
          '(shown only above 0) and texts (shown only when not blank), null when unknown. A stored value of ' +
          'the wrong kind answers null (and is logged by item id and field name, never by value). Which ' +
          'groups and fields the browser shows is decided by the caller’s capabilities (module ' +
          'TreatmentSummary, detail TreatmentTypes, one detail per group listing its fieldNames); this call ' +
          'answers them all.\n\n' +
          'Seen and unseen: the spec has no separate mark-seen call, so this call is the view. Each item’s ' +
          'isPatientReviewed is answered as it was before the call (false shows a new dot), and in the same ' +
          'transaction every item answered is marked reviewed: the unseen count drops to 0 and the next view ' +
          'shows no dots. Viewing by an authorised representative counts as the patient’s view. The view ' +
          'itself is audited by the browser (POST /api/users/{userId}/audit with treatmentsummaryviewauditevent). ' +
          'Self and authorised representatives.',
        params: PatientIdParams,
        response: { 200: TreatmentSummaryResponseSchema, ...ERRORS },
      },
      GRANT,
    ),
    async (request) =>
      service.viewSummary(scopeOf(request), (problem) =>
        request.log.warn(
          { itemId: problem.itemId, group: problem.group, fields: problem.fields },
          'treatment summary item with fields that do not fit its group; answered as null',
        ),
      ),
  );

  app.get(
    '/api/patients/:patientId/treatmentSummary/UnseenCount',
    patientRoute(
      {
        tags: TAGS,
        summary: 'How many treatment summary items the patient has not seen (the header badge)',
        description:
          'A bare whole number: the items of the patient’s treatment summary whose isPatientReviewed is ' +
          'false, i.e. that arrived since the summary was last viewed (GET .../treatmentSummary marks them ' +
          'all seen). Self and authorised representatives.',
        params: PatientIdParams,
        response: { 200: TreatmentSummaryUnseenCountSchema, ...ERRORS },
      },
      { ...GRANT, auditRead: PATIENT_COUNT_AUDIT_EVENT },
    ),
    async (request) => service.unseenCount(scopeOf(request)),
  );
}
