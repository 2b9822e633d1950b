"""varrt.random: distributions (statistics on large samples), seeding rules, Generator."""
import numpy as np
import pytest

import varrt as tf
from op_checks import wrapped

N = 200_000


@pytest.fixture(autouse=True)
def _no_global_seed():
    tf.random.set_seed(None)
    yield
    tf.random.set_seed(None)


def test_normal_statistics_and_dtype():
    x = tf.random.normal([N], mean=3.0, stddev=2.0, seed=1)
    assert isinstance(x, tf.Tensor) and x.dtype == tf.float32 and x.shape == tf.TensorShape([N])
    a = x.numpy()
    assert abs(a.mean() - 3.0) < 0.03 and abs(a.std() - 2.0) < 0.03
    assert (np.abs(a - 3.0) > 4.0).any()  # not truncated


def test_truncated_normal_statistics_and_bounds():
    a = tf.random.truncated_normal([N], mean=1.0, stddev=0.5, seed=2).numpy()
    assert a.min() >= 1.0 - 2 * 0.5 and a.max() <= 1.0 + 2 * 0.5
    assert abs(a.mean() - 1.0) < 0.01
    # a standard normal truncated at +-2 has stddev 0.8796...
    assert abs(a.std() - 0.5 * 0.87962566103423978) < 0.01


def test_uniform_float_range_and_statistics():
    a = tf.random.uniform([N], seed=3).numpy()
    assert a.dtype == np.float32 and a.min() >= 0.0 and a.max() < 1.0
    assert abs(a.mean() - 0.5) < 0.01
    b = tf.random.uniform([N], minval=-2.0, maxval=6.0, dtype=tf.float64, seed=4).numpy()
    assert b.dtype == np.float64 and b.min() >= -2.0 and b.max() < 6.0
    assert abs(b.mean() - 2.0) < 0.05 and abs(b.var() - 64 / 12) < 0.1


def test_uniform_int():
    a = tf.random.uniform([N], minval=-3, maxval=4, dtype=tf.int32, seed=5).numpy()
    assert a.dtype == np.int32 and set(np.unique(a)) == set(range(-3, 4))
    with pytest.raises(ValueError, match="Must specify maxval for integer dtype tf.int32"):
        tf.random.uniform([2], dtype=tf.int32)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Need minval < maxval"):
        tf.random.uniform([2], minval=3, maxval=3, dtype=tf.int64)


@pytest.mark.parametrize("dtype", [tf.float16, tf.bfloat16, tf.float64])
def test_other_float_dtypes(dtype):
    for fn in (tf.random.normal, tf.random.truncated_normal, tf.random.uniform):
        x = fn([1000], dtype=dtype, seed=1)
        assert x.dtype == dtype and x.shape == tf.TensorShape([1000])


def test_non_float_dtype_rejected_like_tensorflow():
    with pytest.raises(TypeError, match="Cannot convert 0.0 to EagerTensor of dtype int32"):
        tf.random.normal([2], dtype=tf.int32)
    with pytest.raises(TypeError, match="Cannot convert 0.0 to EagerTensor of dtype int32"):
        tf.random.truncated_normal([2], dtype=tf.int32)
    with pytest.raises(ValueError, match="Argument `dtype` got invalid value"):
        tf.random.uniform([2], dtype=tf.string)


@pytest.mark.parametrize("dtype", ["string", "uint32", "uint64"])
def test_uniform_dtypes_are_tensorflows(dtype):
    # TensorFlow 2.21's texts (unsigned integers are for the stateless full range only).
    with pytest.raises(ValueError) as e:
        tf.random.uniform([2], maxval=5, dtype=getattr(tf, dtype))
    assert str(e.value) == (f"Argument `dtype` got invalid value <dtype: '{dtype}'>. Accepted dtypes are "
                            "(tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64).")


