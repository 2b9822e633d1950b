"""Variable through the public API: creation, properties, updates, reads, Python protocol."""

import ml_dtypes
import numpy as np
import pytest

import varrt as tf
from op_checks import signature_text


def test_creation_from_every_kind_of_initial_value():
    t = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    cases = [
        (t, tf.float32, [[1, 2], [3, 4]]),
        (lambda: [1, 2], tf.int32, [1, 2]),
        (np.arange(3, dtype=np.int16), tf.int16, [0, 1, 2]),
        ([[1.5], [2.5]], tf.float32, [[1.5], [2.5]]),
        (7, tf.int32, 7),
        (2**31, tf.int64, 2**31),
        (True, tf.bool, True),
        (1 + 2j, tf.complex128, 1 + 2j),
        ("abc", tf.string, b"abc"),
        (np.array([1.5], ml_dtypes.bfloat16), tf.bfloat16, [1.5]),
    ]
    for initial, dtype, expected in cases:
        v = tf.Variable(initial)
        assert v.dtype == dtype, initial
        assert np.array_equal(v.numpy(), np.array(expected, dtype=dtype.as_numpy_dtype)), initial


def test_copy_of_a_variable_is_independent():
    a = tf.Variable([2.0, 3.0])
    b = tf.Variable(a)
    a.assign([5, 6])
    assert b.numpy().tolist() == [2.0, 3.0]
    assert b.name == "Variable:0"


def test_properties():
    v = tf.Variable([[1, 2]], name="w", trainable=False)
    assert v.name == "w:0"
    assert v.trainable is False
    assert v.shape == tf.TensorShape([1, 2]) and repr(v.shape) == "TensorShape([1, 2])"
    assert v.shape.as_list() == [1, 2] and v.shape.rank == 2
    assert v.dtype is tf.int32 and str(v.dtype) == "<dtype: 'int32'>" and v.dtype.as_numpy_dtype is np.int32
    assert v.device == "/job:localhost/replica:0/task:0/device:CPU:0"
    assert v.handle is not None
    assert tf.Variable(1.0).trainable is True
    assert tf.Variable(1.0, name="").name == ":0"
    assert tf.Variable(1.0, name="a/").name == "a:0"


def test_names_label_and_do_not_identify():
    a = tf.Variable(1.0, name="Mark")
    b = tf.Variable(2.0, name="Mark")
    assert a.name == b.name == "Mark:0"
    a.assign(5.0)
    assert float(b) == 2.0


def test_assign_returns_unread_variable_that_reads_lazily():
    v = tf.Variable([1.0, 2.0])
    r = v.assign([3, 4])
    assert r.name == "UnreadVariable" and type(r).__name__ == "_UnreadVariable"
    assert repr(r).startswith("<tf.Variable 'UnreadVariable' shape=(2,) dtype=float32")
    v.assign([5, 6])
    assert r.numpy().tolist() == [5.0, 6.0]
    r.assign_add([1, 1])
    assert v.numpy().tolist() == [6.0, 7.0]
    assert v.assign([0, 0], read_value=False) is None
    assert v.assign_add([1, 1], read_value=False) is None
    assert v.assign_sub([1, 1], read_value=False) is None
    assert v.assign_add([2, 3]).numpy().tolist() == [2.0, 3.0]


def test_value_and_read_value_are_tensors_that_do_not_change():
    v = tf.Variable([1, 2, 3])
    t = v.read_value()
    u = v.value()
    v.assign_add([1, 1, 1])
    assert isinstance(t, tf.Tensor) and t.numpy().tolist() == [1, 2, 3]
    assert u.numpy().tolist() == [1, 2, 3]
    assert str(v.read_value()) == "tf.Tensor([2 3 4], shape=(3,), dtype=int32)"


def test_numpy_is_an_independent_writable_copy():
    v = tf.Variable([1.0, 2.0])
    a = v.numpy()
    assert a.flags.writeable and a.flags.owndata
    a[0] = 100
    assert v.numpy().tolist() == [1.0, 2.0]
    s = tf.Variable(3.5).numpy()
    assert isinstance(s, np.float32) and s == 3.5


