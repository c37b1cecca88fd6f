"""Claim types by name, ours or the Polish seed's, and the level each one requires."""

from __future__ import annotations

from collections.abc import Mapping

from verifier.model import REQUIRED_LEVEL, ClaimType, Level

# The Polish seed's claim-type names, accepted wherever ours are.
SEED_CLAIM_TYPES: Mapping[str, ClaimType] = {
    "cytat_doslowny": ClaimType.VERBATIM_QUOTE,
    "teza_pinpoint": ClaimType.PINPOINT,
    "stanowisko_sadu": ClaimType.COURT_HOLDING,
    "parafraza": ClaimType.PARAPHRASE,
    "fakt_proceduralny": ClaimType.PROCEDURAL_FACT,
    "powolanie": ClaimType.BARE_CITATION,
}


def claim_type_from_name(name: str) -> ClaimType:
    """Our name (`verbatim_quote`) or the seed's (`cytat_doslowny`)."""
    key = name.strip().lower()
    if key in SEED_CLAIM_TYPES:
        return SEED_CLAIM_TYPES[key]
    try:
        return ClaimType(key)
    except ValueError:
        known = ", ".join([*SEED_CLAIM_TYPES, *(t.value for t in ClaimType)])
        raise ValueError(f"unknown claim_type {name!r}; expected one of: {known}") from None


def required_level(claim_type: ClaimType) -> Level:
    return REQUIRED_LEVEL[claim_type]
