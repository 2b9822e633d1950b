"""Builds the core's own C++ tests (linking the core without Python) and runs them under ctest."""
import os
import shutil
import subprocess

import pytest

from conftest import REPO


def test_core_cpp_tests_pass(tmp_path_factory):
    cmake = shutil.which("cmake")
    if cmake is None:
        pytest.fail("cmake is needed to build the core's C++ tests (pip install cmake ninja)")
    build = tmp_path_factory.mktemp("cpp-build")
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    subprocess.run([cmake, "-S", str(REPO), "-B", str(build), *gen, "-DVARRT_PYTHON=OFF", "-DVARRT_BUILD_TESTS=ON",
                    "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_FLAGS=-Werror"], check=True, capture_output=True)
    subprocess.run([cmake, "--build", str(build), "-j", str(os.cpu_count() or 2)], check=True)
    result = subprocess.run(["ctest", "--test-dir", str(build), "--output-on-failure"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "100% tests passed" in result.stdout
