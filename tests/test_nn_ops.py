"""tf.nn: values, dtypes, errors and logged ops as TensorFlow 2.21 gives them (recorded here)."""
import numpy as np
import pytest

import varrt as tf
from op_checks import logged_ops, wrapped

X = [[-1.0, 0.0, 2.0], [3.0, -4.0, 0.5]]
Z = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]


def close(t, expected, dtype=tf.float32):
    assert isinstance(t, tf.Tensor) and t.dtype == dtype
    np.testing.assert_allclose(t.numpy(), np.asarray(expected, dtype.as_numpy_dtype), rtol=1.5e-7, atol=0)


# TensorFlow 2.21's outputs for X (float32).
VALUES = {
    "relu": (tf.nn.relu, [[0., 0., 2.], [3., 0., 0.5]]),
    "relu6": (lambda x: tf.nn.relu6(x * 3.0), [[0., 0., 6.], [6., 0., 1.5]]),
    "leaky_relu": (tf.nn.leaky_relu, [[-0.2, 0., 2.], [3., -0.8, 0.5]]),
    "elu": (tf.nn.elu, [[-0.63212055, 0., 2.], [3., -0.9816844, 0.5]]),
    "softplus": (tf.math.softplus, [[0.3132617, 0.6931472, 2.126928], [3.0485873, 0.01814993, 0.974077]]),
    "softmax": (tf.nn.softmax, [[4.2010065e-02, 1.1419519e-01, 8.4379470e-01],
                                [9.2336375e-01, 8.4199873e-04, 7.5794317e-02]]),
    "softmax0": (lambda x: tf.nn.softmax(x, axis=0), [[0.01798621, 0.98201376, 0.8175745],
                                                     [0.98201376, 0.01798621, 0.18242553]]),
    "log_softmax0": (lambda x: tf.nn.log_softmax(x, axis=0), [[-4.01815, -0.01814996, -0.20141333],
                                                             [-0.01814996, -4.01815, -1.7014134]]),
    "gelu": (tf.nn.gelu, [[-1.5865526e-01, 0., 1.9544997e+00], [2.9959502e+00, -1.2668502e-04, 3.4573123e-01]]),
    "gelu_approx": (lambda x: tf.nn.gelu(x, approximate=True),
                    [[-1.5880799e-01, 0., 1.9545977e+00], [2.9963627e+00, -7.0214272e-05, 3.4571400e-01]]),
    "sigmoid_xent": (lambda x: tf.nn.sigmoid_cross_entropy_with_logits(labels=Z, logits=x),
                     [[0.3132617, 0.6931472, 2.126928], [0.04858735, 0.01814993, 0.974077]]),
    "softmax_xent": (lambda x: tf.nn.softmax_cross_entropy_with_logits(labels=Z, logits=x), [2.169846, 0.07973205]),
    "softmax_xent0": (lambda x: tf.nn.softmax_cross_entropy_with_logits(labels=Z, logits=x, axis=0),
                      [0.01814996, 0.01814996, 0.]),
    "sparse_xent": (lambda x: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 0], logits=x),
                    [2.169846, 0.07973205]),
    "l2_normalize": (lambda x: tf.nn.l2_normalize(x, axis=1), [[-0.4472136, 0., 0.8944272],
                                                              [0.59702235, -0.7960298, 0.09950373]]),
    "log_sigmoid": (tf.math.log_sigmoid, [[-1.3132616, -0.6931472, -0.126928], [-0.04858735, -4.01815, -0.474077]]),
    "silu": (tf.nn.silu, [[-0.26894143, 0., 1.7615942], [2.8577223, -0.07194484, 0.31122968]]),
    "silu_beta": (lambda x: tf.nn.swish(x, beta=2.0), [[-1.1920292e-01, 0., 1.9640275e+00],
                                                      [2.9925821e+00, -1.3414006e-03, 3.6552930e-01]]),
    "bias_add": (lambda x: tf.nn.bias_add(x, [1., 2., 3.]), [[0., 2., 5.], [4., -2., 3.5]]),
    "l2_loss": (tf.nn.l2_loss, 15.125),
    "moments_mean": (lambda x: tf.nn.moments(x, axes=[0])[0], [1., -2., 1.25]),
    "moments_var": (lambda x: tf.nn.moments(x, axes=[0])[1], [4., 4., 0.5625]),
    "moments_keep": (lambda x: tf.nn.moments(x, axes=[0, 1], keepdims=True)[1], [[5.0347223]]),
}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_values_match_tensorflow(name):
    f, expected = VALUES[name]
    # Within a float32 rounding or two of TensorFlow's (its kernels sum in another order).
    t = f(tf.constant(X))
    assert isinstance(t, tf.Tensor) and t.dtype == tf.float32
    np.testing.assert_allclose(t.numpy(), np.float32(expected), rtol=1e-6, atol=1e-9)


