"""Search across every source collection (law.go.kr, SAOS, Sejm ELI, CELLAR), for the evidence view.

Modules: `codes` (code tables and aliases), `results` (Page/Hit, display clamping), `korea`, `poland`, `eu`
(the searches and each hit's body as a SourceDocument), `suggest` (suggestions for red findings),
`highlight` (query terms in a preview). Pure Python, no Django.
"""
