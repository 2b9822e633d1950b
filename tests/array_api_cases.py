"""tf.unique, tf.searchsorted, tf.repeat, tf.sequence_mask, tf.tensor_scatter_nd_* and the segment
reductions, run with either framework (`tf` is TensorFlow or varrt): each case a snippet that
leaves its result in `out`. tests/tools/record_array_api.py records TensorFlow 2.21's outcomes
(values, dtypes and shapes, or the error's type and text) and tests/test_array_api.py compares
varrt's. `grads(fn, *xs)` and `traced(fn, *xs)` are tests/case_helpers.py's."""
import numpy as np

import case_helpers

_RNG = np.random.RandomState(20261130)
A = {
    "f6": _RNG.standard_normal(6), "f53": _RNG.standard_normal((5, 3)).astype(np.float32),
    "ids6": np.array([0, 0, 1, 3, 3, 3]), "uids6": np.array([2, 0, -1, 2, 4, 0]),
    "t43": _RNG.standard_normal((4, 3)), "sorted27": np.sort(_RNG.randint(0, 20, (2, 7)), axis=-1).astype(np.float32),
}

CASES = [
    # unique
    "out = list(tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8]))",
    "out = list(tf.unique(tf.constant([3., 1., 3., np.nan, 2., np.nan, 1.]), out_idx=tf.int64))",
    "out = list(tf.unique(tf.constant(['b', 'a', 'b'])))",
    "out = list(tf.unique_with_counts([5, 3, 5, 5, 0, 3]))",
    "out = list(tf.unique_with_counts(np.int64([]), out_idx=tf.int64))",
    "u = tf.unique([4, 2, 4]); out = [u.y, u.idx]",
    "out = tf.unique(tf.constant([[1, 2]]))",
    "out = tf.unique([1., 2.], out_idx=tf.float32)",
    "out = traced(lambda x: tf.unique(x)[0], np.int32([7, 7, 1, 9, 1]))",
    # searchsorted
    "out = tf.searchsorted([[1, 3, 5]], [[2, 5, 6]])",
    "out = tf.searchsorted([1, 3, 5], [2, 5, 6], side='right', out_type=tf.int64)",
    "out = tf.searchsorted(A['sorted27'], A['sorted27'][:, ::2] + 0.5)",
    "out = tf.searchsorted(A['sorted27'], A['sorted27'], side='right')",
    "out = tf.searchsorted(np.arange(10.), np.float64([[-1., 3., 3.5], [9., 10., 4.]]))",
    "out = tf.searchsorted([1, 3, 5], [2, 5, 6], side='middle')",
    "out = tf.searchsorted([[1, 3, 5]], [[2, 5, 6], [1, 2, 3]])",
    "out = traced(lambda s, v: tf.searchsorted(s, v), A['sorted27'], np.float32([[3., 30.], [0., 11.]]))",
    # repeat
    "out = tf.repeat([1, 2, 3], 2)",
    "out = tf.repeat([[1, 2], [3, 4]], [1, 2], axis=0)",
    "out = tf.repeat([[1, 2], [3, 4]], [0, 3], axis=1)",
    "out = tf.repeat([[1, 2], [3, 4]], 3)",
    "out = tf.repeat(A['t43'], [2, 0, 1, 3], axis=-2)",
    "out = tf.repeat(7., 3)",
    "out = tf.repeat([[1, 2], [3, 4]], [1, 2, 3], axis=0)",
    "out = tf.repeat([[1, 2], [3, 4]], [[1, 2]], axis=0)",
    "out = tf.repeat([1, 2], 2, axis=1.)",
    "out = grads(lambda x: tf.repeat(x, [1, 0, 2, 3], axis=0), A['t43'])",
    "out = traced(lambda x, r: tf.repeat(x, r, axis=0), A['t43'], np.int32([3, 1, 0, 2]))",
    # sequence_mask
    "out = tf.sequence_mask([1, 3, 2], 5)",
    "out = tf.sequence_mask([[1, 3], [2, 0]])",
    "out = tf.sequence_mask([1, 3, 2], 4, dtype=tf.float32)",
    "out = tf.sequence_mask(np.int64([0, 6]), np.int64(4))",
    "out = tf.sequence_mask([1, 2], [3, 4])",
    "out = traced(lambda n: tf.sequence_mask(n), np.int32([4, 0, 2]))",
    # tensor_scatter_nd_*
    "out = tf.tensor_scatter_nd_update([1, 2, 3, 4], [[1], [3]], [9, 10])",
    "out = tf.tensor_scatter_nd_update(A['t43'], [[0, 2], [3, 1], [0, 2]], [1., 2., 3.])",
    "out = tf.tensor_scatter_nd_add([[1, 2], [3, 4]], [[1], [1]], [[9, 10], [1, 1]])",
    "out = tf.tensor_scatter_nd_sub(A['t43'], [[2]], [[1., 2., 3.]])",
    "out = tf.tensor_scatter_nd_max([1, 2, 3, 4], [[1], [1]], [9, 10])",
    "out = tf.tensor_scatter_nd_min(np.float64([1, 2, 3, 4]), [[1], [2]], [0., 9.])",
    "out = tf.tensor_scatter_nd_min([1, 2, 3, 4], [[1], [5]], [9, 10])",
    "out = tf.tensor_scatter_nd_update([1, 2, 3, 4], [[1], [3]], [9, 10, 11])",
    "out = grads(lambda t, u: tf.tensor_scatter_nd_update(t, [[0], [2]], u), A['t43'], A['t43'][:2] * 2)",
    "out = grads(lambda t, u: tf.tensor_scatter_nd_add(t, [[0, 1], [2, 2], [0, 1]], u), A['t43'], A['f6'][:3])",
    "out = grads(lambda t, u: tf.tensor_scatter_nd_sub(t, [[3]], u), A['t43'], A['t43'][:1])",
    "out = grads(lambda t, u: tf.tensor_scatter_nd_max(t, [[0], [1]], u), A['t43'], A['t43'][2:] * 0 + 0.1)",
    "out = grads(lambda t, u: tf.tensor_scatter_nd_min(t, [[0], [1]], u), A['t43'], A['t43'][:2])",
    "out = traced(lambda t, i, u: tf.tensor_scatter_nd_add(t, i, u), A['t43'], np.int32([[1], [1]]), A['t43'][:2])",
    # segment reductions (sorted ids)
    "out = [tf.math.segment_sum(A['f6'], A['ids6']), tf.math.segment_mean(A['f6'], A['ids6']), "
    "tf.math.segment_max(A['f6'], A['ids6']), tf.math.segment_min(A['f6'], A['ids6']), "
    "tf.math.segment_prod(A['f6'], A['ids6'])]",
    "out = tf.math.segment_max([[1, 2], [3, 4], [5, 6]], [0, 0, 2])",
    "out = tf.math.segment_mean([1, 2, 4, 7], [0, 0, 1, 1])",
    "out = tf.math.segment_sum(A['f53'], np.int64([0, 1, 1, 1, 4]))",
    "out = tf.math.segment_sum([1, 2, 3, 4], [0, 2, 1, 3])",
    "out = tf.math.segment_min([1., 2, 3, 4], [0, 0, 1])",
    "out = tf.math.segment_prod([1., 2, 3, 4], [-1, 0, 1, 1])",
    "out = tf.math.segment_sum([1., 2.], [[0, 1]])",
    "out = tf.math.segment_max([True, False], [0, 1])",
    "out = grads(lambda x: tf.math.segment_sum(x, [0, 0, 1, 3, 3, 3]), A['f6'])",
    "out = grads(lambda x: tf.math.segment_mean(x, [0, 0, 1, 1, 1]), A['f53'])",
    "out = grads(lambda x: tf.math.segment_max(x, [0, 0, 2, 2, 2]), A['f53'])",
    "out = grads(lambda x: tf.math.segment_min(x, [0, 1, 1, 1, 1]), A['f53'])",
    "out = grads(lambda x: tf.math.segment_prod(x, [0, 0, 1, 3, 3, 3]), A['f6'])",
    "out = grads(lambda x: tf.math.segment_prod(x, [0, 0, 0, 1, 1, 1]), np.float64([1., 0., 2., 0., 0., 3.]))",
    "out = traced(lambda x, i: tf.math.segment_sum(x, i), A['f53'], np.int32([0, 0, 2, 3, 3]))",
    # unsorted segment reductions
    "out = [tf.math.unsorted_segment_max(A['f6'], A['uids6'], 5), tf.math.unsorted_segment_min(A['f6'], A['uids6'], 5), "
    "tf.math.unsorted_segment_prod(A['f6'], A['uids6'], 5), tf.math.unsorted_segment_mean(A['f6'], A['uids6'], 6), "
    "tf.math.unsorted_segment_sqrt_n(A['f6'], A['uids6'], 6)]",
    "out = tf.math.unsorted_segment_max([1, 2, 3, 4], [0, 3, 1, 0], 4)",
    "out = tf.math.unsorted_segment_min(np.int64([[1, 2], [3, 4]]), [[0, 1], [1, 0]], np.int64(3))",
    "out = tf.math.unsorted_segment_mean(A['f53'], [1, 1, 0, -1, 1], 3)",
    "out = tf.math.unsorted_segment_max([1., 2, 3, 4], [0, 3, 7, 0], 4)",
    "out = tf.math.unsorted_segment_prod([1., 2, 3, 4], [0, 1, 1], 4)",
    "out = grads(lambda x: tf.math.unsorted_segment_max(x, [2, 0, -1, 2, 4, 0], 5), A['f6'])",
    "out = grads(lambda x: tf.math.unsorted_segment_min(x, [1, 1, 0, -1, 1], 3), A['f53'])",
    "out = grads(lambda x: tf.math.unsorted_segment_prod(x, [2, 0, -1, 2, 4, 0], 5), A['f6'])",
    "out = grads(lambda x: tf.math.unsorted_segment_mean(x, [2, 0, -1, 2, 4, 0], 5), A['f6'])",
    "out = grads(lambda x: tf.math.unsorted_segment_sqrt_n(x, [1, 1, 0, 2, 1], 3), A['f53'])",
    "out = grads(lambda x: tf.math.unsorted_segment_sum(x, [2, 0, -1, 2, 4, 0], 5), A['f6'])",
    "out = traced(lambda x, i, n: tf.math.unsorted_segment_max(x, i, n), A['f53'], np.int32([1, 1, 0, 2, 1]), "
    "np.int32(4))",
]


def run_case(tf, code):
    return case_helpers.run_case(tf, code, {"A": A})
