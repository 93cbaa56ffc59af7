import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Mirrors migrations/0025_questionnaires.sql (the source of truth). The jsonb shapes are the questionnaires
// module's own (modules/questionnaires/definition.ts), typed there.

/** A version of a facility's questionnaire template (a FHIR R4 Questionnaire as imported). */
export const questionnaireTemplates = pgTable('questionnaire_templates', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id').notNull(),
  externalId: text('external_id').notNull(),
  title: text('title').notNull(),
  /** The portal's reading of the resource: QuestionnaireDefinition. */
  definition: jsonb('definition').notNull(),
  /** The definition's title and description (LocalText), kept by the database for lists (0031). */
  definitionTitle: jsonb('definition_title').generatedAlwaysAs(sql`definition -> 'title'`),
  definitionDescription: jsonb('definition_description').generatedAlwaysAs(sql`definition -> 'description'`),
  /** The FHIR Questionnaire as the facility sent it. */
  resource: jsonb('resource').notNull(),
  contentHash: text('content_hash').notNull(),
  /** A newer version of the same external id replaced it; assignments made before keep using it. */
  supersededAt: tstz('superseded_at'),
  withdrawnAt: tstz('withdrawn_at'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

/** A template assigned to a patient. Missed is derived (QUESTIONNAIRE_MISSED_AFTER_DAYS after due_date). */
export const questionnaireAssignments = pgTable('questionnaire_assignments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  templateId: integer('template_id').notNull(),
  externalId: text('external_id'),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  availableFrom: date('available_from', { mode: 'string' }).notNull(),
  status: text('status', { enum: ['assigned', 'started', 'completed', 'declined'] })
    .notNull()
    .default('assigned'),
  viewedAt: tstz('viewed_at'),
  /** QuestionnaireAnswer[] as submitted. */
  answers: jsonb('answers'),
  /** StoredScore[] computed at submit. */
  scores: jsonb('scores'),
  completedAt: tstz('completed_at'),
  completedByUserId: integer('completed_by_user_id'),
  completedLoginType: text('completed_login_type'),
  contentHash: text('content_hash'),
  withdrawnAt: tstz('withdrawn_at'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

/**
 * The answers saved as someone goes (migrations/0034): one draft per assignment and author, 'patient' (their
 * account, the kiosk, a link) or 'user:<id>' (a representative); no one sees another's.
 */
export const questionnaireDrafts = pgTable(
  'questionnaire_drafts',
  {
    assignmentId: integer('assignment_id').notNull(),
    author: text('author').notNull(),
    /** QuestionnaireAnswer[] */
    answers: jsonb('answers').notNull(),
    savedAt: tstz('saved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.author] })],
);

/**
 * A facility's interpretation of a template (migrations/0038): score bands and safety messages, keyed by the
 * template's externalId so every version reads it.
 */
export const questionnaireInterpretations = pgTable(
  'questionnaire_interpretations',
  {
    facilityId: integer('facility_id').notNull(),
    templateExternalId: text('template_external_id').notNull(),
    /** StoredInterpretation */
    interpretation: jsonb('interpretation').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.templateExternalId] })],
);

/** Facilities whose patients a kiosk staff account serves besides its own. */
export const kioskStaffFacilities = pgTable(
  'kiosk_staff_facilities',
  {
    userId: integer('user_id').notNull(),
    facilityId: integer('facility_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.facilityId] })],
);
