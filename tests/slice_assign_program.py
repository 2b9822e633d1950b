"""`v[key].assign(number)`: a Python float or int written through an index of integers (varrt
writes it in place without making a tensor when nothing observes the op, and takes the general
path otherwise), run under TensorFlow 2.21 (by tests/tools/record_keras_program.py, into
tests/fixtures/slice_assign/) and under varrt (by tests/test_slice_assign_numbers.py).

    python slice_assign_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text}: the variable after the assign and the result's dtype, or
the error (type and first line) and the variable as the error left it; for every dtype a variable
can hold a number of, the numbers at the edges of its conversion (rounding, overflow, wrap-around,
bools, NumPy scalars), keys of one and several integers, negative and out of range, on shapes
with empty and non-empty trailing blocks; and what a kept slice, a kept read, a tape and a
tf.function see of such a write."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

results = {}


def first_line(e):
    return str(e).split("\n")[0]


def case(name, fn):
    try:
        results[name] = repr(fn())
    except Exception as e:  # noqa: BLE001 - the case records which error and its text
        results[name] = f"{type(e).__name__}: {first_line(e)}"


def assign(dtype, init, key, value):
    v = tf.Variable(np.array(init, dtype))
    try:
        r = v[key].assign(value)
        return [v.numpy().tolist(), r.dtype.name, r.shape.as_list()]
    except Exception as e:  # noqa: BLE001 - the error and what it left
        return [f"{type(e).__name__}: {first_line(e)}", v.numpy().tolist()]


NUMBERS = {
    "float": [5.0, -0.0, 0.1, 1e40, -1e40, 3.4028235e38, 1e-46, float("inf"), float("nan")],
    "int": [7, -3, 0, 2**24 - 1, 2**24 + 1, -(2**24) - 1, 2**31 - 1, 2**31, -(2**31) - 1, 2**53 + 1, 2**63 - 1,
            2**63, -(2**63), 2**64],
    "other": [True, np.float32(2.5), np.float64(1.5), np.int32(4), np.int64(-4)],
}
DTYPES = ["float32", "float64", "float16", "bfloat16", "int32", "int64", "int8", "uint8", "int16", "bool",
          "complex64"]
for dtype in DTYPES:
    for kind, numbers in NUMBERS.items():
        for i, number in enumerate(numbers):
            init = [1, 0, 1, 1] if dtype == "bool" else [1, 2, 3, 4]
            np_dtype = tf.bfloat16.as_numpy_dtype if dtype == "bfloat16" else dtype
            case(f"{dtype} {kind} {i} {number!r}", lambda: assign(np_dtype, init, 1, number))

KEYS = [0, 3, -1, -4, 4, -5, 2**40, (1,), (1, 0), (1, -2), (-2, 2), (0, 3), (2, 0), (0, 0, 0), (2**62, 0)]
for shape in [(4,), (2, 3), (3, 0), (2, 2, 2)]:
    init = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
    for key in KEYS:
        case(f"key {shape} {key!r}", lambda: assign("float32", init, key, 9.0))
        case(f"key int {shape} {key!r}", lambda: assign("int64", init.astype(np.int64), key, -9))


def kept_slice():
    v = tf.Variable([1.0, 2.0, 3.0])
    s = v[1]
    v[1].assign(7.0)
    s.assign(8.0)
    return [s.numpy().tolist(), v.numpy().tolist()]


def kept_read():
    v = tf.Variable([1.0, 2.0, 3.0])
    r = v.read_value()
    t = tf.identity(v)
    v[0].assign(5.0)
    v[0].assign(6)
    return [r.numpy().tolist(), t.numpy().tolist(), v.numpy().tolist()]


def kept_result():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    first = v[1].assign(5.0)
    v[0, 1].assign(-1.0)
    return [first.numpy().tolist(), v.numpy().tolist()]


def under_a_tape():
    v = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        v[2].assign(4.0)
        y = tf.reduce_sum(v * v)
    return [v.numpy().tolist(), tape.gradient(y, v).numpy().tolist()]


def in_a_function():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])

    @tf.function
    def step(i):
        v[1].assign(float(i))
        v[-1].assign(i)
        return v.read_value()

    return [step(2).numpy().tolist(), step(3).numpy().tolist(), v.numpy().tolist()]


def repeated():
    v = tf.Variable(np.zeros((3, 4), np.float32))
    for i in range(3):
        for j in range(4):
            v[i, j].assign(i * 4 + j)
        v[i].assign(v[i] + 0.5)
    return v.numpy().tolist()


for name, fn in [("kept_slice", kept_slice), ("kept_read", kept_read), ("kept_result", kept_result),
                 ("under_a_tape", under_a_tape), ("in_a_function", in_a_function), ("repeated", repeated)]:
    case(name, fn)

with open(os.path.join(sys.argv[2], "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