def test_asarray_is_a_zero_copy_read_only_view_kept_valid_by_copy_on_write():
    v = tf.Variable(np.arange(4, dtype=np.float32))
    view = np.asarray(v)
    assert not view.flags.writeable
    with pytest.raises(ValueError):
        view[0] = 5
    assert np.shares_memory(view, np.asarray(v))
    v.assign_add(np.ones(4, np.float32))
    assert view.tolist() == [0, 1, 2, 3]
    assert np.asarray(v).tolist() == [1, 2, 3, 4]
    copy = np.array(v, copy=True)
    assert copy.flags.writeable and not np.shares_memory(copy, np.asarray(v))
    assert np.asarray(v, dtype=np.float64).dtype == np.float64


def test_partially_known_and_unknown_shapes_accept_other_shapes():
    v = tf.Variable([1.0, 2.0], shape=tf.TensorShape(None))
    assert str(v.shape) == "<unknown>"
    v.assign([[1.0], [2.0], [3.0]])
    assert v.numpy().shape == (3, 1)
    w = tf.Variable([1, 2], shape=[None])
    assert repr(w.shape) == "TensorShape([None])"
    w.assign([1, 2, 3, 4])
    assert w.numpy().tolist() == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="Shape mismatch"):
        w.assign([[1]])
    with pytest.raises(ValueError):
        tf.Variable([1, 2], shape=[3])


def test_python_protocol():
    assert float(tf.Variable(2.5)) == 2.5 and int(tf.Variable(3)) == 3
    assert bool(tf.Variable(0)) is False and bool(tf.Variable([1])) is True
    with pytest.raises(ValueError):
        bool(tf.Variable([1, 2]))
    with pytest.raises(TypeError, match="only 0-dimensional"):
        float(tf.Variable([1.0]))
    items = list(tf.Variable([[1, 2], [3, 4]]))
    assert [t.numpy().tolist() for t in items] == [[1, 2], [3, 4]]
    with pytest.raises(TypeError, match="Cannot iterate over a scalar tensor."):
        list(tf.Variable(1))
    with pytest.raises(TypeError, match="has no len"):
        len(tf.Variable([1, 2]))
    assert "{:.2f}".format(tf.constant(2.0)) == "2.00"


def test_inplace_operators_raise_tensorflows_runtime_error():
    v = tf.Variable([1.0])
    with pytest.raises(RuntimeError, match=r"`variable \+= value` with `tf.Variable`s is not supported"):
        v += 1
    with pytest.raises(RuntimeError, match="assign_sub"):
        v -= 1
    with pytest.raises(RuntimeError):
        v *= 2
    assert v.numpy().tolist() == [1.0]


def test_variables_are_unhashable_and_ref_is_the_key():
    v = tf.Variable([1.0])
    with pytest.raises(TypeError, match="Variable is unhashable. Instead, use variable.ref"):
        hash(v)
    with pytest.raises(TypeError):
        {v: 1}
    d = {v.ref(): 1}
    assert d[v.ref()] == 1 and v.ref().deref() is v
    assert v.ref() != tf.Variable([1.0]).ref()
    with pytest.raises(TypeError, match="Tensor is unhashable"):
        hash(tf.constant(1))


def test_variables_cannot_be_reshaped_and_reshape_returns_a_tensor():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    r = tf.reshape(v, [1, 4])
    assert isinstance(r, tf.Tensor) and r.shape == (1, 4)
    assert v.shape == (2, 2)
    assert tf.reshape(v, [-1]).numpy().tolist() == [1, 2, 3, 4]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input to reshape is a tensor with 4 values"):
        tf.reshape(v, [3])


def test_equality_is_elementwise():
    a = tf.Variable([1.0, 2.0])
    assert (a == tf.Variable([1.0, 3.0])).numpy().tolist() == [True, False]
    assert (a != [1.0, 2.0]).numpy().tolist() == [False, False]
    assert (a == [1.0, 2.0, 3.0]).numpy().tolist() is False
    with pytest.raises(ValueError, match="unsupported type"):
        a == None  # noqa: E711 - TensorFlow raises here


