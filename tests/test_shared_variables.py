"""Sharing variables by name across Python, C and C++ (one resource table per process).

The C side is driven through ctypes on the very library the extension loaded
(varrt/lib/libvarrt_core.so), so these tests cross the language boundary without a compiler;
tests/test_embedding.py builds real C and C++ programs.
"""
import ctypes
import gc
import os
import subprocess
import sys

import numpy as np
import pytest

import varrt as vr
from varrt import errors


class CApi:
    """The few C ABI functions these tests call."""

    def __init__(self):
        lib_dir = subprocess.run([sys.executable, "-m", "varrt", "--lib-dir"], capture_output=True, text=True,
                                 check=True).stdout.strip()
        self.lib = lib = ctypes.CDLL(os.path.join(lib_dir, "libvarrt_core.so"))
        p, i64p = ctypes.c_void_p, ctypes.POINTER(ctypes.c_int64)
        sig = {
            "varrt_status_new": (p, []),
            "varrt_status_delete": (None, [p]),
            "varrt_status_code": (ctypes.c_int, [p]),
            "varrt_status_message": (ctypes.c_char_p, [p]),
            "varrt_tensor_new": (p, [ctypes.c_int, i64p, ctypes.c_int, p, ctypes.c_size_t, p]),
            "varrt_tensor_delete": (None, [p]),
            "varrt_tensor_data": (p, [p]),
            "varrt_variable_new": (p, [p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, p]),
            "varrt_variable_from_shared_name": (p, [ctypes.c_char_p, ctypes.c_char_p, p]),
            "varrt_variable_delete": (None, [p]),
            "varrt_variable_assign_add": (ctypes.c_int, [p, p, p]),
            "varrt_variable_read": (p, [p, p]),
            "varrt_variable_read_into": (ctypes.c_int, [p, p, ctypes.c_size_t, p]),
            "varrt_variable_is_initialized": (ctypes.c_int, [p]),
            "varrt_checkpoint_restore": (ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p),
                                                        ctypes.POINTER(p), ctypes.c_size_t, p]),
        }
        for name, (res, args) in sig.items():
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = res, args
        self.status = lib.varrt_status_new()

    def floats(self, values):
        a = np.asarray(values, np.float32)
        dims = (ctypes.c_int64 * 1)(a.size)
        t = self.lib.varrt_tensor_new(1, dims, 1, a.ctypes.data, a.nbytes, self.status)
        assert t, self.message()
        return t

    def message(self):
        return self.lib.varrt_status_message(self.status).decode()

    def code(self):
        return self.lib.varrt_status_code(self.status)

    def read(self, var, n):
        out = np.zeros(n, np.float32)
        code = self.lib.varrt_variable_read_into(var, out.ctypes.data, out.nbytes, self.status)
        assert code == 0, self.message()
        return out


@pytest.fixture(scope="module")
def c_api():
    return CApi()


def collect():
    gc.collect()


def test_python_creates_c_reads_and_updates(c_api):
    v = vr.Variable([1.0, 2.0], name="py_owned", shared_name="py_owned", container="test_shared")
    handle = c_api.lib.varrt_variable_from_shared_name(b"py_owned", b"test_shared", c_api.status)
    assert handle, c_api.message()
    np.testing.assert_array_equal(c_api.read(handle, 2), [1.0, 2.0])
    delta = c_api.floats([10.0, 20.0])
    assert c_api.lib.varrt_variable_assign_add(handle, delta, c_api.status) == 0
    np.testing.assert_array_equal(v.numpy(), [11.0, 22.0])  # Python sees C's update
    v.assign_add([1.0, 1.0])
    np.testing.assert_array_equal(c_api.read(handle, 2), [12.0, 23.0])  # and the reverse
    # One buffer, not two: C's zero-copy read points where Python's view points.
    t = c_api.lib.varrt_variable_read(handle, c_api.status)
    assert c_api.lib.varrt_tensor_data(t) == np.asarray(v).ctypes.data
    c_api.lib.varrt_tensor_delete(t)
    # Python owns it: when v goes, C's borrowed handle fails with FAILED_PRECONDITION (9).
    del v
    collect()
    assert c_api.lib.varrt_variable_is_initialized(handle) == 0
    assert c_api.lib.varrt_variable_assign_add(handle, delta, c_api.status) == 9
    assert "Could not find variable py_owned" in c_api.message()
    c_api.lib.varrt_variable_delete(handle)
    c_api.lib.varrt_tensor_delete(delta)


def test_c_creates_python_reads_and_updates(c_api):
    init = c_api.floats([1.0, 2.0, 3.0])
    owner = c_api.lib.varrt_variable_new(init, b"c_owned", b"test_shared", b"c_owned", c_api.status)
    assert owner, c_api.message()
    v = vr.Variable.from_shared_name("c_owned", container="test_shared")
    assert v.name == "c_owned:0"
    assert v.dtype == vr.float32 and v.shape == (3,)
    assert repr(v) == "<tf.Variable 'c_owned:0' shape=(3,) dtype=float32, numpy=array([1., 2., 3.], dtype=float32)>"
    v.assign_add([1.0, 1.0, 1.0])
    np.testing.assert_array_equal(c_api.read(owner, 3), [2.0, 3.0, 4.0])
    # Python's borrowing Variable going away leaves the C-owned variable alone.
    del v
    collect()
    assert c_api.lib.varrt_variable_is_initialized(owner) == 1
    w = vr.Variable.from_shared_name("c_owned", container="test_shared")
    c_api.lib.varrt_variable_delete(owner)  # the owner's handle goes: destroyed
    assert not w.is_initialized()
    with pytest.raises(errors.FailedPreconditionError, match="Could not find variable c_owned"):
        w.numpy()
    with pytest.raises(errors.FailedPreconditionError):
        w.assign_add([1.0, 1.0, 1.0])
    with pytest.raises(errors.NotFoundError, match=r"Resource test_shared/c_owned/N10tensorflow3VarE does not exist\."):
        vr.Variable.from_shared_name("c_owned", container="test_shared")
    c_api.lib.varrt_tensor_delete(init)


