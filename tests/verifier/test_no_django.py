"""verifier/ is a pure library: importing all of it must not pull Django in."""

import subprocess
import sys

CODE = """
import importlib, pkgutil, sys
import verifier
for mod in pkgutil.walk_packages(verifier.__path__, "verifier."):
    if mod.name.endswith("__main__"):
        continue
    importlib.import_module(mod.name)
bad = sorted(name for name in sys.modules if name == "django" or name.startswith("django."))
print(",".join(bad))
"""


def test_it_imports_every_verifier_module_without_django():
    result = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_the_public_surface_names_what_the_workbench_uses_and_costs_nothing_to_import():
    code = (
        "import sys, verifier\n"
        "assert 'verifier.pipeline' not in sys.modules\n"
        "for name in verifier.__all__: getattr(verifier, name)\n"
        "print(len(verifier.__all__))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(result.stdout) > 15
