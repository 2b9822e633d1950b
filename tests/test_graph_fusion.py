"""The core's fusions of a traced graph's nodes (csrc/varrt/ops/graph_fusion.h): Conv2D, its bias
(BiasAdd, or a Keras layer's AddV2 with the bias reshaped to [1, 1, 1, channels]) and Relu run as
one _FusedConv2DBias node, as TensorFlow's Grappler remapper fuses them for its CPU kernels; the
gradient of max-pooling a Relu's output and that Relu's gradient (MaxPoolGrad, ReluGrad) as one
_FusedMaxPoolGradReluGrad node.

A fusion changes no value: every result here is held bit for bit (NaN included) to the same ops
run eagerly, one kernel each, which tests/test_conv_ops.py, test_nn_core_kernels.py and
test_keras_conv.py hold to TensorFlow's recorded results. An intermediate value used elsewhere
(returned, or read by another op) is not fused away; errors are the unfused ops' own."""
import numpy as np
import pytest

import varrt as tf


def bits(t):
    a = np.asarray(t.numpy() if hasattr(t, "numpy") else t)
    return a.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize])


def assert_same_bits(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(bits(got), bits(want))


def core_ops(fn, *args):
    return fn.get_concrete_function(*args).graph.core_node_ops()


def data(shape_x, shape_w, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape_x).astype(dtype)
    x.flat[::17] = np.nan  # NaN passes through the sums and Relu alike
    w = (rng.standard_normal(shape_w) * 0.3).astype(dtype)
    b = rng.standard_normal(shape_w[-1]).astype(dtype)
    return tf.constant(x), tf.constant(w), tf.constant(b)


# Geometries of each path of the forward kernel (kernels/conv2d.cc): short patches without the
# GEMM (an image's first layer), im2col and the GEMM in chunks, a 1x1 convolution as one GEMM,
# Winograd's F(2x2, 3x3) (kernels/conv2d_winograd.h: stride 1, 3x3, 16 channels or more each way)
# in chunks of tile rows that end inside an image, with partial tiles at odd sizes.
# Output sizes that are not multiples of 8 put Relu's scalar tail inside the last position.
CASES = {
    "first layer, direct": ([5, 13, 11, 1], [3, 3, 1, 7], 1, "VALID"),
    "GEMM, strided SAME": ([3, 9, 10, 12], [3, 3, 12, 5], 2, "SAME"),
    "GEMM, many chunks": ([9, 21, 21, 12], [3, 3, 12, 33], 1, "SAME"),
    "1x1 filter": ([2, 5, 3, 6], [1, 1, 6, 3], 1, "VALID"),
    "Winograd, many chunks": ([9, 21, 23, 16], [3, 3, 16, 33], 1, "SAME"),
    "Winograd, the CNN's second layer": ([7, 13, 13, 32], [3, 3, 32, 64], 1, "VALID"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_conv_bias_add_relu_is_one_node_with_the_same_bits(case):
    shape_x, shape_w, stride, padding = CASES[case]
    x, w, b = data(shape_x, shape_w)

    def layer(x, w, b):
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, stride, padding), b))

    traced = tf.function(layer)
    assert_same_bits(traced(x, w, b), layer(x, w, b))
    ops = core_ops(traced, x, w, b)
    assert ops.count("_FusedConv2DBias") == 1 and "Conv2D" not in ops and "Relu" not in ops


def test_keras_conv2d_layer_fuses_its_bias_and_relu():
    """Keras's Conv2D adds its bias as AddV2 of the bias reshaped to [1, 1, 1, filters]."""
    layer = tf.keras.layers.Conv2D(6, 3, activation="relu")
    x = data([4, 10, 9, 3], [3, 3, 3, 6])[0]
    eager = layer(x)
    traced = tf.function(lambda x: layer(x))
    assert_same_bits(traced(x), eager)
    assert core_ops(traced, x).count("_FusedConv2DBias") == 1


