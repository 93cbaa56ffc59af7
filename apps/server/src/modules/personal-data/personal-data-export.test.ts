import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { PERSONAL_DATA_EXPORT_AUDIT_EVENT } from '@portal/contracts';
import type { AccessFixture } from '../../../test/access-fixture';
import { expectError, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import { auditEvents, notificationPreferences, users } from '../../db/schema/index';
import { openPatientScope } from '../../platform/access/patient-scope';
import { localDate } from '../../platform/time/time';
import { PersonalDataService } from './personal-data.service';
import { PERSONAL_DATA_XSD } from './personal-data.xsd';

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
    const { chunks } = await new PersonalDataService(t.database, t.app.deps.urlTokens).personalData(scope, {});
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

  it('publishes its schema, the same as docs/schemas/personal-data.xsd', async () => {
    const res = await t.app.inject({ url: '/api/schemas/personal-data.xsd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const docs = readFileSync(new URL('../../../../../docs/schemas/personal-data.xsd', import.meta.url), 'utf8');
    expect(res.body).toBe(docs);
    expect(PERSONAL_DATA_XSD).toBe(docs);
  });
});
