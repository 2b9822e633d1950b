"""`tf.io.serialize_tensor` and `parse_tensor` (a tensor as TensorProto bytes, through the core's
codec in csrc/varrt/io/tensor_proto.cc) and `tf.io.read_file` and `write_file`."""
import base64
import errno
import os

import numpy as np

from varrt import _C
from varrt.base import dtypes, errors, gfile
from varrt.framework import graph_building
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.ops import op_def_lib
from varrt.ops.gradients.registry import NotDifferentiable
from varrt.ops.op_util import kernel_error, named, run

for _op in ("SerializeTensor", "ParseTensor", "ReadFile", "WriteFile"):
    NotDifferentiable(_op)

_FILE_ERRORS = {errno.ENOENT: errors.NotFoundError, errno.EACCES: errors.PermissionDeniedError,
                errno.EEXIST: errors.AlreadyExistsError}


def _path(array):
    value = np.asarray(array, dtype=object).reshape(-1)[0]
    return value.decode() if isinstance(value, bytes) else str(value)


def _file_error(op, e, path, name):
    return kernel_error(op, f"{path}; {os.strerror(e.errno)}", name, cls=_FILE_ERRORS.get(e.errno, errors.UnknownError),
                        end="")


@op_def_lib.implements("SerializeTensor")
def serialize_tensor(tensor, name=None) -> Tensor:
    """`tensor` as the bytes of its TensorProto (a scalar string)."""
    value = convert_to_tensor(tensor)
    return run("SerializeTensor", lambda t: np.array(_C.serialize_tensor_proto(t), dtype=object), (value,),
               dtypes.string, name=name)


@op_def_lib.implements("ParseTensor")
def parse_tensor(serialized, out_type, name=None) -> Tensor:
    """The tensor whose TensorProto bytes `serialized` holds; its dtype must be `out_type`."""
    out_type = dtypes.as_dtype(out_type)
    serialized = convert_to_tensor(serialized, dtype=dtypes.string)

    def kernel(data):
        raw = np.asarray(data, dtype=object).reshape(-1)[0]
        try:
            parsed = _C.parse_tensor_proto(raw)
        except errors.InvalidArgumentError:
            raise kernel_error("ParseTensor", "Could not parse `serialized` as TensorProto, base64: "
                               + base64.b64encode(raw).decode(), name, end="") from None
        if parsed.dtype != out_type._enum:
            raise kernel_error("ParseTensor", f"Type mismatch between parsed tensor ({_C.tf.type_name(parsed.dtype)}) "
                               f"and dtype ({_C.tf.type_name(out_type._enum)})", name)
        return parsed
    return run("ParseTensor", kernel, (serialized,), out_type, attrs={"out_type": out_type._enum}, name=name)


@op_def_lib.implements("ReadFile")
def read_file(filename, name=None) -> Tensor:
    """The whole contents of the file `filename` names, as a scalar string."""
    filename = convert_to_tensor(filename, dtype=dtypes.string)

    def kernel(path):
        path = _path(path)
        try:
            with open(path, "rb") as f:
                return np.array(f.read(), dtype=object)
        except OSError as e:
            raise _file_error("ReadFile", e, path, name) from None
    return run("ReadFile", kernel, (filename,), dtypes.string, name=name)


@op_def_lib.implements("WriteFile")
def write_file(filename, contents, name=None):
    """Writes `contents` (a scalar string) to the file `filename` names, creating its directory."""
    filename = convert_to_tensor(filename, dtype=dtypes.string)
    contents = convert_to_tensor(contents, dtype=dtypes.string)

    def kernel(path, data):
        path = _path(path)
        try:
            directory = os.path.dirname(path)
            if directory:
                os.makedirs(directory, exist_ok=True)
            with open(path, "wb") as f:
                f.write(np.asarray(data, dtype=object).reshape(-1)[0])
        except OSError as e:
            raise _file_error("WriteFile", e, path, name) from None
        return ()
    named(name, _C.execute, "WriteFile", kernel, (filename, contents), dtypes.string._enum, None, 0, None)


def matching_files(pattern, name=None) -> Tensor:
    """The paths matching `pattern` (a string or strings with `*`, `?`, `[...]`), sorted, as a 1-D
    string tensor (tf.io.matching_files). varrt lists them when called: inside a graph being
    built, where TensorFlow lists them each time the graph runs, it raises NotImplementedError."""
    if graph_building.building():
        raise NotImplementedError("tf.io.matching_files inside a tf.function or TensorFlow 1 graph: varrt lists "
                                  "files only eagerly yet")
    patterns = convert_to_tensor(pattern, dtype=dtypes.string).numpy()
    flat = [p.decode() if isinstance(p, bytes) else p for p in np.asarray(patterns, dtype=object).reshape(-1)]
    return convert_to_tensor(np.array([f.encode() for f in gfile.matching_paths(flat)], dtype=object).reshape(-1),
                             dtype=dtypes.string)
