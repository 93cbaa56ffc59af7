-- Read state of secure messages is per reader (issue 32, finding 4): the patient and each authorised
-- representative have their own. A representative reading a message left it read for the patient, because the
-- patient's thread member held the one flag (are_messages_reviewed, reviewed_at) for everyone on the patient's
-- side. Now each reader's reading is a row per message read: reader is 'patient' (the patient's own account) or
-- 'user:<id>' (a representative), as questionnaire drafts name their authors (0034). A thread is unread for a
-- reader while a message of the care team in it has no row of theirs; reviewedOnDate is their newest read_at.
-- patient_id and thread_id are the message's, copied so a reader's rows of a patient and of a thread are found by
-- the index alone.
CREATE TABLE secure_message_reads (
  message_id integer NOT NULL REFERENCES secure_messages (id) ON DELETE CASCADE,
  reader text NOT NULL CHECK (reader = 'patient' OR reader ~ '^user:[0-9]+$'),
  patient_id integer NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
  thread_id integer NOT NULL REFERENCES message_threads (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (message_id, reader)
);
-- A reader's reads of a patient's threads (the list's reviewedOnDate per thread).
CREATE INDEX secure_message_reads_reader_idx ON secure_message_reads (patient_id, reader, thread_id);
-- The unread count per reader per patient: the patient's messages from the care team, each looked up in the
-- primary key (message_id, reader).
CREATE INDEX secure_messages_care_team_idx ON secure_messages (patient_id, thread_id, id) WHERE NOT from_patient;

-- The old flag meant the patient's side had read the thread, which is what the patient reads: the reads so far
-- are the patient's. A thread marked read: every message in it was read (at reviewed_at, or when it was sent if
-- no time was kept). A thread unread that had been read before: what came before reviewed_at was read, except
-- the care team's newest message, so it stays unread (whether a new message came in or it was marked unread).
INSERT INTO secure_message_reads (message_id, reader, patient_id, thread_id, read_at)
  SELECT m.id, 'patient', m.patient_id, m.thread_id, coalesce(pm.reviewed_at, m.sent_at)
    FROM secure_messages m
    JOIN message_thread_members pm ON pm.thread_id = m.thread_id AND pm.patient_id = m.patient_id
   WHERE pm.are_messages_reviewed
      OR (pm.reviewed_at IS NOT NULL AND m.sent_at <= pm.reviewed_at
          AND m.id < (SELECT max(newest.id) FROM secure_messages newest
                       WHERE newest.thread_id = m.thread_id AND NOT newest.from_patient));

-- The patient's member keeps only is_archived (shared by everyone on the patient's side); its read columns are
-- the care provider's member's alone from now on, and stay cleared on the patient's.
DROP INDEX message_thread_members_unread_idx;
UPDATE message_thread_members SET are_messages_reviewed = true, reviewed_at = NULL WHERE patient_id IS NOT NULL;
ALTER TABLE message_thread_members ADD CONSTRAINT message_thread_members_patient_read_state
  CHECK (patient_id IS NULL OR (are_messages_reviewed AND reviewed_at IS NULL));