def test_tf1_helpers_in_eager_mode():
    v = tf.Variable([1, 2])
    assert v.initializer is None
    assert v.initialized_value().numpy().tolist() == [1, 2]
    with pytest.raises(RuntimeError, match="not supported when eager execution is enabled"):
        v.initial_value
    assert bool(v.is_initialized())


def test_deleting_the_last_reference_frees_the_memory():
    before = tf.experimental.memory_stats()["bytes_in_use"]
    v = tf.Variable(np.zeros(1 << 16, np.float32))
    r = v.assign_add(np.ones(1 << 16, np.float32))
    assert tf.experimental.memory_stats()["bytes_in_use"] >= before + (1 << 18)
    del v
    assert r.numpy()[0] == 1.0  # the UnreadVariable keeps the resource alive
    del r
    assert tf.experimental.memory_stats()["bytes_in_use"] == before


def test_strings():
    s = tf.Variable(["abc", b"\xff\x00"])
    assert s.numpy().tolist() == [b"abc", b"\xff\x00"]
    s.assign([b"x", "é"])
    assert s.numpy().tolist() == [b"x", "é".encode()]
    with pytest.raises(tf.errors.InvalidArgumentError, match="No OpKernel was registered"):
        s.assign_add(["a", "b"])
    assert s.numpy().tolist() == [b"x", "é".encode()]
    assert repr(tf.Variable(["abc"])) == "<tf.Variable 'Variable:0' shape=(1,) dtype=string, numpy=array([b'abc'], dtype=object)>"


def test_sixteen_bit_floats_round_like_tensorflow():
    h = tf.Variable(np.array([1.0], np.float16))
    h.assign_add([1e5])
    assert np.isinf(h.numpy()[0])
    bf = tf.Variable(np.array([1.0], ml_dtypes.bfloat16))
    bf.assign([1.1])
    assert float(bf.numpy()[0]) == 1.1015625
    bf.assign_add([0.001])
    assert float(bf.numpy()[0]) == 1.1015625


def test_update_methods_take_tensorflows_signature():
    v = tf.Variable([1.0, 2.0])
    assert v.assign_add(delta=[1.0, 1.0], read_value=False) is None
    assert v.assign_sub([1.0, 1.0], None, None, False) is None
    assert v.assign(value=[5.0, 6.0], use_locking=True, name="x").name == "UnreadVariable"
    assert v.numpy().tolist() == [5.0, 6.0]
    with pytest.raises(TypeError, match="missing required argument 'delta'"):
        v.assign_add()
    with pytest.raises(TypeError, match="unexpected or repeated keyword argument 'bogus'"):
        v.assign_add([1.0, 1.0], bogus=1)
    with pytest.raises(TypeError):
        v.assign([1.0, 1.0], None, None, True, "extra")
    assert v.numpy().tolist() == [5.0, 6.0]
    assert "assign_add(delta, use_locking=None, name=None, read_value=True)" in tf.Variable.assign_add.__doc__ or \
        tf.Variable.assign_add.__text_signature__ == "(delta, use_locking=None, name=None, read_value=True)"


# TensorFlow 2.21's ResourceVariable signatures (inspect.signature), recorded with TensorFlow.
TF_SIGNATURES = {
    **{f"scatter_{k}": "(self, sparse_delta, use_locking=False, name=None)"
       for k in ("sub", "add", "max", "min", "mul", "div", "update")},
    "batch_scatter_update": "(self, sparse_delta, use_locking=False, name=None)",
    **{f"scatter_nd_{k}": "(self, indices, updates, name=None)" for k in ("sub", "add", "update", "max", "min")},
    "sparse_read": "(self, indices, name=None)",
    "gather_nd": "(self, indices, name=None)",
}


@pytest.mark.parametrize("method", TF_SIGNATURES)
def test_sparse_methods_have_tensorflows_signatures(method):
    assert signature_text(getattr(tf.Variable, method)) == TF_SIGNATURES[method]
    assert method in vars(tf.Variable)  # defined by the class itself (framework/variables.py)
