"""tf.raw_ops.ResourceApply* / ResourceSparseApply*: bit-identical to TensorFlow 2.21's CPU
kernels (recorded by tests/fixtures/record_optimizers.py), TensorFlow's messages, nothing
changed by a failed op, copy-on-write, the placement log."""
import numpy as np
import pytest

import varrt as tf
from op_checks import logged_ops
from optimizer_cases import HERE, N, RAW, SPARSE, SPARSE_INDICES, assert_same_bits

REC = np.load(f"{HERE}/raw_ops.npz")


def bits_equal(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("case", sorted(RAW))
def test_dense_ops_bit_identical_to_tensorflow(case, dtype):
    op, slots, scalars, flags = RAW[case]
    dn = np.dtype(dtype).name
    var = tf.Variable(REC[f"{dn}/{case}/init"])
    slot_vars = [tf.Variable(np.full(N, 0.1 if s in ("accum", "ms") else 0.0, dtype)) for s in slots]
    for step, g in enumerate(REC[f"{dn}/{case}/grads"]):
        kw = {"var": var.handle, **{s: v.handle for s, v in zip(slots, slot_vars)}}
        kw.update({k: tf.constant(x, dtype) for k, x in scalars.items()})
        kw["delta" if op == "ResourceApplyGradientDescent" else "grad"] = tf.constant(g)
        assert getattr(tf.raw_ops, op)(**kw, **flags) is None
        for name, v in [("var", var), *zip(slots, slot_vars)]:
            assert_same_bits(v.numpy(), REC[f"{dn}/{case}/{name}/{step}"], case, dtype, (name, step))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("case", sorted(SPARSE))
def test_sparse_ops_bit_identical_to_tensorflow(case, dtype):
    op, scalars, flags = SPARSE[case]
    dn = np.dtype(dtype).name
    var = tf.Variable(REC[f"{dn}/{case}/init"])
    accum = tf.Variable(np.full((6, 3), 0.1, dtype))
    for step, g in enumerate(REC[f"{dn}/{case}/grads"]):
        kw = dict(var=var, accum=accum, grad=tf.constant(g), indices=SPARSE_INDICES)
        kw.update({k: tf.constant(x, dtype) for k, x in scalars.items()})
        getattr(tf.raw_ops, op)(**kw, **flags)
        assert bits_equal(var.numpy(), REC[f"{dn}/{case}/var/{step}"]), step
        assert bits_equal(accum.numpy(), REC[f"{dn}/{case}/accum/{step}"]), step


WRAP = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]"


def adam(var, m, v, grad, beta1_power=0.9):
    tf.raw_ops.ResourceApplyAdam(var=var, m=m, v=v, beta1_power=beta1_power, beta2_power=0.99, lr=0.1, beta1=0.9,
                                 beta2=0.99, epsilon=1e-7, grad=grad)


