"""Python values converted to a *requested* dtype, run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py, into tests/fixtures/conversion_dtype/) and under varrt (by
tests/test_conversion_requested_dtype.py): every dtype x value kind through tf.constant,
tf.convert_to_tensor, Variable.assign and v[i].assign, plus the same values inferred (no dtype)
and more lists inferred (TensorFlow's first-element rule).

    python conversion_dtype_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: "dtype values" or "ErrorType: message"}. TensorFlow's
SystemError for uint64 with a negative int or one >= 2**64 (its bug) is left out: varrt raises
ValueError there (tests/test_conversion_requested_dtype.py pins it)."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}

DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "bfloat16",
          "float32", "float64", "complex64", "complex128", "bool", "string"]
# tf.convert_to_tensor and assignments share tf.constant's conversion: fewer dtypes keep the
# fixture small (still one of each: with TensorFlow's direct converter, without, bool, string).
CONVERT_DTYPES = {"int8", "int32", "uint64", "bfloat16", "float32", "complex64", "bool", "string"}
ASSIGN_DTYPES = {"int8", "uint16", "int32", "int64", "uint64", "float16", "bfloat16", "float32", "float64",
                 "complex64", "complex128", "bool"}
# TensorFlow infers a list's dtype from its first element (py_seq_tensor.cc, InferShapeAndType)
# and reads the others with that element's converter: lists for that, recorded only inferred
# (the requested dtypes above add nothing new for them), plus one requested dtype with an
# unsupported first element.
INFERRED_ONLY = {
    "l_np_float16_float32": [np.float16(1), np.float32(2)], "l_float_np_float64": [1.5, np.float64(2)],
    "l_np_float64_1e40": [np.float64(1.5), 1e40], "l_np_float32_np_float64_1e40": [np.float32(1.5), np.float64(1e40)],
    "l_int_2p40_float": [1, 2**40, 1.5], "l_int_2p63_float": [1, 2**63, 1.5], "l_int_float_2p200": [1, 1.5, 2**200],
    "l_complex_true": [1j, True], "l_float_complex": [1.5, 1j], "l_float_np_bool": [1.5, np.bool_(True)],
    "l_np_float16_70000": [np.float16(1), 70000.0], "l_np_float16_int_big": [np.float16(1), 100000],
    "nested_float_true": [[1.5, 2], [True, 3]], "l_none_int": [None, 1], "l_int_none": [1, None],
}

# name -> value: Python scalars of every kind and range, lists mixing them (either one first),
# nested lists, NumPy scalars alone and in lists, empty lists.
VALUES = {
    "true": True, "false": False, "int": 7, "int_neg": -1, "int_300": 300, "int_2p40": 2**40,
    "int_2p63": 2**63, "int_2p64": 2**64, "int_min64": -2**63, "int_below64": -2**63 - 1, "int_2p70": 2**70,
    "int_10p400": 10**400, "float": 2.5, "float_whole": 5.0, "float_1e40": 1e40, "float_70000": 70000.0,
    "float_1e300": 1e300, "float_inf": float("inf"), "complex": 1j, "str": "a", "bytes": b"b",
    "l_true_int": [True, 2], "l_int_true": [2, True], "l_float_true": [1.5, True], "l_true_float": [True, 1.5],
    "l_2p64_int": [2**64, 1], "l_int_2p64": [1, 2**64], "l_2p63_int": [2**63, 1], "l_int_float": [1, 2.5],
    "l_float_int": [2.5, 1], "l_neg_int": [-1, 2], "l_int_2p40": [1, 2**40], "l_true_1e40": [True, 1e40],
    "l_int_1e40": [1, 1e40], "l_int_complex": [1, 1 + 2j], "l_complex_int": [1 + 2j, 1], "l_int_str": [1, "a"],
    "l_str_int": ["a", 1], "l_bools": [True, False], "l_10p400_float": [10**400, 1.5],
    "nested_int_float": [[1, 2], [3.5, 4]], "nested_bools": [[True, False], [False, True]],
    "nested_true_int": [[True, 2], [3, 4]],
    "np_float32": np.float32(2.5), "np_int64": np.int64(4), "np_bool": np.bool_(True), "np_float16": np.float16(1.5),
    "np_float64": np.float64(2.25),
    "l_np_float32_int": [np.float32(2.5), 1], "l_np_bool_int": [np.bool_(True), 1], "l_int_np_bool": [1, np.bool_(True)],
    "l_np_int64_float": [np.int64(4), 2.5], "l_np_float16_int": [np.float16(1.5), 2], "l_np_float64_int": [np.float64(1.5), 2],
    "l_np_bools": [np.bool_(True), np.bool_(False)], "l_true_np_bool": [True, np.bool_(False)],
    "l_np_float16_1e40": [np.float16(1.5), 1e40],
    "empty": [], "empty_nested": [[], []],
}


def flat(value):
    if isinstance(value, list):
        return [x for v in value for x in flat(v)]
    return [value]


def systemerror_in_tensorflow(value, dtype):
    """TensorFlow's uint64 converter ignores PyLong_AsUnsignedLongLong's error: SystemError."""
    return dtype == "uint64" and any(type(x) is int and not 0 <= x < 2**64 for x in flat(value))


def shown(t):
    array = t.numpy()
    if t.dtype.name == "bfloat16":
        array = np.asarray(array).astype(np.float32)
    return f"{t.dtype.name} {np.asarray(array).tolist()!r}"


def case(name, fn):
    try:
        results[name] = fn()
    except Exception as e:  # noqa: BLE001 - the case records which error and its text
        results[name] = f"{type(e).__name__}: {e}"


def shape_of(value):
    return list(np.shape(np.array(value, dtype=object))) if isinstance(value, list) else []


for value_name, value in INFERRED_ONLY.items():
    case(f"inferred/{value_name}", lambda: shown(tf.constant(value)))
case("constant/int32/l_none_int", lambda: shown(tf.constant([None, 1], dtype=tf.int32)))

for value_name, value in VALUES.items():
    case(f"inferred/{value_name}", lambda: shown(tf.constant(value)))
    for dtype in DTYPES:
        if systemerror_in_tensorflow(value, dtype):
            continue
        want = getattr(tf, dtype)
        case(f"constant/{dtype}/{value_name}", lambda: shown(tf.constant(value, dtype=want)))
        if dtype in CONVERT_DTYPES:
            case(f"convert_to_tensor/{dtype}/{value_name}", lambda: shown(tf.convert_to_tensor(value, want)))
        if dtype not in ASSIGN_DTYPES:
            continue
        shape = shape_of(value)
        if 0 in shape:
            continue

        def assign():
            v = tf.Variable(tf.zeros(shape, want))
            v.assign(value)
            return shown(v)

        case(f"assign/{dtype}/{value_name}", assign)
        if shape:
            continue

        def assign_element():
            v = tf.Variable(tf.zeros([3], want))
            v[1].assign(value)
            return shown(v)

        case(f"assign_element/{dtype}/{value_name}", assign_element)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, separators=(",", ":"), sort_keys=True)
