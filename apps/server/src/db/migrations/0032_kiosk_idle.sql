-- A patient who walks away from the kiosk must not leave their questionnaires and details open: kiosk-user
-- sessions end after a short idle time of the facility's choosing (issue 31, finding 13), kept on each session
-- as it starts (NULL: the server's idle limit for personal sessions).
ALTER TABLE facilities
  ADD COLUMN kiosk_user_idle_minutes integer NOT NULL DEFAULT 3
    CONSTRAINT facilities_kiosk_user_idle_minutes_range CHECK (kiosk_user_idle_minutes BETWEEN 1 AND 30);
ALTER TABLE sessions ADD COLUMN idle_minutes integer;
