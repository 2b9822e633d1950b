"""Calling a loaded SavedModel, against the same computation as a varrt tf.function, in one run.

    python benchmarks/bench_saved_model_call.py [--dir DIR] [--calls N]
    (the same as python -m varrt.benchmarks.saved_model_call --dir DIR)

DIR is a SavedModel of the module tests/tools/record_saved_models.py records as
module_one_signature (y = x @ w + b, w of shape (3, 1)); the default is that fixture in a
source tree. Rows (microseconds per call, x of shape (2, 3), the mean over N calls after one warm-up):
  native tf.function       varrt's tf.function of x @ w + b with an input signature
  loaded signature         tf.saved_model.load(DIR).signatures["serving_default"](x=x)
  loaded __call__          tf.saved_model.load(DIR)(x)
The issue's target: a loaded signature adds at most 20 us over the original traced function.
"""
import argparse
import os
import sys
import time

import numpy as np


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default=os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "fixtures",
                                                      "saved_model", "module_one_signature"))
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args(argv)
    import varrt as tf  # the library under test, imported after the arguments parse (reason: --help stays fast)

    loaded = tf.saved_model.load(args.dir)
    w, b = tf.Variable(loaded.w.numpy()), tf.Variable(loaded.b.numpy())

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def native(x):
        return tf.matmul(x, w) + b

    signature = loaded.signatures["serving_default"]
    x = tf.constant(np.ones((2, 3), np.float32))
    rows = {"native tf.function": native, "loaded signature": lambda x: signature(x=x), "loaded __call__": loaded}
    times = {}
    for name, fn in rows.items():
        fn(x)
        start = time.perf_counter()
        for _ in range(args.calls):
            fn(x)
        times[name] = (time.perf_counter() - start) / args.calls * 1e6
    for name, us in times.items():
        extra = "" if name == "native tf.function" else f"   {us - times['native tf.function']:+.1f} us"
        print(f"  {name:<20} {us:8.1f} us{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
