"""The same benchmarks on two builds of varrt and on TensorFlow, in one run: what a change did.

    python benchmarks/bench_before_after.py --before /path/to/old/venv/bin/python \
        [--tf-python /path/to/tf/venv/bin/python] [--quick]

`--before` is an interpreter whose installed varrt is the tree before the change (build it with
`git worktree add ../old <commit> && python -m venv --system-site-packages ../old-venv &&
../old-venv/bin/pip install --no-build-isolation ../old`); this interpreter's varrt is the
tree after. Each build measures, in its own process, in turn (so neither runs beside the other):
  per-op eager cost   the default forms of benchmarks/bench_variable_ops.py (CPU time per call)
  training steps      benchmarks/bench_training.py: the linear SGD step eagerly and in a
                      tf.function (target <= 25 us and >= 10x faster than TensorFlow's), the
                      MLP Adam step
  tf.function         benchmarks/bench_function.py: 1000 assign_add in one function (per op,
                      target <= 0.3 us), tracing a 50-op function (target <= 1/10 of TensorFlow's)
and prints after/before for each row, and TensorFlow's time where it has the case.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Runs in the measured interpreter: prints {row: seconds} as JSON on its last line.
PROBE = r"""
import json, runpy, sys
seconds = float(sys.argv[1])
quick = seconds < 1.0
import varrt
from varrt.benchmarks import training, variable_ops
rows = {}
for name, t in variable_ops.measure(variable_ops.varrt_cases(), seconds).items():
    rows["eager " + name] = t
for name, t in training.measure(training.tf_cases(varrt), seconds).items():
    rows[name] = t
function = runpy.run_path(sys.argv[2])
for name, t in function["measure"](varrt, quick).items():
    rows[name] = t
print(json.dumps(rows))
"""

TF_PROBE = r"""
import json, runpy, sys
seconds = float(sys.argv[1])
quick = seconds < 1.0
import tensorflow as tf
training = runpy.run_path(sys.argv[3])
rows = dict(training["measure"](training["tf_cases"](tf), seconds))
function = runpy.run_path(sys.argv[2])
rows.update(function["measure"](tf, quick))
print(json.dumps(rows))
"""

TARGETS = {"linear step in tf.function": "<= 25 us, >= 10x TF", "assign_add x1000 in one function": "<= 0.3 us",
           "trace a 50-op function": ">= 10x TF"}


def run(python, script, seconds, extra=()):
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    env.pop("PYTHONPATH", None)  # each interpreter measures its own installed varrt
    cmd = [python, "-c", script, str(seconds), os.path.join(HERE, "bench_function.py"), *extra]
    result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600, cwd=os.path.dirname(HERE))
    if result.returncode != 0:
        raise SystemExit(f"{python} failed:\n{result.stderr[-3000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="an interpreter whose varrt is the tree before the change")
    parser.add_argument("--tf-python", help="an interpreter with TensorFlow, for the TensorFlow column")
    parser.add_argument("--quick", action="store_true", help="shorter timing loops (noisier)")
    args = parser.parse_args()
    seconds = 0.5 if args.quick else 2.0
    before = run(args.before, PROBE, seconds)
    after = run(sys.executable, PROBE, seconds)
    training_file = os.path.join(os.path.dirname(HERE), "python", "varrt", "benchmarks", "training.py")
    tf_rows = run(args.tf_python, TF_PROBE, seconds, [training_file]) if args.tf_python else {}
    print(f"{'case':36} {'before us':>10} {'after us':>10} {'after/before':>12} {'TF us':>10} {'TF/after':>9}  target")
    for name, t in after.items():
        b = before.get(name)
        tf_t = tf_rows.get(name)
        row = f"{name:36} {b * 1e6 if b else float('nan'):10.3f} {t * 1e6:10.3f} {t / b if b else float('nan'):12.2f}"
        row += f" {tf_t * 1e6:10.1f} {tf_t / t:9.1f}" if tf_t else f" {'-':>10} {'-':>9}"
        print(row + (f"  {TARGETS[name]}" if name in TARGETS else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
