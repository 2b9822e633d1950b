"""Builds the core's own C++ tests (linking the core without Python) and runs them under ctest.
The build lives in build/cpp-tests and is reused: a second run recompiles only what changed."""
import os
import shutil
import subprocess

import pytest

from build_dirs import stable_build_dir
from conftest import REPO


def test_core_cpp_tests_pass():
    cmake = shutil.which("cmake")
    if cmake is None:
        pytest.fail("cmake is needed to build the core's C++ tests (pip install cmake ninja)")
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    options = [cmake, *gen, "-DVARRT_PYTHON=OFF", "-DVARRT_BUILD_TESTS=ON", "-DCMAKE_BUILD_TYPE=Release",
               "-DCMAKE_CXX_FLAGS=-Werror"]
    build = stable_build_dir("cpp-tests", options)
    subprocess.run([*options, "-S", str(REPO), "-B", str(build)], check=True, capture_output=True)
    subprocess.run([cmake, "--build", str(build), "-j", str(os.cpu_count() or 2)], check=True)
    result = subprocess.run(["ctest", "--test-dir", str(build), "--output-on-failure"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "100% tests passed" in result.stdout
