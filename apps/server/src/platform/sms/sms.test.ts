import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ConfigError, loadConfig } from '../../config';
import { smsOutbox } from '../../db/schema/index';
import { createHttpSmsGateway, toE164 } from './gateway';
import { InvalidSmsError, type SmsOutboxMessage } from './outbox';
import { SmsSender } from './sender';
import { startTestSmsGateway, type TestSmsGateway } from './test-gateway';

const quiet = { info() {}, warn() {}, error() {} };

describe('the SMS outbox, sender and gateway', () => {
  let t: TestApp;
  let gateway: TestSmsGateway;

  beforeAll(async () => {
    t = await createTestApp();
    gateway = await startTestSmsGateway();
  });
  afterAll(async () => {
    await gateway.close();
    await t.close();
  });

  function sender(url = gateway.url.replace('http://', 'http://AC1:secret@'), token?: string) {
    return new SmsSender({
      db: t.database.db,
      gateway: createHttpSmsGateway({ url, from: '+15555550100', ...(token ? { token } : {}) }),
      countryCode: '1',
      log: quiet,
      backoffMs: () => 0,
      maxAttempts: 2,
      // A run a moment after the queueing: PostgreSQL stamps next_attempt_at to the microsecond, so a claim in the
      // same millisecond would find the row not yet due.
      now: () => new Date(Date.now() + 1_000),
    });
  }

  it('queues in the caller transaction only', async () => {
    const { smsOutbox: outbox } = t.app.deps;
    await expect(
      t.database.db.transaction(async (tx) => {
        await outbox.enqueue(tx, { to: '555 555 0101', body: 'rolled back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await outbox.list()).map((m) => m.body)).not.toContain('rolled back');
    await expect(outbox.enqueue(t.database.db, { to: 'call me', body: 'x' })).rejects.toBeInstanceOf(InvalidSmsError);
    await expect(outbox.enqueue(t.database.db, { to: '5555550101', body: ' ' })).rejects.toBeInstanceOf(
      InvalidSmsError,
    );
  });

  it('posts To, From and Body as a form with Basic credentials from SMS_URL, and marks the row sent', async () => {
    const id = await t.app.deps.smsOutbox.enqueue(t.database.db, { to: '(555) 555-0101', body: 'Hello' });
    expect(await sender().deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [got] = gateway.received.splice(0);
    expect(got?.path).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(got?.form).toEqual({ To: '+15555550101', From: '+15555550100', Body: 'Hello' });
    expect(got?.headers.authorization).toBe(`Basic ${Buffer.from('AC1:secret').toString('base64')}`);
    expect(got?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, toNumber: '5555550101' });
    expect(await sender().deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('sends a bearer token when SMS_TOKEN is set', async () => {
    await t.app.deps.smsOutbox.enqueue(t.database.db, { to: '+447700900123', body: 'Hi' });
    await sender(gateway.url, 'tok-1').deliverDue();
    const [got] = gateway.received.splice(0);
    expect(got?.headers.authorization).toBe('Bearer tok-1');
    expect(got?.form.To).toBe('+447700900123');
  });

  it('retries a refused text, then gives up, recording the error without the number', async () => {
    gateway.answerWith(500);
    const id = await t.app.deps.smsOutbox.enqueue(t.database.db, { to: '5555550102', body: 'Retry me' });
    expect(await sender().deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await sender().deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row?.lastError).toContain('500');
    expect(row?.lastError).not.toContain('5555550102');
    gateway.answerWith(201);
    gateway.received.splice(0);
  });

  it('two senders side by side send each text once', async () => {
    for (let i = 0; i < 5; i++) await t.app.deps.smsOutbox.enqueue(t.database.db, { to: '5555550103', body: `n${i}` });
    const [a, b] = await Promise.all([sender().deliverDue(), sender().deliverDue()]);
    expect(a.sent + b.sent).toBe(5);
    expect(
      gateway.received
        .splice(0)
        .map((r) => r.form.Body)
        .sort(),
    ).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
  });

  it('E.164: ten digits get the country code, a + number stays', () => {
    expect(toE164('5555550101', '1')).toBe('+15555550101');
    expect(toE164('+33612345678', '1')).toBe('+33612345678');
  });

  it('the developer SMS inbox lists the texts (JSON and page)', async () => {
    await t.app.deps.smsOutbox.enqueue(t.database.db, { to: '5555550104', body: '<b>tagged</b>' });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms?to=555-555-0104' });
    expect(res.statusCode).toBe(200);
    const list = res.json<SmsOutboxMessage[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ to: '5555550104', body: '<b>tagged</b>', status: 'pending' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/sms' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('&lt;b&gt;tagged&lt;/b&gt;');
    expect(page.body).not.toContain('<b>tagged');
  });

  it('reads SMS_URL with SMS_FROM (required with it), SMS_TOKEN and SMS_COUNTRY_CODE', () => {
    const base = { NODE_ENV: 'test', APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).sms).toBeUndefined();
    expect(() => loadConfig({ ...base, SMS_URL: 'https://sms.example/send' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SMS_URL: 'ftp://sms.example', SMS_FROM: '+1' })).toThrow(/SMS_URL/);
    expect(
      loadConfig({ ...base, SMS_URL: 'https://sms.example/send', SMS_FROM: '+15555550100', SMS_TOKEN: 't' }).sms,
    ).toEqual({ url: 'https://sms.example/send', from: '+15555550100', token: 't', countryCode: '1' });
  });
});
