-- Notification settings of the account settings page (issue 16, spec 002 sections 2.8, 3, 6 and 9): what each
-- patient wants to be told of, by which channel, at which address, and how early reminders come; and which
-- channels each facility offers at all.

-- The per-type channel choices (table of migration 0003) now cover secure messages and questionnaires too. The
-- appointments and follow-up pages keep reading their own type.
ALTER TABLE notification_settings DROP CONSTRAINT notification_settings_type_check;
ALTER TABLE notification_settings ADD CONSTRAINT notification_settings_type_check
  CHECK (type IN ('Appointments', 'Followups', 'SecureMessages', 'Questionnaires'));

-- Where and when, one row per patient (saved together with the per-type rows; a patient with neither has never
-- saved the page, and the page shows the defaults). use_primary_email: mail goes to the patient's primary address
-- (patients.email_address, else the account's), otherwise to non_primary_email_address. sms_phone_number: ten
-- digits, no punctuation. The offsets are ids of the reminder timing options (packages/contracts/src/constants/
-- notifications.ts, REMINDER_TIMING_OPTIONS: 0 Off ... 10 On day of; 1 Monthly Digest is the default).
CREATE TABLE notification_preferences (
  patient_id integer PRIMARY KEY REFERENCES patients (id) ON DELETE CASCADE,
  use_primary_email boolean NOT NULL DEFAULT true,
  non_primary_email_address text CHECK (char_length(non_primary_email_address) BETWEEN 3 AND 254),
  sms_phone_number text CHECK (sms_phone_number ~ '^[0-9]{10}$'),
  appointment_reminder_offset smallint NOT NULL DEFAULT 1 CHECK (appointment_reminder_offset BETWEEN 0 AND 10),
  follow_up_reminder_offset smallint NOT NULL DEFAULT 1 CHECK (follow_up_reminder_offset BETWEEN 0 AND 10),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The system reminder settings: which channels the facility offers its patients, per notice type, and the
-- reminder timing a patient starts with. A facility without a row offers every channel with timing id 1.
CREATE TABLE facility_reminder_settings (
  facility_id integer PRIMARY KEY REFERENCES facilities (id) ON DELETE CASCADE,
  appointment_email boolean NOT NULL DEFAULT true,
  appointment_sms boolean NOT NULL DEFAULT true,
  follow_up_email boolean NOT NULL DEFAULT true,
  follow_up_sms boolean NOT NULL DEFAULT true,
  secure_message_email boolean NOT NULL DEFAULT true,
  secure_message_sms boolean NOT NULL DEFAULT true,
  questionnaire_email boolean NOT NULL DEFAULT true,
  questionnaire_sms boolean NOT NULL DEFAULT true,
  default_appointment_reminder_offset smallint NOT NULL DEFAULT 1
    CHECK (default_appointment_reminder_offset BETWEEN 0 AND 10),
  default_follow_up_reminder_offset smallint NOT NULL DEFAULT 1
    CHECK (default_follow_up_reminder_offset BETWEEN 0 AND 10),
  updated_at timestamptz NOT NULL DEFAULT now()
);
