"""Runs one test file of the Python module's suite under pytest (ctest calls
this, see ../CMakeLists.txt). Exit 77 (ctest: skipped), saying why, when a
package the suite needs is missing."""

import importlib
import sys

missing = []
for name, package in (("numpy", "python3-numpy"), ("pytest", "python3-pytest"),
                      ("hypothesis", "python3-hypothesis")):
    try:
        importlib.import_module(name)
    except ImportError:
        missing.append(f"{name} (Debian: {package})")
if missing:
    print("skipped: the Python tests need " + ", ".join(missing))
    sys.exit(77)

import pytest  # noqa: E402

sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
