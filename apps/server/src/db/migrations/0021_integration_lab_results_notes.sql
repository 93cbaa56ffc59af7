-- Lab results and medical notes through the integration API (issue 12): a facility's system puts a record
-- under its own identifier and may withdraw it.

-- external_id: the facility's own identifier of the record, unique per patient (a PUT of the same identifier
-- replaces the record, keeping its id so links and audit rows still name it). Records made before the API may
-- have none.
-- content_hash: a digest of what the facility sent (the record without the patient's review state), so a
-- resend of the same content is known and changes nothing.
-- withdrawn_at: when the facility withdrew the record (DELETE): it is no longer served to the patient
-- anywhere (lists, details, counts, badges, PDFs, pages), and the row stays for the audit trail.
ALTER TABLE lab_results
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200),
  ADD COLUMN content_hash text,
  ADD COLUMN withdrawn_at timestamptz;
CREATE UNIQUE INDEX lab_results_external_id_idx ON lab_results (patient_id, external_id)
  WHERE external_id IS NOT NULL;

ALTER TABLE medical_notes
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200),
  ADD COLUMN content_hash text,
  ADD COLUMN withdrawn_at timestamptz;
CREATE UNIQUE INDEX medical_notes_external_id_idx ON medical_notes (patient_id, external_id)
  WHERE external_id IS NOT NULL;

-- The badges count published records not reviewed and not withdrawn.
DROP INDEX lab_results_not_reviewed_idx;
CREATE INDEX lab_results_not_reviewed_idx ON lab_results (patient_id)
  WHERE is_published AND NOT is_reviewed_by_patient AND withdrawn_at IS NULL;
DROP INDEX medical_notes_patient_unreviewed_idx;
CREATE INDEX medical_notes_patient_unreviewed_idx ON medical_notes (patient_id)
  WHERE is_published AND NOT is_reviewed_by_patient AND withdrawn_at IS NULL;
