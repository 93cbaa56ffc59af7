import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiApp, type TestApp } from '../../../test/api';
import { createTestApp } from '../../../test/helpers';
import type { OutboxMessage } from '../../platform/mail/outbox';

describe('developer mailbox', () => {
  let t: TestApp;
  let welcomeId: number;
  let scriptId: number;

  beforeAll(async () => {
    ({ t } = await openApiApp());
    const { outbox } = t.app.deps;
    welcomeId = await t.database.db.transaction((tx) =>
      outbox.enqueue(tx, {
        to: 'new.patient@example.org',
        subject: 'Confirm your e-mail address',
        text: 'Welcome!\nOpen https://portal.example/confirm?token=abc&x=1 to confirm.',
        html: '<p>Welcome!</p>',
      }),
    );
    scriptId = await outbox.enqueue(t.database.db, {
      to: 'other@example.org',
      subject: '<script>alert("x")</script> & more',
      text: 'Body with <b>tags</b> & "quotes"\n</pre><script>alert(1)</script>',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the outbox as JSON, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<OutboxMessage[]>();
    expect(body.map((m) => m.id)).toEqual([scriptId, welcomeId]);
    expect(body[1]).toEqual({
      id: welcomeId,
      to: 'new.patient@example.org',
      subject: 'Confirm your e-mail address',
      text: 'Welcome!\nOpen https://portal.example/confirm?token=abc&x=1 to confirm.',
      html: '<p>Welcome!</p>',
      replyTo: null,
      attachments: [],
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sentAt: null,
    });
  });

  it('filters by recipient and validates the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=New.Patient%40example.org' });
    expect(res.json<OutboxMessage[]>().map((m) => m.id)).toEqual([welcomeId]);

    const limited = await t.app.inject({ method: 'GET', url: '/api/dev/mail?limit=1' });
    expect(limited.json<OutboxMessage[]>().map((m) => m.id)).toEqual([scriptId]);

    const bad = await t.app.inject({ method: 'GET', url: '/api/dev/mail?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('renders an HTML page with every value escaped and no script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<title>Developer mailbox</title>');
    expect(html).toContain('exists only outside production');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(html).toContain('Body with &lt;b&gt;tags&lt;/b&gt; &amp; &quot;quotes&quot;\n&lt;/pre&gt;&lt;script&gt;');
    expect(html).toContain('new.patient@example.org');
    expect(html).toContain('Confirm your e-mail address');
    expect(html).toContain('<pre');
    for (const heading of ['Date', 'To', 'Subject', 'Status']) expect(html).toContain(`>${heading}</th>`);
    // Links in the text can be followed; the ampersand is escaped in the attribute.
    expect(html).toContain(
      '<a href="https://portal.example/confirm?token=abc&amp;x=1" rel="noreferrer">https://portal.example/confirm?token=abc&amp;x=1</a> to confirm.',
    );
  });

  it('filters the page by recipient and escapes the filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail?to=other%40example.org' });
    expect(res.body).toContain('&lt;script&gt;');
    expect(res.body).not.toContain('new.patient@example.org');

    const odd = await t.app.inject({
      method: 'GET',
      url: `/dev/mail?to=${encodeURIComponent('"><script>x</script>')}`,
    });
    expect(odd.statusCode).toBe(200);
    expect(odd.body).not.toMatch(/<script/i);
    expect(odd.body).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(odd.body).toContain('No mail yet');
  });

  it('shows the Reply-To and the attachments of a mail, each downloadable', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    const id = await t.app.deps.outbox.enqueue(t.database.db, {
      to: 'clinician@example.org',
      subject: 'Health summary',
      text: 'Attached.',
      replyTo: 'jane.doe@example.org',
      attachments: [
        { fileName: 'HealthSummary_2024-03-05_7.xml', contentType: 'application/xml', content: Buffer.from('<x/>') },
        { fileName: 'HealthSummary_2024-03-05_7.pdf', contentType: 'application/pdf', content: pdf },
      ],
    });
    const listed = await t.app.inject({ url: '/api/dev/mail?to=clinician%40example.org' });
    const [message] = listed.json<OutboxMessage[]>();
    expect(message?.replyTo).toBe('jane.doe@example.org');
    expect(message?.attachments.map((a) => [a.fileName, a.contentType, a.sizeBytes])).toEqual([
      ['HealthSummary_2024-03-05_7.xml', 'application/xml', 4],
      ['HealthSummary_2024-03-05_7.pdf', 'application/pdf', 6],
    ]);
    const pdfId = message!.attachments[1]!.id;

    const page = await t.app.inject({ url: '/dev/mail?to=clinician%40example.org' });
    expect(page.body).toContain('Reply-To: jane.doe@example.org');
    expect(page.body).toContain(
      `href="/dev/mail/attachment?mailId=${id}&amp;attachmentId=${pdfId}" download>HealthSummary_2024-03-05_7.pdf</a>`,
    );
    expect(page.body).toContain('(application/pdf, 6 B)');

    const file = await t.app.inject({ url: `/dev/mail/attachment?mailId=${id}&attachmentId=${pdfId}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="HealthSummary_2024-03-05_7.pdf"');
    expect(new Uint8Array(file.rawPayload)).toEqual(pdf);

    expect(
      (await t.app.inject({ url: `/dev/mail/attachment?mailId=${welcomeId}&attachmentId=${pdfId}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/dev/mail/attachment?mailId=${id}` })).statusCode).toBe(400);
  });

  it('answers only callers on this machine', async () => {
    for (const url of ['/api/dev/mail', '/dev/mail']) {
      const remote = await t.app.inject({ url, remoteAddress: '203.0.113.7' });
      expect(remote.statusCode, url).toBe(404);
      const local = await t.app.inject({ url, remoteAddress: '::1' });
      expect(local.statusCode, url).toBe(200);
    }
  });

  it('declares development access on both routes', () => {
    const devRoutes = t.app.routeTable.filter((r) => r.url === '/api/dev/mail' || r.url === '/dev/mail');
    expect(devRoutes).toEqual([
      { method: 'GET', url: '/api/dev/mail', access: 'development' },
      { method: 'GET', url: '/dev/mail', access: 'development' },
    ]);
  });
});

describe('developer mailbox in production', () => {
  it('does not exist', async () => {
    const t = await createTestApp({ config: { NODE_ENV: 'production' } });
    try {
      await t.app.deps.outbox.enqueue(t.database.db, { to: 'a@example.org', subject: 'Secret', text: 'x' });
      for (const url of ['/api/dev/mail', '/dev/mail']) {
        // (No text/html accept header: a built web app would answer page requests with index.html.)
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('Secret');
        expect(res.body).not.toContain('Developer mailbox');
      }
      expect(t.app.routeTable.some((r) => r.url.includes('/dev/mail'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
