import { createHash, createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_SUMMARY_EMAIL_AUDIT_EVENT, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT } from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import { expectError, expectOk, openApiApp, openSecondApp, type ApiCaller, type TestApp } from '../../../test/api';
import { seedHealthSummaryFixture, type HealthSummaryFixture } from '../../../test/health-summary-fixture';
import { captureLogs } from '../../../test/helpers';
import { integrationToken } from '../../../test/integration-client';
import {
  auditEvents,
  directSends,
  facilities,
  healthSummaryDocuments,
  mailOutbox,
  patients,
  users,
} from '../../db/schema/index';
import { BUNDLED_PACKS } from '../../platform/content/language-packs';
import type { DevDirectMessage } from '../../platform/direct/dev-direct';
import { readMessage } from '../../platform/direct/mime';
import { decryptAndVerify } from '../../platform/direct/smime-open';
import {
  createTestAuthority,
  DEMO_RECIPIENT_DIRECT_ADDRESS,
  issueDirectCertificate,
  writeDirectTestCertificates,
} from '../../platform/direct/test-certificates';
import type { DirectTestCertificate, DirectTestFiles } from '../../platform/direct/test-certificates';
import { publishAddressCertificate, startTestDns, type TestDnsServer } from '../../platform/direct/test-dns';
import { encryptedNotification, testDsn, testMdn } from '../../platform/direct/test-notifications';
import { localDate } from '../../platform/time/time';

// POST .../HealthSummary/{ifSystemId}/{transmitType}: by email through the outbox (attachments, Reply-To), and by
// Direct through a real SMTP listener standing for the HISP, the message opened with the demo recipient's key.

interface Hisp {
  port: number;
  received: { from: string; to: string[]; raw: Buffer }[];
  connections: number;
  close(): Promise<void>;
}

async function startHisp(extra: Partial<SMTPServerOptions> = {}): Promise<Hisp> {
  const state = { received: [] as Hisp['received'], connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    ...extra,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    port,
    get received() {
      return state.received;
    },
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let f: HealthSummaryFixture;
let disabled: HealthSummaryFixture;
let hisp: Hisp;
let certs: DirectTestFiles;
let dir: string;
let facilityName: string;
/** The fixture's documents, newest first, with their stored XML. */
let stored: { id: number; documentDate: string; xml: string }[];

const directConfig = (smtpUrl: string) => ({
  DIRECT_SMTP_URL: smtpUrl,
  DIRECT_CERT_FILE: certs.settings.certFile,
  DIRECT_KEY_FILE: certs.settings.keyFile,
  DIRECT_FROM: certs.settings.from,
  DIRECT_TRUST_DIR: certs.settings.trustDir,
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-transmit-'));
  certs = await writeDirectTestCertificates(path.join(dir, 'certs'));
  hisp = await startHisp();
  ({ t, fx, db, api } = await openApiApp({ config: directConfig(`smtp://127.0.0.1:${hisp.port}`) }));
  f = await seedHealthSummaryFixture(db, fx.patientA);
  disabled = await seedHealthSummaryFixture(db, fx.patientA, { sendSecurelyDisabled: true });
  stored = await db
    .select({
      id: healthSummaryDocuments.id,
      documentDate: healthSummaryDocuments.documentDate,
      xml: healthSummaryDocuments.xml,
    })
    .from(healthSummaryDocuments)
    .where(
      inArray(
        healthSummaryDocuments.id,
        f.documents.map((d) => d.id),
      ),
    );
  stored.sort((a, b) => b.documentDate.localeCompare(a.documentDate) || b.id - a.id);
  const [facility] = await db
    .select({ name: facilities.name })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, fx.patientA));
  facilityName = facility!.name;
});
afterAll(async () => {
  await t?.close();
  await hisp?.close();
  rmSync(dir, { recursive: true, force: true });
});

const url = (type: string, systemId: number = f.systems.ccda.id, query = '') =>
  `/api/patients/${fx.patientA}/HealthSummary/${systemId}/${type}${query}`;
const one = () => ({ ccdaId: stored[0]!.id, startDate: null, endDate: null });
const range = () => ({ startDate: '2000-01-01', endDate: '2099-12-31' });
const email = (body: Record<string, unknown> = {}) => ({
  recipientAddress: 'dr.smith@clinic.example',
  messageText: 'Here is my summary\r\nfor Tuesday.',
  identifier: one(),
  ...body,
});
const secure = (body: Record<string, unknown> = {}) => ({
  recipientAddress: DEMO_RECIPIENT_DIRECT_ADDRESS,
  messageText: 'For my visit on Tuesday.',
  identifier: one(),
  ...body,
});

async function lastIds() {
  const [a] = await db.select({ id: max(auditEvents.id) }).from(auditEvents);
  const [m] = await db.select({ id: max(mailOutbox.id) }).from(mailOutbox);
  return { audit: a?.id ?? 0, mail: m?.id ?? 0 };
}
const auditSince = (since: number, event: string) =>
  db
    .select()
    .from(auditEvents)
    .where(and(gt(auditEvents.id, since), eq(auditEvents.eventType, event)));
const mailSince = (since: number) =>
  t.app.deps.outbox.list({ limit: 500 }).then((all) => all.filter((m) => m.id > since));

