"""DLPack: zero-copy exchange of tensors with NumPy, PyTorch, JAX and other array libraries.

    np.from_dlpack(t)          # a read-only ndarray over t's memory (no copy)
    torch.from_dlpack(t)       # a torch.Tensor over t's memory (no copy)
    varrt.from_dlpack(x)       # a varrt Tensor over x's memory (no copy)

Export (`Tensor.__dlpack__`, also on Variables, which export their current value): the
consumer gets varrt's buffer itself. varrt tensors are immutable, so the export carries
DLPack 1.0's read-only flag, and NumPy makes a read-only array. The export holds a reference
to the buffer, so varrt never writes into it again: the variable's next update copies first
(copy-on-write). A consumer that writes anyway — PyTorch has no read-only tensors and
ignores the flag, and pre-1.0 consumers (legacy "dltensor" capsules) cannot see it — changes
memory varrt treats as immutable: every varrt Tensor sharing that buffer changes with it,
including the variable's current value until its next update. That is outside varrt's
guarantees; to hand out writable memory, export a copy (`copy=True`, e.g.
`torch.from_dlpack(t, copy=True)` or `np.from_dlpack(t, copy=True)`), or use `numpy()`.

Import (`varrt.from_dlpack`): the Tensor shares the producer's host memory when it is
compact row-major; other layouts (a transposed view, a stride-2 slice) are copied. varrt
never writes into imported memory, but the producer may: the Tensor then shows the change
(as any zero-copy view would). Assigning an imported Tensor to a Variable copies it, so
variables never alias foreign memory. Only host (CPU) memory is accepted; string tensors
cannot be exchanged (DLPack has no string type).
"""
from __future__ import annotations  # the annotations are for type checkers only (py.typed)

from varrt import _C
from varrt.base import errors
from varrt.framework.dlpack_protocol import _KDLCPU, _MAX_VERSION, _export
from varrt.framework.tensor import Tensor, convert_to_tensor

def from_dlpack(x, /, *, device=None, copy=None) -> Tensor:
    """A Tensor over the memory of `x`, an object with `__dlpack__` (a NumPy array, a
    torch.Tensor, ...) or a DLPack capsule (as TensorFlow's `from_dlpack` takes).

    `copy=True` always copies; `copy=False` raises BufferError if sharing is impossible (a
    non-compact layout); None copies only then. `device` must be None or a CPU device: the
    tensor lives in host memory (on CPU:0). BufferError when the data cannot be imported
    (another device, a type varrt lacks).
    """
    if device is not None and "CPU" not in str(device).upper():
        raise ValueError(f"from_dlpack: varrt tensors live in host memory, not on {device!r}")
    producer_copied = False
    if hasattr(x, "__dlpack__"):
        dev = x.__dlpack_device__() if hasattr(x, "__dlpack_device__") else (_KDLCPU, 0)
        if int(dev[0]) != _KDLCPU:
            raise BufferError(f"from_dlpack: varrt reads host memory only; the producer's device is {tuple(dev)}")
        kwargs = {} if copy is None else {"copy": copy}
        try:
            x = x.__dlpack__(max_version=_MAX_VERSION, **kwargs)
            producer_copied = copy is True
        except TypeError:  # a producer older than DLPack 1.0's protocol
            x = x.__dlpack__()
    try:
        return Tensor._wrap(_C.from_dlpack(x, None if producer_copied else copy))
    except errors.InvalidArgumentError as e:
        raise BufferError(e.message) from None


def to_dlpack(tensor):
    """A DLPack capsule ("dltensor", DLPack before 1.0) over a Tensor's or a Variable's current
    value, as TensorFlow's `tf.experimental.dlpack.to_dlpack` returns. Zero-copy; see the
    module docstring for what a consumer that writes to it changes."""
    tensor = convert_to_tensor(tensor)
    if getattr(tensor, "_is_symbolic", False):  # a graph's tensor has no memory to share
        raise errors.InvalidArgumentError(None, None, "The argument to `to_dlpack` must be a TF tensor, not Python "
                                          "object")
    return _export(tensor._data)
