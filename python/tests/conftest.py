"""What the Python tests share: the `tengen` command of the same build and the
repository's test data (paths set by CMake through the environment)."""

import json
import os
import subprocess
from pathlib import Path

import pytest

CLI = os.environ.get("TENGEN_CLI", "")
DATA = Path(os.environ.get("TENGEN_TEST_DATA", Path(__file__).parents[2] / "tests" / "data"))


def run_cli(*args, check=True):
    """Runs `tengen ARGS`; returns the completed process (text)."""
    if not CLI:
        pytest.skip("TENGEN_CLI is not set (ctest sets it)")
    done = subprocess.run([CLI, *args], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"tengen {' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done


def cli_json(*args):
    """`tengen ARGS --json -`'s document."""
    return json.loads(run_cli(*args, "--json", "-").stdout)
