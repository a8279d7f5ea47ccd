"""setuptools driving CMake: builds the target tengen_python (the module
tengen._core, python/CMakeLists.txt) in a Release build folder of its own and
puts it into the package. pyproject.toml holds the package's metadata.

Nothing is written into the source tree (a read-only checkout installs):
setuptools' build folder and the package's egg-info go to a temporary
folder, removed when the step ends, or to $TENGEN_PIP_BUILD when set (kept,
so that a second install builds only what changed)."""

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = Path(self.build_temp).resolve() / "cmake"
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DBUILD_TESTING=OFF", "-DTENGEN_BENCH=OFF", "-DTENGEN_MPI=OFF",
                     f"-DPython3_EXECUTABLE={sys.executable}"]
        if subprocess.run(["ninja", "--version"], capture_output=True).returncode == 0:
            configure += ["-G", "Ninja"]
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "--target", "tengen_python", "-j", jobs],
                       check=True)
        built = next((build / "python" / "tengen").glob("_core*.so"))
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))


def build_folder():
    kept = os.environ.get("TENGEN_PIP_BUILD")
    if kept:
        return str(Path(kept).resolve())
    temporary = tempfile.mkdtemp(prefix="tengen-pip-")
    atexit.register(shutil.rmtree, temporary, True)
    return temporary


BUILD = build_folder()

setup(ext_modules=[Extension("tengen._core", sources=[])], cmdclass={"build_ext": CMakeBuild},
      options={"build": {"build_base": str(Path(BUILD) / "build")},
               "egg_info": {"egg_base": BUILD}})
