"""A review's record as files and pages: the report in every format (JSON, CSV, PDF, DOCX with comments), the
table of authorities, the audit timeline, the record's pages (authorities, audit trail, versions, redline)."""
