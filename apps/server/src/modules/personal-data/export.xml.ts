import { PERSONAL_DATA_NAMESPACE, PERSONAL_DATA_SCHEMA_PATH, REMINDER_TIMING_OPTIONS } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import type { Strings } from '../../platform/content/language-packs';
import { fill } from '../../platform/mail/templates';
import { findActivityBatch, type ActivityRow } from './activity-log.repository';
import { eventNameOf, whoOf } from './activity-log.report';
import { bySize, clinicalSections, list, record } from './export-clinical.xml';
import * as data from './export.repository';
import { fields, openTag, xmlAttribute, xmlText } from './xml';

// The personal data export (spec 002, 2.9) as XML text written section by section: each section is read with its
// own query, or in batches of BATCH rows for those that grow without bound (results, messages, the activity
// log), and handed on as a chunk, so a long record never sits whole in memory. The element order is the order
// of docs/schemas/personal-data.xsd (a test validates an export against it).

const BATCH = 500;
/** The audit row of what left for a facility system (the integration module's disclosures.ts). */
const INTEGRATION_DISCLOSURE_EVENT = 'integrationdisclosureauditevent';

/** The reader's language: the activity log's names, questions and answers are written in it. */
export interface ExportLanguage {
  locale: string;
  strings: Strings;
}

