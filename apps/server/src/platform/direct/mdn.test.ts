import { beforeAll, describe, expect, it } from 'vitest';
import { NotificationError, openNotification, readNotification } from './mdn';
import {
  createTestAuthority,
  DEMO_FACILITY_DIRECT_ADDRESS,
  DEMO_RECIPIENT_DIRECT_ADDRESS,
  issueDirectCertificate,
  type DirectTestCertificate,
  type TestCertificateAuthority,
} from './test-certificates';
import { encryptedNotification, testDsn, testMdn } from './test-notifications';

const ID = '<c0ffee.1234@direct.riverside-cancer.example>';
const mdn = (disposition: string, finalDestination = false) =>
  testMdn({
    from: DEMO_RECIPIENT_DIRECT_ADDRESS,
    to: DEMO_FACILITY_DIRECT_ADDRESS,
    originalMessageId: ID,
    disposition,
    finalDestination,
  });

describe('readNotification', () => {
  it.each([
    ['processed', false, 'processed'],
    ['dispatched', true, 'delivered'],
    ['displayed', false, 'delivered'],
    ['failed', false, 'failed'],
    ['deleted', false, 'failed'],
  ] as const)('reads an MDN %s as %s', (disposition, finalDestination, outcome) => {
    expect(readNotification(mdn(disposition, finalDestination))).toEqual({
      kind: 'mdn',
      originalMessageId: ID,
      disposition,
      outcome,
      finalDestination,
      from: DEMO_RECIPIENT_DIRECT_ADDRESS,
    });
  });

  it('reads a DSN whose action is failed as failed, naming the message by its returned headers', () => {
    const dsn = testDsn({
      to: DEMO_FACILITY_DIRECT_ADDRESS,
      recipient: DEMO_RECIPIENT_DIRECT_ADDRESS,
      originalMessageId: ID,
      action: 'failed',
    });
    expect(readNotification(dsn)).toMatchObject({ kind: 'dsn', originalMessageId: ID, outcome: 'failed' });
    const delayed = dsn.replace('Action: failed', 'Action: delayed');
    expect(readNotification(delayed)).toMatchObject({ kind: 'dsn', outcome: null });
  });

  it('refuses what is no notification, and one that names no message', () => {
    expect(() => readNotification('From: a@b.example\r\nContent-Type: text/plain\r\n\r\nhello\r\n')).toThrow(
      NotificationError,
    );
    const nameless = mdn('processed').replace(`Original-Message-ID: ${ID}\r\n`, '');
    expect(() => readNotification(nameless)).toThrow(expect.objectContaining({ code: 'no_original_message_id' }));
  });
});

describe('openNotification', () => {
  let authority: TestCertificateAuthority;
  let facility: DirectTestCertificate;
  let recipient: DirectTestCertificate;
  let other: DirectTestCertificate;
  beforeAll(async () => {
    authority = await createTestAuthority();
    [facility, recipient, other] = await Promise.all([
      issueDirectCertificate(authority, { address: DEMO_FACILITY_DIRECT_ADDRESS }),
      issueDirectCertificate(authority, { address: DEMO_RECIPIENT_DIRECT_ADDRESS }),
      issueDirectCertificate(authority, { address: 'dr.kim@direct.elsewhere.example' }),
    ]);
  });
  const headers = { from: DEMO_RECIPIENT_DIRECT_ADDRESS, to: DEMO_FACILITY_DIRECT_ADDRESS };

  it('opens one encrypted to the facility and signed by the recipient, checking the signer', async () => {
    const raw = await encryptedNotification(mdn('processed'), recipient, facility.certificatePem, headers);
    const read = await openNotification(raw, { recipient: facility, trustedSigners: [authority.certificatePem] });
    expect(read).toMatchObject({ kind: 'mdn', outcome: 'processed', originalMessageId: ID });
  });

  it('refuses one signed by an untrusted certificate, or by another address than its sender', async () => {
    const raw = await encryptedNotification(mdn('failed'), recipient, facility.certificatePem, headers);
    await expect(openNotification(raw, { recipient: facility, trustedSigners: [] })).rejects.toThrow(
      expect.objectContaining({ code: 'cannot_open' }),
    );
    const forged = await encryptedNotification(mdn('failed'), other, facility.certificatePem, headers);
    await expect(
      openNotification(forged, { recipient: facility, trustedSigners: [authority.certificatePem] }),
    ).rejects.toThrow(/not bound to its sender/);
  });

  it('refuses an encrypted one where the portal holds no key (mode hisp)', async () => {
    const raw = await encryptedNotification(mdn('processed'), recipient, facility.certificatePem, headers);
    await expect(openNotification(raw, {})).rejects.toThrow(expect.objectContaining({ code: 'cannot_open' }));
  });
});
