"""Mechanical citation verification for legal drafts: pure Python, no Django.

The public surface is small on purpose: `model` (the vocabulary), `ingest`, `citations`, `sources`,
`match`, `gradient`, `pipeline` and `report`. The workbench plugs Django in at the edges.
"""

__version__ = "0.1.0"
ENGINE_VERSION = __version__
