import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPglite, type Database } from '../../db/client';
import { loadMigrations, migrate } from '../../db/migrate';

// Migration 0037 (issue 32, finding 4): the one read flag of the patient's thread member becomes the patient's own
// reads, message by message, and the member keeps no read state.

const READS = '0037_message_reads.sql';
let database: Database;

const query = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  database.session((s) => s.query<T>(text, params));
const one = async (text: string, params: unknown[] = []) => (await query<{ id: number }>(text, params))[0]!.id;

type Written =
  | 'jane'
  | 'robert'
  | 'patient'
  | 'noAccount'
  | 'provider'
  | 'read'
  | 'readProvider'
  | 'readAnswer'
  | 'newer'
  | 'newerFirst'
  | 'newerSecond'
  | 'markedUnread'
  | 'markedUnreadMessage'
  | 'never'
  | 'neverMessage'
  | 'noTime'
  | 'noTimeMessage';
/** Ids of what the test wrote before the migration. */
const ids = {} as Record<Written, number>;

beforeAll(async () => {
  database = wrapPglite(await PGlite.create());
  const before = loadMigrations().filter((m) => m.name < READS);
  await migrate(database, before);

  await query(`insert into themes (id, name, colors) values (901, 'Test', '{}') on conflict do nothing`);
  await query(`insert into languages (id, code, display_name) values (901, 'xx', 'Test') on conflict do nothing`);
  const facility = await one(
    `insert into facilities (name, portal_name, short_name, theme_id, time_zone_id, default_language_id)
     values ('Test', 'Test Portal', 'Test', 901, 'America/New_York', 901) returning id`,
  );
  const user = (name: string) =>
    one(`insert into users (facility_id, username, first_name, last_name) values ($1, $2, $2, 'Doe') returning id`, [
      facility,
      name,
    ]);
  ids.jane = await user('jane.test');
  ids.robert = await user('robert.test');
  const patient = (mrn: string, userId: number | null) =>
    one(
      `insert into patients (home_facility_id, user_id, mrn, first_name, last_name, date_of_birth)
       values ($1, $2, $3, 'P', 'Doe', '1968-01-01') returning id`,
      [facility, userId, mrn],
    );
  ids.patient = await patient('MRN-1', ids.jane);
  // A patient who has no account yet: what the flag said is still the patient's.
  ids.noAccount = await patient('MRN-2', null);
  ids.provider = await one(
    `insert into care_providers (facility_id, first_name, last_name) values ($1, 'Priya', 'Raman') returning id`,
    [facility],
  );

  /** A thread with its members: the patient's in the old read state given. */
  const thread = async (patientId: number, reviewed: boolean, reviewedAt: string | null) => {
    const id = await one(
      `insert into message_threads (patient_id, care_provider_id, subject) values ($1, $2, 'S') returning id`,
      [patientId, ids.provider],
    );
    await query(
      `insert into message_thread_members (thread_id, patient_id, are_messages_reviewed, reviewed_at)
       values ($1, $2, $3, $4)`,
      [id, patientId, reviewed, reviewedAt],
    );
    await query(`insert into message_thread_members (thread_id, care_provider_id) values ($1, $2)`, [id, ids.provider]);
    return id;
  };
  const message = (threadId: number, patientId: number, fromPatient: boolean, sentAt: string) =>
    one(
      `insert into secure_messages (thread_id, patient_id, from_patient, care_provider_id, author_user_id,
         author_first_name, author_last_name, sender_display_name, content, sent_at)
       values ($1, $2, $3, $4, $5, 'A', 'B', 'A B', '<p>x</p>', $6) returning id`,
      [threadId, patientId, fromPatient, fromPatient ? null : ids.provider, fromPatient ? ids.jane : null, sentAt],
    );

  // Read: a provider's message and the patient's answer, read at 12:00.
  ids.read = await thread(ids.patient, true, '2026-01-05T12:00:00Z');
  ids.readProvider = await message(ids.read, ids.patient, false, '2026-01-05T09:00:00Z');
  ids.readAnswer = await message(ids.read, ids.patient, true, '2026-01-05T11:00:00Z');
  // Read on the 6th, then a new message of the care team on the 7th: unread.
  ids.newer = await thread(ids.patient, false, '2026-01-06T12:00:00Z');
  ids.newerFirst = await message(ids.newer, ids.patient, false, '2026-01-06T09:00:00Z');
  ids.newerSecond = await message(ids.newer, ids.patient, false, '2026-01-07T09:00:00Z');
  // Read, then marked unread again (reviewed_at kept): unread.
  ids.markedUnread = await thread(ids.patient, false, '2026-01-08T12:00:00Z');
  ids.markedUnreadMessage = await message(ids.markedUnread, ids.patient, false, '2026-01-08T09:00:00Z');
  // Never read.
  ids.never = await thread(ids.patient, false, null);
  ids.neverMessage = await message(ids.never, ids.patient, false, '2026-01-09T09:00:00Z');
  // Read, with no time kept: read when sent.
  ids.noTime = await thread(ids.noAccount, true, null);
  ids.noTimeMessage = await message(ids.noTime, ids.noAccount, false, '2026-01-10T09:00:00Z');

  expect(
    await migrate(
      database,
      loadMigrations().filter((m) => m.name === READS),
    ),
  ).toEqual([READS]);
});

