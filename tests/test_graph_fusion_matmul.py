"""The core's fusion of a matrix product with its bias and Relu in a traced graph
(csrc/varrt/ops/graph_fusion_matmul.cc): MatMul, its bias (BiasAdd, or the AddV2 that a Keras Dense
layer and `tf.matmul(x, w) + b` record) and Relu run as one _FusedMatMulBias node, as TensorFlow's
Grappler remapper makes _FusedMatMul for its CPU kernels; in the backward pass, Relu's gradient and
its sum over the batch (the bias's gradient: ReluGrad, then Sum over axis 0) as one
_FusedReluGradSum node with both results.

A fusion changes no value: every result here is held bit for bit (NaN, infinities and -0 included)
to the same ops run eagerly, one kernel each, which tests/test_matmul*.py, test_nn_core_kernels.py and
test_keras_dense*.py hold to TensorFlow's recorded results. An intermediate value used elsewhere
(returned, or read by another op) is not fused away; errors are the unfused ops' own."""
import numpy as np
import pytest

import varrt as tf


def bits(t):
    a = np.asarray(t.numpy() if hasattr(t, "numpy") else t)
    return a.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize])


def assert_same_bits(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(bits(got), bits(want))


def core_ops(fn, *args):
    return fn.get_concrete_function(*args).graph.core_node_ops()


def data(m, k, n, dtype=np.float32, seed=0):
    """x [m, k] with NaN, infinities and a row of zeros, w [k, n] with a column of -0, b [n] with a -0."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((m, k)).astype(dtype)
    x.flat[::17] = np.nan
    x.flat[5::29] = np.inf
    x.flat[9::31] = -np.inf
    x[-1] = 0.0  # a row of zeros: sums of -0 and +0 products, then the bias
    w = (rng.standard_normal((k, n)) * 0.3).astype(dtype)
    w[:, n // 2] = -0.0
    b = rng.standard_normal(n).astype(dtype)
    b[0] = -0.0
    return tf.constant(x), tf.constant(w), tf.constant(b)


# Shapes none of the examples use; products of m * n not a multiple of 8 put Relu's scalar tail
# (its last m * n % 8 elements) inside the last row. (It differs from the packet rule only on -0,
# which a bias added to the GEMM's sums never gives: OpenBLAS's sums of -0 products are +0.)
SHAPES = {"11 x 13 @ 13 x 7": (11, 13, 7), "3 x 40 @ 40 x 33": (3, 40, 33), "130 x 97 @ 97 x 70": (130, 97, 70),
          "one row": (1, 5, 3)}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_matmul_bias_relu_is_one_node_with_the_same_bits(shape):
    x, w, b = data(*SHAPES[shape])

    def layer(x, w, b):
        return tf.nn.relu(tf.matmul(x, w) + b)

    traced = tf.function(layer)
    assert_same_bits(traced(x, w, b), layer(x, w, b))
    ops = core_ops(traced, x, w, b)
    assert ops.count("_FusedMatMulBias") == 1 and not {"MatMul", "AddV2", "Relu"} & set(ops)


@pytest.mark.parametrize("form", ["bias_add", "bias first", "[1, n] bias", "transposed operands"])
def test_each_form_of_the_bias_and_product_fuses(form):
    x, w, b = data(9, 14, 6, seed=1)

    def layer(x, w, b):
        if form == "bias_add":
            return tf.nn.relu(tf.nn.bias_add(tf.matmul(x, w), b))
        if form == "bias first":
            return tf.nn.relu(b + tf.matmul(x, w))
        if form == "[1, n] bias":
            return tf.nn.relu(tf.matmul(x, w) + tf.reshape(b, [1, 6]))
        return tf.nn.relu(tf.matmul(tf.transpose(x), tf.transpose(w), transpose_a=True, transpose_b=True) + b)

    traced = tf.function(layer)
    assert_same_bits(traced(x, w, b), layer(x, w, b))
    assert core_ops(traced, x, w, b).count("_FusedMatMulBias") == 1


def test_without_relu_the_product_and_bias_fuse():
    x, w, b = data(12, 10, 5, seed=2)

    def layer(x, w, b):
        return tf.nn.sigmoid(tf.matmul(x, w) + b)

    traced = tf.function(layer)
    assert_same_bits(traced(x, w, b), layer(x, w, b))
    ops = core_ops(traced, x, w, b)
    assert ops.count("_FusedMatMulBias") == 1 and "MatMul" not in ops and "Sigmoid" in ops


def test_keras_dense_layers_fuse_their_bias_and_relu():
    """Keras's Dense adds its bias with AddV2 of the bias variable's value."""
    model = tf.keras.Sequential([tf.keras.Input(shape=(21,)), tf.keras.layers.Dense(17, activation="relu"),
                                 tf.keras.layers.Dense(4)])
    x = data(6, 21, 1, seed=3)[0]
    traced = tf.function(lambda x: model(x))
    assert_same_bits(traced(x), model(x))
    ops = core_ops(traced, x)
    assert ops.count("_FusedMatMulBias") == 2 and not {"MatMul", "Relu"} & set(ops)


def test_a_value_used_elsewhere_is_not_fused_away():
    x, w, b = data(7, 9, 8, seed=4)

    def returns_the_sum(x, w, b):  # the biased value is returned: Relu stays its own node
        z = tf.matmul(x, w) + b
        return tf.nn.relu(z), z

    def reuses_the_product(x, w, b):  # the product is read twice: nothing fuses
        y = tf.matmul(x, w)
        return tf.nn.relu(y + b) + y

    def returns_the_product(x, w, b):
        y = tf.matmul(x, w)
        return tf.nn.relu(y + b), y

    traced = tf.function(returns_the_sum)
    for got, want in zip(traced(x, w, b), returns_the_sum(x, w, b)):
        assert_same_bits(got, want)
    ops = core_ops(traced, x, w, b)
    assert ops.count("_FusedMatMulBias") == 1 and "Relu" in ops
    for fn in (reuses_the_product, returns_the_product):
        traced = tf.function(fn)
        for got, want in zip(tf.nest.flatten(traced(x, w, b)), tf.nest.flatten(fn(x, w, b))):
            assert_same_bits(got, want)
        assert "_FusedMatMulBias" not in core_ops(traced, x, w, b)


def test_a_full_matrix_added_is_no_bias_and_runs_the_recorded_ops():
    """The node is made from the graph's ops alone; a sum that is not a per-column bias (here a
    whole matrix, known only when it runs) takes the recorded ops' path with the same bits."""
    x, w, _ = data(5, 6, 4, seed=5)
    z = tf.constant(np.random.default_rng(6).standard_normal((5, 4)).astype(np.float32))
    layer = lambda x, w, z: tf.nn.relu(tf.matmul(x, w) + z)  # noqa: E731
    traced = tf.function(layer)
    assert_same_bits(traced(x, w, z), layer(x, w, z))
    assert "_FusedMatMulBias" in core_ops(traced, x, w, z)


