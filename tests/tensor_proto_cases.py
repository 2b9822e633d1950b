"""tf.make_tensor_proto and tf.make_ndarray cases run with either framework (`tf` is TensorFlow or
varrt): each leaves in `out` the proto as print() shows it (protobuf's text format), its
serialized bytes in hex, and what make_ndarray gives back (dtype, shape, values), or the error.
tests/tools/record_tensor_proto.py records TensorFlow 2.21's outcomes; tests/test_tensor_proto.py
compares varrt's (linalg_cases.run_case and assert_outcome)."""
import numpy as np


def proto_outcome(tf, values, **kwargs):
    """What a case records of make_tensor_proto(values, **kwargs)."""
    p = tf.make_tensor_proto(values, **kwargs)
    back = tf.make_ndarray(p)
    items = back.reshape(-1).tolist()
    if back.dtype.kind == "c":
        items = [[v.real, v.imag] for v in items]
    elif back.dtype.kind in "OS":
        items = [repr(v) for v in items]
    elif back.dtype.kind in "fV":
        items = [repr(float(v)) for v in back.reshape(-1).astype(np.float64)]
    return [str(p), p.SerializeToString().hex(), str(back.dtype), list(back.shape), items]


CASES = [
    # the value field TensorFlow picks: raw tensor_content for several numbers, typed *_val otherwise
    "out = proto_outcome(tf, [1, 2])",
    "out = proto_outcome(tf, 3.5)",
    "out = proto_outcome(tf, [1.5, 2.0])",
    "out = proto_outcome(tf, 7)",
    "out = proto_outcome(tf, [[1., 2.]], dtype=tf.float64)",
    "out = proto_outcome(tf, 0.1, dtype=tf.float64)",
    "out = proto_outcome(tf, 'h\\u00e9llo\\n\\x01')",
    "out = proto_outcome(tf, [b'a', b'bc', b'\\x00\\xff\\'\"'])",
    "out = proto_outcome(tf, True)",
    "out = proto_outcome(tf, [True, False, True])",
    "out = proto_outcome(tf, 1 + 2j)",
    "out = proto_outcome(tf, [1 + 2j, 3j])",
    "out = proto_outcome(tf, np.complex64(-1.5 + 0.25j))",
    "out = proto_outcome(tf, np.float16(1.5))",
    "out = proto_outcome(tf, np.array([1.5, 2], np.float16))",
    "out = proto_outcome(tf, 1.0, dtype=tf.bfloat16)",
    "out = proto_outcome(tf, 2**40)",
    "out = proto_outcome(tf, np.uint32(7))",
    "out = proto_outcome(tf, np.array([7, 2**33], np.uint64))",
    "out = proto_outcome(tf, np.uint64(2**64 - 1))",
    "out = proto_outcome(tf, np.int8(-3))",
    "out = proto_outcome(tf, np.uint16(9))",
    "out = proto_outcome(tf, np.array([], np.float32))",
    "out = proto_outcome(tf, np.zeros((2, 0, 3), np.int64))",
    "out = proto_outcome(tf, float('nan'))",
    "out = proto_outcome(tf, [float('inf'), 1e-45], dtype=tf.float32)",
    "out = proto_outcome(tf, [123456789.0])",
    "out = proto_outcome(tf, -0.0, dtype=tf.float64)",
    "out = proto_outcome(tf, tf.constant([1., 2.]))",
    "out = proto_outcome(tf, np.arange(6, dtype=np.int16).reshape(2, 3))",
    # shape, verify_shape, allow_broadcast: a shorter value list repeats its last value when read
    "out = proto_outcome(tf, 5, shape=[2, 3])",
    "out = proto_outcome(tf, [1, 2], shape=[2, 2])",
    "out = proto_outcome(tf, [1, 2, 3, 4], shape=[2, 2])",
    "out = proto_outcome(tf, [1.5], shape=[3], allow_broadcast=True)",
    "out = proto_outcome(tf, ['a', 'b'], shape=[3])",
    "out = proto_outcome(tf, [], shape=[0, 4], dtype=tf.float32)",
    "out = proto_outcome(tf, 1 + 1j, shape=[2], dtype=tf.complex64)",
    "out = proto_outcome(tf, [3, 4], dtype=tf.uint32, shape=[3])",
    # errors
    "out = tf.make_tensor_proto([1, 2, 3, 4], shape=[2, 2], verify_shape=True)",
    "out = tf.make_tensor_proto([1, 2], shape=[2, 2], allow_broadcast=True)",
    "out = tf.make_tensor_proto(5, shape=[2, 3], verify_shape=True)",
    "out = tf.make_tensor_proto([1, 2, 3], shape=[2])",
    "out = tf.make_tensor_proto([1], shape=[1], verify_shape=True, allow_broadcast=True)",
    "out = tf.make_tensor_proto([1, 2], dtype=tf.string)",
    "out = tf.make_tensor_proto([1.5], dtype=tf.int32)",
    "out = tf.make_tensor_proto(['x'], dtype=tf.float32)",
    "out = tf.make_tensor_proto(None)",
    "out = tf.make_tensor_proto([[1], [2, 3]])",
    "out = str(tf.make_tensor_proto(np.float32(1.5), dtype=tf.int32))",
    "out = tf.make_tensor_proto([1, 'a'])",
    # the proto itself
    "p = tf.make_tensor_proto([[1, 2]]); out = [type(p).__name__, p.dtype, [d.size for d in p.tensor_shape.dim], "
    "p.tensor_content.hex(), repr(p) == str(p)]",
    "p = tf.make_tensor_proto([1, 2]); out = tf.make_tensor_proto(p) is p",
    "out = tf.compat.v1.make_tensor_proto(3, dtype=tf.int64).SerializeToString().hex()",
    "out = tf.compat.v1.make_ndarray(tf.make_tensor_proto([[2.5]])).tolist()",
    "out = tf.constant(tf.make_tensor_proto([1, 2]))",
    "out = tf.make_ndarray([1, 2])",
]


def run_case(tf, np_module, code):
    scope = {"tf": tf, "np": np_module, "proto_outcome": proto_outcome}
    try:
        exec(code, scope)  # noqa: S102 - the cases above
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return {"error": type(e).__name__, "message": str(e)}
    return {"out": scope["out"]}
