"""The `__dlpack__` protocol of Tensor and Variable: exporting a buffer as a DLPack capsule
(read-only, host memory; see dlpack.py for the guarantees and for `from_dlpack`)."""
from varrt import _C

_KDLCPU = 1
_STRING_ENUM = 7
# The newest DLPack version varrt produces and consumes.
_MAX_VERSION = (1, 0)


def _export(data, stream=None, max_version=None, dl_device=None, copy=None):
    """`__dlpack__` for a TensorData, following the Python array API's protocol."""
    if stream is not None and stream != -1:
        raise BufferError("varrt tensors live in host memory, which has no streams: stream must be None")
    if dl_device is not None and tuple(dl_device) != (_KDLCPU, 0):
        raise BufferError(f"varrt can only export to the host (kDLCPU, 0), not {tuple(dl_device)}")
    if data.dtype == _STRING_ENUM:
        raise BufferError("DLPack has no string type: string tensors cannot be exported")
    versioned = max_version is not None and tuple(max_version)[0] >= 1
    return _C.to_dlpack(data, versioned, bool(copy))


def _device():
    return (_KDLCPU, 0)
