-- The versions and the files of health summary documents (issue 32, finding 13; docs/adr/0014-health-summary.md).

-- A document's set (setId, as '{root}|{extension}') and its versionNumber, read from the header when it arrives:
-- a second version of a document is another row of the same set, and lists show the newest of each set. Documents
-- stored before this migration have neither until they are sent again, and stand alone as they did.
ALTER TABLE health_summary_documents ADD COLUMN set_id text CHECK (length(set_id) <= 400);
ALTER TABLE health_summary_documents ADD COLUMN version_number integer CHECK (version_number >= 0);
-- An unstructured document (nonXMLBody): the media type of the file it holds, e.g. application/pdf.
ALTER TABLE health_summary_documents ADD COLUMN attachment_type text CHECK (length(attachment_type) <= 200);
CREATE INDEX health_summary_documents_set_idx
  ON health_summary_documents (external_system_id, set_id, version_number DESC, id DESC) WHERE set_id IS NOT NULL;

-- The version of the renderer a stored view came from: a view rendered by an older renderer (before the title,
-- type, performers and participants were shown, say) is rendered again on its next read.
ALTER TABLE health_summary_renderings ADD COLUMN renderer integer NOT NULL DEFAULT 0;