afterAll(async () => {
  await database?.close();
});

type Read = { message_id: number; reader: string; thread_id: number; patient_id: number; read_at: Date };
const readsOf = (threadId: number) =>
  query<Read>(`select * from secure_message_reads where thread_id = $1 order by message_id`, [threadId]).then((rows) =>
    rows.map((r) => ({ ...r, read_at: new Date(r.read_at).toISOString() })),
  );

describe('migration 0037: read state per reader', () => {
  it('carries a thread read to the patient’s reads of each of its messages, at the time it was read', async () => {
    const at = '2026-01-05T12:00:00.000Z';
    expect(await readsOf(ids.read)).toEqual([
      { message_id: ids.readProvider, reader: 'patient', thread_id: ids.read, patient_id: ids.patient, read_at: at },
      { message_id: ids.readAnswer, reader: 'patient', thread_id: ids.read, patient_id: ids.patient, read_at: at },
    ]);
    // No time kept: read when it was sent; a patient without an account keeps what the flag said.
    expect(await readsOf(ids.noTime)).toEqual([
      {
        message_id: ids.noTimeMessage,
        reader: 'patient',
        thread_id: ids.noTime,
        patient_id: ids.noAccount,
        read_at: '2026-01-10T09:00:00.000Z',
      },
    ]);
  });

  it('keeps an unread thread unread: what was read before stays read, the care team’s newest message is not', async () => {
    expect(await readsOf(ids.newer)).toEqual([
      {
        message_id: ids.newerFirst,
        reader: 'patient',
        thread_id: ids.newer,
        patient_id: ids.patient,
        read_at: '2026-01-06T12:00:00.000Z',
      },
    ]);
    expect(await readsOf(ids.markedUnread)).toEqual([]);
    expect(await readsOf(ids.never)).toEqual([]);
  });

  it('gives no reader but the patient anything, and clears the patient’s member, which may keep none', async () => {
    const readers = await query<{ reader: string }>(`select distinct reader from secure_message_reads`);
    expect(readers).toEqual([{ reader: 'patient' }]);
    const members = await query<{ are_messages_reviewed: boolean; reviewed_at: Date | null }>(
      `select are_messages_reviewed, reviewed_at from message_thread_members where patient_id is not null`,
    );
    expect(members).toHaveLength(5);
    expect(members.every((m) => m.are_messages_reviewed && m.reviewed_at === null)).toBe(true);
    await expect(
      query(
        `update message_thread_members set are_messages_reviewed = false where thread_id = $1 and patient_id = $2`,
        [ids.read, ids.patient],
      ),
    ).rejects.toThrow(/message_thread_members_patient_read_state/);
    await expect(
      query(
        `insert into secure_message_reads (message_id, reader, patient_id, thread_id, read_at) values ($1, $2, $3, $4, now())`,
        [ids.neverMessage, 'robert', ids.patient, ids.never],
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
