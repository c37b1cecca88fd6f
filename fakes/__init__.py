"""Fake legal-source APIs (law.go.kr, SAOS, Sejm ELI, CELLAR) for development and tests.

    from fakes.server import FakeSources
    from fakes.faults import FaultPolicy

Run in the foreground with `python -m fakes` (or `python manage.py fake_sources`).
"""
