"""CELLAR (publications.europa.eu): EU acts and CJEU judgments — client (the resolver), structure (XHTML,
EUR-Lex text and judgment Markdown → units), history (consolidated versions, repeals), treatment (later
judgments citing one), search (by CELEX, ECLI or case number)."""
