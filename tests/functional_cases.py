"""tf.map_fn, tf.foldl, tf.foldr, tf.scan and tf.vectorized_map, run with either framework (`tf` is
TensorFlow or varrt): each case a snippet that leaves its result in `out`, eagerly, in a
tf.function whose signature leaves every dimension unknown (`traced`), and differentiated
(`grads`, eagerly: varrt does not yet differentiate a While node in a graph).
tests/tools/record_functional.py records TensorFlow 2.21's outcomes and tests/test_functional.py
compares varrt's."""
import numpy as np

import case_helpers

_RNG = np.random.RandomState(20261201)
A = {"m43": _RNG.standard_normal((4, 3)).astype(np.float32), "v5": _RNG.standard_normal(5),
     "i6": np.arange(1, 7, dtype=np.int32)}

CASES = [
    "out = tf.map_fn(lambda x: x * 2, tf.constant([1, 2, 3]))",
    "out = tf.map_fn(lambda r: tf.reduce_sum(r * r), A['m43'])",
    "out = tf.map_fn(lambda x: tf.cast(x, tf.float32), A['i6'])",
    "out = tf.map_fn(lambda x: tf.cast(x, tf.float32), A['i6'], fn_output_signature=tf.float32)",
    "out = tf.map_fn(lambda x: tf.cast(x, tf.float64), A['i6'], dtype=tf.float64)",
    "out = list(tf.map_fn(lambda x: (x[1], x[0] * 2), (tf.constant([1, 2]), tf.constant([3., 4.])), "
    "fn_output_signature=(tf.float32, tf.int32)))",
    "out = tf.map_fn(lambda x: x[0] + tf.cast(x[1], tf.int32), (tf.constant([1, 2]), tf.constant([3., 4.])), "
    "fn_output_signature=tf.int32)",
    "out = tf.map_fn(lambda x: {'a': x, 'b': -x}, A['v5'], fn_output_signature={'a': tf.float64, 'b': tf.float64})['b']",
    "out = tf.map_fn(lambda x: x, tf.ones([2]), fn_output_signature=tf.TensorSpec([], tf.float32))",
    "out = tf.map_fn(lambda x: x * 2, tf.zeros([0, 3]))",
    "out = tf.map_fn(lambda x: x, tf.constant(1))",
    "out = tf.map_fn(lambda x: x, [])",
    "out = tf.map_fn(5, tf.ones([2]))",
    "out = tf.foldl(lambda a, x: a + x, tf.constant([1, 2, 3]))",
    "out = tf.foldl(lambda a, x: a + x, A['i6'], initializer=10)",
    "out = tf.foldr(lambda a, x: a * 10 + x, tf.constant([1, 2, 3]))",
    "out = tf.foldl(lambda a, x: a + x[0] * x[1], (tf.constant([1, 2]), tf.constant([3, 4])), initializer=0)",
    "out = tf.foldl(lambda a, x: a + x, tf.constant([], tf.int32))",
    "out = tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3]))",
    "out = tf.scan(lambda a, x: a * 2 + x, tf.constant([1., 2, 3]), initializer=1., reverse=True)",
    "out = list(tf.scan(lambda a, x: (a[0] + x, a[1] * x), tf.constant([1, 2, 3]), initializer=(0, 1)))",
    "out = tf.scan(lambda a, x: a + x, A['m43'])",
    "out = tf.vectorized_map(lambda x: x * x + 1., A['m43'])",
    "out = tf.vectorized_map(lambda x: tf.cast(tf.reduce_sum(x), tf.int32), A['m43'])",
    "out = traced(lambda x: tf.map_fn(lambda r: tf.reduce_sum(r * r), x), A['m43'])",
    "out = traced(lambda x: tf.map_fn(lambda r: r * 2., x), A['m43'])",
    "out = traced(lambda x: tf.map_fn(lambda r: tf.cast(r, tf.int32), x, fn_output_signature=tf.int32), A['m43'])",
    "out = traced(lambda x: tf.scan(lambda a, r: a + r, x), A['m43'])",
    "out = traced(lambda x: tf.foldl(lambda a, r: a * r, x, initializer=np.float64(1.)), A['v5'])",
    "out = traced(lambda x: tf.foldr(lambda a, r: a * 2. + r, x), A['v5'])",
    "out = traced(lambda x: tf.vectorized_map(lambda r: r - tf.reduce_mean(r), x), A['m43'])",
    "out = grads(lambda x: tf.map_fn(lambda r: tf.reduce_sum(r * r * r), x), A['m43'])",
    "out = grads(lambda x: tf.scan(lambda a, r: a * r, x), A['v5'])",
    "out = grads(lambda x: tf.foldl(lambda a, r: a * r + 1., x), A['v5'])",
    "out = grads(lambda x: tf.foldr(lambda a, r: a * r + 1., x), A['v5'])",
]


def run_case(tf, code):
    return case_helpers.run_case(tf, code, {"A": A})
