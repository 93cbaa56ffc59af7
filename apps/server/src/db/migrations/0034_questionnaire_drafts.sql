-- A draft belongs to the person who wrote it (issue 32, finding 1): the patient's own (their account, the kiosk, a
-- link they were sent) and each representative's are separate, and none is shown to another. "Yes, I want to
-- cancel" deletes the caller's draft. The drafts saved so far were the patient's record's only one: kept as the
-- patient's.
CREATE TABLE questionnaire_drafts (
  assignment_id integer NOT NULL REFERENCES questionnaire_assignments (id) ON DELETE CASCADE,
  -- 'patient', or 'user:<id>' for a representative.
  author text NOT NULL CHECK (author = 'patient' OR author ~ '^user:[0-9]+$'),
  answers jsonb NOT NULL,
  saved_at timestamptz NOT NULL,
  PRIMARY KEY (assignment_id, author)
);
INSERT INTO questionnaire_drafts (assignment_id, author, answers, saved_at)
  SELECT id, 'patient', draft_answers, draft_saved_at
    FROM questionnaire_assignments WHERE draft_saved_at IS NOT NULL;
ALTER TABLE questionnaire_assignments DROP COLUMN draft_answers, DROP COLUMN draft_saved_at;
