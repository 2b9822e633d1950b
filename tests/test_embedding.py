"""varrt embedded in C and C++ programs, built against the INSTALLED package.

examples/cpp is configured with `python -m varrt --cmake-dir` (find_package(varrt CONFIG)),
compiled warning-free (-Wall -Wextra -Werror) in build/cpp-examples, reused across runs,
and each program's output is checked: a C++ program without Python, a C program on the C
ABI (both also checkpoint, and Python reads their files), and a C++ host embedding Python
that shares variables with it.
"""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from build_dirs import stable_build_dir
from conftest import REPO

EXAMPLES = REPO / "examples" / "cpp"


def varrt_cli(flag):
    out = subprocess.run([sys.executable, "-m", "varrt", flag], capture_output=True, text=True, check=True)
    return pathlib.Path(out.stdout.strip())


def pybind11_cmake_dir():
    try:
        import pybind11
    except ImportError:
        return None
    return pybind11.get_cmake_dir()


@pytest.fixture(scope="session")
def examples_build():
    cmake = shutil.which("cmake")
    if cmake is None:
        pytest.fail("cmake is needed to build the C/C++ examples (pip install cmake ninja)")
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    flags = "-Wall -Wextra -Werror"
    args = [cmake, *gen, f"-Dvarrt_DIR={varrt_cli('--cmake-dir')}",
            f"-DPython_EXECUTABLE={sys.executable}", "-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_CXX_FLAGS={flags}",
            f"-DCMAKE_C_FLAGS={flags}"]
    pybind11_dir = pybind11_cmake_dir()
    if pybind11_dir:
        args.append(f"-Dpybind11_DIR={pybind11_dir}")
    build = stable_build_dir("cpp-examples", args)
    configure = subprocess.run([*args, "-S", str(EXAMPLES), "-B", str(build)], capture_output=True, text=True)
    assert configure.returncode == 0, configure.stdout + configure.stderr
    compile_ = subprocess.run([cmake, "--build", str(build), "-j", str(os.cpu_count() or 2)], capture_output=True,
                              text=True)
    assert compile_.returncode == 0, compile_.stdout + compile_.stderr
    return build


def run(build, name, *args):
    exe = build / name
    if not exe.exists():
        return None
    # Outside the source tree, so an embedded `import varrt` finds the installed package.
    result = subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True, cwd=build, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


# The installed include directory is exactly the public API (CMakeLists.txt lists it).
PUBLIC_HEADERS = {
    "varrt/varrt.h", "varrt/varrt_c.h",
    "varrt/api/checkpoint.h", "varrt/api/dlpack.h", "varrt/api/runtime.h", "varrt/api/tensors.h",
    "varrt/api/variable.h",
    "varrt/core/buffer.h", "varrt/core/dtype.h", "varrt/core/error.h", "varrt/core/shape.h", "varrt/core/tensor.h",
    "dlpack/dlpack.h",
}
# A sample of the core's internals, each of which an `install(DIRECTORY ...)` would ship.
INTERNAL_HEADERS = (
    "varrt/device/executor.h", "varrt/device/device.h", "varrt/resource/var.h", "varrt/ops/owned_handle.h",
    "varrt/kernels/scatter.h", "varrt/ops/variable_ops.h", "varrt/io/bundle_reader.h", "varrt/core/allocator.h",
    "varrt/api/internal/variable_access.h",
)


def test_cli_prints_installed_locations():
    cmake_dir = varrt_cli("--cmake-dir")
    lib_dir = varrt_cli("--lib-dir")
    assert (cmake_dir / "varrtConfig.cmake").is_file()
    assert (cmake_dir / "varrtConfigVersion.cmake").is_file()
    assert (cmake_dir / "varrtTargets.cmake").is_file()
    assert (varrt_cli("--include-dir") / "varrt" / "varrt.h").is_file()
    assert (lib_dir / "libvarrt_core.so").is_file()
    targets = (cmake_dir / "varrtTargets.cmake").read_text()
    assert "varrt::core" in targets and "cxx_std_17" in targets


def test_only_the_public_headers_are_installed():
    include_dir = varrt_cli("--include-dir")
    installed = {p.relative_to(include_dir).as_posix() for p in include_dir.rglob("*.h")}
    assert installed == PUBLIC_HEADERS
    for header in INTERNAL_HEADERS:
        assert (REPO / "csrc" / header).is_file(), header  # the sample still names real files
        assert not (include_dir / header).exists(), header
    # DLPack's license travels with its header; the vendored copy is the official one.
    assert "Apache License" in (include_dir / "dlpack" / "LICENSE").read_text()
    assert "DLManagedTensorVersioned" in (include_dir / "dlpack" / "dlpack.h").read_text()