describe('sending a summary by email', () => {
  it('queues the mail with the XML as stored, its PDF and Reply-To, and the audit row in one transaction', async () => {
    const before = await lastIds();
    const res = await api.post(url('email', f.systems.ccda.id, '?language=en-US'), 'patientA', email());
    expect(expectOk(res)).toEqual({ transmitType: 'email', documentCount: 1 });

    const [mail] = await mailSince(before.mail);
    expect(mail).toMatchObject({
      to: 'dr.smith@clinic.example',
      replyTo: 'jane.doe@example.com',
      subject: `Health summary from ${facilityName}`,
      html: null,
      status: 'pending',
    });
    expect(mail!.text).toContain(
      'Jane Doe (jane.doe@example.com) sent you a health summary from Riverside Patient Portal.',
    );
    expect(mail!.text).toContain('Message from Jane Doe, in their own words.');
    expect(mail!.text).toContain('so that they do not open:\n> Here is my summary\n> for Tuesday.');
    expect(mail!.text).toContain('whose email address jane.doe@example.com the portal has confirmed.');
    expect(mail!.text).toContain('attached twice: as a C-CDA XML file');
    expect(mail!.text).toContain('Standard email is not secure');
    expect(mail!.attachments.map((a) => [a.fileName, a.contentType])).toEqual([
      [`HealthSummary_${stored[0]!.documentDate}_${stored[0]!.id}.xml`, 'application/xml; charset=utf-8'],
      [`HealthSummary_${stored[0]!.documentDate}_${stored[0]!.id}.pdf`, 'application/pdf'],
    ]);
    const xml = await t.app.deps.outbox.attachment(mail!.id, mail!.attachments[0]!.id);
    expect(Buffer.from(xml!.content).toString('utf8')).toBe(stored[0]!.xml);
    const pdf = await t.app.deps.outbox.attachment(mail!.id, mail!.attachments[1]!.id);
    expect(Buffer.from(pdf!.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const [row, ...more] = await auditSince(before.audit, HEALTH_SUMMARY_EMAIL_AUDIT_EVENT);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ patientId: fx.patientA, outcome: 'success', relationship: 'self' });
    expect(row!.detail).toEqual({
      ifSystemId: f.systems.ccda.id,
      ccdaIds: [stored[0]!.id],
      transmitType: 'email',
      recipientAddress: 'dr.smith@clinic.example',
      recipientDomain: 'clinic.example',
    });
    // The addressee, as the activity log names it; nothing of the message nor the sender's address.
    expect(JSON.stringify(row)).not.toMatch(/jane\.doe|Tuesday/);
  });

  it('attaches one zip of each document’s XML and PDF for a range, in the caller’s language', async () => {
    const before = await lastIds();
    const body = email({ identifier: range(), messageText: '' });
    const res = await api.post(url('email', f.systems.ccda.id, '?language=es-MX'), 'patientA', body);
    expect(expectOk(res)).toEqual({ transmitType: 'email', documentCount: 2 });
    const [mail] = await mailSince(before.mail);
    expect(mail!.subject).toBe(`Resumen de salud de ${facilityName}`);
    expect(mail!.text).toContain('El correo electrónico estándar no es seguro');
    expect(mail!.text).not.toContain('Mensaje de Jane Doe');
    expect(mail!.attachments.map((a) => [a.fileName, a.contentType])).toEqual([
      ['HealthSummary_2000-01-01_to_2099-12-31.zip', 'application/zip'],
    ]);
    const zip = await t.app.deps.outbox.attachment(mail!.id, mail!.attachments[0]!.id);
    const entries = unzipSync(zip!.content);
    expect(Object.keys(entries).sort()).toEqual(
      stored.flatMap((d) => ['xml', 'pdf'].map((ext) => `HealthSummary_${d.documentDate}_${d.id}.${ext}`)).sort(),
    );
    const [auditRow] = await auditSince(before.audit, HEALTH_SUMMARY_EMAIL_AUDIT_EVENT);
    expect(auditRow!.detail).toMatchObject({ ccdaIds: stored.map((d) => d.id) });
  });

  it.each([
    [
      'senderAddress',
      { senderAddress: 'jane.doe' },
      'senderAddress must be the confirmed email address of your account',
    ],
    ['senderAddress', { senderAddress: 'billing@riversidecancer.example.org' }, undefined],
    ['senderAddress', { senderAddress: 'jane.doe@example.com\r\nBcc: x@y.example' }, undefined],
    ['recipientAddress', { recipientAddress: 'dr smith@clinic.example' }, 'Email address is not in correct format.'],
    ['recipientAddress', { recipientAddress: 'a@b.example, c@d.example' }, undefined],
    ['messageText', { messageText: 'x'.repeat(2001) }, 'messageText: messageText must be at most 2000 characters'],
    ['patientId', { patientId: 999_999 }, undefined],
    ['ifSystemId', { ifSystemId: 999_999 }, undefined],
    ['transmitType', { transmitType: 'sendSecurely' }, undefined],
    ['identifier.startDate', { identifier: {} }, undefined],
    ['identifier.endDate', { identifier: { startDate: '2024-01-01', endDate: null } }, undefined],
  ])('refuses a bad %s with 400 naming it, queuing nothing', async (field, extra, message) => {
    const before = await lastIds();
    const res = await api.post(url('email'), 'patientA', email(extra));
    expectError(res, 400, 'validation_failed', { field, ...(message ? { message } : {}) });
    expect(await mailSince(before.mail)).toEqual([]);
    expect(await auditSince(before.audit, HEALTH_SUMMARY_EMAIL_AUDIT_EVENT)).toEqual([]);
  });

  it('answers 404 for a system of another patient or a range without documents', async () => {
    expectError(await api.post(url('email', 999_999), 'patientA', email()), 404, 'not_found');
    const empty = email({ identifier: { startDate: '1990-01-01', endDate: '1990-12-31' } });
    expectError(await api.post(url('email'), 'patientA', empty), 404, 'not_found');
  });

  it('counts against the limits every mail shares: 429 once the recipient’s are spent, nothing queued', async () => {
    // An app of its own, so that its counters start at zero.
    const second = await openSecondApp(t, { config: directConfig(`smtp://127.0.0.1:${hisp.port}`) });
    try {
      for (let i = 0; i < 5; i++) await second.app.deps.limits.consume('mailRecipient', 'limited@clinic.example');
      const before = await lastIds();
      const { bearer } = await fx.token('patientA');
      const res = await second.app.inject({
        method: 'POST',
        url: url('email'),
        headers: { authorization: `Bearer ${bearer}` },
        payload: email({ recipientAddress: 'Limited@clinic.example' }),
      });
      expectError(res, 429, 'too_many_attempts');
      expect(await mailSince(before.mail)).toEqual([]);
      expect(await auditSince(before.audit, HEALTH_SUMMARY_EMAIL_AUDIT_EVENT)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('refuses kiosk and link sessions and strangers; a representative sends for the patient', async () => {
    for (const [who, status] of [
      ['kioskUserOfA', 403],
      ['linkUserOfA', 403],
      ['patientB', 404],
      ['anonymous', 401],
    ] as [CallerKind, number][]) {
      expect((await api.post(url('email'), who, email())).statusCode, who).toBe(status);
    }
    const before = await lastIds();
    const res = await api.post(url('email'), 'representativeOfA', email({ senderAddress: 'Robert.Doe@example.com' }));
    expect(expectOk(res)).toEqual({ transmitType: 'email', documentCount: 1 });
    const [row] = await auditSince(before.audit, HEALTH_SUMMARY_EMAIL_AUDIT_EVENT);
    expect(row).toMatchObject({ patientId: fx.patientA, relationship: 'representative' });
    // His own confirmed address, not the patient's, is the one the recipient sees and replies to.
    const [mail] = await mailSince(before.mail);
    expect(mail).toMatchObject({ replyTo: 'robert.doe@example.com' });
    expect(mail!.text).toContain('Robert Doe (robert.doe@example.com) sent you a health summary');
  });

  it('is no phishing relay: a typed sender is refused, and the words go out quoted with their links defanged', async () => {
    // Finding 8 of issue 31: any "sender" and 2,000 characters of free text went out under the portal's name.
    const before = await lastIds();
    const forged = email({ senderAddress: 'security@riversidecancer.example.org' });
    expectError(await api.post(url('email'), 'patientA', forged), 400, 'validation_failed', {
      field: 'senderAddress',
      message: 'senderAddress must be the confirmed email address of your account',
    });
    expect(await mailSince(before.mail)).toEqual([]);

    const lure =
      'URGENT: your portal account is locked.\nVerify at https://riverside-portal.example.net/verify\u202E now, ' +
      'or mail help@riverside-portal.example.net.';
    expectOk(await api.post(url('email'), 'patientA', email({ messageText: lure })));
    const [mail] = await mailSince(before.mail);
    expect(mail!.html).toBeNull();
    expect(mail!.text).toContain(
      '> URGENT: your portal account is locked.\n' +
        '> Verify at https[:]//riverside-portal[.]example[.]net/verify now, or mail help@riverside-portal[.]example[.]net.',
    );
    expect(mail!.text).not.toMatch(/https:\/\/|riverside-portal\.example|\u202E/);
  });

  it('names no reply address for an account whose email is not confirmed, and refuses one given for it', async () => {
    await db.update(users).set({ isEmailConfirmed: false }).where(eq(users.id, fx.userIds.jane));
    try {
      const before = await lastIds();
      expectError(
        await api.post(url('email'), 'patientA', email({ senderAddress: 'jane.doe@example.com' })),
        400,
        'validation_failed',
        { field: 'senderAddress' },
      );
      expectOk(await api.post(url('email'), 'patientA', email()));
      const [mail] = await mailSince(before.mail);
      expect(mail!.replyTo).toBeNull();
      expect(mail!.text).toContain('Jane Doe sent you a health summary from Riverside Patient Portal.');
      expect(mail!.text).toContain(
        'who has no confirmed email address with the portal: replies to this email are not read.',
      );
      expect(mail!.text).not.toContain('jane.doe@example.com');
    } finally {
      await db.update(users).set({ isEmailConfirmed: true }).where(eq(users.id, fx.userIds.jane));
    }
  });
});

describe('sending a summary securely by Direct', () => {
  it('hands the HISP one signed and encrypted message the demo recipient opens, holding both files', async () => {
    const before = await lastIds();
    const res = await api.post(url('sendSecurely'), 'patientA', secure());
    expect(expectOk(res)).toEqual({ transmitType: 'sendSecurely', documentCount: 1 });
    expect(hisp.received).toHaveLength(1);
    const [sent] = hisp.received;
    expect(sent!.from).toBe(certs.facility.address);
    expect(sent!.to).toEqual([DEMO_RECIPIENT_DIRECT_ADDRESS]);
    expect(sent!.raw.toString('latin1')).not.toContain('ClinicalDocument');

    const opened = await decryptAndVerify({
      entity: sent!.raw,
      recipient: certs.recipient,
      trustedSigners: [certs.authority.certificatePem],
    });
    expect(opened.signer.emailAddresses).toEqual([certs.facility.address]);
    const message = readMessage(opened.mime);
    expect(message.subject).toBe(`Health summary from ${facilityName}`);
    expect(message.text).toContain(`A patient of ${facilityName} sent you their health summary`);
    expect(message.text).toContain('so that they do not open):\r\n> For my visit on Tuesday.');
    expect(message.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`HealthSummary_${stored[0]!.documentDate}_${stored[0]!.id}.xml`, 'application/xml'],
      [`HealthSummary_${stored[0]!.documentDate}_${stored[0]!.id}.pdf`, 'application/pdf'],
    ]);
    expect(message.attachments[0]!.content.toString('utf8')).toBe(stored[0]!.xml);
    expect(message.attachments[1]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Delivery notifications asked for, inside the signature and outside it (Direct's delivery notification IG).
    const header = (raw: string | Buffer, name: string) => readMessage(raw).headers.find((h) => h.name === name)?.value;
    for (const entity of [opened.mime, sent!.raw]) {
      expect(header(entity, 'Disposition-Notification-To')).toBe(certs.facility.address);
      expect(header(entity, 'Disposition-Notification-Options')).toBe(
        'X-DIRECT-FINAL-DESTINATION-DELIVERY=optional,true',
      );
    }

    const [row] = await auditSince(before.audit, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT);
    expect(row).toMatchObject({ outcome: 'success', patientId: fx.patientA });
    expect(row!.detail).toEqual({
      ifSystemId: f.systems.ccda.id,
      ccdaIds: [stored[0]!.id],
      transmitType: 'sendSecurely',
      recipientAddress: DEMO_RECIPIENT_DIRECT_ADDRESS,
      recipientDomain: 'direct.example-clinic.org',
      delivery: 'sent',
    });
    expect(await mailSince(before.mail)).toEqual([]);
    // The send's record, found later by the Message-ID a notification answers.
    const [record] = await db.select().from(directSends).where(eq(directSends.messageId, message.messageId!));
    expect(record).toMatchObject({
      patientId: fx.patientA,
      ccdaIds: [stored[0]!.id],
      recipientDomain: 'direct.example-clinic.org',
      mode: 'smime',
      status: 'sent',
    });
  });

  it('refuses a recipient without a certificate with 422 before any connection, and records the failure', async () => {
    const { connections } = hisp;
    const received = hisp.received.length;
    const before = await lastIds();
    const res = await api.post(
      url('sendSecurely'),
      'patientA',
      secure({ recipientAddress: 'dr.who@direct.nowhere.example' }),
    );
    expectError(res, 422, 'healthsummarysendsecurelyfailed', 'recipientAddress');
    expect(hisp.connections).toBe(connections);
    expect(hisp.received).toHaveLength(received);
    const [row] = await auditSince(before.audit, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT);
    expect(row).toMatchObject({ outcome: 'failure' });
    expect(row!.detail).toMatchObject({
      reason: 'recipient_unknown',
      recipientAddress: 'dr.who@direct.nowhere.example',
      recipientDomain: 'direct.nowhere.example',
    });
  });

  it('answers 502 when the HISP is down, and records the failure', async () => {
    const down = await openSecondApp(t, { config: directConfig(`smtp://127.0.0.1:${await freePort()}`) });
    try {
      const before = await lastIds();
      const { bearer } = await fx.token('patientA');
      const res = await down.app.inject({
        method: 'POST',
        url: url('sendSecurely'),
        headers: { authorization: `Bearer ${bearer}` },
        payload: secure(),
      });
      expectError(res, 502, 'healthsummarysendsecurelyfailed');
      const [row] = await auditSince(before.audit, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT);
      expect(row).toMatchObject({ outcome: 'failure' });
      expect(row!.detail).toMatchObject({ reason: 'hisp_failed', recipientAddress: DEMO_RECIPIENT_DIRECT_ADDRESS });
    } finally {
      await down.close();
    }
  });

  it('answers 409 noCcdaConfigured for a system marked so, or a portal without Direct', async () => {
    const res = await api.post(url('sendSecurely', disabled.systems.ccda.id), 'patientA', secure());
    expectError(res, 409, 'noCcdaConfigured');
    const production = await openSecondApp(t, { config: { NODE_ENV: 'production' } });
    try {
      const { bearer } = await fx.token('patientA');
      const none = await production.app.inject({
        method: 'POST',
        url: url('sendSecurely'),
        headers: { authorization: `Bearer ${bearer}` },
        payload: secure(),
      });
      expectError(none, 409, 'noCcdaConfigured');
    } finally {
      await production.close();
    }
  });

  it('refuses an address that is none with 400 naming recipientAddress', async () => {
    const res = await api.post(url('sendSecurely'), 'patientA', secure({ recipientAddress: 'dr.lee' }));
    expectError(res, 400, 'validation_failed', {
      field: 'recipientAddress',
      message: 'Enter a valid Direct Address: dr.lee',
    });
  });

  it('lets a representative send, refuses the kiosk', async () => {
    expect((await api.post(url('sendSecurely'), 'kioskUserOfA', secure())).statusCode).toBe(403);
    const res = await api.post(url('sendSecurely'), 'representativeOfA', secure({ identifier: range() }));
    expect(expectOk(res)).toEqual({ transmitType: 'sendSecurely', documentCount: 2 });
    const last = hisp.received[hisp.received.length - 1]!;
    const opened = await decryptAndVerify({ entity: last.raw, recipient: certs.recipient });
    const [zip] = readMessage(opened.mime).attachments;
    expect(zip!.contentType).toBe('application/zip');
    // Several documents go as IHE XDM: each C-CDA and its PDF in SUBSET01 with METADATA.XML, INDEX.HTM and README.TXT.
    const files = unzipSync(new Uint8Array(zip!.content));
    expect(Object.keys(files).sort()).toEqual([
      'IHE_XDM/SUBSET01/DOC00001.XML',
      'IHE_XDM/SUBSET01/DOC00002.PDF',
      'IHE_XDM/SUBSET01/DOC00003.XML',
      'IHE_XDM/SUBSET01/DOC00004.PDF',
      'IHE_XDM/SUBSET01/METADATA.XML',
      'INDEX.HTM',
      'README.TXT',
    ]);
    const xmls = [files['IHE_XDM/SUBSET01/DOC00001.XML']!, files['IHE_XDM/SUBSET01/DOC00003.XML']!].map((b) =>
      Buffer.from(b).toString('utf8'),
    );
    expect(xmls.sort()).toEqual(stored.map((d) => d.xml).sort());
    const metadata = Buffer.from(files['IHE_XDM/SUBSET01/METADATA.XML']!).toString('utf8');
    for (const bytes of Object.entries(files).filter(([name]) => /DOC\d+\./.test(name))) {
      expect(metadata).toContain(createHash('sha1').update(bytes[1]).digest('hex'));
    }
    expect(metadata).toContain('urn:hl7-org:sdwg:ccda-structuredBody:2.1');
    expect(metadata).toContain('||^^Internet^dr.lee@direct.example-clinic.org');
  });

  it('keeps the message for the developer Direct mailbox outside production without DIRECT_*', async () => {
    const dataDir = path.join(dir, 'data');
    const dev = await openSecondApp(t, { config: { DATA_DIR: dataDir } });
    try {
      const { bearer } = await fx.token('patientA');
      const res = await dev.app.inject({
        method: 'POST',
        url: url('sendSecurely'),
        headers: { authorization: `Bearer ${bearer}` },
        payload: secure(),
      });
      expect(expectOk(res)).toEqual({ transmitType: 'sendSecurely', documentCount: 1 });
      const [kept] = (await dev.app.inject({ url: '/api/dev/direct?limit=1' })).json<DevDirectMessage[]>();
      expect(kept?.opened).toMatchObject({
        to: DEMO_RECIPIENT_DIRECT_ADDRESS,
        subject: `Health summary from ${facilityName}`,
        attachments: [{ contentType: 'application/xml' }, { contentType: 'application/pdf' }],
      });
      const unknown = await dev.app.inject({
        method: 'POST',
        url: url('sendSecurely'),
        headers: { authorization: `Bearer ${bearer}` },
        payload: secure({ recipientAddress: 'someone@direct.elsewhere.example' }),
      });
      expectError(unknown, 422, 'healthsummarysendsecurelyfailed');
    } finally {
      await dev.close();
    }
  });
});

describe('delivery notifications of a Direct send', () => {
  let token: string;
  // An app of its own to send from: its mail counters start afresh (the patient's are spent by the tests above).
  let sending: Awaited<ReturnType<typeof openSecondApp>>;
  beforeAll(async () => {
    token = await integrationToken(t, 'clinical');
    sending = await openSecondApp(t, { config: directConfig(`smtp://127.0.0.1:${hisp.port}`) });
  });
  afterAll(async () => {
    await sending?.close();
  });

  /** Sends one summary securely and answers the Message-ID it went with. */
  async function sendOne(): Promise<string> {
    const { bearer } = await fx.token('patientA');
    const res = await sending.app.inject({
      method: 'POST',
      url: url('sendSecurely'),
      headers: { authorization: `Bearer ${bearer}` },
      payload: secure(),
    });
    expectOk(res);
    const last = hisp.received[hisp.received.length - 1]!;
    const opened = await decryptAndVerify({ entity: last.raw, recipient: certs.recipient });
    return readMessage(opened.mime).messageId!;
  }

  const post = (body: Buffer | string, contentType = 'message/rfc822', bearer: string | null = token) =>
    t.app.inject({
      method: 'POST',
      url: '/integration/v1/direct/notifications',
      headers: { 'content-type': contentType, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      payload: body,
    });
  const mdn = (messageId: string, disposition: string, finalDestination = false) =>
    testMdn({
      from: DEMO_RECIPIENT_DIRECT_ADDRESS,
      to: certs.facility.address,
      originalMessageId: messageId,
      disposition,
      finalDestination,
    });
  const encrypted = (plain: string) =>
    encryptedNotification(plain, certs.recipient, certs.facility.certificatePem, {
      from: DEMO_RECIPIENT_DIRECT_ADDRESS,
      to: certs.facility.address,
    });
  const statusOf = async (messageId: string) =>
    (await db.select().from(directSends).where(eq(directSends.messageId, messageId)))[0]!;

  it('records processed, then delivered from an encrypted MDN, each in the activity log; a later failed changes nothing', async () => {
    const messageId = await sendOne();
    const before = await lastIds();
    const processed = await post(await encrypted(mdn(messageId, 'processed')));
    expect(processed.json()).toEqual({ outcome: 'recorded', status: 'processed' });
    expect(await statusOf(messageId)).toMatchObject({ status: 'processed', statusDetail: 'mdn processed' });

    const dispatched = await post(await encrypted(mdn(messageId, 'dispatched', true)));
    expect(dispatched.json()).toEqual({ outcome: 'recorded', status: 'delivered' });
    const record = await statusOf(messageId);
    expect(record.status).toBe('delivered');
    expect(record.completedAt).not.toBeNull();

    const rows = await auditSince(before.audit, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT);
    expect(rows.map((r) => [r.outcome, (r.detail as { delivery: string }).delivery])).toEqual([
      ['success', 'processed'],
      ['success', 'delivered'],
    ]);
    expect(rows[1]).toMatchObject({ patientId: fx.patientA });
    expect(rows[1]!.detail).toMatchObject({
      ccdaIds: [stored[0]!.id],
      recipientDomain: 'direct.example-clinic.org',
      notification: 'mdn',
      disposition: 'dispatched',
      finalDestination: true,
    });

    const late = await post(await encrypted(mdn(messageId, 'failed')));
    expect(late.json()).toEqual({ outcome: 'unchanged', status: 'delivered' });
  });

  it('records failed from a DSN, as a failure in the activity log', async () => {
    const messageId = await sendOne();
    const before = await lastIds();
    const dsn = testDsn({
      to: certs.facility.address,
      recipient: DEMO_RECIPIENT_DIRECT_ADDRESS,
      originalMessageId: messageId,
      action: 'failed',
    });
    expect((await post(dsn)).json()).toEqual({ outcome: 'recorded', status: 'failed' });
    expect((await statusOf(messageId)).status).toBe('failed');
    const [row] = await auditSince(before.audit, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT);
    expect(row).toMatchObject({ outcome: 'failure', patientId: fx.patientA });
    expect(row!.detail).toMatchObject({ delivery: 'failed', notification: 'dsn' });
  });

  it('answers unknown_message for a message it did not send, or an MDN from another domain', async () => {
    expect((await post(mdn('<nobody@nowhere.example>', 'processed'))).json()).toEqual({ outcome: 'unknown_message' });
    const messageId = await sendOne();
    const other = testMdn({
      from: 'dr.x@direct.elsewhere.example',
      to: certs.facility.address,
      originalMessageId: messageId,
      disposition: 'failed',
    });
    expect((await post(other)).json()).toEqual({ outcome: 'unknown_message' });
    expect((await statusOf(messageId)).status).toBe('sent');
  });

  it('refuses what is no notification with 400 naming body, another type with 415, and callers without a token', async () => {
    expectError(await post('hello'), 400, 'invalid_notification', 'body');
    expect((await post('{}', 'application/json')).statusCode).toBe(415);
    expect((await post(mdn('<a@b>', 'processed'), 'message/rfc822', null)).statusCode).toBe(401);
  });
});

describe('Send Securely through the HISP (DIRECT_MODE=hisp)', () => {
  it('hands the HISP the message itself, asking for notifications, and records the send', async () => {
    const hispApp = await openSecondApp(t, {
      config: {
        DIRECT_MODE: 'hisp',
        DIRECT_SMTP_URL: `smtp://127.0.0.1:${hisp.port}`,
        DIRECT_FROM: certs.settings.from,
      },
    });
    try {
      const { bearer } = await fx.token('patientA');
      const res = await hispApp.app.inject({
        method: 'POST',
        url: url('sendSecurely'),
        headers: { authorization: `Bearer ${bearer}` },
        payload: secure(),
      });
      expect(expectOk(res)).toEqual({ transmitType: 'sendSecurely', documentCount: 1 });
      const last = hisp.received[hisp.received.length - 1]!;
      expect(last.from).toBe(certs.facility.address);
      const message = readMessage(last.raw);
      expect(message.headers.find((h) => h.name === 'Disposition-Notification-Options')?.value).toBe(
        'X-DIRECT-FINAL-DESTINATION-DELIVERY=optional,true',
      );
      expect(message.attachments.map((a) => a.contentType)).toEqual(['application/xml', 'application/pdf']);
      const [record] = await db.select().from(directSends).where(eq(directSends.messageId, message.messageId!));
      expect(record).toMatchObject({ mode: 'hisp', status: 'sent' });
    } finally {
      await hispApp.close();
    }
  });

  it('tells the patient what to do when the HISP refuses the recipient (no certificate found)', async () => {
    const refusing = await startHisp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('5.1.1 No certificate found for recipient'), { responseCode: 550 }));
      },
    });
    const hispApp = await openSecondApp(t, {
      config: {
        DIRECT_MODE: 'hisp',
        DIRECT_SMTP_URL: `smtp://127.0.0.1:${refusing.port}`,
        DIRECT_FROM: certs.settings.from,
      },
    });
    try {
      const before = await lastIds();
      const { bearer } = await fx.token('patientA');
      const res = await hispApp.app.inject({
        method: 'POST',
        url: url('sendSecurely'),
        headers: { authorization: `Bearer ${bearer}` },
        payload: secure({ recipientAddress: 'dr.who@direct.nowhere.example' }),
      });
      expectError(res, 422, 'healthsummarysendsecurelyfailed', {
        field: 'recipientAddress',
        message:
          'The health summary could not be sent securely: no Direct certificate could be found for this Direct ' +
          'Address. Check the address with the care provider’s office, or send the summary by email instead.',
      });
      const [row] = await auditSince(before.audit, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT);
      expect(row).toMatchObject({ outcome: 'failure' });
      expect(row!.detail).toMatchObject({ reason: 'recipient_refused' });
    } finally {
      await hispApp.close();
      await refusing.close();
    }
  });
});

