-- Every read of a patient's record leaves a row (issue 10): how the actor stands to the patient (self,
-- representative, kiosk or link user), the route that answered, and the client's address.
ALTER TABLE audit_events ADD COLUMN relationship text;
ALTER TABLE audit_events ADD COLUMN route text;
ALTER TABLE audit_events ADD COLUMN client_address text;
