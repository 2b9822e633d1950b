"""The core's element-wise and optimizer loops run as AVX2 or AVX-512 code where the CPU has it
(kernels/simd_dispatch.h), and every version gives the same bytes: tests/simd_programs.py runs the
fused optimizers (Keras 3's and TensorFlow 1's raw ops), arithmetic, comparisons, unary ops, casts
and variable updates once per VARRT_SIMD level, and the results are compared bit for bit. The
results equal TensorFlow's themselves (test_optimizers_keras.py, test_training_raw_ops.py, ...
run at the CPU's best level)."""
import os
import subprocess
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
LEVELS = ("default", "avx2", "avx512")


def run_programs(tmp_path, level):
    path = tmp_path / f"{level or 'best'}.npz"
    env = {**os.environ, "VARRT_NUM_THREADS": "1"}
    env.pop("VARRT_SIMD", None)
    if level is not None:
        env["VARRT_SIMD"] = level
    subprocess.run([sys.executable, os.path.join(HERE, "simd_programs.py"), str(path)], env=env, check=True,
                   timeout=600)
    with np.load(path) as f:
        return {k: f[k] for k in f.files}


def expected_level(requested, best):
    """VARRT_SIMD caps the level: never above what the CPU runs."""
    return LEVELS[min(LEVELS.index(requested), LEVELS.index(best))]


def cpu_has_avx512():
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((line.split() for line in f if line.startswith("flags")), [])
    except OSError:
        return False
    return all(x in flags for x in ("avx512f", "avx512vl", "avx512bw", "avx512dq"))


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("simd")
    return {level: run_programs(tmp, level) for level in (None, *LEVELS)}


def test_best_level_is_the_cpus(results):
    best = str(results[None]["level"])
    assert best in LEVELS
    if sys.platform.startswith("linux") and os.uname().machine == "x86_64" and cpu_has_avx512():
        assert best == "avx512"


@pytest.mark.parametrize("level", LEVELS)
def test_varrt_simd_chooses_the_level(results, level):
    assert str(results[level]["level"]) == expected_level(level, str(results[None]["level"]))


@pytest.mark.parametrize("level", ("avx2", "avx512"))
def test_vector_versions_bit_identical_to_the_default(results, level):
    base, got = results["default"], results[level]
    assert sorted(got) == sorted(base)
    differing = [k for k in base if k != "level" and (got[k].dtype != base[k].dtype or got[k].shape != base[k].shape
                                                      or got[k].tobytes() != base[k].tobytes())]
    assert not differing, f"VARRT_SIMD={level} differs from the default build in {differing[:10]}"
    assert len(base) > 500  # the programs ran every case


def test_unknown_level_runs_the_best(tmp_path):
    got = subprocess.run([sys.executable, "-c", "from varrt import _C; print(_C.simd_level())"],
                         env={**os.environ, "VARRT_SIMD": "sse9"}, capture_output=True, text=True, check=True)
    best = subprocess.run([sys.executable, "-c", "from varrt import _C; print(_C.simd_level())"],
                          env={k: v for k, v in os.environ.items() if k != "VARRT_SIMD"}, capture_output=True,
                          text=True, check=True)
    assert got.stdout == best.stdout and got.stdout.strip() in LEVELS