describe('Send Securely to an ordinary Direct address: its certificate discovered by DNS against the trust bundle', () => {
  // No trust folder: the facility gives its trust anchors (DIRECT_TRUST_BUNDLE) and the portal finds the clinician's
  // certificate in a DNS CERT record, as the Direct Applicability Statement describes (issue 32, finding 8).
  const JONES = 'dr.jones@direct.lakeview-clinic.example';
  const MALLORY = 'dr.mallory@direct.lakeview-clinic.example';
  const NOBODY = 'dr.nobody@direct.lakeview-clinic.example';
  let dnsServer: TestDnsServer;
  let jones: DirectTestCertificate;
  let discovering: TestApp;

  beforeAll(async () => {
    dnsServer = await startTestDns();
    const stranger = await createTestAuthority('Not A Trust Anchor');
    jones = await issueDirectCertificate(certs.authority, { address: JONES });
    publishAddressCertificate(dnsServer.zone, JONES, jones.certificatePem);
    const mallory = await issueDirectCertificate(stranger, { address: MALLORY });
    publishAddressCertificate(dnsServer.zone, MALLORY, mallory.certificatePem);
    discovering = await openSecondApp(t, {
      config: {
        DIRECT_SMTP_URL: `smtp://127.0.0.1:${hisp.port}`,
        DIRECT_CERT_FILE: certs.settings.certFile,
        DIRECT_KEY_FILE: certs.settings.keyFile,
        DIRECT_FROM: certs.settings.from,
        DIRECT_TRUST_BUNDLE: certs.authorityFile,
        DIRECT_DNS_SERVERS: `127.0.0.1:${dnsServer.port}`,
      },
    });
  });
  afterAll(async () => {
    await discovering?.close();
    await dnsServer?.close();
  });

  async function send(recipientAddress: string) {
    const { bearer } = await fx.token('patientA');
    return discovering.app.inject({
      method: 'POST',
      url: url('sendSecurely'),
      headers: { authorization: `Bearer ${bearer}` },
      payload: secure({ recipientAddress }),
    });
  }

  it('finds the certificate in DNS, encrypts to it and hands the message to the HISP: the clinician opens it', async () => {
    const before = await lastIds();
    const received = hisp.received.length;
    const res = await send(JONES);
    expect(expectOk(res)).toEqual({ transmitType: 'sendSecurely', documentCount: 1 });
    expect(dnsServer.asked).toContain('dr.jones.direct.lakeview-clinic.example/CERT');
    expect(hisp.received).toHaveLength(received + 1);
    const sent = hisp.received[received]!;
    expect(sent.from).toBe(certs.facility.address);
    expect(sent.to).toEqual([JONES]);
    // Encrypted to the discovered certificate: dr.jones's key opens it, the trust folder's dr.lee's does not.
    const opened = await decryptAndVerify({
      entity: sent.raw,
      recipient: jones,
      trustedSigners: [certs.authority.certificatePem],
    });
    expect(opened.signer.emailAddresses).toEqual([certs.facility.address]);
    const message = readMessage(opened.mime);
    expect(message.attachments.map((a) => a.filename)).toEqual([
      `HealthSummary_${stored[0]!.documentDate}_${stored[0]!.id}.xml`,
      `HealthSummary_${stored[0]!.documentDate}_${stored[0]!.id}.pdf`,
    ]);
    await expect(decryptAndVerify({ entity: sent.raw, recipient: certs.recipient })).rejects.toMatchObject({
      code: 'not_for_recipient',
    });
    const [record] = await db.select().from(directSends).where(eq(directSends.messageId, message.messageId!));
    expect(record).toMatchObject({ mode: 'smime', status: 'sent', recipientDomain: 'direct.lakeview-clinic.example' });
    const [row] = await auditSince(before.audit, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT);
    expect(row).toMatchObject({ outcome: 'success', patientId: fx.patientA });
    expect(row!.detail).toMatchObject({ recipientAddress: JONES, delivery: 'sent' });
  });

  it('tells the patient what to do when the published certificate is not trusted, or none is published', async () => {
    const received = hisp.received.length;
    const before = await lastIds();
    expectError(await send(MALLORY), 422, 'healthsummarysendsecurelyfailed', {
      field: 'recipientAddress',
      message:
        'The health summary could not be sent securely: the Direct certificate of this Direct Address is not one ' +
        'the portal can trust. Check the address with the care provider’s office, or send the summary by email ' +
        'instead.',
    });
    expectError(await send(NOBODY), 422, 'healthsummarysendsecurelyfailed', {
      field: 'recipientAddress',
      message:
        'The health summary could not be sent securely: no Direct certificate could be found for this Direct ' +
        'Address. Check the address with the care provider’s office, or send the summary by email instead.',
    });
    // The domain asked after the address, and nothing handed to the HISP.
    expect(dnsServer.asked).toContain('direct.lakeview-clinic.example/CERT');
    expect(hisp.received).toHaveLength(received);
    const rows = await auditSince(before.audit, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT);
    expect(rows.map((r) => [r.outcome, r.detail])).toEqual([
      ['failure', expect.objectContaining({ reason: 'recipient_untrusted', recipientAddress: MALLORY })],
      ['failure', expect.objectContaining({ reason: 'recipient_unknown', recipientAddress: NOBODY })],
    ]);
  });

  it('says to try again later when DNS cannot answer, and asks again on the next try', async () => {
    const LATER = 'dr.later@direct.lakeview-clinic.example';
    const later = await issueDirectCertificate(certs.authority, { address: LATER });
    publishAddressCertificate(dnsServer.zone, LATER, later.certificatePem);
    const before = await lastIds();
    dnsServer.servfail = true;
    try {
      expectError(await send(LATER), 422, 'healthsummarysendsecurelyfailed', {
        field: 'recipientAddress',
        message:
          'The health summary could not be sent securely: this Direct Address could not be looked up just now. Try ' +
          'again later, or send the summary by email instead.',
      });
    } finally {
      dnsServer.servfail = false;
    }
    const [row] = await auditSince(before.audit, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT);
    expect(row!.detail).toMatchObject({ reason: 'recipient_unavailable', recipientAddress: LATER });
    // The failed lookup was not kept: once DNS answers, the same address is sent to.
    expect(expectOk(await send(LATER))).toEqual({ transmitType: 'sendSecurely', documentCount: 1 });
    expect(hisp.received[hisp.received.length - 1]!.to).toEqual([LATER]);
  });
});

