"""Small-variable assign_add (4 float32) through the C++ API and the C ABI (no Python in that
process) beside the same update from Python, against NumPy's np.add(a, d, out=a), in one run.

    python benchmarks/bench_cpp_api.py [--quick] [--build-dir DIR]

Builds benchmarks/cpp against the installed package (find_package(varrt) via
`python -m varrt --cmake-dir`), runs it, measures the Python and NumPy figures here, and
prints nanoseconds per call and the ratio to NumPy. The C++ figure is the core's own cost
(placement, lock, kernel); the difference to the Python figure is the Python boundary.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import timeit

import numpy as np

from varrt.benchmarks.variable_ops import best  # one timing method for every benchmark

HERE = os.path.dirname(os.path.abspath(__file__))


def build(build_dir):
    cmake = shutil.which("cmake")
    if cmake is None:
        sys.exit("cmake is needed (pip install cmake ninja)")
    cmake_dir = subprocess.run([sys.executable, "-m", "varrt", "--cmake-dir"], capture_output=True, text=True,
                               check=True).stdout.strip()
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    subprocess.run([cmake, "-S", os.path.join(HERE, "cpp"), "-B", build_dir, *gen, f"-Dvarrt_DIR={cmake_dir}",
                    "-DCMAKE_BUILD_TYPE=Release"], check=True, capture_output=True)
    subprocess.run([cmake, "--build", build_dir], check=True, capture_output=True)
    return os.path.join(build_dir, "bench_assign_add")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="shorter loops (noisier)")
    ap.add_argument("--build-dir", help="reuse this CMake build directory (default: a temporary one)")
    args = ap.parse_args()
    seconds = 0.3 if args.quick else 1.0

    with tempfile.TemporaryDirectory() as tmp:
        exe = build(args.build_dir or tmp)
        calls = "300000" if args.quick else "2000000"
        cpp = json.loads(subprocess.run([exe, calls], check=True, capture_output=True, text=True).stdout)

    import varrt as vr
    v = vr.Variable([1.0, 2.0, 3.0, 4.0])
    d = np.ones(4, np.float32)
    a = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    python_ns = best(lambda: v.assign_add(d, read_value=False), seconds) * 1e9
    numpy_ns = best(lambda: np.add(a, d, out=a), seconds) * 1e9

    rows = [
        ("varrt C++ API (no Python)", cpp["cpp_api_ns"]),
        ("varrt C ABI (no Python)", cpp["c_api_ns"]),
        ("varrt Python v.assign_add", python_ns),
        ("NumPy np.add(a, d, out=a)", numpy_ns),
        ("plain C++ loop (floor)", cpp["raw_loop_ns"]),
    ]
    print("assign_add on a 4-element float32 variable")
    print(f"{'':<28}{'ns/call':>10}{'vs NumPy':>10}")
    for name, ns in rows:
        print(f"{name:<28}{ns:>10.1f}{ns / numpy_ns:>10.2f}")
    print(f"\nPython boundary: {python_ns - cpp['cpp_api_ns']:.0f} ns of the Python call's {python_ns:.0f} ns")


if __name__ == "__main__":
    sys.exit(main())
