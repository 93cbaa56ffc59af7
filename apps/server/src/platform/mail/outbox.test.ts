import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { eq } from 'drizzle-orm';
import { mailOutbox, mailOutboxAttachments } from '../../db/schema/index';
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
      replyTo: null,
      attachments: [],
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

  describe('attachments and Reply-To', () => {
    const xml = new TextEncoder().encode('<ClinicalDocument>é</ClinicalDocument>');
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    const files = [
      { fileName: 'HealthSummary_2024-03-05_7.xml', contentType: 'application/xml; charset=utf-8', content: xml },
      { fileName: 'HealthSummary_2024-03-05_7.pdf', contentType: 'application/pdf', content: pdf },
    ];

    it('stores the files and the reply-to with the mail, in the caller transaction', async () => {
      const rollback = new Error('rollback');
      await expect(
        database.db.transaction(async (tx) => {
          await outbox.enqueue(tx, { ...mail('files.rolled@example.org'), attachments: files });
          throw rollback;
        }),
      ).rejects.toBe(rollback);
      expect(await outbox.list({ to: 'files.rolled@example.org' })).toEqual([]);

      const id = await database.db.transaction((tx) =>
        outbox.enqueue(tx, { ...mail('files@example.org'), replyTo: 'jane.doe@example.org', attachments: files }),
      );
      const [listed] = await outbox.list({ to: 'files@example.org' });
      expect(listed?.replyTo).toBe('jane.doe@example.org');
      expect(listed?.attachments).toEqual([
        {
          id: expect.any(Number),
          fileName: files[0]!.fileName,
          contentType: 'application/xml; charset=utf-8',
          sizeBytes: xml.length,
        },
        { id: expect.any(Number), fileName: files[1]!.fileName, contentType: 'application/pdf', sizeBytes: pdf.length },
      ]);
      const stored = await outbox.attachment(id, listed!.attachments[1]!.id);
      expect(stored?.fileName).toBe(files[1]!.fileName);
      expect(new Uint8Array(stored!.content)).toEqual(pdf);
      // Another mail's id does not open this mail's file.
      expect(await outbox.attachment(id + 1000, listed!.attachments[1]!.id)).toBeUndefined();
    });

    it('writes a mail with files whole outside any transaction too', async () => {
      const id = await outbox.enqueue(database.db, { ...mail('files.direct@example.org'), attachments: files });
      const rows = await database.db
        .select({ id: mailOutboxAttachments.id })
        .from(mailOutboxAttachments)
        .where(eq(mailOutboxAttachments.outboxId, id));
      expect(rows).toHaveLength(2);
    });

    it.each([
      ['a reply-to with a line break', { replyTo: 'a@example.org\r\nBcc: b@example.org' }],
      ['a list as reply-to', { replyTo: 'a@example.org, b@example.org' }],
      ['a display name as reply-to', { replyTo: 'A <a@example.org>' }],
      ['an empty file name', { attachments: [{ ...files[0]!, fileName: ' ' }] }],
      ['a file name with a path', { attachments: [{ ...files[0]!, fileName: '../etc/passwd' }] }],
      ['a file name with a line break', { attachments: [{ ...files[0]!, fileName: 'a\r\nX-Injected: 1.xml' }] }],
      ['a file name too long', { attachments: [{ ...files[0]!, fileName: `${'a'.repeat(201)}.xml` }] }],
      ['a media type with a line break', { attachments: [{ ...files[0]!, contentType: 'text/plain; x="\r\n"' }] }],
      ['a media type with a stray parameter', { attachments: [{ ...files[0]!, contentType: 'text/plain; charset' }] }],
      ['no media type', { attachments: [{ ...files[0]!, contentType: '' }] }],
      ['content that is no bytes', { attachments: [{ ...files[0]!, content: 'text' as unknown as Uint8Array }] }],
    ])('refuses %s and stores nothing', async (_name, extra) => {
      const to = `refused.${Math.random().toString(36).slice(2)}@example.org`;
      await expect(outbox.enqueue(database.db, { ...mail(to), ...extra })).rejects.toBeInstanceOf(InvalidMailError);
      expect(await outbox.list({ to })).toEqual([]);
    });
  });

  it('tells its listeners when queued mail has committed', () => {
    const heard: string[] = [];
    const stop = outbox.onQueued(() => heard.push('a'));
    outbox.onQueued(() => heard.push('b'));
    outbox.notifyQueued();
    stop();
    outbox.notifyQueued();
    expect(heard).toEqual(['a', 'b', 'b']);
  });
});
