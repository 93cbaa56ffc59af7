import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecondApp, type TestApp } from '../../../test/api';
import { createTestApp } from '../../../test/helpers';
import { devDirectMessages } from '../../db/schema/index';
import { DirectRecipientUnknownError } from '../../platform/direct/direct-sender';
import { devDirectFolder, ensureDevDirectCertificates, type DevDirectMessage } from '../../platform/direct/dev-direct';
import { directMode } from '../../platform/direct/direct-service';
import { DEMO_FACILITY_DIRECT_ADDRESS, DEMO_RECIPIENT_DIRECT_ADDRESS } from '../../platform/direct/test-certificates';

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<ClinicalDocument>é 漢字</ClinicalDocument>\n';
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80]);

describe('development Direct', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dev-direct-'));
    t = await createTestApp({ config: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the mode outside production without DIRECT_*, and there is none in production without it', () => {
    expect(t.app.deps.direct?.mode).toBe('development');
    expect(directMode({ env: 'development', direct: undefined })).toBe('development');
    expect(directMode({ env: 'production', direct: undefined })).toBeNull();
    const direct = { smtpUrl: 'smtp://h', certFile: 'c', keyFile: 'k', from: 'a@b.example', trustDir: 't' };
    expect(directMode({ env: 'production', direct })).toBe('hisp');
    // Nothing is written until a message is sent.
    expect(readdir(dataDir)).toEqual([]);
  });

  it('writes the demo certificates once, even when asked twice at the same time', async () => {
    const dir = path.join(dataDir, 'race', 'direct-dev');
    await Promise.all([ensureDevDirectCertificates(dir), ensureDevDirectCertificates(dir)]);
    const facility = readFileSync(path.join(dir, 'facility.cert.pem'), 'utf8');
    await ensureDevDirectCertificates(dir);
    expect(readFileSync(path.join(dir, 'facility.cert.pem'), 'utf8')).toBe(facility);
    expect(readdir(path.dirname(dir))).toEqual(['direct-dev']);
    expect(readdir(path.join(dir, 'trust'))).toEqual([`${DEMO_RECIPIENT_DIRECT_ADDRESS}.pem`]);
  });

  it('keeps a sent message signed and encrypted, and the mailbox opens it with the demo recipient key', async () => {
    const sender = await t.app.deps.direct!.sender();
    expect(await t.app.deps.direct!.sender()).toBe(sender);
    await sender.sendDirect({
      to: DEMO_RECIPIENT_DIRECT_ADDRESS,
      subject: 'Health summary from <Riverside>',
      text: 'A patient sent you their summary.\n<script>alert(1)</script>',
      attachments: [
        { filename: 'HealthSummary_2024-03-05_7.xml', contentType: 'application/xml', content: Buffer.from(XML) },
        { filename: 'HealthSummary_2024-03-05_7.pdf', contentType: 'application/pdf', content: PDF },
      ],
    });
    const [row] = await t.database.db.select().from(devDirectMessages);
    expect(row?.fromAddress).toBe(DEMO_FACILITY_DIRECT_ADDRESS);
    expect(row?.toAddress).toBe(DEMO_RECIPIENT_DIRECT_ADDRESS);
    const raw = Buffer.from(row!.raw).toString('latin1');
    expect(raw).toMatch(/content-type: application\/pkcs7-mime; smime-type=enveloped-data/i);
    expect(raw).not.toContain('ClinicalDocument');
    expect(raw).not.toContain('A patient sent you');
    expect(readdir(devDirectFolder(dataDir))).toContain('recipient.key.pem');

    const res = await t.app.inject({ url: '/api/dev/direct' });
    expect(res.statusCode).toBe(200);
    const [message] = res.json<DevDirectMessage[]>();
    expect(message).toMatchObject({
      id: row!.id,
      envelopeFrom: DEMO_FACILITY_DIRECT_ADDRESS,
      envelopeTo: DEMO_RECIPIENT_DIRECT_ADDRESS,
      error: null,
      opened: {
        from: DEMO_FACILITY_DIRECT_ADDRESS,
        to: DEMO_RECIPIENT_DIRECT_ADDRESS,
        subject: 'Health summary from <Riverside>',
        signerAddresses: [DEMO_FACILITY_DIRECT_ADDRESS],
        text: 'A patient sent you their summary.\r\n<script>alert(1)</script>',
        attachments: [
          { index: 0, fileName: 'HealthSummary_2024-03-05_7.xml', contentType: 'application/xml' },
          { index: 1, fileName: 'HealthSummary_2024-03-05_7.pdf', contentType: 'application/pdf', sizeBytes: 8 },
        ],
      },
    });

    const page = await t.app.inject({ url: '/dev/direct', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Developer Direct mailbox</title>');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('Health summary from &lt;Riverside&gt;');
    expect(page.body).toContain('Verified: ');
    expect(page.body).toContain(
      `href="/dev/direct/attachment?messageId=${row!.id}&amp;index=1" download>HealthSummary_2024-03-05_7.pdf</a>`,
    );

    const xml = await t.app.inject({ url: `/dev/direct/attachment?messageId=${row!.id}&index=0` });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toBe('attachment; filename="HealthSummary_2024-03-05_7.xml"');
    expect(xml.body).toBe(XML);
    const pdf = await t.app.inject({ url: `/dev/direct/attachment?messageId=${row!.id}&index=1` });
    expect(new Uint8Array(pdf.rawPayload)).toEqual(PDF);
    expect((await t.app.inject({ url: `/dev/direct/attachment?messageId=${row!.id}&index=2` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/dev/direct/attachment?messageId=${row!.id + 99}&index=0` })).statusCode).toBe(
      404,
    );
  });

  it('refuses a recipient the development trust folder does not hold, keeping nothing', async () => {
    const before = (await t.database.db.select().from(devDirectMessages)).length;
    const sender = await t.app.deps.direct!.sender();
    await expect(
      sender.sendDirect({ to: 'someone@direct.elsewhere.example', subject: 'x', text: 'y' }),
    ).rejects.toBeInstanceOf(DirectRecipientUnknownError);
    expect(await t.database.db.select().from(devDirectMessages)).toHaveLength(before);
  });

  it('shows a message it cannot open as such', async () => {
    await t.database.db.insert(devDirectMessages).values({
      fromAddress: DEMO_FACILITY_DIRECT_ADDRESS,
      toAddress: DEMO_RECIPIENT_DIRECT_ADDRESS,
      raw: Buffer.from('Content-Type: text/plain\r\n\r\nnot encrypted'),
    });
    const [message] = (await t.app.inject({ url: '/api/dev/direct?limit=1' })).json<DevDirectMessage[]>();
    expect(message).toMatchObject({ opened: null, error: 'not_enveloped' });
    const page = await t.app.inject({ url: '/dev/direct' });
    expect(page.body).toContain('Could not be opened');
    expect((await t.app.inject({ url: `/dev/direct/attachment?messageId=${message!.id}&index=0` })).statusCode).toBe(
      404,
    );
  });

  it('answers only callers on this machine, and does not exist in production', async () => {
    for (const url of ['/api/dev/direct', '/dev/direct']) {
      expect((await t.app.inject({ url, remoteAddress: '203.0.113.7' })).statusCode, url).toBe(404);
    }
    const production = await openSecondApp(t, { config: { NODE_ENV: 'production', DATA_DIR: dataDir } });
    try {
      expect(production.app.deps.direct).toBeNull();
      for (const url of ['/api/dev/direct', '/dev/direct', '/dev/direct/attachment?messageId=1&index=0']) {
        expect((await production.app.inject({ url })).statusCode, url).toBe(404);
      }
      expect(production.app.routeTable.some((r) => r.url.includes('/dev/direct'))).toBe(false);
    } finally {
      await production.close();
    }
  });
});

function readdir(dir: string): string[] {
  return readdirSync(dir).sort();
}