def test_edge_values_match_tensorflow():
    close(tf.nn.elu(tf.constant([-100., -1e-8, 1e-8])), [-1., 0., 1e-08])  # exp(x) - 1, not expm1
    close(tf.nn.selu(tf.constant([-1., 0., 1.])), [-1.1113307, 0., 1.050701])
    close(tf.nn.softplus(tf.constant([-100., -20., 0., 20., 100.])), [0., 2.0611537e-09, 6.9314718e-01, 20., 100.])
    close(tf.nn.softsign(tf.constant([-3., 0., 1.])), [-0.75, 0., 0.5])
    close(tf.nn.softmax(tf.constant([1000., 0., -1000.])), [1., 0., 0.])
    close(tf.nn.log_softmax(tf.constant([1000., 0., -1000.])), [0., -1000., -2000.])
    close(tf.nn.sigmoid(tf.constant([-100., -20., 0., 20., 100.])), [0., 2.0611537e-09, 0.5, 1., 1.])
    close(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([0., 1., .5]), logits=tf.constant([-100., 100., 1e4])),
          [0., 0., 5000.])
    close(tf.nn.l2_normalize(tf.constant([0., 0.])), [0., 0.])
    close(tf.nn.sigmoid(tf.constant([0.5], tf.float64)), [0.6224593312018546], tf.float64)
    close(tf.nn.softmax_cross_entropy_with_logits(labels=[0., 1.], logits=[1., 2.]), 0.31326166)
    close(tf.nn.leaky_relu(tf.constant([1, -2])), [1., -0.4])  # integers are cast to float32 first
    close(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([[1]]), logits=tf.constant([[X[0]]])),
          [[2.169846]])
    r = tf.nn.relu([1, -2])
    assert r.dtype == tf.int32 and r.numpy().tolist() == [1, 0]
    mean, var = tf.nn.moments(tf.constant([1, 2]), axes=[0])
    assert mean.dtype == tf.int32 and (mean.numpy(), var.numpy()) == (1, 0)


def test_bias_add_nchw():
    t = tf.nn.bias_add(tf.ones([2, 2, 3]), [1., 2.], data_format="NCHW")
    np.testing.assert_array_equal(t.numpy(), [[[2.] * 3, [3.] * 3]] * 2)


def _attr_error(op, dtype, allowed, signature, attrs=""):
    names = ", ".join("DT_" + {"half": "HALF", "float": "FLOAT", "double": "DOUBLE", "bfloat16": "BFLOAT16"}[a]
                      for a in allowed)
    return (f"Value for attr 'T' of {dtype} is not in the list of allowed values: {', '.join(allowed)}\n\t; "
            f"NodeDef: {{{{node {op}}}}}; Op<name={op}; signature={signature}; {attrs}attr=T:type,allowed=[{names}]> "
            f"[Op:{op}] name: ")


def test_dtype_errors_are_tensorflows():
    floats = ["half", "bfloat16", "float", "double"]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.softmax([1, 2])
    assert str(e.value) == _attr_error("Softmax", "int32", floats, "logits:T -> softmax:T")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.elu(tf.constant([1, 2], tf.uint8))
    assert str(e.value) == _attr_error("Elu", "uint8", floats, "features:T -> activations:T")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.softmax_cross_entropy_with_logits(labels=[[0, 1, 0]], logits=[[1, 2, 3]])
    assert str(e.value) == _attr_error("SoftmaxCrossEntropyWithLogits", "int32", floats,
                                       "features:T, labels:T -> loss:T, backprop:T")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.l2_loss([1, 2])
    assert str(e.value) == _attr_error("L2Loss", "int32", floats, "t:T -> output:T")[:-len(" name: ")]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.relu(tf.constant([1j], tf.complex64))
    assert str(e.value).startswith("Value for attr 'T' of complex64 is not in the list of allowed values: float, "
                                   "double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, "
                                   "uint64, qint8\n\t; NodeDef: {{node Relu}}")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([0., 1.]), logits=tf.constant(X))
    assert str(e.value) == (
        "Value for attr 'Tlabels' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: "
        "{{node SparseSoftmaxCrossEntropyWithLogits}}; Op<name=SparseSoftmaxCrossEntropyWithLogits; "
        "signature=features:T, labels:Tlabels -> loss:T, backprop:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, "
        "DT_FLOAT, DT_DOUBLE]; attr=Tlabels:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> "
        "[Op:SparseSoftmaxCrossEntropyWithLogits] name: ")
    with pytest.raises(ValueError, match=r"^`features.dtype` must be a floating point tensor.Received:"
                                         r"features.dtype=<dtype: 'int32'>$"):
        tf.nn.gelu(tf.constant([1, 2]))


