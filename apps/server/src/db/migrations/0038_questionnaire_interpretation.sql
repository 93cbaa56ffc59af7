-- A facility's interpretation of one of its questionnaire templates (issue 32, finding 6): score bands with their
-- label and safety messages (a crisis line when item 9 of the PHQ-9 is above 0), every text in en, es, fr, pt
-- and zh. Keyed by the template's externalId, not a version: a re-import keeps it. Set by
-- PUT /integration/v1/questionnaire-templates/{externalId}/interpretation; read when a patient's completed
-- questionnaire is shown, in the reader's language.
CREATE TABLE questionnaire_interpretations (
  facility_id integer NOT NULL REFERENCES facilities (id),
  template_external_id text NOT NULL,
  -- modules/questionnaires/definition.ts: StoredInterpretation (bands, safetyMessages; texts as LocalText).
  interpretation jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (facility_id, template_external_id)
);
