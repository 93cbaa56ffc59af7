-- Treatment summary items and patient education through the integration API (issue 12): a facility's system puts
-- a record under its own identifier and may withdraw it.

-- external_id: the facility's own identifier of the record (a PUT of the same identifier replaces the record,
-- keeping its id so links and audit rows still name it). Records made before the API may have none.
-- content_hash: a digest of what the facility sent, so a resend of the same content is known and changes nothing.
-- withdrawn_at: when the facility withdrew the record (DELETE): the portal no longer shows it anywhere (lists,
-- counts, badges, documents), and the row stays for the audit trail.

-- Treatment summary items: one item of one of the 17 groups, unique per patient.
ALTER TABLE treatment_summary_items
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200),
  ADD COLUMN content_hash text,
  ADD COLUMN withdrawn_at timestamptz;
CREATE UNIQUE INDEX treatment_summary_items_external_id_idx ON treatment_summary_items (patient_id, external_id)
  WHERE external_id IS NOT NULL;
-- The badge counts items not seen and not withdrawn.
DROP INDEX treatment_summary_items_unseen_idx;
CREATE INDEX treatment_summary_items_unseen_idx ON treatment_summary_items (patient_id)
  WHERE NOT is_patient_reviewed AND withdrawn_at IS NULL;

-- Education materials are the facility's library: an article's identifier is unique per facility. A withdrawn
-- material leaves the portal for every patient it was assigned to. language: the language the article is written
-- in (a BCP 47 tag such as en or es-MX), the lang of its document; null: not given.
ALTER TABLE education_materials
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200),
  ADD COLUMN language text CHECK (length(language) BETWEEN 2 AND 35),
  ADD COLUMN content_hash text,
  ADD COLUMN withdrawn_at timestamptz;
CREATE UNIQUE INDEX education_materials_external_id_idx ON education_materials (facility_id, external_id)
  WHERE external_id IS NOT NULL;

-- Education articles are assignments of a material to a patient, under the facility's identifier of the
-- assignment, unique per patient. A material is still assigned to a patient once a day, among the assignments
-- not withdrawn (a withdrawn one stays for the audit trail and may be assigned again under another identifier).
ALTER TABLE education_articles
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200),
  ADD COLUMN withdrawn_at timestamptz,
  DROP CONSTRAINT education_articles_once_a_day;
CREATE UNIQUE INDEX education_articles_once_a_day ON education_articles (patient_id, material_id, assigned_date)
  WHERE withdrawn_at IS NULL;
CREATE UNIQUE INDEX education_articles_external_id_idx ON education_articles (patient_id, external_id)
  WHERE external_id IS NOT NULL;
DROP INDEX education_articles_unread_idx;
CREATE INDEX education_articles_unread_idx ON education_articles (patient_id)
  WHERE read_at IS NULL AND NOT is_archived AND withdrawn_at IS NULL;