def test_kernel_and_argument_errors_are_tensorflows():
    x = tf.constant([[1., 2., 3.], [4., 5., 6.]])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([0, 3]), logits=x)
    assert str(e.value) == wrapped("SparseSoftmaxCrossEntropyWithLogits", "Received a label value of 3 which is "
                                   "outside the valid range of [0, 3).  Label values: 0 3")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([-1, 0]), logits=x)
    assert str(e.value) == wrapped("SparseSoftmaxCrossEntropyWithLogits", "Received a label value of -1 which is "
                                   "outside the valid range of [0, 3).  Label values: -1 0")
    with pytest.raises(ValueError) as e:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([0, 1, 1]), logits=x)
    assert str(e.value) == ("`labels.shape` must equal `logits.shape` except for the last dimension. Received: "
                            "labels.shape=(3,) and logits.shape=(2, 3)")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.softmax_cross_entropy_with_logits(labels=tf.constant([[1., 0.]]), logits=x)
    assert str(e.value) == wrapped("SoftmaxCrossEntropyWithLogits", "logits and labels must be broadcastable: "
                                   "logits_size=[2,3] labels_size=[1,2]")
    for rate in (1.0, -0.1):
        with pytest.raises(ValueError) as e:
            tf.nn.dropout(x, rate=rate)
        assert str(e.value) == f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}"
    with pytest.raises(ValueError) as e:
        tf.nn.dropout(tf.constant([1, 2]), rate=0.5)
    assert str(e.value) == ("`x.dtype` must be a floating point tensor as `x` will be scaled. Received: "
                            "x_dtype=<dtype: 'int32'>")
    cases = [(lambda: tf.nn.bias_add(x, [1., 2.]),
              "Must provide as many biases as the last dimension of the input tensor: [2] vs. [2,3]"),
             (lambda: tf.nn.bias_add(tf.constant([1., 2.]), [1., 2.]), "Input tensor must be at least 2D: [2]"),
             (lambda: tf.nn.bias_add(x, [[1., 2., 3.]]), "Biases must be 1D: [1,3]")]
    for f, message in cases:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            f()
        assert str(e.value) == wrapped("BiasAdd", message, name="")
    with pytest.raises(ValueError, match=r"^`data_format` must be of the form `N...C` or `NC...`. Received: "
                                         r"data_format=XY$"):
        tf.nn.bias_add(x, [1., 2., 3.], data_format="XY")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.nn.softmax(x, axis=2)
    assert str(e.value) == ("`dim` must be in the range [-2, 2) where 2 is the number of dimensions in the input. "
                            "Received: dim=2")
    with pytest.raises(ValueError) as e:
        tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([1.]), logits=x)
    assert str(e.value) == "`logits` and `labels` must have the same shape, received ((2, 3) vs (1,))."


def test_dropout():
    x = tf.ones([100, 100])
    assert tf.nn.dropout(x, rate=0.0) is x
    y = tf.nn.dropout(x, rate=0.25, seed=3).numpy()
    assert set(np.unique(y)) <= {0.0, np.float32(1 / 0.75)}
    assert 0.2 < np.mean(y == 0) < 0.3
    rows = tf.nn.dropout(x, rate=0.5, noise_shape=[100, 1], seed=3).numpy()
    assert all(len(set(r)) == 1 for r in rows)  # one draw per row
    y = tf.nn.dropout(x, rate=tf.constant(0.5), seed=3).numpy()
    assert set(np.unique(y)) <= {0.0, 2.0}


def test_logged_ops_are_tensorflows():
    x = tf.constant(X)
    z = tf.constant(Z)
    labels = tf.constant([1, 0])
    expected = {
        "relu": (lambda: tf.nn.relu([1., -1.]), ["_EagerConst", "Relu"]),
        "leaky_int": (lambda: tf.nn.leaky_relu(tf.constant([1, -2])), ["_EagerConst", "Cast", "LeakyRelu"]),
        "softmax": (lambda: tf.nn.softmax(x), ["Softmax"]),
        "bias_add": (lambda: tf.nn.bias_add(x, [1., 2., 3.]), ["_EagerConst", "BiasAdd"]),
        "l2_loss": (lambda: tf.nn.l2_loss(x), ["L2Loss"]),
        "gelu": (lambda: tf.nn.gelu(x), ["_EagerConst", "Mul", "Neg", "_EagerConst", "Mul", "Erfc", "Mul"]),
        "sigmoid_xent": (lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x),
                         ["ZerosLike", "GreaterEqual", "Select", "Neg", "Select", "Mul", "Sub", "Exp", "Log1p",
                          "AddV2"]),
        "l2_normalize": (lambda: tf.nn.l2_normalize(x, axis=1), ["Square", "Sum", "_EagerConst", "Maximum", "Rsqrt",
                                                                 "Mul"]),
        "log_sigmoid": (lambda: tf.math.log_sigmoid(x), ["Neg", "Softplus", "Neg"]),
        "silu": (lambda: tf.nn.silu(x), ["_EagerConst", "Mul", "Sigmoid", "Mul", "Identity"]),
        "sparse_xent": (lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=x),
                        ["Shape", "SparseSoftmaxCrossEntropyWithLogits"]),
        # TensorFlow also logs an _EagerConst (the axes) before each Mean; varrt's reduce_mean takes them on the host.
        "moments": (lambda: tf.nn.moments(x, axes=[0]), ["Mean", "StopGradient", "SquaredDifference", "Mean",
                                                         "Squeeze", "Squeeze"]),
    }
    for name, (f, ops) in expected.items():
        assert logged_ops(f)[1] == ops, name