def test_python_to_python_sharing():
    owner = vr.Variable(np.arange(4, dtype=np.int64), name="layer/w", shared_name="shared_w")
    other = vr.Variable.from_shared_name("shared_w")
    assert other.name == "layer/w:0" and other.dtype == vr.int64
    other.assign_add(np.ones(4, np.int64))
    np.testing.assert_array_equal(owner.numpy(), [1, 2, 3, 4])
    assert np.shares_memory(np.asarray(owner), np.asarray(other))
    del other
    collect()
    assert owner.is_initialized()


def test_name_taken_is_already_exists_and_changes_nothing():
    owner = vr.Variable([1.0], shared_name="taken")
    with pytest.raises(errors.AlreadyExistsError, match=r"Resource localhost/taken/N10tensorflow3VarE already exists\."):
        vr.Variable([5.0], shared_name="taken")
    with pytest.raises(errors.AlreadyExistsError):
        vr.Variable([5.0], shared_name="taken", shape=[None])
    np.testing.assert_array_equal(owner.numpy(), [1.0])
    # A different container is a different name.
    other = vr.Variable([2.0], shared_name="taken", container="elsewhere")
    assert vr.Variable.from_shared_name("taken", "elsewhere").numpy()[0] == 2.0
    del other


def test_name_is_free_after_the_owner_goes():
    v = vr.Variable([1.0], shared_name="recycled")
    old = vr.Variable.from_shared_name("recycled")
    del v
    collect()
    new = vr.Variable([7.0], shared_name="recycled")
    assert vr.Variable.from_shared_name("recycled").numpy()[0] == 7.0
    with pytest.raises(errors.FailedPreconditionError):  # the old borrower still refers to the old one
        old.numpy()
    del new


def test_lookup_errors():
    with pytest.raises(errors.NotFoundError, match=r"Resource localhost/never_made/N10tensorflow3VarE does not exist\."):
        vr.Variable.from_shared_name("never_made")
    anonymous = vr.Variable([1.0])
    with pytest.raises(errors.NotFoundError):  # anonymous variables are not reachable by name
        vr.Variable.from_shared_name(anonymous._shared_name)
    with pytest.raises(errors.NotFoundError):
        vr.Variable.from_shared_name("")
    with pytest.raises(TypeError, match="`shared_name` must be a str"):
        vr.Variable.from_shared_name(b"bytes")
    with pytest.raises(TypeError, match="`container` must be a str"):
        vr.Variable([1.0], shared_name="x", container=3)


def test_failed_creation_leaves_the_name_free():
    with pytest.raises(ValueError):
        vr.Variable([1.0, 2.0], shared_name="bad_shape", shape=[3])
    with pytest.raises(errors.NotFoundError):
        vr.Variable.from_shared_name("bad_shape")
    v = vr.Variable([1.0, 2.0, 3.0], shared_name="bad_shape", shape=[3])
    assert vr.Variable.from_shared_name("bad_shape").shape == (3,)
    del v


def test_shared_variable_behaves_like_any_variable():
    v = vr.Variable([[1, 2], [3, 4]], shared_name="ordinary", shape=[None, 2])
    b = vr.Variable.from_shared_name("ordinary")
    assert b.shape.as_list() == [None, 2]
    b.assign([[5, 6]])
    assert v.numpy().tolist() == [[5, 6]]
    assert (v + 1).numpy().tolist() == [[6, 7]]
    with pytest.raises(ValueError, match="Shape mismatch"):
        b.assign([1, 2, 3])
    assert b.trainable
    del v, b


def test_c_restores_a_python_checkpoint(c_api, tmp_path):
    """tf.train.Checkpoint's object-path keys are ordinary keys for the C ABI's restore."""
    v = vr.Variable([1.0, 2.0, 3.0], shared_name="ckpt_src")
    path = vr.train.Checkpoint(model=vr.Module(), w=v).write(str(tmp_path / "py"))
    init = c_api.floats([0.0, 0.0, 0.0])
    target = c_api.lib.varrt_variable_new(init, b"target", b"", b"", c_api.status)
    keys = (ctypes.c_char_p * 1)(b"w/.ATTRIBUTES/VARIABLE_VALUE")
    handles = (ctypes.c_void_p * 1)(target)
    assert c_api.lib.varrt_checkpoint_restore(path.encode(), keys, handles, 1, c_api.status) == 0, c_api.message()
    np.testing.assert_array_equal(c_api.read(target, 3), [1.0, 2.0, 3.0])
    keys[0] = b"w/.ATTRIBUTES/missing"
    assert c_api.lib.varrt_checkpoint_restore(path.encode(), keys, handles, 1, c_api.status) == 5  # NOT_FOUND
    np.testing.assert_array_equal(c_api.read(target, 3), [1.0, 2.0, 3.0])
    c_api.lib.varrt_variable_delete(target)
    c_api.lib.varrt_tensor_delete(init)
    del v