def test_stateless_unsigned_bounds_are_refused_like_tensorflow():
    with pytest.raises(ValueError) as e:
        tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.uint32, minval=0, maxval=5)
    assert str(e.value) == ("Argument `dtype` got invalid value <dtype: 'uint32'> when argument `minval` is not None. "
                            "Please don't use unsigned integers in this case.")
    full = tf.random.stateless_uniform([3], seed=[1, 2], minval=None, maxval=None, dtype=tf.uint64)
    assert full.numpy().tobytes().hex() == "2c0aec41f19498673e84ffeb9387141693d0a200c51d53f1"  # TensorFlow's


def test_shapes_accepted_and_negative_rejected():
    assert tf.random.normal((2, 3)).shape == tf.TensorShape([2, 3])
    assert tf.random.normal(tf.TensorShape([4])).shape == tf.TensorShape([4])
    assert tf.random.normal(tf.constant([1, 5])).shape == tf.TensorShape([1, 5])
    assert tf.random.normal([]).shape == tf.TensorShape([])
    assert tf.random.normal([0, 3]).shape == tf.TensorShape([0, 3])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Dimension -1 must be >= 0 \[Op:RandomStandardNormal\]"):
        tf.random.normal([-1])


def test_global_seed_makes_sequences_reproducible():
    tf.random.set_seed(5)
    a, b = tf.random.normal([4]).numpy(), tf.random.uniform([4]).numpy()
    tf.random.set_seed(5)
    a2, b2 = tf.random.normal([4]).numpy(), tf.random.uniform([4]).numpy()
    np.testing.assert_array_equal(a, a2)
    np.testing.assert_array_equal(b, b2)
    tf.random.set_seed(5)
    c, d = tf.random.normal([4]).numpy(), tf.random.normal([4]).numpy()
    assert not np.array_equal(c, d)  # successive ops get different op seeds
    tf.random.set_seed(6)
    assert not np.array_equal(tf.random.normal([4]).numpy(), a)


def test_op_seed_continues_a_stream_until_set_seed():
    tf.random.set_seed(5)
    a = tf.random.normal([3], seed=1).numpy()
    b = tf.random.normal([3], seed=1).numpy()
    assert not np.array_equal(a, b)
    tf.random.set_seed(5)
    np.testing.assert_array_equal(tf.random.normal([3], seed=1).numpy(), a)
    # op seed without a global seed: still reproducible across set_seed(None)
    tf.random.set_seed(None)
    e = tf.random.normal([3], seed=9).numpy()
    tf.random.set_seed(None)
    np.testing.assert_array_equal(tf.random.normal([3], seed=9).numpy(), e)


def test_unseeded_ops_differ():
    assert not np.array_equal(tf.random.normal([8]).numpy(), tf.random.normal([8]).numpy())


def test_random_normal_top_level_alias():
    assert tf.random_normal is tf.random.normal
    assert tf.random_normal([2]).dtype == tf.float32


def test_stateless_ops_depend_only_on_seed():
    a = tf.random.stateless_normal([5], seed=[1, 2]).numpy()
    np.testing.assert_array_equal(a, tf.random.stateless_normal([5], seed=[1, 2]).numpy())
    assert not np.array_equal(a, tf.random.stateless_normal([5], seed=[1, 3]).numpy())
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"seed must have shape \[2\], not \[\]"):
        tf.random.stateless_normal([2], seed=1)
    u = tf.random.stateless_uniform([N], seed=[3, 4], minval=5, maxval=7, dtype=tf.int64).numpy()
    assert set(np.unique(u)) == {5, 6}
    full = tf.random.stateless_uniform([4], seed=[1, 2], minval=None, maxval=None, dtype=tf.int32)
    assert full.dtype == tf.int32
    t = tf.random.stateless_truncated_normal([N], seed=[5, 6]).numpy()
    assert np.abs(t).max() <= 2.0


def test_generator_reproducible_and_independent():
    g1, g2 = tf.random.Generator.from_seed(1), tf.random.Generator.from_seed(1)
    np.testing.assert_array_equal(g1.normal([4]).numpy(), g2.normal([4]).numpy())
    first = g1.normal([4]).numpy()
    assert not np.array_equal(first, g1.normal([4]).numpy())  # the state advances
    g1.reset_from_seed(1)
    g2.reset_from_seed(1)
    np.testing.assert_array_equal(g1.uniform([3]).numpy(), g2.uniform([3]).numpy())
    assert g1.algorithm == tf.random.Algorithm.PHILOX.value == 1  # an int; Algorithm is an Enum (TensorFlow)


