import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import { InvalidMailError, isPlausibleAddress, MailOutbox } from './outbox';

let database: Database;
let outbox: MailOutbox;

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = new MailOutbox(database.db);
});
afterAll(async () => {
  await database.close();
});

const mail = (to: string, subject = 'Welcome') => ({ to, subject, text: 'Hello there' });

describe('MailOutbox', () => {
  it('queues mail in the caller transaction: a rollback leaves no row', async () => {
    const rollback = new Error('rollback');
    await expect(
      database.db.transaction(async (tx) => {
        const id = await outbox.enqueue(tx, mail('rolled.back@example.org'));
        expect(id).toBeGreaterThan(0);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await outbox.list({ to: 'rolled.back@example.org' })).toEqual([]);

    const id = await database.db.transaction((tx) => outbox.enqueue(tx, mail('committed@example.org')));
    const [row] = await outbox.list({ to: 'committed@example.org' });
    expect(row?.id).toBe(id);
  });

  it('lists newest first with every field, filters by recipient and limits', async () => {
    const first = await outbox.enqueue(database.db, {
      to: 'List.Me@example.org',
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
    });
    const second = await outbox.enqueue(database.db, mail('list.me@example.org', 'Second'));
    await outbox.enqueue(database.db, mail('someone.else@example.org'));

    const listed = await outbox.list({ to: 'LIST.me@example.org' });
    expect(listed.map((m) => m.id)).toEqual([second, first]);
    const [, firstRow] = listed;
    expect(firstRow).toEqual({
      id: first,
      to: 'List.Me@example.org',
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sentAt: null,
    });
    expect(listed[0]?.html).toBeNull();

    const all = await outbox.list();
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
    expect(await outbox.list({ limit: 1 })).toHaveLength(1);
  });

  it.each([
    ['victim@example.org\r\nBcc: everyone@example.org', 'Hi'],
    ['victim@example.org\nBcc: everyone@example.org', 'Hi'],
    ['victim@example.org', 'Hi\r\nBcc: everyone@example.org'],
    ['victim@example.org', 'Hi\nX-Injected: yes'],
    ['victim@example.org', 'Hi\rthere'],
    ['a@example.org, b@example.org', 'Hi'],
    ['a@example.org;b@example.org', 'Hi'],
    ['Someone <a@example.org>', 'Hi'],
    ['not-an-address', 'Hi'],
    ['a@b', 'Hi'],
    [' a@example.org', 'Hi'],
    ['', 'Hi'],
    ['a@example.org', ''],
  ])('refuses header injection and implausible recipients: %j / %j', async (to, subject) => {
    await expect(outbox.enqueue(database.db, { to, subject, text: 'x' })).rejects.toBeInstanceOf(InvalidMailError);
    const rows = await database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox);
    expect(rows.some((r) => r.to === to)).toBe(false);
  });

  it('accepts ordinary addresses', () => {
    for (const to of [
      'a@example.org',
      'first.last+tag@sub.example.co.uk',
      "o'brien@example.ie",
      'x_y-z@xn--bcher-kva.example',
    ]) {
      expect(isPlausibleAddress(to), to).toBe(true);
    }
    expect(isPlausibleAddress(`${'a'.repeat(65)}@example.org`)).toBe(false);
    expect(isPlausibleAddress('a..b@example.org')).toBe(false);
  });
});