def test_a_tape_around_the_call_sees_the_recorded_ops():
    """Under a tape the fused node runs the ops as recorded, so their gradients are taken."""
    x, w, b = data(6, 8, 5, seed=7)
    x = tf.constant(np.nan_to_num(x.numpy(), posinf=3.0, neginf=-3.0))
    layer = lambda x, w, b: tf.nn.relu(tf.matmul(x, w) + b)  # noqa: E731
    results = []
    for fn in (tf.function(layer), layer):
        with tf.GradientTape() as tape:
            tape.watch([w, b])
            y = fn(x, w, b)
            loss = tf.reduce_sum(y * y)
        results.append([y] + tape.gradient(loss, [w, b]))
    for got, want in zip(*results):
        assert_same_bits(got, want)


@pytest.mark.parametrize("dtype", [np.float64, np.float16, np.int32])
def test_other_dtypes_keep_their_bits(dtype):
    """float64 runs fused; half and the integers run the recorded ops (half rounds after each)."""
    if dtype == np.int32:
        rng = np.random.default_rng(8)
        x, w, b = (tf.constant(rng.integers(-5, 5, s).astype(np.int32)) for s in ((7, 5), (5, 9), (9,)))
    else:
        x, w, b = data(7, 5, 9, dtype=dtype, seed=8)
    layer = lambda x, w, b: tf.nn.relu(tf.matmul(x, w) + b)  # noqa: E731
    assert_same_bits(tf.function(layer)(x, w, b), layer(x, w, b))


