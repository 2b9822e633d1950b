"""tf's other top-level names (and tf.math's bincount, confusion_matrix, truncatediv,
truncatemod), run with either framework: each case a snippet that leaves its result in `out`.
tests/tools/record_tfapi.py records TensorFlow 2.21's outcomes and tests/test_tfapi.py compares
varrt's. `grads(fn, *xs)` and `traced(fn, *xs)` are tests/case_helpers.py's; `fn_graph(fn, *xs)`
runs fn in a tf.function with the inputs' own shapes, `tf1_run(fn, *xs)` in a TensorFlow 1 graph
on placeholders of those shapes, run by a Session."""
import numpy as np

import case_helpers

_RNG = np.random.RandomState(20261202)
A = {"m34": _RNG.standard_normal((3, 4)), "v6": _RNG.standard_normal(6).astype(np.float32),
     "t235": _RNG.standard_normal((2, 3, 5)).astype(np.float32)}

CASES = [
    "out = [tf.get_static_value(tf.constant([1, 2])), tf.get_static_value(3), tf.get_static_value([1., 2.])]",
    "out = fn_graph(lambda x: [tf.get_static_value(x) is None, tf.get_static_value(tf.constant(4.) * 2.), "
    "tf.get_static_value(tf.shape(x))], A['v6'])",
    "out = tf.broadcast_static_shape(tf.TensorShape([2, 1]), tf.TensorShape([3])).as_list()",
    "out = tf.broadcast_static_shape(tf.TensorShape([None, 1]), tf.TensorShape([1, 4])).as_list()",
    "out = tf.broadcast_static_shape(tf.TensorShape([2, 2]), tf.TensorShape([3]))",
    "out = tf.broadcast_dynamic_shape([2, 1], [3])",
    "out = tf.broadcast_dynamic_shape(np.int64([5, 1, 4]), np.int64([3, 1]))",
    "out = tf.broadcast_dynamic_shape([2, 2], [3])",
    "out = tf.saturate_cast([-1., 300., 5.5], tf.uint8)",
    "out = tf.saturate_cast([1e10, -1e10, 7.9], tf.int32)",
    "out = tf.saturate_cast(np.int64([2 ** 40, -5]), tf.int16)",
    "out = tf.saturate_cast(np.float64([1e300, -3.]), tf.float32)",
    "out = tf.tuple([tf.constant(1), tf.constant(2.)])",
    "out = fn_graph(lambda x: tf.tuple([x * 2., x + 1.]), A['v6'])",
    "out = [tf.inside_function(), fn_graph(lambda x: tf.inside_function(), A['v6'])]",
    "out = [tf.get_current_name_scope()]\nwith tf.name_scope('outer'):\n    with tf.name_scope('inner'):\n"
    "        out.append(tf.get_current_name_scope())",
    "out = [tf.is_symbolic_tensor(tf.constant(1)), fn_graph(lambda x: tf.is_symbolic_tensor(x), A['v6']), "
    "tf.is_symbolic_tensor(3)]",
    "out = [tf.AggregationMethod.ADD_N, tf.AggregationMethod.DEFAULT, tf.AggregationMethod.EXPERIMENTAL_TREE, "
    "tf.AggregationMethod.EXPERIMENTAL_ACCUMULATE_N]",
    "out = [tf.version.VERSION, tf.version.GRAPH_DEF_VERSION]",
    "out = tf.math.confusion_matrix([1, 2, 4], [2, 2, 4])",
    "out = tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], num_classes=6, weights=[1., 2., 3.], dtype=tf.float32)",
    "out = tf.math.confusion_matrix([[1], [0]], [1, 1])",
    "out = tf.math.confusion_matrix([1, -2], [2, 2])",
    "out = tf.math.confusion_matrix([1, 2], [2, 7], num_classes=5)",
    "out = tf.numpy_function(lambda x: x * 2, [A['v6']], tf.float32)",
    "out = tf.numpy_function(lambda x, y: (x + y, x - y), [np.int64(1), np.int64(2)], [tf.int64, tf.int64])",
    "out = fn_graph(lambda x: tf.numpy_function(lambda a: np.sort(a), [x], tf.float32), A['v6'])",
    "out = tf.strided_slice([[1, 2, 3], [4, 5, 6]], [0, 1], [2, 3], [1, 1])",
    "out = tf.strided_slice([[1, 2, 3], [4, 5, 6]], [1], [2], shrink_axis_mask=1)",
    "out = tf.strided_slice(A['t235'], [1, 0, 4], [2, 3, 0], [1, 2, -2], begin_mask=2, new_axis_mask=0)",
    "out = tf.raw_ops.StridedSlice(input=A['m34'], begin=[0, 3], end=[3, 0], strides=[2, -1], ellipsis_mask=0)",
    "out = tf.space_to_batch_nd(tf.reshape(tf.range(16.), [1, 4, 4, 1]), [2, 2], [[0, 0], [0, 0]])",
    "out = tf.space_to_batch(tf.reshape(tf.range(18.), [1, 3, 6, 1]), [2, 3], [[1, 0], [0, 0]])",
    "out = tf.batch_to_space(tf.reshape(tf.range(16.), [4, 2, 2, 1]), [2, 2], [[0, 0], [1, 0]])",
    "out = grads(lambda x: tf.grad_pass_through(lambda v: tf.round(v * 3.))(x), A['v6'])",
    "out = grads(lambda x: tf.recompute_grad(lambda v: tf.sin(v) * v)(x), A['v6'])",
    "out = tf.recompute_grad(lambda v: v * v)(tf.constant([1., 2.]))",
    "out = tf.hessians(tf.constant(1.), [tf.constant(1.)])",
    "out = tf.ensure_shape(tf.ones([2, 3]), [None, 3])",
    "out = tf.ensure_shape(tf.ones([2, 3]), [2, 4])",
    "out = fn_graph(lambda x: tf.ensure_shape(x, [None, 4]).shape.as_list(), A['m34'])",
    "out = grads(lambda x: tf.ensure_shape(x, [3, 4]) * 2., A['m34'])",
    "out = tf.identity_n([tf.constant(1), tf.constant([2.])])",
    "out = [tf.truncatediv([-7, 7], [2, 2]), tf.truncatemod([-7, 7], [2, -2]), tf.truncatemod([-7., 7.5], [2., -2.]), "
    "tf.truncatediv([-7., 7.], [2., 2.]), tf.truncatediv(tf.constant([-9], tf.int64), tf.constant(4, tf.int64))]",
    "out = tf.truncatediv([1], [0])",
    "out = tf.truncatemod([1], [0])",
    "out = tf.reverse_sequence([[1, 2, 3], [4, 5, 6]], [2, 3], seq_axis=1, batch_axis=0)",
    "out = tf.reverse_sequence(A['t235'], np.int32([0, 5, 2]), seq_axis=2, batch_axis=1)",
    "out = tf.reverse_sequence([[1, 2, 3], [4, 5, 6]], [2, 4], seq_axis=1, batch_axis=0)",
    "out = grads(lambda x: tf.reverse_sequence(x, [1, 4, 2], seq_axis=1, batch_axis=0), A['m34'])",
    "out = traced(lambda x, n: tf.reverse_sequence(x, n, seq_axis=0, batch_axis=1), A['m34'], np.int64([3, 1, 0, 2]))",
    "out = tf.dynamic_partition([10, 20, 30, 40], [0, 1, 0, 2], 3)",
    "out = tf.dynamic_partition(A['m34'], [1, 1, 0], 2)",
    "out = tf.dynamic_partition(A['m34'], [[0, 1, 0, 1], [1, 1, 1, 0], [0, 0, 0, 0]], 2)",
    "out = tf.dynamic_partition([10, 20, 30, 40], [0, 1, 0, 3], 3)",
    "out = tf.dynamic_stitch([[0, 2], [1, 3]], [[10, 30], [20, 40]])",
    "out = tf.dynamic_stitch([[0, 2], [1, 5]], [[10., 30.], [20., 40.]])",
    "out = tf.dynamic_stitch([[1], [1, 0]], [A['m34'][:1], A['m34'][1:]])",
    "out = grads(lambda x: tf.dynamic_partition(x, [1, 0, 1], 2)[1], A['m34'])",
    "out = grads(lambda x: tf.dynamic_stitch([[2, 0], [1]], [x[:2], x[2:]]), A['m34'])",
    "out = traced(lambda x, p: tf.dynamic_partition(x, p, 2)[0], A['v6'], np.int32([1, 0, 0, 1, 0, 1]))",
    "out = tf.histogram_fixed_width([-1., 0., 1.5, 2., 5., 15.], [0., 5.], nbins=5)",
    "out = tf.histogram_fixed_width(A['v6'], [-1., 1.], nbins=4, dtype=tf.int64)",
    "out = tf.histogram_fixed_width(np.int32([1, 5, 9]), np.int32([0, 10]), nbins=3)",
    "out = tf.histogram_fixed_width_bins([-1., 0., 1.5, 2., 5., 15.], [0., 5.], nbins=5)",
    "out = tf.histogram_fixed_width_bins(A['t235'], [-1., 1.], nbins=7)",
    "out = tf.histogram_fixed_width([1.], [5., 0.], nbins=5)",
    "out = tf.unravel_index([22, 41, 37], [7, 6])",
    "out = tf.unravel_index(5, [2, 3])",
    "out = tf.unravel_index(np.int64([0, 23]), np.int64([2, 3, 4]))",
    "out = tf.unravel_index([50], [7, 6])",
    "t = tf.timestamp(); out = [t.dtype.name, t.shape.as_list(), bool(t > 1.7e9)]",
    "out = [tf.math.bincount([1, 1, 2, 5]), tf.math.bincount([1, 1, 2, 5], weights=tf.constant([1., 2., 3., 4.]), "
    "minlength=7), tf.math.bincount([[1, 1], [2, 5]], axis=-1), tf.math.bincount([3, 3, 0], maxlength=2), "
    "tf.math.bincount(np.int64([]), dtype=tf.float32), tf.math.bincount([0, 4, 4], binary_output=True)]",
    "out = tf.math.bincount([1, 2], weights=[1., 2.])",
    "out = tf.math.bincount([1, 2], axis=1)",
    "out = fn_graph(lambda x: tf.parallel_stack([x, x * 2.]), A['v6'])",
    "out = tf.parallel_stack([[1, 2], [3, 4]])",
    "out = [tf.bitcast(tf.constant([1., 2.]), tf.int32), tf.bitcast(tf.constant([1, 2], tf.int64), tf.int32), "
    "tf.bitcast(tf.constant([[1, 2], [3, 4]], tf.int32), tf.int64), tf.bitcast(np.float16([1.5, -2.]), tf.uint16)]",
    "out = tf.bitcast(tf.constant([1, 2, 3], tf.int32), tf.int64)",
    "out = tf.bitcast(tf.constant([True]), tf.int8)",
    "out = traced(lambda x: tf.bitcast(x, tf.uint8), A['v6'])",
    "out = [repr(tf.type_spec_from_value(tf.constant([1, 2]))), repr(tf.type_spec_from_value(np.ones((2, 3)))), "
    "repr(tf.type_spec_from_value(5)), repr(tf.type_spec_from_value([1., 2.])), "
    "issubclass(tf.TensorSpec, tf.TypeSpec), isinstance(tf.TensorSpec([2]), tf.TypeSpec)]",
    "out = repr(tf.type_spec_from_value(tf.sparse.SparseTensor([[0, 0]], [1.], [2, 2])))",
    "out = tf.type_spec_from_value(range)",
    "out = tf1_run(lambda x: [tf.dynamic_partition(x, [1, 0, 1], 2)[1], tf.tuple([x * 2.])[0], "
    "tf.reverse_sequence(x, [1, 2, 3], seq_axis=1, batch_axis=0), tf.parallel_stack([x, x])], A['m34'])",
]


def run_case(tf, code):
    def fn_graph(fn, *xs):
        return tf.function(fn)(*[tf.constant(x) for x in xs])
    def tf1_run(fn, *xs):
        with tf.Graph().as_default():
            phs = [tf.compat.v1.placeholder(tf.as_dtype(x.dtype), x.shape) for x in xs]
            out = fn(*phs)
            with tf.compat.v1.Session() as sess:
                return sess.run(out, dict(zip(phs, xs)))
    return case_helpers.run_case(tf, code, {"A": A, "fn_graph": fn_graph, "tf1_run": tf1_run})