def test_bias_first_in_the_addition_fuses_too():
    x, w, b = data([2, 7, 7, 4], [3, 3, 4, 9])

    def layer(x, w, b):
        return tf.nn.relu(tf.reshape(b, [1, 1, 1, 9]) + tf.nn.conv2d(x, w, 1, "SAME"))

    traced = tf.function(layer)
    assert_same_bits(traced(x, w, b), layer(x, w, b))
    assert "_FusedConv2DBias" in core_ops(traced, x, w, b)


def test_without_relu_the_convolution_and_bias_fuse():
    x, w, b = data([3, 8, 8, 5], [3, 3, 5, 4])

    def layer(x, w, b):
        return tf.nn.sigmoid(tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "VALID"), b))

    traced = tf.function(layer)
    assert_same_bits(traced(x, w, b), layer(x, w, b))
    ops = core_ops(traced, x, w, b)
    assert ops.count("_FusedConv2DBias") == 1 and "Conv2D" not in ops and "Sigmoid" in ops


def test_a_value_used_elsewhere_is_not_fused_away():
    x, w, b = data([2, 9, 9, 3], [3, 3, 3, 8])

    def returns_the_sum(x, w, b):  # the biased value is returned: Relu stays its own node
        z = tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b)
        return tf.nn.relu(z), z

    def reuses_the_convolution(x, w, b):  # the convolution is read twice: nothing fuses
        y = tf.nn.conv2d(x, w, 1, "SAME")
        return tf.nn.relu(tf.nn.bias_add(y, b)) + y

    traced = tf.function(returns_the_sum)
    for got, want in zip(traced(x, w, b), returns_the_sum(x, w, b)):
        assert_same_bits(got, want)
    ops = core_ops(traced, x, w, b)
    assert ops.count("_FusedConv2DBias") == 1 and "Relu" in ops

    traced = tf.function(reuses_the_convolution)
    assert_same_bits(traced(x, w, b), reuses_the_convolution(x, w, b))
    assert "_FusedConv2DBias" not in core_ops(traced, x, w, b)


def test_a_tape_around_the_call_sees_the_recorded_ops():
    """Under a tape the fused node runs the ops as recorded, so their gradients are taken."""
    x, w, b = data([2, 6, 6, 3], [3, 3, 3, 4])
    traced = tf.function(lambda x, w, b: tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b)))
    x = tf.constant(np.nan_to_num(x.numpy()))
    results = []
    for fn in (traced, lambda x, w, b: tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b))):
        with tf.GradientTape() as tape:
            tape.watch([w, b])
            y = fn(x, w, b)
            loss = tf.reduce_sum(y * y)
        results.append([y] + tape.gradient(loss, [w, b]))
    for got, want in zip(*results):
        assert_same_bits(got, want)


@pytest.mark.parametrize("dtype", [np.float64, np.float16])
def test_other_dtypes_keep_their_bits(dtype):
    """float64 runs fused; the 16-bit floats run the recorded ops (they round after each)."""
    x, w, b = data([3, 7, 6, 4], [3, 3, 4, 5], dtype=dtype)

    def layer(x, w, b):
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b))

    assert_same_bits(tf.function(layer)(x, w, b), layer(x, w, b))


def test_errors_are_the_recorded_ops_own():
    x, w, _ = data([2, 6, 6, 3], [3, 3, 3, 4])

    def fused(x, w, b):
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b))

    def unfused(x, w, b):  # the convolution is returned too, so nothing fuses
        y = tf.nn.conv2d(x, w, 1, "SAME")
        return tf.nn.relu(tf.nn.bias_add(y, b)), y

    spec = [tf.TensorSpec([None, 6, 6, 3]), tf.TensorSpec([3, 3, 3, 4]), tf.TensorSpec([None])]
    messages = []
    for fn in (fused, unfused):
        traced = tf.function(fn, input_signature=spec)
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            traced(x, w, tf.zeros([5]))
        messages.append(str(info.value))
    assert "_FusedConv2DBias" in traced_ops(fused, spec) and "_FusedConv2DBias" not in traced_ops(unfused, spec)
    # The same text but for the function's name and line.
    first, second = ([line for line in m.splitlines() if "line " not in line] for m in messages)
    assert [line.split(" [Op:")[0] for line in first] == [line.split(" [Op:")[0] for line in second]
    assert first[2] == "Detected at node BiasAdd defined at (most recent call last):"
    assert ("Must provide as many biases as the last dimension of the input tensor: [5] vs. [2,6,6,4]"
            in messages[0])