describe('Send Securely with the facility key encrypted (DIRECT_KEY_PASSPHRASE)', () => {
  it('starts with an encrypted PEM key and its passphrase, and signs what it sends with it', async () => {
    const keyFile = path.join(dir, 'facility.key.encrypted.pem');
    writeFileSync(
      keyFile,
      createPrivateKey(certs.facility.privateKeyPem).export({
        type: 'pkcs8',
        format: 'pem',
        cipher: 'aes-256-cbc',
        passphrase: 'correct horse battery staple',
      }),
      { mode: 0o600 },
    );
    expect(readFileSync(keyFile, 'latin1')).toContain('-----BEGIN ENCRYPTED PRIVATE KEY-----');
    const encrypted = await openSecondApp(t, {
      config: {
        ...directConfig(`smtp://127.0.0.1:${hisp.port}`),
        DIRECT_KEY_FILE: keyFile,
        DIRECT_KEY_PASSPHRASE: 'correct horse battery staple',
      },
    });
    try {
      const { bearer } = await fx.token('patientA');
      const res = await encrypted.app.inject({
        method: 'POST',
        url: url('sendSecurely'),
        headers: { authorization: `Bearer ${bearer}` },
        payload: secure(),
      });
      expect(expectOk(res)).toEqual({ transmitType: 'sendSecurely', documentCount: 1 });
      const opened = await decryptAndVerify({
        entity: hisp.received[hisp.received.length - 1]!.raw,
        recipient: certs.recipient,
        trustedSigners: [certs.authority.certificatePem],
      });
      expect(opened.signer.emailAddresses).toEqual([certs.facility.address]);
    } finally {
      await encrypted.close();
    }
  });
});