def traced_ops(fn, spec):
    return tf.function(fn, input_signature=spec).get_concrete_function().graph.core_node_ops()


@pytest.mark.parametrize("bad", ["bias", "inner dimension"])
def test_errors_are_the_recorded_ops_own(bad):
    x, w, _ = data(4, 6, 3, seed=9)

    def fused(x, w, b):
        return tf.nn.relu(tf.matmul(x, w) + b)

    def unfused(x, w, b):  # the product is returned too, so nothing fuses
        y = tf.matmul(x, w)
        return tf.nn.relu(y + b), y

    spec = [tf.TensorSpec([None, None]), tf.TensorSpec([None, 3]), tf.TensorSpec([None])]
    args = (x, w, tf.zeros([5])) if bad == "bias" else (x, tf.zeros([7, 3]), tf.zeros([3]))
    messages = []
    for fn in (fused, unfused):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.function(fn, input_signature=spec)(*args)
        messages.append(str(info.value))
    assert "_FusedMatMulBias" in traced_ops(fused, spec) and "_FusedMatMulBias" not in traced_ops(unfused, spec)
    # The same text but for the function's name and line.
    first, second = ([line for line in m.splitlines() if "line " not in line] for m in messages)
    assert [line.split(" [Op:")[0] for line in first] == [line.split(" [Op:")[0] for line in second]
    if bad == "bias":
        assert first[2] == "Detected at node add defined at (most recent call last):"
        assert "Incompatible shapes: [4,3] vs. [5]" in messages[0]
    else:
        assert first[2] == "Detected at node MatMul defined at (most recent call last):"
        assert "Matrix size-incompatible: In[0]: [4,6], In[1]: [7,3]" in messages[0]


def relu_layer_grads(x, w, b, upstream):
    """The gradients of a Dense layer with Relu: ReluGrad, its Sum over axis 0 for the bias, the
    products for the kernel and the input."""
    with tf.GradientTape() as tape:
        tape.watch([x, w, b])
        y = tf.nn.relu(tf.matmul(x, w) + b)
        loss = tf.reduce_sum(y * upstream)
    return tape.gradient(loss, [x, w, b])


# Rows past several of the sum's tree levels (and, at the largest, its split between threads).
GRAD_SHAPES = {"2 x 2": (2, 3, 2), "13 x 17": (13, 5, 17), "130 x 33": (130, 9, 33), "4100 x 40": (4100, 7, 40)}


@pytest.mark.parametrize("shape", sorted(GRAD_SHAPES))
def test_relu_gradient_and_its_bias_sum_are_one_node_with_the_same_bits(shape):
    m, k, n = GRAD_SHAPES[shape]
    rng = np.random.default_rng(11)
    x, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((m, k), (k, n), (n,)))
    x[0, 0] = np.nan  # a row of NaN features: Relu's gradient is off there
    upstream = rng.standard_normal((m, n)).astype(np.float32)
    upstream[-1, 0] = np.inf  # inf * 0 where Relu is off: NaN, as TensorFlow's product gives
    x, w, b, upstream = (tf.constant(v) for v in (x, w, b, upstream))
    traced = tf.function(relu_layer_grads)
    for got, want in zip(traced(x, w, b, upstream), relu_layer_grads(x, w, b, upstream)):
        assert_same_bits(got, want)
    ops = core_ops(traced, x, w, b, upstream)
    assert ops.count("_FusedReluGradSum") == 1 and not {"ReluGrad", "Sum"} & set(ops)


@pytest.mark.parametrize("case", ["keepdims", "axis -2", "float64", "one row", "one column", "half"])
def test_every_sum_of_relu_gradients_over_axis_0_keeps_its_bits(case):
    """Fused or falling back to the recorded ops when it runs (a single row or column, half)."""
    rows, cols = {"one row": (1, 6), "one column": (9, 1)}.get(case, (11, 6))
    dtype = {"float64": np.float64, "half": np.float16}.get(case, np.float32)
    rng = np.random.default_rng(13)
    g, f = (tf.constant(rng.standard_normal((rows, cols)).astype(dtype)) for _ in range(2))

    def grads(g, f):
        dy = tf.raw_ops.ReluGrad(gradients=g, features=f)
        return dy, tf.reduce_sum(dy, axis=-2 if case == "axis -2" else 0, keepdims=case == "keepdims")

    traced = tf.function(grads)
    for got, want in zip(traced(g, f), grads(g, f)):
        assert_same_bits(got, want)
    if dtype != np.float16:  # half's Sum is a host kernel's node, which no fusion takes
        assert "_FusedReluGradSum" in core_ops(traced, g, f)


