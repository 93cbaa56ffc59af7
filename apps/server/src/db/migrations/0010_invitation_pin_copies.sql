-- Issue 11: reloading the PIN page issued a new invitation, and the PIN already shown (perhaps printed) and
-- the first email's link stopped working. The PIN of a new invitation is kept here for a few minutes, sealed
-- (AES-256-GCM under a key derived from APP_SECRET, with its own expiry) for the session that issued it, so
-- the same session loading the page again is shown the same invitation instead of a new one. The PIN is
-- half of the credential: the sign-up also needs the link token, which is stored only as a hash. Rows past
-- shown_until are deleted by the next invitation call.
CREATE TABLE invitation_pin_copies (
  invitation_id bigint PRIMARY KEY REFERENCES one_time_secrets (id) ON DELETE CASCADE,
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  sealed_pin text NOT NULL,
  shown_until timestamptz NOT NULL
);
CREATE INDEX invitation_pin_copies_shown_until_idx ON invitation_pin_copies (shown_until);
