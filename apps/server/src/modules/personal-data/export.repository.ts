import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  appointments,
  careProviders,
  careTeamMembers,
  educationArticles,
  educationMaterials,
  externalSystems,
  followUpItems,
  followUpItemTasks,
  followUpPlans,
  followUpPlanTaskNames,
  followUpPlanTemplates,
  healthSummaryDocuments,
  labResultDetails,
  labResultGroups,
  labResults,
  medicalNotePages,
  medicalNotes,
  messageThreads,
  notificationPreferences,
  notificationSettings,
  patientRegistrationDetails,
  patients,
  personalContacts,
  questionnaireAssignments,
  questionnaireDrafts,
  questionnaireInterpretations,
  questionnaireTemplates,
  secureMessages,
  treatmentSummaryItems,
  users,
} from '../../db/schema/index';
import { actorKey, type PatientScope } from '../../platform/access/patient-scope';

// The personal data export's reads: one query per section, or per batch of a section that can grow long (keyset
// on the id, so no batch rereads another), never one per row. Only what the patient may see: published results
// and notes, nothing the facility withdrew.

export async function findPatient(db: DbOrTx, scope: PatientScope) {
  const [row] = await db
    .select({ patient: patients, registration: patientRegistrationDetails })
    .from(patients)
    .leftJoin(patientRegistrationDetails, eq(patientRegistrationDetails.patientId, patients.id))
    .where(eq(patients.id, scope.patientId))
    .limit(1);
  return row;
}

export async function findAccount(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      preferredLanguage: users.preferredLanguage,
      isSingleSignOn: users.isSingleSignOn,
      createdAt: users.createdAt,
      preferences: users.preferences,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export function findContacts(db: DbOrTx, scope: PatientScope) {
  return db
    .select()
    .from(personalContacts)
    .where(eq(personalContacts.patientId, scope.patientId))
    .orderBy(asc(personalContacts.id));
}

/** The care team as the patient's Care Team page lists it (withdrawn providers left out). */
export function findCareTeam(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: careTeamMembers.id,
      provider: careProviders,
      isSecureMessageRecipient: careTeamMembers.isSecureMessageRecipient,
    })
    .from(careTeamMembers)
    .innerJoin(careProviders, eq(careProviders.id, careTeamMembers.careProviderId))
    .where(and(eq(careTeamMembers.patientId, scope.patientId), isNull(careProviders.withdrawnAt)))
    .orderBy(
      asc(sql`lower(${careProviders.lastName})`),
      asc(sql`lower(${careProviders.firstName})`),
      asc(careTeamMembers.id),
    );
}

export function findAppointments(db: DbOrTx, scope: PatientScope) {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.patientId, scope.patientId), isNull(appointments.withdrawnAt)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

export function findFollowUps(db: DbOrTx, scope: PatientScope) {
  return db
    .select()
    .from(followUpItems)
    .where(and(eq(followUpItems.patientId, scope.patientId), isNull(followUpItems.withdrawnAt)))
    .orderBy(asc(followUpItems.recommendedDate), asc(followUpItems.id));
}

/** The follow-up plans with their guidelines (one row per plan and guideline; a plan without any: one row). */
export function findFollowUpPlans(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: followUpPlans.id,
      startDate: followUpPlans.startDate,
      memoToPatient: followUpPlans.memoToPatient,
      isArchived: followUpPlans.isArchived,
      guideline: followUpPlanTemplates.templateDisplayName,
      guidelineEffectiveDate: followUpPlanTemplates.effectiveDate,
    })
    .from(followUpPlans)
    .leftJoin(followUpPlanTemplates, eq(followUpPlanTemplates.planId, followUpPlans.id))
    .where(and(eq(followUpPlans.patientId, scope.patientId), isNull(followUpPlans.withdrawnAt)))
    .orderBy(
      asc(followUpPlans.startDate),
      asc(followUpPlans.id),
      asc(followUpPlanTemplates.sortOrder),
      asc(followUpPlanTemplates.id),
    );
}

/** The tasks of the patient's follow-up items, each with its category's name in the item's plan. */
export function findFollowUpTasks(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      itemId: followUpItemTasks.itemId,
      propertyCategoryId: followUpItemTasks.propertyCategoryId,
      name: followUpPlanTaskNames.name,
      isAddressed: followUpItemTasks.isAddressed,
      taskNote: followUpItemTasks.taskNote,
    })
    .from(followUpItemTasks)
    .innerJoin(followUpItems, eq(followUpItems.id, followUpItemTasks.itemId))
    .leftJoin(
      followUpPlanTaskNames,
      and(
        eq(followUpPlanTaskNames.planId, followUpItems.planId),
        eq(followUpPlanTaskNames.propertyCategoryId, followUpItemTasks.propertyCategoryId),
      ),
    )
    .where(and(eq(followUpItems.patientId, scope.patientId), isNull(followUpItems.withdrawnAt)))
    .orderBy(
      asc(followUpItemTasks.itemId),
      asc(followUpPlanTaskNames.sortOrder),
      asc(followUpItemTasks.propertyCategoryId),
    );
}

