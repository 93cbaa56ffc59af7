-- The one intake engine (issue 33, item 1; docs/adr/0018-one-intake-engine.md) keeps every keyed record's
-- fingerprint beside it: the digest of the canonical JSON of the record as the facility sent it. Assignments of
-- education material, FAQs and forms were compared field by field until now and had none; a row without one
-- counts as changed on its next put, once.
ALTER TABLE education_articles ADD COLUMN content_hash text;
ALTER TABLE facility_faqs ADD COLUMN content_hash text;
ALTER TABLE facility_forms ADD COLUMN content_hash text;