@pytest.mark.parametrize("header", sorted(PUBLIC_HEADERS))
def test_each_installed_header_compiles_alone(header, tmp_path):
    """Every public header includes what it uses and nothing that is not installed."""
    include_dir = varrt_cli("--include-dir")
    if header in ("varrt/varrt_c.h", "dlpack/dlpack.h"):
        compilers = [("cc", "c", ["-std=c99"]), ("c++", "c++", ["-std=c++17"])]  # C headers: both languages
    else:
        compilers = [("c++", "c++", ["-std=c++17"])]
    for compiler, language, std in compilers:
        exe = shutil.which(compiler)
        if exe is None:
            pytest.fail(f"{compiler} is needed to compile the installed headers")
        source = tmp_path / ("main.c" if language == "c" else "main.cc")
        source.write_text(f"#include <{header}>\n")
        result = subprocess.run([exe, *std, "-fsyntax-only", "-Wall", "-Wextra", "-Werror", f"-I{include_dir}",
                                 str(source)], capture_output=True, text=True)
        assert result.returncode == 0, f"{header} ({language}):\n{result.stderr}"


def test_one_core_library_per_process():
    """The extension loads the installed libvarrt_core.so itself: one copy, one resource table."""
    import varrt  # noqa: F401
    lib = (varrt_cli("--lib-dir") / "libvarrt_core.so").resolve()
    maps = pathlib.Path("/proc/self/maps")
    if not maps.exists():
        pytest.skip("needs /proc/self/maps")
    loaded = {pathlib.Path(line.split()[-1]).resolve() for line in maps.read_text().splitlines()
              if line.rstrip().endswith("libvarrt_core.so")}
    assert loaded == {lib}
    package = pathlib.Path(varrt.__file__).parent
    assert len(list(package.glob("*.so"))) == 1  # one extension module


def test_cpp_program_without_python(examples_build, tmp_path):
    prefix = tmp_path / "ckpt"
    out = run(examples_build, "cpp_variables", prefix)
    assert out.splitlines() == [
        "steps = 40000",
        "weights = [100000 100000 100000 100000]",
        "snapshot after update = [100000 100000 100000 100000]",
        "weights after update = [99999 99999 99999 99999]",
        "before restore: steps = -1, weights = [0 99999 0 99999]",
        "restored: steps = 40000, weights = [99999 99999 99999 99999]",
        "error INVALID_ARGUMENT: {{function_node __wrapped__AssignAddVariableOp_device_/job:localhost/replica:0/task:0/"
        "device:CPU:0}} Cannot update variable with shape [4] using a Tensor with shape [2], shapes must be equal. "
        "[Op:AssignAddVariableOp] name: ",
        # 2 creations x (VarHandleOp + AssignVariableOp) + 4 threads x (lookup + 2 x 10000 updates)
        "placement lines = 80008",
        "device = /job:localhost/replica:0/task:0/device:CPU:0",
    ]
    # No Python anywhere in the program.
    assert "libpython" not in subprocess.run(["ldd", str(examples_build / "cpp_variables")], capture_output=True,
                                             text=True).stdout
    # Its checkpoint is an ordinary TensorFlow checkpoint: Python reads it and restores from it.
    import numpy as np
    import varrt as vr
    reader = vr.train.load_checkpoint(str(prefix))
    assert reader.get_variable_to_shape_map() == {"steps": [], "weights": [4]}
    assert reader.get_tensor("steps") == 40000
    np.testing.assert_array_equal(reader.get_tensor("weights"), [99999.0] * 4)
    w = vr.Variable(np.zeros(4, np.float32), name="w")
    vr.train.Saver({"weights": w}).restore(None, str(prefix))
    np.testing.assert_array_equal(w.numpy(), [99999.0] * 4)


def test_c_program_on_the_c_abi(examples_build, tmp_path):
    out = run(examples_build, "c_variables", tmp_path / "ckpt")
    assert out.splitlines() == [
        "total = [50000 -50000]",
        "dtype = float64, device = /job:localhost/replica:0/task:0/device:CPU:0",
        "before restore = [0 0]",
        "restored = [50000 -50000]",
        "error INVALID_ARGUMENT: {{function_node __wrapped__AssignAddVariableOp_device_/job:localhost/replica:0/task:0/"
        "device:CPU:0}} Cannot update variable with shape [2] using a Tensor with shape [3], shapes must be equal. "
        "[Op:AssignAddVariableOp] name: ",
        "after delete: gone (NOT_FOUND)",
        "snapshot still readable = [50000 -50000]",
    ]


def test_cpp_host_embedding_python(examples_build):
    out = run(examples_build, "embed_python")
    if out is None:
        if pybind11_cmake_dir() is None:
            pytest.skip("pybind11 is not installed (pip install '.[test]')")
        pytest.skip("this Python has no embedding library (libpython)")
    assert out.splitlines() == [
        "python sees weights:0 [1. 2. 3.]",
        "host sees [11 12 13]",
        "same memory: yes",
        "python sees bias [1.5]",
        "host after python dropped bias: FAILED_PRECONDITION",
        "weights still initialized: yes",
    ]

