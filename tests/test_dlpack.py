"""DLPack: Tensor/Variable.__dlpack__, varrt.from_dlpack, exchanges with NumPy and PyTorch.

Zero-copy is checked by addresses; read-only semantics by NumPy's writeable flag; the
documented effect of a consumer that writes anyway (PyTorch) is pinned down too.
"""
import ctypes
import gc

import ml_dtypes
import numpy as np
import pytest

import varrt as vr
from varrt import errors


def address(x):
    return np.asarray(x).ctypes.data


def capsule_name(capsule):
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    return get_name(capsule).decode()


# --- export ------------------------------------------------------------------------------------

def test_numpy_imports_zero_copy_and_read_only():
    t = vr.constant([[1.0, 2.0], [3.0, 4.0]])
    a = np.from_dlpack(t)
    assert a.ctypes.data == address(t)
    assert not a.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        a[0, 0] = 9.0
    np.testing.assert_array_equal(a, [[1.0, 2.0], [3.0, 4.0]])
    assert a.dtype == np.float32 and a.strides == (8, 4)


def test_dlpack_device():
    assert vr.constant(1.0).__dlpack_device__() == (1, 0)
    assert vr.Variable(1.0).__dlpack_device__() == (1, 0)


def test_variable_export_survives_updates_copy_on_write():
    v = vr.Variable([1.0, 2.0, 3.0])
    a = np.from_dlpack(v)
    assert a.ctypes.data == address(v)  # the variable's own buffer
    v.assign_add([1.0, 1.0, 1.0])        # copies first: the export holds the buffer
    np.testing.assert_array_equal(a, [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(v.numpy(), [2.0, 3.0, 4.0])
    assert address(v) != a.ctypes.data
    del a
    gc.collect()
    before = vr.experimental.memory_stats()["num_allocs"]
    v.assign_add([1.0, 1.0, 1.0])        # nobody holds the buffer now: in place
    assert vr.experimental.memory_stats()["num_allocs"] == before


def test_export_outlives_the_tensor_and_the_variable():
    v = vr.Variable(np.arange(1000, dtype=np.float64))
    a = np.from_dlpack(v)
    del v
    gc.collect()
    assert a[999] == 999.0


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.int8, np.int16, np.int32, np.int64,
                                   np.uint8, np.uint16, np.uint32, np.uint64, np.complex64, np.complex128, np.bool_])
def test_numpy_round_trip_every_dtype(dtype):
    values = np.array([0, 1, 1], dtype=dtype)
    t = vr.constant(values)
    a = np.from_dlpack(t)
    assert a.dtype == values.dtype and a.ctypes.data == address(t)
    np.testing.assert_array_equal(a, values)
    back = vr.from_dlpack(a)
    assert back.dtype == t.dtype and address(back) == address(t)


def test_scalar_and_empty():
    assert np.from_dlpack(vr.constant(3)).shape == ()
    assert int(np.from_dlpack(vr.constant(3))) == 3
    e = np.from_dlpack(vr.zeros([0, 3]))
    assert e.shape == (0, 3) and e.dtype == np.float32
    assert vr.from_dlpack(np.zeros((2, 0), np.int32)).shape == (2, 0)


def test_copy_true_gives_private_writable_memory():
    t = vr.constant([1, 2, 3])
    a = np.from_dlpack(t, copy=True)
    assert a.flags.writeable and a.ctypes.data != address(t)
    a[0] = 100
    assert t.numpy().tolist() == [1, 2, 3]


def test_protocol_arguments():
    t = vr.constant([1.0])
    versioned = t.__dlpack__(max_version=(1, 0))
    assert capsule_name(versioned) == "dltensor_versioned"
    assert capsule_name(t.__dlpack__()) == "dltensor"               # no max_version: pre-1.0 consumer
    assert capsule_name(t.__dlpack__(max_version=(0, 8))) == "dltensor"
    assert capsule_name(t.__dlpack__(dl_device=(1, 0), stream=None)) == "dltensor"
    with pytest.raises(BufferError, match="host"):
        t.__dlpack__(dl_device=(2, 0))
    with pytest.raises(BufferError, match="stream"):
        t.__dlpack__(stream=1)
    with pytest.raises(BufferError, match="string"):
        vr.constant(["a", "b"]).__dlpack__()
    with pytest.raises(BufferError, match="string"):
        np.from_dlpack(vr.Variable(["a"]))


def test_unconsumed_capsules_are_freed():
    t = vr.constant(np.zeros(1 << 20, np.float32))
    before = vr.experimental.memory_stats()["bytes_in_use"]
    for _ in range(10):
        t.__dlpack__(max_version=(1, 0))
        t.__dlpack__(copy=True)  # a 4 MB copy each time, freed with its capsule
    gc.collect()
    assert vr.experimental.memory_stats()["bytes_in_use"] == before


# --- import ------------------------------------------------------------------------------------

def test_from_numpy_shares_memory():
    n = np.arange(6, dtype=np.float32).reshape(2, 3)
    t = vr.from_dlpack(n)
    assert isinstance(t, vr.Tensor) and t.shape == (2, 3) and t.dtype == vr.float32
    assert address(t) == n.ctypes.data
    assert t.device == "/job:localhost/replica:0/task:0/device:CPU:0"
    assert (t + 1).numpy().tolist() == [[1, 2, 3], [4, 5, 6]]
    # The producer may write: the tensor is a view and shows it (documented).
    n[0, 0] = 42
    assert t.numpy()[0, 0] == 42
    # Assigning to a variable copies: variables never alias foreign memory.
    v = vr.Variable(t)
    assert address(v) != n.ctypes.data
    n[0, 1] = -1
    assert v.numpy()[0, 1] == 1


