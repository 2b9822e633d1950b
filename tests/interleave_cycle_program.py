"""Dataset.interleave with num_parallel_calls: the cycle length TensorFlow 2.21's kernel picks when
none is given (the calls capped at the cores; a third of the cores when the calls are AUTOTUNE too),
which decides the order of the elements, and its error for more calls than the cycle. Run under
TensorFlow (live, by tests/test_interleave_cycle.py: the result depends on the machine's cores,
so there is no fixture) and under varrt.

    python interleave_cycle_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: the elements, or the error's type and first line}."""
import json
import os
import sys

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

results = {}
cores = os.cpu_count() or 1
for cycle in (None, 1, 2, 3):
    for calls in ("AUTOTUNE", 1, 2, 3, cores, cores + 1):
        n = tf.data.AUTOTUNE if calls == "AUTOTUNE" else calls
        name = f"cycle {cycle} calls {'cores' if calls == cores else 'cores+1' if calls == cores + 1 else calls}"
        try:
            ds = tf.data.Dataset.range(7).interleave(lambda x: tf.data.Dataset.range(x * 10, x * 10 + 3),
                                                     cycle_length=cycle, num_parallel_calls=n, block_length=2)
            results[name] = [int(v) for v in ds]
        except Exception as e:  # noqa: BLE001 - the case records which error and its first line
            results[name] = f"{type(e).__name__}: {str(e).splitlines()[0]}"

with open(os.path.join(sys.argv[2], "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
