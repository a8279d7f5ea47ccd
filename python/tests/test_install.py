"""`pip install .` writes nothing into the source tree (no build/, no
python/tengen.egg-info): a read-only checkout installs. The package's files
are copied to a temporary tree and built into a wheel by Debian's pip with a
stand-in for CMake on PATH (it makes an empty module file), so the test
checks setuptools' steps in seconds without compiling the module."""

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FAKE_CMAKE = """#!/bin/sh
# configure: nothing; --build DIR: the module file CMake would make.
if [ "$1" = "--build" ]; then
  mkdir -p "$2/python/tengen" && : > "$2/python/tengen/_core.cpython-fake.so"
fi
exit 0
"""


def snapshot(tree):
    return sorted(str(p.relative_to(tree)) for p in tree.rglob("*"))


def test_pip_wheel_leaves_the_source_tree_as_it_was(tmp_path):
    for module in ("pip", "setuptools", "wheel"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is missing (Debian: python3-{module})")
    source = tmp_path / "source"
    source.mkdir()
    for name in ("setup.py", "pyproject.toml"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "python", source / "python",
                    ignore=shutil.ignore_patterns("tests", "__pycache__", "*.egg-info"))
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "cmake").write_text(FAKE_CMAKE)
    (fake / "cmake").chmod(0o755)
    before = snapshot(source)
    env = dict(os.environ, PATH=f"{fake}:{os.environ['PATH']}")
    env.pop("TENGEN_PIP_BUILD", None)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation",
                           "--no-deps", "--no-cache-dir", "-w", str(tmp_path / "wheels"),
                           str(source)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert snapshot(source) == before
    wheels = list((tmp_path / "wheels").glob("tengen-*.whl"))
    assert len(wheels) == 1
    names = zipfile.ZipFile(wheels[0]).namelist()
    assert "tengen/__init__.py" in names
    assert any(n.startswith("tengen/_core.") and n.endswith(".so") for n in names), names