def test_generator_distributions():
    g = tf.random.Generator.from_seed(7)
    n = g.normal([N], mean=-1.0, stddev=3.0).numpy()
    assert abs(n.mean() + 1.0) < 0.05 and abs(n.std() - 3.0) < 0.05
    t = g.truncated_normal([N], stddev=2.0).numpy()
    assert np.abs(t).max() <= 4.0
    u = g.uniform([N], minval=2.0, maxval=3.0).numpy()
    assert u.min() >= 2.0 and u.max() < 3.0
    i = g.uniform([N], minval=0, maxval=10, dtype=tf.int32).numpy()
    assert set(np.unique(i)) == set(range(10))
    with pytest.raises(ValueError, match="minval and maxval must be both `None` or both non-`None`"):
        g.uniform([2], dtype=tf.int32)
    full = g.uniform([3], minval=None, maxval=None, dtype=tf.int64)
    assert full.dtype == tf.int64
    assert g.make_seeds(3).shape == tf.TensorShape([2, 3])


def test_generator_split_and_copy():
    g = tf.random.Generator.from_seed(3)
    a, b = g.split(2)
    assert not np.array_equal(a.normal([4]).numpy(), b.normal([4]).numpy())
    c = tf.random.Generator(copy_from=g)
    np.testing.assert_array_equal(c.normal([4]).numpy(), g.normal([4]).numpy())
    assert isinstance(tf.random.get_global_generator(), tf.random.Generator)


def test_ops_are_placed_and_logged(capfd):
    import sys
    from varrt import _C
    _C.set_log_device_placement(True)
    try:
        tf.random.normal([2], mean=1.0, seed=1)
        tf.random.uniform([2], seed=1)
        tf.random.truncated_normal([2], seed=1)
    finally:
        _C.set_log_device_placement(False)
    sys.stderr.flush()
    err = capfd.readouterr().err
    ops = [line.split()[2] for line in err.splitlines() if line.startswith("Executing op")]
    for op in ("RandomStandardNormal", "RandomUniform", "TruncatedNormal"):
        assert op in ops


@pytest.mark.parametrize("call, op, message, name", [
    (lambda: tf.random.normal([-1]), "RandomStandardNormal", "Dimension -1 must be >= 0", " name: "),
    (lambda: tf.random.truncated_normal([-2]), "TruncatedNormal", "Dimension -2 must be >= 0", " name: "),
    (lambda: tf.random.stateless_uniform([-1], seed=[1, 2]), "StatelessRandomUniformV2", "Dimension -1 must be >= 0",
     " name: "),
    (lambda: tf.random.uniform([2], minval=3, maxval=1, dtype=tf.int32), "RandomUniformInt",
     "Need minval < maxval, got 3 >= 1", " name: "),
    (lambda: tf.random.uniform([2], minval=[1, 2], maxval=5, dtype=tf.int32), "RandomUniformInt",
     "minval must be 0-D, got shape [2]", " name: "),
    (lambda: tf.random.stateless_normal([2], seed=[1]), "StatelessRandomGetKeyCounter",
     "seed must have shape [2], not [1]", ""),
])
def test_kernel_errors_are_tensorflows_text(call, op, message, name):
    """The random ops' argument checks run in their kernels: TensorFlow 2.21's wrapped texts."""
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        call()
    assert str(e.value) == wrapped(op, message, name=name)


def test_generator_algorithm_names_are_tensorflows():
    assert tf.random.Generator.from_seed(5, alg="philox").algorithm == 1
    assert tf.random.Generator(state=[5, 0, 0], alg="Auto-Select").algorithm == 3
    assert tf.random.Generator.from_seed(5).algorithm == 1
    with pytest.raises(ValueError) as e:
        tf.random.Generator.from_seed(5, alg="mersenne")
    assert str(e.value) == ("Argument `alg` got unsupported value mersenne. Supported values are philox for the "
                            "Philox algorithm, threefry for the ThreeFry algorithm, and auto_select for auto-selection.")
