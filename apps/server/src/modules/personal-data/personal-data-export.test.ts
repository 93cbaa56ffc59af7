import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { PERSONAL_DATA_EXPORT_AUDIT_EVENT } from '@portal/contracts';
import type { AccessFixture } from '../../../test/access-fixture';
import { expectError, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import { healthSummaryDocuments, notificationPreferences, questionnaireDrafts, users } from '../../db/schema/index';
import { auditEvents, careProviders, careTeamMembers } from '../../db/schema/index';
import { questionnaireInterpretations, questionnaireTemplates } from '../../db/schema/index';
import { openPatientScope } from '../../platform/access/patient-scope';
import { addDays, localDate } from '../../platform/time/time';
import { seedHealthSummaryFixture } from '../../../test/health-summary-fixture';
import { insertAssignment, insertTemplate, patientToday } from '../../../test/questionnaire-fixture';
import { providerIdOf, putTestProviderMessage, uniqueId } from '../../../test/secure-message-fixture';
import { educationArticleRecords, educationMaterialRecords } from '../education/education.intake';
import { followUpPlanRecords } from '../follow-up-plan/follow-up-plan.intake';
import { medicalNoteRecords } from '../medical-notes/medical-notes.intake';
import { PersonalDataService } from './personal-data.service';
import { PERSONAL_DATA_XSD } from './personal-data.xsd';
import { seededPatientId } from '../../platform/integration/integration-patients';

// GET /api/patients/{patientId}/export (spec 002, 2.9): the personal data export, its schema and its streaming.

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;

const exportPath = (patientId: number) => `/api/patients/${patientId}/export`;

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/patients/:patientId/export', () => {
  it('streams an XML file named from the names, the day and PersonalData, valid against the published schema', async () => {
    // Text the XML must escape, and characters XML 1.0 cannot hold at all.
    await db
      .update(users)
      .set({ preferences: [{ name: 'note', value: 'a < b & "c"\u0001\uFFFE end' }] })
      .where(eq(users.id, fx.userIds.jane));
    await db
      .insert(notificationPreferences)
      .values({
        patientId: fx.patientA,
        usePrimaryEmail: false,
        nonPrimaryEmailAddress: 'jane.other@example.com',
        smsPhoneNumber: '5550100123',
        appointmentReminderOffset: 9,
      })
      .onConflictDoUpdate({
        target: notificationPreferences.patientId,
        set: { appointmentReminderOffset: 9, smsPhoneNumber: '5550100123' },
      });
    const res = await api.get(exportPath(fx.patientA), 'patientA');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const day = localDate(new Date(), 'America/New_York');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="JaneDoe_${day}_PersonalData.xml"; filename*=UTF-8''JaneDoe_${day}_PersonalData.xml`,
    );
    expect(res.headers['content-length']).toBeUndefined();
    const xml = res.body;
    const result = await validateXML({
      xml: { fileName: 'export.xml', contents: xml },
      schema: { fileName: 'personal-data.xsd', contents: PERSONAL_DATA_XSD },
    });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(result.valid).toBe(true);
    for (const section of [
      'patient id=',
      'account',
      'contacts',
      'appointments',
      'followUps',
      'results',
      'notes',
      'treatmentSummary',
      'education',
      'questionnaires',
      'messages',
      'healthSummaries',
      'notificationSettings',
      'activityLog',
    ]) {
      expect(xml).toContain(`<${section}`);
    }
    expect(xml).toContain('<firstName>Jane</firstName>');
    expect(xml).toMatch(/<contact id="\d+"><firstName>Robert<\/firstName>/);
    expect(xml).toContain('<isAuthorizedRepresentative>true</isAuthorizedRepresentative>');
    expect(xml).toMatch(/<result id="\d+">/);
    expect(xml).toMatch(/<test><group>/);
    expect(xml).toMatch(
      /<reminders><usePrimaryEmail>(true|false)<\/usePrimaryEmail>.*<smsPhone>5550100123<\/smsPhone><appointmentReminder>oneDayBefore<\/appointmentReminder>/,
    );
    expect(xml).toContain('<preference name="note">a &lt; b &amp; "c"\uFFFD\uFFFD end</preference>');
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, PERSONAL_DATA_EXPORT_AUDIT_EVENT), eq(auditEvents.patientId, fx.patientA)));
    expect(audit).toMatchObject({ actorUserId: fx.userIds.jane, relationship: 'self', outcome: 'success' });
  });

  it('is written section by section: many chunks, none of them the whole file', async () => {
    const { bearer: token } = await fx.token('patientA');
    const caller = await t.app.deps.sessions.authenticate(token!);
    const scope = await openPatientScope(db, caller!, fx.patientA);
    // More activity than one batch, so the log alone comes in several chunks.
    await db.insert(auditEvents).values(
      Array.from({ length: 600 }, () => ({
        eventType: 'loginauditevent',
        patientId: fx.patientA,
        actorUserId: fx.userIds.jane,
      })),
    );
    const { chunks } = await new PersonalDataService(t.database, t.app.deps.urlTokens).personalData(scope, {
      locale: 'en',
      strings: {},
    });
    const parts: string[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    const whole = parts.join('');
    expect(parts.length).toBeGreaterThan(16);
    // The log's rows in batches of 500: more than one chunk holds them, and no chunk is the whole file.
    expect(parts.filter((part) => part.includes('<event id=')).length).toBeGreaterThan(1);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(whole.length);
    expect(whole.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(whole.match(/<event id=/g)?.length).toBeGreaterThanOrEqual(600);
  });

  it('serves the patient and their representative; refuses everyone else', async () => {
    const robert = await api.get(exportPath(fx.patientA), 'representativeOfA');
    expect(robert.statusCode).toBe(200);
    expect(robert.body).toContain('<firstName>Jane</firstName>');
    expectError(await api.get(exportPath(fx.patientA), 'patientB'), 404, 'not_found');
    expectError(await api.get(exportPath(999999), 'patientA'), 404, 'not_found');
    expectError(await api.get(exportPath(fx.patientA), 'kioskUserOfA'), 403, 'forbidden');
    expectError(await api.get(exportPath(fx.patientA), 'anonymous'), 401, 'unauthorized');
  });

  it('holds each record with its content: questions and answers, documents, note pages, articles, care team, tasks, addressees', async () => {
    const today = await patientToday(db, fx.patientA);
    // A questionnaire jane submitted: item 4 answered "More than half the days" (score 2), the total 7.
    const templateId = await insertTemplate(db, fx.facilityId);
    const submittedId = await insertAssignment(db, fx.patientA, templateId, {
      status: 'completed',
      completedAt: new Date(),
      completedByUserId: fx.userIds.jane,
      answers: [
        { questionnaireItemId: 4, listAnswerId: 3, isChecked: null, numberAnswer: null, textAnswer: null },
        { questionnaireItemId: 10, listAnswerId: null, textAnswer: 'Export: tired after infusions' },
      ],
      scores: [{ code: 'total', score: 7 }],
    });
    // The facility's bands and safety message for the template: item 4 at 2 or more shows it.
    const [template] = await db
      .select({ externalId: questionnaireTemplates.externalId })
      .from(questionnaireTemplates)
      .where(eq(questionnaireTemplates.id, templateId));
    const every = (text: string) => ({ en: text, es: `${text} (es)`, fr: text, pt: text, zh: text });
    await db.insert(questionnaireInterpretations).values({
      facilityId: fx.facilityId,
      templateExternalId: template!.externalId,
      interpretation: {
        bands: [{ scoreCode: 'total', min: 5, max: 9, label: every('Export: mild') }],
        safetyMessages: [
          { when: { kind: 'item', linkId: 'interest', min: 2 }, message: every('Export: call the crisis line') },
          { when: { kind: 'score', min: 20 }, message: every('Export: never shown') },
        ],
      },
      updatedAt: new Date(),
    });
    // One begun: jane's draft and robert's, each seen by its writer only.
    const draftId = await insertAssignment(db, fx.patientA, templateId, { status: 'started' });
    await db.insert(questionnaireDrafts).values([
      {
        assignmentId: draftId,
        author: 'patient',
        answers: [{ questionnaireItemId: 10, textAnswer: 'Draft by jane for the export' }],
        savedAt: new Date(),
      },
      {
        assignmentId: draftId,
        author: `user:${fx.userIds.robert}`,
        answers: [{ questionnaireItemId: 10, textAnswer: 'Draft by robert for the export' }],
        savedAt: new Date(),
      },
    ]);
    // A published note with a page, an article, a follow-up plan with a task, a C-CDA document.
    const page = new TextEncoder().encode('%PDF-1.4\n% the export page of a progress note\n');
    const careProviderId = await providerIdOf(db, 'demo-cp-priya-raman');
    const thread = await putTestProviderMessage(db, fx.patientA, careProviderId, {
      thread: { subject: 'Export thread' },
    });
    await db.transaction(async (tx) => {
      await medicalNoteRecords.put(tx, seededPatientId(fx.patientA), uniqueId('export-note'), {
        serviceDate: addDays(today, -3),
        documentType: 'Progress Note',
        authoredBy: 'Dr. Priya Raman',
        status: 'Final',
        noteToPatient: 'Export: keep walking daily',
        isPublished: true,
        pages: [{ contentType: 'application/pdf', content: page }],
      });
      const material = await educationMaterialRecords.put(tx, fx.facilityId, uniqueId('export-edu'), {
        title: 'Export: eating well',
        categoryName: 'Nutrition',
        categorySortOrder: 1,
        contentHtml: '<p>Drink <strong>water</strong> through the day.</p>',
        language: 'en',
      });
      await educationArticleRecords.put(tx, seededPatientId(fx.patientA), uniqueId('export-assign'), {
        materialId: material.id,
        assignedDate: today,
      });
      await followUpPlanRecords.put(tx, seededPatientId(fx.patientA), uniqueId('export-plan'), {
        startDate: addDays(today, -30),
        memoToPatient: 'Export: see you every three months',
        taskNames: [{ propertyCategoryId: 951, name: 'Export blood work' }],
        templates: [{ templateDisplayName: 'Export survivorship guideline', effectiveDate: addDays(today, -30) }],
        items: [
          {
            externalId: 'export-item-1',
            recommendedDate: addDays(today, 60),
            statusDesc: 'Pending',
            tasks: [{ propertyCategoryId: 951, isAddressed: true, taskNote: 'Export: fasting' }],
          },
        ],
      });
    });
    const summaries = await seedHealthSummaryFixture(db, fx.patientA, {
      documents: [{ source: { fixture: 'ccd.xml' } }],
    });
    const [stored] = await db
      .select({ id: healthSummaryDocuments.id, xml: healthSummaryDocuments.xml })
      .from(healthSummaryDocuments)
      .where(eq(healthSummaryDocuments.id, summaries.documents[0]!.id));
    // Sends: a summary by email (the address), a secure message (the provider), a Direct send (the domain only).
    await db.insert(auditEvents).values([
      {
        eventType: 'healthsummaryemailauditevent',
        patientId: fx.patientA,
        actorUserId: fx.userIds.jane,
        detail: { recipientAddress: 'dr.export@clinic.example' },
      },
      {
        eventType: 'securemessagesendauditevent',
        patientId: fx.patientA,
        actorUserId: fx.userIds.jane,
        detail: { threadId: thread.threadId, messageId: thread.id, newThread: false },
      },
      {
        eventType: 'healthsummarysendsecurelyauditevent',
        patientId: fx.patientA,
        actorUserId: fx.userIds.jane,
        detail: { recipientDomain: 'direct.export.example' },
      },
    ]);

    const res = await api.get(exportPath(fx.patientA), 'patientA');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const xml = res.body;
    const result = await validateXML({
      xml: { fileName: 'export.xml', contents: xml },
      schema: { fileName: 'personal-data.xsd', contents: PERSONAL_DATA_XSD },
    });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);

    // The questionnaire: each answer with its question, the option's text and code, the score as she read it.
    const submitted = new RegExp(`<questionnaire id="${submittedId}">[\\s\\S]*?</questionnaire>`).exec(xml)?.[0] ?? '';
    expect(submitted).toContain(
      '<answer itemId="4" listAnswerId="3"><questionNumber>1.</questionNumber>' +
        '<question>Little interest or pleasure in doing things</question>' +
        '<option code="LA-2" system="http://loinc.org" score="2">More than half the days</option></answer>',
    );
    expect(submitted).toContain(
      '<question>Anything else you want us to know?</question><text>Export: tired after infusions</text>',
    );
    expect(submitted).toContain(
      '<scores><score code="total"><name>Total score</name><value>7</value><message>Mild symptoms.</message>' +
        '<interpretation>Export: mild</interpretation></score>',
    );
    expect(submitted).toContain(
      '<safetyMessages><message>Export: call the crisis line</message></safetyMessages></questionnaire>',
    );
    expect(xml).not.toContain('Export: never shown');
    const draft = new RegExp(`<questionnaire id="${draftId}">[\\s\\S]*?</questionnaire>`).exec(xml)?.[0] ?? '';
    expect(draft).toContain('<answers kind="draft">');
    expect(draft).toContain('<text>Draft by jane for the export</text>');
    expect(draft).not.toContain('robert');
    // The note with its text for the patient and its page, the article's text, the C-CDA as received.
    expect(xml).toContain('<noteToPatient>Export: keep walking daily</noteToPatient>');
    expect(xml).toContain(
      `<page number="1" contentType="application/pdf">${Buffer.from(page).toString('base64')}</page>`,
    );
    expect(xml).toMatch(
      /<title>Export: eating well<\/title>.*?<language>en<\/language><content>&lt;p&gt;Drink &lt;strong&gt;water&lt;\/strong&gt; through the day.&lt;\/p&gt;<\/content>/,
    );
    const ccda = stored!.xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(ccda).toContain('ClinicalDocument');
    expect(xml).toContain(`<content>${ccda}</content>`);
    // The care team, the plan and its follow-up's task.
    const [member] = await db
      .select({ firstName: careProviders.firstName, lastName: careProviders.lastName })
      .from(careTeamMembers)
      .innerJoin(careProviders, eq(careProviders.id, careTeamMembers.careProviderId))
      .where(eq(careTeamMembers.patientId, fx.patientA))
      .limit(1);
    const careTeam = /<careTeam>[\s\S]*?<\/careTeam>/.exec(xml)?.[0] ?? '';
    expect(careTeam).toContain(`<firstName>${member!.firstName}</firstName><lastName>${member!.lastName}</lastName>`);
    expect(xml).toMatch(
      /<memoToPatient>Export: see you every three months<\/memoToPatient><archived>false<\/archived><guidelines><guideline><name>Export survivorship guideline<\/name>/,
    );
    expect(xml).toContain(
      '<task categoryId="951"><name>Export blood work</name><addressed>true</addressed><note>Export: fasting</note></task>',
    );
    // Each send with its addressee.
    expect(xml).toMatch(
      /<type>healthsummaryemailauditevent<\/type>.*?<addressee>dr.export@clinic.example<\/addressee>/,
    );
    expect(xml).toMatch(/<type>securemessagesendauditevent<\/type>[^]*?<addressee>Priya Raman<\/addressee><\/event>/);
    expect(xml).toMatch(
      /<type>healthsummarysendsecurelyauditevent<\/type>[^]*?<addresseeDomain>direct.export.example<\/addresseeDomain><\/event>/,
    );

    // In the language the portal shows: the questions, options and messages as she reads them there.
    const spanish = await api.get(`${exportPath(fx.patientA)}?language=es-MX`, 'patientA');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain(
      '<question>Poco interés o placer en hacer cosas</question>' +
        '<option code="LA-2" system="http://loinc.org" score="2">Más de la mitad de los días</option>',
    );
    expect(spanish.body).toContain(
      '<name>Puntuación total</name><value>7</value><message>Síntomas leves.</message>' +
        '<interpretation>Export: mild (es)</interpretation>',
    );
    expect(spanish.body).toContain('<message>Export: call the crisis line (es)</message>');
    expectError(await api.get(`${exportPath(fx.patientA)}?format=zip`, 'patientA'), 400, 'validation_failed');

    // The representative's export: the same record, his own draft and not jane's.
    const robert = await api.get(exportPath(fx.patientA), 'representativeOfA');
    expect(robert.statusCode).toBe(200);
    const hisDraft = new RegExp(`<questionnaire id="${draftId}">[\\s\\S]*?</questionnaire>`).exec(robert.body)?.[0];
    expect(hisDraft).toContain('<text>Draft by robert for the export</text>');
    expect(robert.body).not.toContain('Draft by jane for the export');
    expect(robert.body).toContain('<noteToPatient>Export: keep walking daily</noteToPatient>');
    expect(robert.body).toContain(`<content>${ccda}</content>`);
  });

  it('publishes its schema, the same as docs/schemas/personal-data.xsd', async () => {
    const res = await t.app.inject({ url: '/api/schemas/personal-data.xsd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const docs = readFileSync(new URL('../../../../../docs/schemas/personal-data.xsd', import.meta.url), 'utf8');
    expect(res.body).toBe(docs);
    expect(PERSONAL_DATA_XSD).toBe(docs);
  });
});
