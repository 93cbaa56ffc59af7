-- Appointments, follow-up plans, care providers and care teams through the integration API (issue 12): a
-- facility's system puts a record under its own identifier and may withdraw it.

-- external_id: the facility's own identifier of the record (a PUT of the same identifier replaces the record,
-- keeping its id so links and audit rows still name it). Records made before the API may have none.
-- content_hash: a digest of what the facility sent, so a resend of the same content is known and changes nothing.
-- withdrawn_at: when the facility withdrew the record (DELETE): the portal no longer shows it anywhere, and the
-- row stays for the audit trail.

-- Appointments: unique per patient.
ALTER TABLE appointments
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200),
  ADD COLUMN content_hash text,
  ADD COLUMN withdrawn_at timestamptz;
CREATE UNIQUE INDEX appointments_external_id_idx ON appointments (patient_id, external_id)
  WHERE external_id IS NOT NULL;

-- Follow-up plans: unique per patient; the plan is put as a whole, its items and their tasks with it.
ALTER TABLE follow_up_plans
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200),
  ADD COLUMN content_hash text,
  ADD COLUMN withdrawn_at timestamptz;
CREATE UNIQUE INDEX follow_up_plans_external_id_idx ON follow_up_plans (patient_id, external_id)
  WHERE external_id IS NOT NULL;

-- Follow-up items: unique within their plan, so a replaced plan keeps the ids of the items it still has. An item
-- the new plan leaves out, or every item of a withdrawn plan, is withdrawn (kept for the audit trail). The tasks
-- of an item are keyed by their task category already (primary key item_id, property_category_id).
ALTER TABLE follow_up_items
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200),
  ADD COLUMN withdrawn_at timestamptz;
CREATE UNIQUE INDEX follow_up_items_external_id_idx ON follow_up_items (plan_id, external_id)
  WHERE external_id IS NOT NULL;

-- Care providers: unique per facility. A withdrawn provider leaves every care team it was on.
ALTER TABLE care_providers
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200),
  ADD COLUMN content_hash text,
  ADD COLUMN withdrawn_at timestamptz;
CREATE UNIQUE INDEX care_providers_external_id_idx ON care_providers (facility_id, external_id)
  WHERE external_id IS NOT NULL;