def test_a_sum_over_other_axes_is_not_fused():
    g, f = (tf.constant(np.random.default_rng(14).standard_normal((5, 4)).astype(np.float32)) for _ in range(2))

    def grads(g, f):
        dy = tf.raw_ops.ReluGrad(gradients=g, features=f)
        return tf.reduce_sum(dy, axis=1), tf.reduce_sum(dy, axis=[0, 1])

    traced = tf.function(grads)
    for got, want in zip(traced(g, f), grads(g, f)):
        assert_same_bits(got, want)
    assert "_FusedReluGradSum" not in core_ops(traced, g, f)


def test_relu_gradient_errors_are_the_recorded_ops_own():
    def fused(g, f):
        return tf.reduce_sum(tf.raw_ops.ReluGrad(gradients=g, features=f), axis=0)

    def unfused(g, f):  # the sum is over the other axis, so nothing fuses
        return tf.reduce_sum(tf.raw_ops.ReluGrad(gradients=g, features=f), axis=1)

    spec = [tf.TensorSpec([None, None]), tf.TensorSpec([None, None])]
    messages = []
    for fn in (fused, unfused):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.function(fn, input_signature=spec)(tf.zeros([3, 4]), tf.zeros([3, 5]))
        messages.append(str(info.value))
    assert "_FusedReluGradSum" in traced_ops(fused, spec) and "_FusedReluGradSum" not in traced_ops(unfused, spec)
    first, second = ([line for line in m.splitlines() if "line " not in line] for m in messages)
    assert [line.split(" [Op:")[0] for line in first] == [line.split(" [Op:")[0] for line in second]
    assert first[2] == "Detected at node ReluGrad defined at (most recent call last):"


def test_the_mlp_training_step_runs_fused_with_the_eager_step_bits():
    """Issue 25's MLP step (benchmarks/bench_graph_training.py), at sizes of its own: each layer's
    product, bias and Relu one node, each hidden layer's Relu gradient and bias gradient one node;
    three traced steps give the eager steps' bits."""
    rng = np.random.default_rng(10)
    sizes = (30, 19, 12, 5)
    weights = [(rng.standard_normal((a, b)) * 0.2).astype(np.float32) for a, b in zip(sizes[:-1], sizes[1:])]
    batches = [(tf.constant(rng.random((13, sizes[0]), dtype=np.float32)),
                tf.constant(rng.integers(0, sizes[-1], 13).astype(np.int32))) for _ in range(3)]

    def trained(traced):
        params = []
        for w in weights:
            params += [tf.Variable(w), tf.Variable(rng.standard_normal(w.shape[1]).astype(np.float32))]
        opt = tf.keras.optimizers.Adam(1e-2)

        def step(x, y):
            with tf.GradientTape() as tape:
                h = x
                for i in range(0, len(params), 2):
                    h = tf.matmul(h, params[i]) + params[i + 1]
                    if i + 2 < len(params):
                        h = tf.nn.relu(h)
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=h))
            opt.apply_gradients(zip(tape.gradient(loss, params), params))
            return loss

        fn = tf.function(step) if traced else step
        losses = [fn(x, y) for x, y in batches]
        ops = core_ops(fn, *batches[0]) if traced else None
        return losses + [p.read_value() for p in params], ops

    state = rng.bit_generator.state
    got, ops = trained(True)
    rng.bit_generator.state = state
    want, _ = trained(False)
    for g, w in zip(got, want):
        assert_same_bits(g, w)
    assert ops.count("_FusedMatMulBias") == 3 and ops.count("_FusedReluGradSum") == 2
    assert not {"Relu", "ReluGrad"} & set(ops)
