"""Benchmarks of the workbench: `make bench`, or `python -m bench --help`.

Every figure is measured next to a baseline taken in the same run on the same machine, so the ratio means
something even when the absolute numbers move with the hardware. See bench/README.md.
"""
