"""Sources a user supplies: uploads (an uploaded file or pasted text read as a source document) and statute
(a pasted statute laid out for the official structure parsers)."""