@pytest.mark.parametrize("call, message", [
    (lambda v, m, s: tf.raw_ops.ResourceApplyGradientDescent(var=v, alpha=0.1, delta=[1.0, 2.0, 3.0]),
     WRAP % ("ResourceApplyGradientDescent", "var and delta do not have the same shape[2] [3]",
             "ResourceApplyGradientDescent")),
    (lambda v, m, s: tf.raw_ops.ResourceApplyGradientDescent(var=v, alpha=[0.1], delta=[1.0, 2.0]),
     WRAP % ("ResourceApplyGradientDescent", "alpha is not a scalar: [1]", "ResourceApplyGradientDescent")),
    (lambda v, m, s: tf.raw_ops.ResourceApplyMomentum(var=v, accum=tf.Variable([1.0, 2.0, 3.0]), lr=0.1,
                                                      grad=[1.0, 2.0], momentum=0.9),
     WRAP % ("ResourceApplyMomentum", "var and accum do not have the same shape[2] [3]", "ResourceApplyMomentum")),
    (lambda v, m, s: adam(v, m, s, [1.0, 2.0, 3.0]),
     WRAP % ("ResourceApplyAdam", "var and grad do not have the same shape[2] [3]", "ResourceApplyAdam")),
    (lambda v, m, s: adam(v, m, s, [1.0, 2.0], beta1_power=[0.9]),
     WRAP % ("ResourceApplyAdam", "beta1_power is not a scalar: [1]", "ResourceApplyAdam")),
    (lambda v, m, s: tf.raw_ops.ResourceApplyGradientDescent(var=v, alpha=tf.constant(0.1),
                                                             delta=tf.constant([1.0, 2.0], tf.float64)),
     "cannot compute ResourceApplyGradientDescent as input #2(zero-based) was expected to be a float tensor but is "
     "a double tensor [Op:ResourceApplyGradientDescent] name: "),
])
def test_bad_input_tensorflow_message_and_nothing_changes(call, message):
    v, m, s = tf.Variable([1.0, 2.0]), tf.Variable([0.5, 0.5]), tf.Variable([0.25, 0.25])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        call(v, m, s)
    assert str(e.value) == message
    assert v.numpy().tolist() == [1.0, 2.0] and m.numpy().tolist() == [0.5, 0.5] and s.numpy().tolist() == [0.25, 0.25]


def test_sparse_index_out_of_range_changes_nothing():
    v, a = tf.Variable(np.ones((3, 2), np.float32)), tf.Variable(np.zeros((3, 2), np.float32))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Index 3 at offset 1 in indices is out of range"):
        tf.raw_ops.ResourceSparseApplyAdagrad(var=v, accum=a, lr=0.1, grad=np.ones((2, 2), np.float32),
                                              indices=np.array([0, 3]))
    assert (v.numpy() == 1).all() and (a.numpy() == 0).all()


def test_integer_variables_have_no_kernel():
    v = tf.Variable([1, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match="No OpKernel was registered"):
        tf.raw_ops.ResourceApplyGradientDescent(var=v, alpha=1, delta=[1, 1])
    assert v.numpy().tolist() == [1, 2]


def test_a_view_taken_before_the_update_keeps_its_value():
    v, m, s = tf.Variable([1.0, 2.0]), tf.Variable([0.0, 0.0]), tf.Variable([0.0, 0.0])
    view, read = np.asarray(v), m.read_value()
    adam(v, m, s, [1.0, 1.0])
    assert view.tolist() == [1.0, 2.0] and read.numpy().tolist() == [0.0, 0.0]
    assert v.numpy()[0] != 1.0 and m.numpy()[0] != 0.0


def test_logged_as_one_op():
    v, m, s = tf.Variable([1.0, 2.0]), tf.Variable([0.0, 0.0]), tf.Variable([0.0, 0.0])
    grad = tf.constant([1.0, 1.0])
    scalars = [tf.constant(x) for x in (0.9, 0.99, 0.1, 0.9, 0.99, 1e-7)]
    _, ops = logged_ops(lambda: tf.raw_ops.ResourceApplyAdam(var=v, m=m, v=s, beta1_power=scalars[0],
                                                             beta2_power=scalars[1], lr=scalars[2],
                                                             beta1=scalars[3], beta2=scalars[4],
                                                             epsilon=scalars[5], grad=grad))
    assert ops == ["ResourceApplyAdam"]


def test_large_update_matches_small_chunks():
    rng = np.random.default_rng(0)
    n = 1 << 20
    w, g = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
    v, m, s = tf.Variable(w), tf.Variable(np.zeros(n, np.float32)), tf.Variable(np.zeros(n, np.float32))
    adam(v, m, s, g)
    small = [tf.Variable(w[:1000]), tf.Variable(np.zeros(1000, np.float32)), tf.Variable(np.zeros(1000, np.float32))]
    adam(*small, g[:1000])
    assert bits_equal(v.numpy()[:1000], small[0].numpy())
