-- The title and description a questionnaire list shows, kept beside the definition they come from. A definition is
-- 20 to 30 KB of JSON, stored compressed out of line: `definition -> 'title'` decompressed all of it for every row of
-- every list (a third of the embedded server's time on the questionnaires list).
ALTER TABLE questionnaire_templates
  ADD COLUMN definition_title jsonb GENERATED ALWAYS AS (definition -> 'title') STORED,
  ADD COLUMN definition_description jsonb GENERATED ALWAYS AS (definition -> 'description') STORED;