def traced_ops(fn, spec):
    return tf.function(fn, input_signature=spec).get_concrete_function().graph.core_node_ops()


POOLS = {
    "2x2 tiles": ([4, 26, 26, 32], 2, 2, "VALID"),
    "3x3 overlapping, SAME": ([3, 11, 9, 5], 3, 2, "SAME"),
    "2x2 past the edge": ([2, 7, 5, 3], 2, 2, "VALID"),
}


@pytest.mark.parametrize("case", sorted(POOLS))
def test_max_pool_and_relu_gradients_are_one_node_with_the_same_bits(case):
    shape, window, stride, padding = POOLS[case]
    rng = np.random.default_rng(3)
    x = rng.standard_normal(shape).astype(np.float32)
    x.flat[::7] = 0.0  # ties within windows (the first maximum takes the gradient) and Relu's zeros
    x.flat[::23] = np.nan
    x = tf.constant(x)

    def grads(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.max_pool2d(tf.nn.relu(x), window, stride, padding)
            loss = tf.reduce_sum(y * tf.cos(y))
        return tape.gradient(loss, x)

    traced = tf.function(grads)
    assert_same_bits(traced(x), grads(x))
    ops = core_ops(traced, x)
    assert ops.count("_FusedMaxPoolGradReluGrad") == 1 and "MaxPoolGrad" not in ops and "ReluGrad" not in ops


def test_pool_gradient_used_elsewhere_is_not_fused_away():
    x = tf.constant(np.random.default_rng(4).standard_normal([2, 6, 6, 3]).astype(np.float32))

    def grads(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            r = tf.nn.relu(x)
            loss = tf.reduce_sum(tf.nn.max_pool2d(r, 2, 2, "VALID") ** 2)
        return tape.gradient(loss, [x, r])  # the pooling's gradient (d loss / d r) is returned

    traced = tf.function(grads)
    for got, want in zip(traced(x), grads(x)):
        assert_same_bits(got, want)
    assert "_FusedMaxPoolGradReluGrad" not in core_ops(traced, x)


def test_the_cnn_training_step_runs_fused_and_in_the_core():
    """Issue 28's CNN (benchmarks/bench_conv2d.py) trained by train_on_batch: both convolutions
    fused with their bias and Relu, both pooling gradients with their Relu's, and no node left that
    calls into Python (ShapeN in the convolutions' gradients, DivNoNan in the loss tracker's mean)."""
    layers = tf.keras.layers
    model = tf.keras.Sequential([tf.keras.Input(shape=(12, 12, 1)), layers.Conv2D(8, 3, activation="relu"),
                                 layers.MaxPooling2D(), layers.Conv2D(16, 3, activation="relu"), layers.MaxPooling2D(),
                                 layers.GlobalAveragePooling2D(), layers.Dense(10)])
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    rng = np.random.default_rng(5)
    model.train_on_batch(rng.random((6, 12, 12, 1), dtype=np.float32), rng.integers(0, 10, 6).astype(np.int32))
    (_, traced), = model._step_function("train")._traces  # the trainer's one trace of its step
    assert traced.graph.host_node_ops() == []
    ops = traced.graph.core_node_ops()
    assert ops.count("_FusedConv2DBias") == 2 and ops.count("_FusedMaxPoolGradReluGrad") == 2
    assert {"ShapeN", "DivNoNan"} <= set(ops) and not {"Relu", "ReluGrad", "MaxPoolGrad"} & set(ops)
