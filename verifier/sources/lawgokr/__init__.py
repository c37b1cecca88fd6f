"""law.go.kr (법제처 국가법령정보 Open API): Korean statutes, precedents and decisions.

client (the resolver), wire (the DRF wire format), structure and structure_markdown (조/항/호/목 from XML,
JSON and legalize-kr Markdown), history (연혁 versions), treatment (later 변경 of a precedent), search,
search_fields and codes (the search panel's collections).
"""
