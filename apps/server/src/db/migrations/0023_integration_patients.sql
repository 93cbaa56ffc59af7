-- Patients through the integration API (issue 12): the facility's registration system puts a patient under its
-- MRN (unique per facility already: patients_mrn_unique) with what the portal shows of them.

-- The rest of the person's name (spec 002, Person name: firstName, middleInitial, lastName, suffix).
ALTER TABLE patients
  ADD COLUMN middle_name text CHECK (length(middle_name) <= 100),
  ADD COLUMN suffix text CHECK (length(suffix) <= 20),
  -- When the facility's system last changed the record (null: never through the API).
  ADD COLUMN updated_at timestamptz;

-- The registration details the account settings page shows, read-only (spec 002, section 3: fullName, mrn,
-- gender, dateOfBirth, the phones, primaryEmail and the address come from the patient row). One row per
-- patient, written by the facility's system; a patient without a row has none of these on record.
CREATE TABLE patient_registration_details (
  patient_id integer PRIMARY KEY REFERENCES patients (id) ON DELETE CASCADE,
  birth_country text CHECK (length(birth_country) <= 60),
  ethnicity text CHECK (length(ethnicity) <= 100),
  race text CHECK (length(race) <= 100),
  religion text CHECK (length(religion) <= 100),
  -- The language the patient speaks as registered (free text: 'Spanish'); the portal's language is
  -- patients.preferred_language.
  primary_language text CHECK (length(primary_language) <= 100),
  citizenship text CHECK (length(citizenship) <= 100),
  marital_status text CHECK (length(marital_status) <= 50),
  mothers_maiden_name text CHECK (length(mothers_maiden_name) <= 100),
  occupation text CHECK (length(occupation) <= 100),
  preferred_communication text CHECK (length(preferred_communication) <= 100),
  insurance_note text CHECK (length(insurance_note) <= 4000),
  advanced_directive_note text CHECK (length(advanced_directive_note) <= 4000),
  is_clinical_trial boolean NOT NULL DEFAULT false,
  clinical_trial_id text CHECK (length(clinical_trial_id) <= 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- External systems: the facility's own identifier of each, unique per patient, so a replaced patient keeps the
-- portal ids of the systems it still has (health summary URLs name them). Systems made before the API may have
-- none.
ALTER TABLE external_systems
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 200);
CREATE UNIQUE INDEX external_systems_external_id_idx ON external_systems (patient_id, external_id)
  WHERE external_id IS NOT NULL;