export function findResultBatch(db: DbOrTx, scope: PatientScope, afterId: number, limit: number) {
  return db
    .select()
    .from(labResults)
    .where(
      and(
        eq(labResults.patientId, scope.patientId),
        labResults.isPublished,
        isNull(labResults.withdrawnAt),
        gt(labResults.id, afterId),
      ),
    )
    .orderBy(asc(labResults.id))
    .limit(limit);
}

/** The tests of a batch of results (already the scope's: their ids came from findResultBatch). */
export function findResultTests(db: DbOrTx, resultIds: readonly number[]) {
  if (resultIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      labResultId: labResultGroups.labResultId,
      group: labResultGroups.groupDisplayName,
      detail: labResultDetails,
    })
    .from(labResultGroups)
    .innerJoin(labResultDetails, eq(labResultDetails.groupId, labResultGroups.id))
    .where(inArray(labResultGroups.labResultId, [...resultIds]))
    .orderBy(
      asc(labResultGroups.labResultId),
      asc(labResultGroups.sortOrder),
      asc(labResultGroups.id),
      asc(labResultDetails.sortOrder),
      asc(labResultDetails.id),
    );
}

export function findNotes(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: medicalNotes.id,
      serviceDate: medicalNotes.serviceDate,
      documentType: medicalNotes.documentType,
      authoredBy: medicalNotes.authoredBy,
      status: medicalNotes.status,
      noteToPatient: medicalNotes.noteToPatient,
      publishedAt: medicalNotes.publishedAt,
      isReviewedByPatient: medicalNotes.isReviewedByPatient,
      reviewedAt: medicalNotes.reviewedAt,
    })
    .from(medicalNotes)
    .where(and(eq(medicalNotes.patientId, scope.patientId), medicalNotes.isPublished, isNull(medicalNotes.withdrawnAt)))
    .orderBy(asc(medicalNotes.serviceDate), asc(medicalNotes.id));
}

const publishedNote = (scope: PatientScope) =>
  and(eq(medicalNotes.patientId, scope.patientId), medicalNotes.isPublished, isNull(medicalNotes.withdrawnAt));

/** Every page of the patient's published notes, without its bytes: its type and size, in the notes' order. */
export function findNotePageSizes(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      noteId: medicalNotePages.noteId,
      pageNumber: medicalNotePages.pageNumber,
      contentType: medicalNotePages.contentType,
      sizeBytes: sql<number>`octet_length(${medicalNotePages.content})::int`,
    })
    .from(medicalNotePages)
    .innerJoin(medicalNotes, eq(medicalNotes.id, medicalNotePages.noteId))
    .where(publishedNote(scope))
    .orderBy(asc(medicalNotes.serviceDate), asc(medicalNotes.id), asc(medicalNotePages.pageNumber));
}

/** The bytes of some pages (a batch of findNotePageSizes' rows), of the scope's published notes only. */
export function findNotePageContents(
  db: DbOrTx,
  scope: PatientScope,
  pages: readonly { noteId: number; pageNumber: number }[],
) {
  if (pages.length === 0) return Promise.resolve([]);
  return db
    .select({
      noteId: medicalNotePages.noteId,
      pageNumber: medicalNotePages.pageNumber,
      content: medicalNotePages.content,
    })
    .from(medicalNotePages)
    .innerJoin(medicalNotes, eq(medicalNotes.id, medicalNotePages.noteId))
    .where(
      and(
        publishedNote(scope),
        or(
          ...pages.map((page) =>
            and(eq(medicalNotePages.noteId, page.noteId), eq(medicalNotePages.pageNumber, page.pageNumber)),
          ),
        ),
      ),
    );
}

export function findTreatmentSummary(db: DbOrTx, scope: PatientScope) {
  return db
    .select()
    .from(treatmentSummaryItems)
    .where(and(eq(treatmentSummaryItems.patientId, scope.patientId), isNull(treatmentSummaryItems.withdrawnAt)))
    .orderBy(asc(treatmentSummaryItems.groupName), asc(treatmentSummaryItems.sortOrder), asc(treatmentSummaryItems.id));
}

export function findEducation(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: educationArticles.id,
      title: educationMaterials.title,
      category: educationMaterials.categoryName,
      language: educationMaterials.language,
      contentHtml: educationMaterials.contentHtml,
      assignedDate: educationArticles.assignedDate,
      readAt: educationArticles.readAt,
      isArchived: educationArticles.isArchived,
    })
    .from(educationArticles)
    .innerJoin(educationMaterials, eq(educationMaterials.id, educationArticles.materialId))
    .where(and(eq(educationArticles.patientId, scope.patientId), isNull(educationArticles.withdrawnAt)))
    .orderBy(asc(educationArticles.assignedDate), asc(educationArticles.id));
}

/** The user who completed or declined a questionnaire. */
const questionnaireCompleter = alias(users, 'questionnaire_completer');