export async function* personalDataXml(
  db: DbOrTx,
  scope: PatientScope,
  { locale, strings }: ExportLanguage,
  exportedAt: Date,
): AsyncGenerator<string> {
  const found = await data.findPatient(db, scope);
  if (!found) return;
  const { patient: p, registration: r } = found;
  yield `<?xml version="1.0" encoding="UTF-8"?>\n${openTag('personalData', {
    xmlns: PERSONAL_DATA_NAMESPACE,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': `${PERSONAL_DATA_NAMESPACE} ${PERSONAL_DATA_SCHEMA_PATH}`,
    exportedAt,
  })}\n`;

  const registration = r
    ? record(
        'registration',
        {},
        fields([
          ['birthCountry', r.birthCountry],
          ['ethnicity', r.ethnicity],
          ['race', r.race],
          ['religion', r.religion],
          ['primaryLanguage', r.primaryLanguage],
          ['citizenship', r.citizenship],
          ['maritalStatus', r.maritalStatus],
          ['mothersMaidenName', r.mothersMaidenName],
          ['occupation', r.occupation],
          ['preferredCommunication', r.preferredCommunication],
          ['insuranceNote', r.insuranceNote],
          ['advancedDirectiveNote', r.advancedDirectiveNote],
          ['isClinicalTrial', r.isClinicalTrial],
          ['clinicalTrialId', r.clinicalTrialId],
        ]),
      )
    : '';
  yield record(
    'patient',
    { id: p.id },
    fields([
      ['mrn', p.mrn],
      ['firstName', p.firstName],
      ['middleName', p.middleName],
      ['lastName', p.lastName],
      ['suffix', p.suffix],
      ['dateOfBirth', p.dateOfBirth],
      ['sex', p.sex],
      ['email', p.emailAddress],
      ['address1', p.address1],
      ['address2', p.address2],
      ['city', p.city],
      ['state', p.state],
      ['zipCode', p.zipCode],
      ['country', p.country],
      ['homePhone', p.homePhone],
      ['mobilePhone', p.mobilePhone],
      ['preferredLanguage', p.preferredLanguage],
    ]) + registration,
  );

  const account = p.userId === null ? undefined : await data.findAccount(db, p.userId);
  if (account) {
    yield record(
      'account',
      {},
      fields([
        ['username', account.username],
        ['email', account.email],
        ['preferredLanguage', account.preferredLanguage],
        ['singleSignOn', account.isSingleSignOn],
        ['createdAt', account.createdAt],
      ]) +
        list('preferences', account.preferences, (pref) =>
          record('preference', { name: pref.name }, xmlText(pref.value)),
        ),
    );
  }

  yield list('contacts', await data.findContacts(db, scope), (c) =>
    record(
      'contact',
      { id: c.id },
      fields([
        ['firstName', c.firstName],
        ['lastName', c.lastName],
        ['suffix', c.suffix],
        ['relationship', c.relationship],
        ['isPrimaryContact', c.isPrimaryContact],
        ['isNextOfKin', c.isNextOfKin],
        ['providesTransport', c.providesTransport],
        ['usePatientAddress', c.usePatientAddress],
        ['address1', c.address1],
        ['address2', c.address2],
        ['city', c.city],
        ['state', c.state],
        ['zipCode', c.zipCode],
        ['country', c.country],
        ['homePhone', c.homePhone],
        ['mobilePhone', c.mobilePhone],
        ['workPhone', c.workPhone],
        ['email', c.contactEmail],
        ['isAuthorizedRepresentative', c.authorizedRepresentativeUserId !== null],
        ['isAuthorizedRepresentativeActive', c.isAuthorizedRepresentativeActive],
        ['isActive', c.isActive],
        ['createdAt', c.createdAt],
      ]),
    ),
  );

  yield list('careTeam', await data.findCareTeam(db, scope), ({ id, provider: c, isSecureMessageRecipient }) =>
    record(
      'member',
      { id },
      fields([
        ['firstName', c.firstName],
        ['lastName', c.lastName],
        ['suffix', c.suffix],
        ['title', c.title],
        ['titleCode', c.titleValue],
        ['institution', c.institution],
        ['email', c.publicEmail],
        ['phone', c.publicPhone],
        ['phoneExt', c.publicPhoneExt],
        ['fax', c.fax],
        ['address1', c.address1],
        ['address2', c.address2],
        ['address3', c.address3],
        ['city', c.city],
        ['state', c.state],
        ['zipCode', c.zipCode],
        ['country', c.country],
        ['takesSecureMessages', isSecureMessageRecipient],
      ]),
    ),
  );

  yield list('appointments', await data.findAppointments(db, scope), (a) =>
    record(
      'appointment',
      { id: a.id },
      fields([
        ['startsAt', a.startsAt],
        ['hasTimePart', a.hasTimePart],
        ['timeZoneId', a.timeZoneId],
        ['appointmentType', a.appointmentType],
        ['provider', a.provider],
        ['status', a.status],
        ['institution', a.institution],
        ['location', a.shortLocation],
        ['address1', a.address1],
        ['address2', a.address2],
        ['address3', a.address3],
        ['city', a.city],
        ['provinceState', a.provinceState],
        ['postalZip', a.postalZip],
        ['country', a.country],
      ]),
    ),
  );

  const planRows = await data.findFollowUpPlans(db, scope);
  const plans = new Map<number, { plan: (typeof planRows)[number]; guidelines: typeof planRows }>();
  for (const row of planRows) {
    const entry = plans.get(row.id) ?? { plan: row, guidelines: [] };
    if (row.guideline !== null) entry.guidelines.push(row);
    plans.set(row.id, entry);
  }
  yield list('followUpPlans', [...plans.values()], ({ plan, guidelines }) =>
    record(
      'plan',
      { id: plan.id },
      fields([
        ['startDate', plan.startDate],
        ['memoToPatient', plan.memoToPatient],
        ['archived', plan.isArchived],
      ]) +
        list('guidelines', guidelines, (g) =>
          record(
            'guideline',
            {},
            fields([
              ['name', g.guideline],
              ['effectiveDate', g.guidelineEffectiveDate],
            ]),
          ),
        ),
    ),
  );

  const tasks = new Map<number, Awaited<ReturnType<typeof data.findFollowUpTasks>>>();
  for (const task of await data.findFollowUpTasks(db, scope)) {
    const of = tasks.get(task.itemId);
    if (of) of.push(task);
    else tasks.set(task.itemId, [task]);
  }
  yield list('followUps', await data.findFollowUps(db, scope), (f) =>
    record(
      'followUp',
      { id: f.id, planId: f.planId },
      fields([
        ['recommendedDate', f.recommendedDate],
        ['actualDate', f.actualDate],
        ['status', f.statusDesc],
        ['providerFirstName', f.providerFirstName],
        ['providerLastName', f.providerLastName],
      ]) +
        list('tasks', tasks.get(f.id) ?? [], (task) =>
          record(
            'task',
            { categoryId: task.propertyCategoryId },
            fields([
              ['name', task.name],
              ['addressed', task.isAddressed],
              ['note', task.taskNote],
            ]),
          ),
        ),
    ),
  );

  yield* clinicalSections(db, scope, locale);

  yield '<messages>';
  for (let after = 0; ;) {
    const messages = await data.findMessageBatch(db, scope, after, BATCH);
    if (messages.length === 0) break;
    yield messages
      .map((m) =>
        record(
          'message',
          { id: m.id, threadId: m.threadId },
          fields([
            ['subject', m.subject],
            ['careProvider', [m.providerFirstName, m.providerLastName].filter(Boolean).join(' ') || null],
            ['sentAt', m.sentAt],
            ['from', m.fromPatient ? 'patient' : 'careTeam'],
            ['sender', m.senderDisplayName],
            ['content', m.content],
          ]),
        ),
      )
      .join('');
    after = messages[messages.length - 1]!.id;
  }
  yield '</messages>';

  // Each C-CDA document with its text as received, read a batch at a time.
  yield '<healthSummaries>';
  for (const batch of bySize(await data.findHealthSummaries(db, scope), (h) => h.sizeBytes)) {
    const contents = new Map(
      (
        await data.findHealthSummaryContents(
          db,
          scope,
          batch.map((h) => h.id),
        )
      ).map((row) => [row.id, row.xml]),
    );
    for (const h of batch) {
      yield record(
        'document',
        { id: h.id },
        fields([
          ['system', h.system],
          ['title', h.title],
          ['documentType', h.documentCode],
          ['documentDate', h.documentDate],
          ['author', h.authorName],
          ['organization', h.organizationName],
          ['encounterDate', h.encounterDate],
          ['visitType', h.visitType],
          ['sizeBytes', h.sizeBytes],
          ['receivedAt', h.receivedAt],
          ['content', contents.get(h.id)],
        ]),
      );
    }
  }
  yield '</healthSummaries>';

  const settings = await data.findNotificationSettings(db, scope);
  const preferences = await data.findNotificationPreferences(db, scope);
  const timing = (id: number) => REMINDER_TIMING_OPTIONS.find((option) => option.id === id)?.name ?? 'off';
  yield record(
    'notificationSettings',
    {},
    settings.map((s) => `<setting type="${xmlAttribute(s.type)}" email="${s.email}" sms="${s.sms}"/>`).join('') +
      (preferences
        ? record(
            'reminders',
            {},
            fields([
              ['usePrimaryEmail', preferences.usePrimaryEmail],
              ['otherEmail', preferences.nonPrimaryEmailAddress],
              ['smsPhone', preferences.smsPhoneNumber],
              ['appointmentReminder', timing(preferences.appointmentReminderOffset)],
              ['followUpReminder', timing(preferences.followUpReminderOffset)],
            ]),
          )
        : ''),
  );

  const t = (key: string, params: Record<string, string | number> = {}) => fill(strings[key] ?? key, params);
  yield '<activityLog>';
  for (let after = 0; ;) {
    const events = await findActivityBatch(db, scope, after, BATCH);
    if (events.length === 0) break;
    yield events
      .map((e) =>
        record(
          'event',
          { id: e.id },
          fields([
            ['occurredAt', e.occurredAt],
            ['type', e.eventType],
            ['name', eventNameOf(e, t)],
            ['outcome', e.outcome],
            ['who', whoOf(e, t)],
            ['relationship', e.relationship],
            ['system', e.systemName],
            ['route', e.route],
            ['address', e.clientAddress],
            ...addresseeOf(e),
          ]),
        ),
      )
      .join('');
    after = events[events.length - 1]!.id;
  }
  yield '</activityLog>\n</personalData>\n';
}

/**
 * To whom a send went, as ONC's activity history asks (170.315(e)(1)): the address a summary was sent to, the care
 * provider a message went to, the system a disclosure went to; only the domain where the row recorded no more.
 */
function addresseeOf(e: ActivityRow): [string, string | null][] {
  const detail = e.detail ?? {};
  const address = typeof detail.recipientAddress === 'string' ? detail.recipientAddress : null;
  const provider = [e.addresseeFirstName, e.addresseeLastName].filter(Boolean).join(' ') || null;
  const system = e.eventType === INTEGRATION_DISCLOSURE_EVENT ? e.systemName : null;
  const addressee = address ?? provider ?? system;
  const domain = addressee === null && typeof detail.recipientDomain === 'string' ? detail.recipientDomain : null;
  return [
    ['addressee', addressee],
    ['addresseeDomain', domain],
  ];
}
