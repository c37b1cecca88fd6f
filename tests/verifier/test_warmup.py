"""The worker warms up in its parent before forking its pool: what it leaves behind must be safe to fork."""

import subprocess
import sys

CODE = """
import threading, sys
from verifier.warmup import warm_up
from verifier.match import korean
warm_up()
print(threading.active_count(), korean.kiwi_loaded(), "django" in sys.modules)
"""


def test_the_warm_up_starts_no_thread_loads_no_korean_model_and_no_django():
    result = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["1", "False", "False"]