describe('what the patient reads when a summary cannot be sent securely, in the five languages', () => {
  // The page shows the pack's refusal for healthsummarysendsecurelyfailed, and the dialog a standing note: both say
  // what to do (check the address with the office, or send by email), in the reader's own language.
  it.each([
    ['en', 'office', 'Email'],
    ['es', 'consultorio', 'correo electrónico'],
    ['fr', 'bureau', 'courriel'],
    ['pt', 'consultório', 'e-mail'],
    ['zh', '办公室', '电子邮件'],
  ] as const)('%s: the refusal and the dialog’s note name the office and email', (language, office, byEmail) => {
    const pack = BUNDLED_PACKS[language];
    for (const key of ['healthSummary.messages.healthsummarysendsecurelyfailed', 'healthSummary.sendSecurely.help']) {
      const text = pack[key];
      expect(text, `${language} ${key}`).toEqual(expect.any(String));
      expect(text).toContain(office);
      expect(text).toContain(byEmail);
      if (language !== 'en') expect(text).not.toBe(BUNDLED_PACKS.en[key]);
    }
  });
});

describe('the activity log names whom a summary was sent to (170.315(e)(1))', () => {
  it('writes the addressee into the audit row of each send and refusal, shows it in the log, and never logs it', async () => {
    // Finding 19 of issue 32: the log recorded each send but not to whom.
    const logs = captureLogs();
    const logged = await openSecondApp(t, {
      config: { ...directConfig(`smtp://127.0.0.1:${hisp.port}`), LOG_LEVEL: 'debug' },
      logStream: logs.stream,
    });
    const down = await openSecondApp(t, {
      config: { ...directConfig(`smtp://127.0.0.1:${await freePort()}`), LOG_LEVEL: 'debug' },
      logStream: logs.stream,
    });
    try {
      const before = await lastIds();
      const { bearer } = await fx.token('patientA');
      const post = (app: TestApp, type: string, payload: Record<string, unknown>) =>
        app.app.inject({ method: 'POST', url: url(type), headers: { authorization: `Bearer ${bearer}` }, payload });
      expectOk(await post(logged, 'email', email({ recipientAddress: 'dr.addressee@clinic.example' })));
      expectOk(await post(logged, 'sendSecurely', secure()));
      const unknown = secure({ recipientAddress: 'dr.unknown@direct.nowhere.example' });
      expectError(await post(logged, 'sendSecurely', unknown), 422, 'healthsummarysendsecurelyfailed');
      expectError(await post(down, 'sendSecurely', secure()), 502, 'healthsummarysendsecurelyfailed');

      const rows = await db
        .select()
        .from(auditEvents)
        .where(
          and(
            gt(auditEvents.id, before.audit),
            inArray(auditEvents.eventType, [
              HEALTH_SUMMARY_EMAIL_AUDIT_EVENT,
              HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT,
            ]),
          ),
        )
        .orderBy(auditEvents.id);
      expect(rows.map((r) => [r.eventType, r.outcome, r.detail])).toEqual([
        [
          HEALTH_SUMMARY_EMAIL_AUDIT_EVENT,
          'success',
          expect.objectContaining({
            recipientAddress: 'dr.addressee@clinic.example',
            recipientDomain: 'clinic.example',
          }),
        ],
        [
          HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT,
          'success',
          expect.objectContaining({ recipientAddress: DEMO_RECIPIENT_DIRECT_ADDRESS, delivery: 'sent' }),
        ],
        [
          HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT,
          'failure',
          expect.objectContaining({
            recipientAddress: 'dr.unknown@direct.nowhere.example',
            reason: 'recipient_unknown',
          }),
        ],
        [
          HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT,
          'failure',
          expect.objectContaining({ recipientAddress: DEMO_RECIPIENT_DIRECT_ADDRESS, reason: 'hisp_failed' }),
        ],
      ]);

      // The patient's activity log names each addressee, the refusals as not completed.
      const today = localDate(new Date(), 'America/New_York');
      const report = await api.get(
        `/api/patients/${fx.patientA}/audits/report?startDate=${today}&endDate=${today}&kind=sharing`,
        'patientA',
      );
      expect(report.statusCode, report.body).toBe(200);
      const body = /<tbody>([\s\S]*)<\/tbody>/.exec(report.body)?.[1] ?? '';
      expect(body).toContain('Health information summary sent by email, to dr.addressee@clinic.example');
      expect(body).toContain(`Health information summary sent securely (Direct), to ${DEMO_RECIPIENT_DIRECT_ADDRESS}`);
      expect(body).toContain(
        'Health information summary sent securely (Direct), to dr.unknown@direct.nowhere.example (not completed)',
      );

      // The application log has the failure, without any address (audit rows are the database's, not the log's).
      expect(logs.text()).toContain('health summary Direct send failed');
      expect(logs.text()).not.toMatch(/dr\.addressee|dr\.unknown|dr\.lee|clinic\.example|nowhere\.example/);
    } finally {
      await logged.close();
      await down.close();
    }
  });
});
