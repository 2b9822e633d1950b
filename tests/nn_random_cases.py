"""tf.nn and tf.random cases run with either framework (`tf` is TensorFlow or varrt): each a snippet that
leaves its result in `out`, like tests/linalg_cases.py (whose outcome and comparison they share).
tests/tools/record_nn_random_cases.py records TensorFlow 2.21's outcomes (values, dtypes and shapes, or
the error's type and text) and tests/test_nn_random_cases.py compares varrt's. The op database
(tests/op_db.py) runs the same functions eagerly, traced, in TF1 sessions and through gradients;
these are the errors, documented examples and edge values it does not reach (the random
streams' values are tests/test_random_streams.py's)."""
import numpy as np

from linalg_cases import mismatch, outcome  # noqa: F401  (one outcome format and tolerance for both)

CASES = [
    # TensorFlow's docstring example, and edges
    "out = tf.nn.weighted_cross_entropy_with_logits(labels=tf.constant([1., 0.5, 0.]), "
    "logits=tf.constant([1.5, -0.1, -10.]), pos_weight=tf.constant(1.5))",
    "out = tf.nn.weighted_cross_entropy_with_logits(np.float64([[1., 0.], [0., 1.]]), np.float64([[80., -80.], "
    "[80., -80.]]), 0.25)",
    "out = tf.nn.log_poisson_loss(np.float32([0., 0.5, 1., 2., 7.]), np.float32([0.1, -1., 2., 0., 1.]), "
    "compute_full_loss=True)",
    "out = tf.nn.crelu(np.int32([[1, -2, 0]]))",
    "out = tf.nn.crelu(np.float64([1., -2.]), axis=0)",
    "out = [tf.nn.zero_fraction(np.zeros((0, 3))), tf.nn.zero_fraction([True, False, False]), "
    "tf.nn.zero_fraction(np.int64([0, 5, 0, 0]))]",
    "out = list(tf.nn.sufficient_statistics(np.arange(12.).reshape(3, 4), [0, 0, 1])[:3])",
    "out = list(tf.nn.sufficient_statistics(np.int32([[1, 2], [3, 4]]), [-1])[:3])",
    "out = list(tf.nn.normalize_moments(4., np.float32([8., 2.]), np.float32([20., 3.]), None))",
    "out = list(tf.nn.weighted_moments(np.float32([[1., 2.], [3., 5.]]), [0], np.float32([0., 0.])))",
    "out = list(tf.nn.weighted_moments(np.float32([[1., 2.], [3., 5.]]), [1], np.int32([[1], [3]])))",
    "out = tf.nn.compute_average_loss(np.float32([1., 2., 3.]), global_batch_size=0)",
    "out = tf.nn.compute_average_loss(np.int32([4, 5]), sample_weight=[2, 3])",
    "out = tf.nn.compute_average_loss(np.float32([[1., 2.]]), sample_weight=np.float32([[[2.], [3.]]]))",
    "out = tf.nn.scale_regularization_loss([1, 2])",
    "out = tf.nn.embedding_lookup(np.float32([[1., 2.], [3., 4.], [5., 6.]]), [[2, 0], [1, 1]])",
    "out = tf.nn.embedding_lookup([tf.constant([[1., 2.], [3., 4.]]), tf.constant([[5., 6.]])], [2, 0, 1])",
    "out = tf.nn.embedding_lookup(tf.Variable([[3., 4.], [0.3, 0.4]]), np.int64([0, 1, 0]), max_norm=1.0)",
    "out = tf.nn.embedding_lookup([[1., 2.], [3., 4.]], [1])",
    # errors: TensorFlow's types and texts
    "out = tf.nn.weighted_cross_entropy_with_logits([1., 2.], [1., 2., 3.], 2.0)",
    "out = tf.nn.log_poisson_loss([1., 2.], [1., 2., 3.])",
    "out = tf.nn.compute_average_loss(3.0)",
    "out = tf.nn.compute_average_loss([1., 2.], global_batch_size=[2, 3])",
    "out = tf.nn.compute_average_loss([1., 2.], global_batch_size=2.0)",
    "out = tf.nn.compute_average_loss([1., 2.], global_batch_size=-2)",
    "out = tf.nn.embedding_lookup([], [0])",
    "out = tf.nn.embedding_lookup(None, [0])",
    "out = tf.nn.embedding_lookup([[1., 2.], [3., 4.]], [5])",
    "out = tf.nn.embedding_lookup(np.float32([[1., 2.], [3., 4.]]), [5])",
    "out = tf.nn.depth_to_space(np.arange(96.).reshape(2, 2, 3, 8), 2)",
    "out = tf.nn.space_to_depth(np.arange(72).reshape(1, 4, 6, 3), 2)",
    "out = tf.nn.space_to_depth(np.arange(24).reshape(1, 4, 6, 1) > 5, 2)",
    "out = tf.nn.depth_to_space(np.zeros((2, 2, 3, 8), np.float32), 3)",
    "out = tf.nn.space_to_depth(np.zeros((1, 4, 6, 3)), 4)",
    "out = tf.nn.depth_to_space(np.zeros((2, 2, 3, 8), np.float32), 1)",
    "out = tf.nn.depth_to_space(np.zeros((2, 3, 8), np.float32), 2)",
    "out = tf.nn.atrous_conv2d(np.ones((1, 5, 5, 1), np.float32), np.ones((2, 2, 1, 1), np.float32), 2, 'VALID')",
    "out = tf.nn.batch_norm_with_global_normalization(np.float32([[1., 2.]]), 0.5, 2.0, 0.1, 3.0, 1e-3, False)",
    "out = tf.nn.lrn(np.arange(24, dtype=np.float32).reshape(1, 2, 2, 6) / 10, depth_radius=1, beta=1.0)",
    "out = tf.nn.lrn(np.float16([[[[1., -2., 3.]]]]), depth_radius=0, alpha=0.5)",
    "out = tf.nn.lrn(tf.ones((2, 3)))",
    "out = tf.nn.lrn(tf.ones((1, 1, 1, 2), tf.float64))",
    "out = list(tf.nn.max_pool_with_argmax(np.float32([[[[1.], [3.]], [[3.], [2.]]]]), 2, 2, 'VALID'))",
    "out = list(tf.nn.max_pool_with_argmax(np.arange(50.).reshape(2, 5, 5, 1) % 7, [2, 3], [2, 2], 'SAME', "
    "include_batch_in_index=True))",
    "out = tf.nn.max_pool_with_argmax(np.zeros((1, 4, 4, 2), np.float32), 2, 2, 'VALID', data_format='NCHW')",
    "out = tf.nn.max_pool_with_argmax(np.zeros((1, 4, 4, 2), np.float32), [1, 2, 2, 2], 2, 'VALID')",
    "out = tf.nn.pool(np.arange(48.).reshape(1, 4, 4, 3) % 5, [2, 2], 'AVG', strides=[2, 2])",
    "out = tf.nn.pool(np.float32(np.arange(2 * 64.).reshape(1, 4, 4, 4, 2) % 7), [2, 2, 2], 'MAX', strides=[2, 2, 2])",
    "out = tf.nn.pool(np.zeros((1, 5, 5, 1), np.float32), [2, 2], 'MAX', padding='SAME', dilations=[2, 2])",
    "out = tf.nn.pool(np.zeros((1, 5, 5, 1), np.float32), [2, 2], 'MAX', strides=[3, 3])",
    "out = tf.nn.pool(np.zeros((1, 5, 5, 1), np.float32), [2, 2], 'MIN')",
    "out = tf.nn.pool(np.zeros((1, 5, 5, 1), np.float32), [2, 2], 'MAX', strides=[2, 2], dilations=[2, 2])",
    "out = tf.nn.conv3d_transpose(np.ones((1, 2, 2, 2, 1), np.float32), np.ones((2, 2, 2, 3, 1), np.float32), "
    "[1, 4, 4, 4, 3], [2, 2, 2])",
    "(d,), lp = tf.nn.ctc_greedy_decoder(np.float32([[[1., 2., 0.]], [[1., 2., 0.]], [[3., 1., 2.]], [[0., 0., 9.]]]), "
    "[4]); out = [d.indices, d.values, d.dense_shape, lp]",
    "(d,), lp = tf.nn.ctc_greedy_decoder(np.float64(np.arange(24.).reshape(4, 2, 3) % 5), [3, 4], merge_repeated=False, "
    "blank_index=1); out = [d.indices, d.values, d.dense_shape, lp]",
    "out = tf.nn.ctc_greedy_decoder(np.zeros((4, 3, 2), np.float32), [4, 4])",
    "out = tf.nn.ctc_greedy_decoder(np.zeros((4, 2, 2), np.float32), [5, 1])",
    "out = tf.nn.ctc_greedy_decoder(np.zeros((4, 2), np.float32), [1])",
    "out = list(tf.nn.collapse_repeated([[1, 1, 2, 2, 3], [4, 4, 4, 0, 0], [5, 6, 6, 7, 7]], [5, 3, 4]))",
    "out = list(tf.nn.collapse_repeated(np.int64([[1, 1, 1]]), np.int64([2])))",
    "ids = tf.SparseTensor([[0, 0], [0, 1], [1, 0], [3, 0], [3, 1], [3, 2]], tf.constant([1, 5, 2, 0, 0, 4], tf.int64), "
    "[5, 3]); w = tf.SparseTensor(ids.indices, [0.5, 2.0, 1.0, -1.0, 3.0, 0.25], [5, 3]); "
    "p = np.float32(np.arange(18.).reshape(6, 3) / 7); out = [tf.nn.embedding_lookup_sparse(p, ids, x, combiner=c) "
    "for c in ('sum', 'mean', 'sqrtn') for x in (None, w)]",
    "ids = tf.SparseTensor([[0, 0], [2, 1]], tf.constant([3, 1], tf.int64), [3, 2]); "
    "out = tf.nn.embedding_lookup_sparse([np.float32([[1., 2.], [3., 4.]]), np.float32([[5., 6.], [7., 8.]])], ids, "
    "None, combiner='sum', max_norm=5.0)",
    "ids = tf.SparseTensor([[0, 0]], tf.constant([0], tf.int64), [1, 1]); "
    "out = tf.nn.embedding_lookup_sparse(np.float16([[1., 2.]]), ids, None, combiner='max')",
    "out = tf.nn.atrous_conv2d_transpose(np.ones((1, 4, 4, 2), np.float32), np.ones((2, 2, 3, 2), np.float32), "
    "[1, 9, 9, 3], 3, 'VALID')",
    "out = tf.nn.atrous_conv2d_transpose(np.ones((1, 4, 4, 2), np.float32), np.ones((2, 2, 3, 2), np.float32), "
    "[1, 4, 4, 3], 0, 'SAME')",
    "out = tf.nn.atrous_conv2d_transpose(np.ones((1, 4, 4, 2), np.float32), np.ones((2, 2, 3, 2), np.float32), "
    "[1, 4, 4, 2], 2, 'SAME')",
    "out = [tf.nn.dilation2d(np.arange(30.).reshape(1, 5, 6, 1) % 7, np.float64([[[1.], [0.]], [[-1.], [2.]]]), "
    "[1, 1, 2, 1], 'SAME', 'NHWC', [1, 2, 1, 1]), tf.nn.erosion2d(np.arange(30.).reshape(1, 5, 6, 1) % 7, "
    "np.float64([[[1.], [0.]], [[-1.], [2.]]]), [1, 1, 2, 1], 'SAME', 'NHWC', [1, 2, 1, 1])]",
    "out = tf.nn.dilation2d(np.int32(np.arange(16).reshape(1, 4, 4, 1)), np.int32([[[1], [0]]]), [1, 1, 1, 1], "
    "'VALID', 'NHWC', [1, 1, 1, 1])",
    "out = tf.nn.dilation2d(np.zeros((1, 3, 3, 2)), np.zeros((2, 2, 2)), [1, 1, 1, 1], 'SAME', 'NCHW', [1, 1, 1, 1])",
    "out = tf.nn.dilation2d(np.zeros((1, 3, 3, 2)), np.zeros((2, 2, 1)), [1, 1, 1, 1], 'SAME', 'NHWC', [1, 1, 1, 1])",
    "out = tf.nn.with_space_to_batch(np.float32(np.arange(42.).reshape(1, 7, 6, 1) % 5), [2, 1], 'VALID', "
    "lambda i, n, p: tf.nn.max_pool2d(i, 2, 1, p))",
    "out = tf.nn.with_space_to_batch(np.zeros((1, 4, 4, 1), np.float32), [2, 2], 'SAME', lambda i, n, p: i)",
    "out = tf.nn.with_space_to_batch(np.zeros((1, 4, 4, 1), np.float32), [0, 2], 'VALID', lambda i, n, p: i)",
    "tf.random.set_seed(3); c = tf.constant([[1, 2], [5, 0], [9, 3]], tf.int64); "
    "out = [list(f(c, 2, 6, u, 10, seed=4)) for f in (tf.random.uniform_candidate_sampler, "
    "tf.random.log_uniform_candidate_sampler) for u in (True, False, True)]; tf.random.set_seed(None)",
    "tf.random.set_seed(5); out = list(tf.random.log_uniform_candidate_sampler(tf.constant([[7]], tf.int64), 1, 30, "
    "True, 1000)); tf.random.set_seed(None)",
    "out = tf.random.uniform_candidate_sampler(tf.constant([[1, 2]], tf.int64), 2, 12, True, 10)",
    "out = tf.random.uniform_candidate_sampler(tf.constant([[1, 2]], tf.int64), 3, 2, True, 10)",
    "out = list(tf.nn.compute_accidental_hits(tf.constant([[1, 2], [5, 0], [9, 3]], tf.int64), "
    "tf.constant([3, 1, 7, 1, 0], tf.int64), 2))",
    "out = tf.nn.compute_accidental_hits(tf.constant([[1, 2]], tf.int64), tf.constant([3], tf.int64), 3)",
    "out = tf.random.stateless_categorical([[0., 1.]], 3, seed=[1, 2, 3])",
    "out = tf.random.stateless_categorical([[0., 1.]], 3, seed=[1, 2], dtype=tf.float32)",
    "out = tf.random.stateless_categorical([0., 1.], 3, seed=[1, 2])",
    "out = tf.random.stateless_categorical(np.zeros((2, 0), np.float32), 3, seed=[1, 2])",
    "out = tf.random.stateless_categorical([[True, False]], 3, seed=[1, 2])",
    "out = tf.random.split(np.float32([1., 2.]))",
    "out = tf.random.fold_in([1, 2], 3.5)",
    "out = tf.random.shuffle(np.float32(5.))",
    "out = tf.random.shuffle(np.zeros((0, 3)))",
    "out = tf.image.random_crop(tf.zeros([2, 3]), [3, 3])",
    "out = tf.random.stateless_gamma([4, 2], seed=[1, 2], alpha=[0.5, 1.0, 7.0])",
    "out = tf.random.stateless_poisson([4, 2], seed=[1, 2], lam=[0.5, 1.0, 7.0])",
    "out = tf.random.stateless_poisson([2], seed=[1, 2, 3], lam=1.0)",
    "out = tf.random.stateless_gamma([0, 3], seed=[1, 2], alpha=[1.0, 2.0, 3.0])",
    "out = tf.random.gamma([2], 1.0, dtype=tf.int32)",
    "out = tf.random.gamma([-2], 1.0)",
    "out = tf.random.gamma([0], [1.0, 2.0])",
    "out = tf.random.poisson([2], 1.0, dtype=tf.bool)",
    "out = [tf.random.poisson([2], 3.0).dtype.name, tf.random.poisson([2], 3).dtype.name, "
    "tf.random.poisson([1, 0], [2.0])]",
    "out = tf.random.stateless_poisson([2], seed=[1, 2], lam=np.int32(3))",
    "out = tf.random.stateless_binomial([3], [1, 2], counts=[1., 2.], probs=0.5)",
    "out = tf.random.stateless_binomial([3, 2], [1, 2], counts=[1., 2.], probs=[0.5, 0.2, 0.1])",
    "out = tf.random.stateless_binomial([2], [1, 2, 3], counts=1., probs=0.5)",
    "out = tf.random.stateless_binomial([0, 2], [1, 2], counts=[3., 4.], probs=0.5)",
    "out = tf.random.create_rng_state(1, 'foo')",
    "out = tf.random.create_rng_state([1, 2], 1)",
    "out = tf.random.experimental.stateless_shuffle(np.float32(3.), seed=[1, 2])",
    # stateless_parameterized_truncated_normal and ParameterizedTruncatedNormal: the kernels' checks
    "out = tf.random.stateless_parameterized_truncated_normal([3], [1, 2, 3])",
    "out = tf.random.stateless_parameterized_truncated_normal([3, 2], [1, 2], means=[1., 2.], stddevs=[1., 2., 3.])",
    "out = tf.random.stateless_parameterized_truncated_normal([[3, 2]], [1, 2])",
    "out = tf.random.stateless_parameterized_truncated_normal([3, 4], [1, 2], means=[1., 2.])",
    "out = tf.random.stateless_parameterized_truncated_normal([3, 2], [1, 2], stddevs=[-1., 2.])",
    "out = tf.random.stateless_parameterized_truncated_normal([3, 2], [1, 2], minvals=3., maxvals=2.)",
    "out = tf.random.stateless_parameterized_truncated_normal([3], [1, 2], minvals=-np.inf, maxvals=np.inf)",
    "out = tf.random.stateless_parameterized_truncated_normal([3, -2], [1, 2])",
    "out = tf.random.stateless_parameterized_truncated_normal([0, 2], [1, 2], stddevs=-1.)",
    "out = tf.random.stateless_parameterized_truncated_normal([3], [1, 2], means=tf.constant(1., tf.float64))",
    "out = tf.random.stateless_parameterized_truncated_normal([3], [1, 2], means=tf.constant(1), stddevs=1, "
    "minvals=0, maxvals=3)",
    "out = tf.random.stateless_parameterized_truncated_normal([3], [1.5, 2])",
    "out = tf.random.stateless_parameterized_truncated_normal([3], tf.constant([1, 2], tf.int64), "
    "means=tf.constant(0., tf.bfloat16), stddevs=tf.constant(1., tf.bfloat16), minvals=tf.constant(-1., tf.bfloat16), "
    "maxvals=tf.constant(1., tf.bfloat16))",
    "out = tf.random.stateless_parameterized_truncated_normal(tf.constant([3], tf.int64), tf.constant([1, 2]), "
    "stddevs=tf.constant(-1.), means=tf.constant(0.), minvals=tf.constant(-1.), maxvals=tf.constant(1.))",
    "out = tf.raw_ops.ParameterizedTruncatedNormal(shape=[3, 2], means=[0., 1.], stdevs=1., minvals=-1., maxvals=1.)",
    "out = tf.raw_ops.ParameterizedTruncatedNormal(shape=[3, 2], means=[[0.]], stdevs=1., minvals=-1., maxvals=1.)",
    "out = tf.raw_ops.ParameterizedTruncatedNormal(shape=[], means=0., stdevs=1., minvals=-1., maxvals=1.)",
    "out = tf.raw_ops.ParameterizedTruncatedNormal(shape=[[2]], means=0., stdevs=1., minvals=-1., maxvals=1.)",
    "out = tf.raw_ops.ParameterizedTruncatedNormal(shape=[3], means=0., stdevs=-1., minvals=-1., maxvals=1.)",
    "out = tf.raw_ops.ParameterizedTruncatedNormal(shape=[0, 2], means=[0., 1., 2.], stdevs=1., minvals=-1., "
    "maxvals=1.)",
    "out = tf.raw_ops.ParameterizedTruncatedNormal(shape=tf.constant([], tf.int32), means=tf.constant(0.), "
    "stdevs=tf.constant(1.), minvals=tf.constant(-1.), maxvals=tf.constant(1.))",
    "out = tf.raw_ops.ParameterizedTruncatedNormal(shape=[3], means=tf.constant(0., tf.bfloat16), "
    "stdevs=tf.constant(1., tf.bfloat16), minvals=tf.constant(-1., tf.bfloat16), maxvals=tf.constant(1., tf.bfloat16))",
    "out = tf.random.stateless_parameterized_truncated_normal([2, 3], [1, 2], means=[0., 1., 2.]).shape.as_list()",
]


def run_case(tf, np_module, code):
    scope = {"tf": tf, "np": np_module}
    try:
        exec(code, scope)  # noqa: S102 - the cases above
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return {"error": type(e).__name__, "message": str(e)}
    return {"out": outcome(scope["out"])}