export function findQuestionnaires(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: questionnaireAssignments.id,
      title: questionnaireTemplates.title,
      availableFrom: questionnaireAssignments.availableFrom,
      dueDate: questionnaireAssignments.dueDate,
      status: questionnaireAssignments.status,
      completedAt: questionnaireAssignments.completedAt,
      answeredBy: sql<
        string | null
      >`case when ${questionnaireAssignments.completedByUserId} <> coalesce(${patients.userId}, 0) then trim(${questionnaireCompleter.firstName} || ' ' || ${questionnaireCompleter.lastName}) end`,
      // The caller's own draft: no one is shown another's.
      draftSavedAt: questionnaireDrafts.savedAt,
      // The version of the template the patient answered: its questions, options and score ranges.
      definition: questionnaireTemplates.definition,
      // The facility's bands and safety messages for the template (kept by its externalId), if it set any.
      interpretation: questionnaireInterpretations.interpretation,
      answers: questionnaireAssignments.answers,
      draftAnswers: questionnaireDrafts.answers,
      scores: questionnaireAssignments.scores,
    })
    .from(questionnaireAssignments)
    .innerJoin(questionnaireTemplates, eq(questionnaireTemplates.id, questionnaireAssignments.templateId))
    .innerJoin(patients, eq(patients.id, questionnaireAssignments.patientId))
    .leftJoin(questionnaireCompleter, eq(questionnaireCompleter.id, questionnaireAssignments.completedByUserId))
    .leftJoin(
      questionnaireInterpretations,
      and(
        eq(questionnaireInterpretations.facilityId, questionnaireTemplates.facilityId),
        eq(questionnaireInterpretations.templateExternalId, questionnaireTemplates.externalId),
      ),
    )
    .leftJoin(
      questionnaireDrafts,
      and(
        eq(questionnaireDrafts.assignmentId, questionnaireAssignments.id),
        eq(questionnaireDrafts.author, actorKey(scope)),
      ),
    )
    .where(and(eq(questionnaireAssignments.patientId, scope.patientId), isNull(questionnaireAssignments.withdrawnAt)))
    .orderBy(asc(questionnaireAssignments.dueDate), asc(questionnaireAssignments.id));
}

/** Messages with their thread, by thread then time, a batch after the (thread, message) the last one ended on. */
export function findMessageBatch(db: DbOrTx, scope: PatientScope, afterMessageId: number, limit: number) {
  return db
    .select({
      threadId: messageThreads.id,
      subject: messageThreads.subject,
      providerFirstName: careProviders.firstName,
      providerLastName: careProviders.lastName,
      id: secureMessages.id,
      sentAt: secureMessages.sentAt,
      fromPatient: secureMessages.fromPatient,
      senderDisplayName: secureMessages.senderDisplayName,
      content: secureMessages.content,
    })
    .from(secureMessages)
    .innerJoin(messageThreads, eq(messageThreads.id, secureMessages.threadId))
    .leftJoin(careProviders, eq(careProviders.id, messageThreads.careProviderId))
    .where(and(eq(secureMessages.patientId, scope.patientId), gt(secureMessages.id, afterMessageId)))
    .orderBy(asc(secureMessages.id))
    .limit(limit);
}

export function findHealthSummaries(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: healthSummaryDocuments.id,
      system: externalSystems.name,
      title: healthSummaryDocuments.title,
      documentDate: healthSummaryDocuments.documentDate,
      authorName: healthSummaryDocuments.authorName,
      organizationName: healthSummaryDocuments.organizationName,
      encounterDate: healthSummaryDocuments.encounterDate,
      visitType: healthSummaryDocuments.visitType,
      documentCode: healthSummaryDocuments.documentCode,
      sizeBytes: healthSummaryDocuments.sizeBytes,
      receivedAt: healthSummaryDocuments.receivedAt,
    })
    .from(healthSummaryDocuments)
    .innerJoin(externalSystems, eq(externalSystems.id, healthSummaryDocuments.externalSystemId))
    .where(eq(healthSummaryDocuments.patientId, scope.patientId))
    .orderBy(asc(healthSummaryDocuments.documentDate), asc(healthSummaryDocuments.id));
}

/** The C-CDA text of some of the patient's documents (a batch of findHealthSummaries' ids). */
export function findHealthSummaryContents(db: DbOrTx, scope: PatientScope, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: healthSummaryDocuments.id, xml: healthSummaryDocuments.xml })
    .from(healthSummaryDocuments)
    .where(and(eq(healthSummaryDocuments.patientId, scope.patientId), inArray(healthSummaryDocuments.id, [...ids])));
}

export function findNotificationSettings(db: DbOrTx, scope: PatientScope) {
  return db
    .select({ type: notificationSettings.type, email: notificationSettings.email, sms: notificationSettings.sms })
    .from(notificationSettings)
    .where(eq(notificationSettings.patientId, scope.patientId))
    .orderBy(asc(notificationSettings.type));
}

/** The addresses and reminder timing of the patient's notices (none until the settings are first saved). */
export async function findNotificationPreferences(db: DbOrTx, scope: PatientScope) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.patientId, scope.patientId))
    .limit(1);
  return row;
}