def test_import_keeps_the_producer_alive():
    t = vr.from_dlpack(np.arange(5, dtype=np.int64))
    gc.collect()
    assert t.numpy().tolist() == [0, 1, 2, 3, 4]


def test_non_compact_layouts_are_copied_or_refused():
    n = np.arange(12, dtype=np.int32).reshape(3, 4)
    t = vr.from_dlpack(n.T)
    assert t.numpy().tolist() == n.T.tolist() and address(t) != n.ctypes.data
    s = vr.from_dlpack(n[:, ::2])
    assert s.numpy().tolist() == [[0, 2], [4, 6], [8, 10]]
    with pytest.raises(BufferError, match="cannot be shared without a copy"):
        vr.from_dlpack(n.T, copy=False)
    c = vr.from_dlpack(n, copy=True)
    assert address(c) != n.ctypes.data
    assert address(vr.from_dlpack(n, copy=False)) == n.ctypes.data


def test_capsules_and_tf_experimental_names():
    t = vr.constant([1.0, 2.0])
    capsule = vr.experimental.dlpack.to_dlpack(t)
    assert capsule_name(capsule) == "dltensor"
    back = vr.experimental.dlpack.from_dlpack(capsule)
    assert address(back) == address(t)
    assert capsule_name(capsule) == "used_dltensor"
    with pytest.raises(ValueError, match="not consumed yet"):
        vr.from_dlpack(capsule)  # a capsule is consumed once
    assert vr.experimental.dlpack.to_dlpack(vr.Variable([3])) is not None
    with pytest.raises(ValueError):
        vr.from_dlpack(object())


def test_import_errors_are_buffer_errors():
    with pytest.raises(ValueError, match="host memory"):
        vr.from_dlpack(np.zeros(2), device="GPU:0")
    assert vr.from_dlpack(np.zeros(2), device="CPU:0").shape == (2,)

    class OnGpu:
        def __dlpack_device__(self):
            return (2, 0)

        def __dlpack__(self, **kwargs):
            raise AssertionError("not called")

    with pytest.raises(BufferError, match="host memory only"):
        vr.from_dlpack(OnGpu())


def test_bfloat16_export():
    t = vr.constant([1.5, 2.5], dtype=vr.bfloat16)
    capsule = t.__dlpack__(max_version=(1, 0))
    back = vr.from_dlpack(capsule)
    assert back.dtype == vr.bfloat16 and address(back) == address(t)
    assert back.numpy().astype(np.float32).tolist() == [1.5, 2.5]
    assert back.numpy().dtype == ml_dtypes.bfloat16


# --- PyTorch -------------------------------------------------------------------------------------

@pytest.fixture
def torch():
    return pytest.importorskip("torch")


def test_torch_imports_zero_copy(torch):
    t = vr.constant([[1.0, 2.0], [3.0, 4.0]])
    pt = torch.from_dlpack(t)
    assert pt.data_ptr() == address(t)
    assert pt.dtype == torch.float32 and tuple(pt.shape) == (2, 2)
    assert pt.sum().item() == 10.0
    v = vr.Variable([1, 2, 3], dtype=vr.int64)
    pv = torch.from_dlpack(v)
    assert pv.data_ptr() == address(v)
    v.assign_add([1, 1, 1])  # copy-on-write: the torch tensor keeps the old value
    assert pv.tolist() == [1, 2, 3] and v.numpy().tolist() == [2, 3, 4]


def test_torch_exports_zero_copy(torch):
    pt = torch.arange(6, dtype=torch.float64).reshape(2, 3)
    t = vr.from_dlpack(pt)
    assert address(t) == pt.data_ptr() and t.dtype == vr.float64
    pt.mul_(2)  # the producer writes: the tensor shows it
    assert t.numpy().tolist() == [[0, 2, 4], [6, 8, 10]]
    assert vr.from_dlpack(pt.T).numpy().tolist() == pt.T.tolist()  # strided: copied
    b = vr.from_dlpack(torch.tensor([1.5], dtype=torch.bfloat16))
    assert b.dtype == vr.bfloat16
    assert vr.from_dlpack(torch.tensor([True, False])).numpy().tolist() == [True, False]


def test_torch_write_through_read_only_export(torch):
    """PyTorch ignores DLPack's read-only flag: what a write then changes (documented in
    varrt.dlpack) — the exported buffer's readers, never later variable values."""
    t = vr.constant([1.0, 2.0])
    pt = torch.from_dlpack(t)
    pt[0] = 9.0
    assert t.numpy().tolist() == [9.0, 2.0]  # the shared memory changed under varrt
    v = vr.Variable([1.0, 2.0])
    pv = torch.from_dlpack(v)
    v.assign_add([1.0, 1.0])  # the variable moves to new memory first
    pv[0] = 100.0
    assert v.numpy().tolist() == [2.0, 3.0]
    safe = torch.from_dlpack(t, copy=True)
    safe[1] = -1.0
    assert t.numpy().tolist() == [9.0, 2.0]
