# The core extension (csrc/bindings), as type checkers see it: every name the module exports
# and every member of its classes, with its signature, and nothing else, so a misspelled name is
# an error (no __getattr__ fallback). Started from pybind11-stubgen's output; the functions written
# against the C API (METH_FASTCALL, which pybind11-stubgen cannot read) are typed from their
# definitions in csrc/bindings. tests/test_typing_stubs.py checks this file against dir(_C).
# The public classes narrow what they inherit (framework/tensor.py, framework/variables.py:
# `if TYPE_CHECKING:` blocks).
from __future__ import annotations

import collections.abc
import typing

import numpy as np
import typing_extensions

_Tensor = typing.TypeVar("_Tensor", bound=TensorBase)

class tf:
    """
    TensorFlow's texts from the core (csrc/varrt/tf): messages, type names. A submodule at run
    time (_C.tf); a class of static functions here, as a one-file stub cannot hold a submodule.
    """
    @staticmethod
    def attr_value_error(arg0: str, arg1: int, arg2: str) -> str: ...
    @staticmethod
    def enum_name(arg0: int) -> str:
        """
        'DT_FLOAT', 'DT_INT32', ...
        """
    @staticmethod
    def input_dtype_mismatch(arg0: str, arg1: int, arg2: int, arg3: int) -> str: ...
    @staticmethod
    def kernel_error(arg0: str, arg1: str, arg2: str, arg3: str | None, arg4: str | None) -> str: ...
    @staticmethod
    def no_device_error(arg0: str, arg1: str, arg2: int, arg3: str) -> str: ...
    @staticmethod
    def op_error(arg0: str, arg1: str, arg2: str | None) -> str: ...
    @staticmethod
    def type_name(arg0: int) -> str:
        """
        DataTypeString: 'float', 'int32', ...
        """

class TensorData:
    """
    An immutable tensor in varrt's core (internal).
    """
    def __getstate__(self) -> typing.Any:
        ...
    def numpy(self) -> typing.Any:
        """
        A new writable ndarray (a NumPy scalar for 0-d) with a copy of the values.
        """
    def reshaped(self, arg0: collections.abc.Sequence[int]) -> TensorData:
        ...
    def shares_buffer_with(self, arg0: TensorData) -> bool:
        """
        Whether two tensors share one buffer (to check copy-on-write and zero-copy paths).
        """
    def view(self) -> typing.Any:
        """
        A read-only ndarray sharing the tensor's memory (copy-on-write keeps it valid).
        """
    @property
    def device(self) -> str:
        ...
    @property
    def dtype(self) -> int:
        ...
    @property
    def shape(self) -> tuple:
        ...
    @property
    def size(self) -> int:
        ...
class TensorBase:
    """
    The core part of varrt.Tensor (internal): the value, held in C; varrt.Tensor subclasses it.
    """
    def _numpy(self) -> np.ndarray:
        """
        A read-only ndarray sharing the tensor's memory.
        """
    def numpy(self) -> np.ndarray:
        """
        A new NumPy array (a NumPy scalar for 0-d) with a copy of the values; writable.
        """
    @property
    def _data(self) -> TensorData:
        """
        The core TensorData (internal).
        """
    @property
    def _dtype_enum(self) -> int:
        """
        The dtype's enum value (internal).
        """
    @property
    def _shape_tuple(self) -> tuple[int, ...]:
        """
        The shape as a tuple of ints (internal).
        """
    @property
    def _id(self) -> int:
        """
        The tensor's id: what a gradient tape follows it by.
        """
    @property
    def ndim(self) -> int:
        """
        The number of dimensions.
        """
    @property
    def device(self) -> str:
        """
        The full name of the device holding the tensor's memory.
        """
    @property
    def backing_device(self) -> str:
        """
        The full name of the device holding the tensor's memory.
        """
class VarHandle:
    """
    A variable resource handle (internal); varrt.Variable subclasses it.
    """
    @typing.overload
    def __init__(self, initial_value: typing.Any, dtype: int, declared: collections.abc.Sequence[int] | None,
                 unknown_rank: bool, debug_name: str, container: str = '', shared_name: str = '') -> None:
        ...
    @typing.overload
    def __init__(self, other: VarHandle) -> None:
        """
        Another reference to the same handle (what an UnreadVariable holds).
        """
    def assign(self, value: typing.Any, use_locking: bool | None = None, name: str | None = None,
               read_value: bool = True) -> typing.Any:
        """
        Sets the value, converted with TensorFlow's rules; the shape must be compatible.
        Returns the variable (an UnreadVariable) or, with read_value=False, None.
        """
    def assign_add(self, delta: typing.Any, use_locking: bool | None = None, name: str | None = None,
                   read_value: bool = True) -> typing.Any:
        """
        value += delta (same shape, numeric dtypes); in place unless a reader holds the buffer.
        """
    def assign_sub(self, delta: typing.Any, use_locking: bool | None = None, name: str | None = None,
                   read_value: bool = True) -> typing.Any:
        """
        value -= delta (same shape, numeric dtypes); in place unless a reader holds the buffer.
        """
    def numpy(self) -> np.ndarray:
        """
        A new writable ndarray (a NumPy scalar for 0-d) with a copy of the current value.
        """
    def _read(self) -> TensorData:
        """
        ReadVariableOp: the current value (a TensorData sharing the variable's buffer).
        """
    def read_value(self) -> typing.Any:
        """
        ReadVariableOp, then Identity on the scope's device (copying there if needed): a varrt.Tensor.
        """
    def __array__(self, dtype: typing.Any = None, copy: bool | None = None) -> np.ndarray:
        """
        A zero-copy read-only view of the current value (copy=True: a writable copy); later updates
        copy first, so the view never changes.
        """
    def _destroy(self) -> None:
        """
        DestroyResourceOp while Python still holds the variable (what C/C++ owners can do).
        """
    def _is_initialized(self) -> bool:
        ...
    def _repr_view(self) -> np.ndarray:
        """
        Like _view, with the Identity that repr() runs, colocated with the variable.
        """
    def _value_view(self) -> np.ndarray:
        """
        Like _view, with the Identity that read_value() runs (for __array__, bool(), iteration).
        """
    def _view(self) -> np.ndarray:
        """
        A read-only ndarray over the current value; later updates copy first (copy-on-write).
        """
    @property
    def dtype(self) -> typing.Any:
        """
        The variable's DType (the object _set_dtype_objects registered for its enum).
        """
    @property
    def shape(self) -> typing.Any:
        """
        The variable's declared TensorShape (the initial value's by default).
        """
    @property
    def name(self) -> str:
        """
        The variable's name: the name it was created with (and scopes), then ":0".
        """
    @property
    def _debug_name(self) -> str:
        ...
    @property
    def _declared_shape(self) -> typing.Any:
        ...
    @property
    def _dtype_enum(self) -> int:
        ...
    @property
    def _shared_name(self) -> str:
        ...
    @property
    def device(self) -> str:
        """
        The full name of the device the variable lives on (another task's for a remote variable).
        """
class UpdateJournal:
    def __enter__(self) -> UpdateJournal:
        ...
    def __exit__(self, *args) -> bool:
        ...
    def __init__(self) -> None:
        ...
    def __len__(self) -> int:
        ...
    def rollback(self) -> None:
        ...
class DispatchHook:
    """
    A hook pushed on this thread's dispatch (internal).
    """
class TapeRecorder:
    """
    A gradient tape's recording (internal; see eager/tape.py).
    """
    recording: bool
    def __init__(self, watch_accessed_variables: bool) -> None:
        ...
    def entries(self, arg0: collections.abc.Iterable) -> tuple:
        ...
    def install(self) -> None:
        ...
    def record(self, arg0: str, arg1: list, arg2: list, arg3: typing.Any) -> None:
        ...
    def uninstall(self) -> None:
        ...
    def variables(self) -> list:
        ...
    def watch_tensor(self, arg0: typing.Any) -> None:
        ...
    def watch_variable(self, arg0: typing.Any) -> None:
        ...
    @property
    def installed(self) -> bool:
        ...
class ResourceRef:
    """
    A variable resource held by a graph node (internal).
    """
    @property
    def debug_name(self) -> str:
        ...
    @property
    def declared_shape(self) -> typing.Any:
        ...
    @property
    def device(self) -> str:
        ...
    @property
    def dtype(self) -> int:
        ...
    @property
    def id(self) -> int:
        ...
    @property
    def initialized(self) -> bool:
        ...
    @property
    def variable(self) -> typing.Any:
        ...
class Graph:
    """
    A recorded graph the core runs (internal).
    """
    @staticmethod
    def failed_node() -> int:
        """
        The node whose failure ended this thread's last failed run.
        """
    def __init__(self, num_args: int) -> None:
        ...
    def add_cond_node(self, arg0: collections.abc.Sequence[int], arg1: Graph, arg2: Graph, arg3: int, arg4: int) -> int:
        ...
    def add_constant(self, arg0: typing.Any) -> int:
        ...
    def add_input(self) -> int:
        ...
    def add_node(self, op: str, inputs: collections.abc.Sequence[int], attrs: dict, resources: collections.abc.Sequence,
                 num_outputs: int, host: typing.Any = None, resource_args: collections.abc.Sequence[int] = [],
                 device: str = '') -> int:
        ...
    def add_while_node(self, arg0: collections.abc.Sequence[int], arg1: Graph, arg2: Graph, arg3: int, arg4: int,
                       arg5: int) -> int:
        ...
    def disable_node(self, arg0: int) -> None:
        """
        Prunes a node: it runs nothing and reads nothing.
        """
    def has_kernel(self, arg0: str) -> bool:
        ...
    def host_node_ops(self) -> list[str]:
        """
        The ops of the nodes whose kernel calls into Python, in node order (a debugging aid).
        """
    def node_ops(self) -> list[str]:
        ...
    def run(self, args: collections.abc.Sequence, variables: collections.abc.Sequence = (), release_gil: bool = False) -> tuple:
        ...
    def running_node_ops(self) -> list[str]:
        """
        The ops of the nodes that run (neither pruned nor fused into another), in node order.
        """
    def set_outputs(self, arg0: collections.abc.Sequence[int]) -> None:
        ...
class GraphRecorder:
    """
    A graph recorder hook (internal).
    """
class HooksSuspended:
    """
    with _C.HooksSuspended(): this thread's dispatch hooks are set aside (tf.init_scope).
    """
    def __enter__(self) -> None:
        ...
    def __exit__(self, *args) -> bool:
        ...
    def __init__(self) -> None:
        ...
class TracedCalls:
    """
    A tf.function's cache of traces for calls with plain Tensor and Variable arguments (internal).
    """
    def __new__(cls, miss: collections.abc.Callable[..., typing.Any]) -> TracedCalls:
        """
        `miss(*args, **kwargs)` runs a call no cached trace fits.
        """
    def __call__(self, *args: typing.Any, **kwargs: typing.Any) -> typing.Any:
        ...
    def add(self, args: tuple, graph: typing.Any, captures: typing.Any, inference_name: str, output: typing.Any,
            pack: typing.Any, reraise: typing.Any, counter: typing.Any) -> bool:
        """
        Caches a trace for calls like `args`; whether it was cached.
        """
    def clear(self) -> None:
        """
        Forgets every cached trace.
        """
    def size(self) -> int:
        """
        How many traces are cached.
        """
class SaveSnapshot:
    """
    The values of a background save, taken without copying (internal).
    """
    def __init__(self, keys: collections.abc.Sequence[str], values: list) -> None:
        ...
    def write(self, prefix: str, sync: bool = False) -> None:
        """
        SaveV2 of the snapshot, atomically, once: the buffers are released afterwards.
        """
class RecordReader:
    """
    A TFRecord file being read (internal).
    """
    def __init__(self, path: str, compression: int, buffer_size: int) -> None:
        ...
    def next(self) -> bytes | None:
        """
        The next record's bytes, or None at the end.
        """
    def next_batch(self, arg0: int) -> TensorData:
        """
        Up to `max` next records as a string TensorData of that many (fewer only at the end).
        """
    @property
    def offset(self) -> int:
        ...
class RecordWriter:
    """
    A TFRecord file being written (internal).
    """
    def __init__(self, path: str, compression: int, level: int) -> None:
        ...
    def close(self) -> None:
        ...
    def flush(self) -> None:
        ...
    def write(self, arg0: bytes) -> None:
        ...
    @property
    def closed(self) -> bool:
        ...
class BundleReader:
    """
    A verified tensor bundle (internal).
    """
    def __init__(self, prefix: str) -> None:
        ...
    def checked_entry(self, arg0: str) -> tuple[int, tuple, int]:
        """
        entry(), after the checks that need no data bytes (DataLossError when inconsistent).
        """
    def contains(self, arg0: str) -> bool:
        ...
    def entry(self, arg0: str) -> tuple[int, tuple, int]:
        """
        (dtype enum, shape, stored size) of a key; NotFoundError when absent.
        """
    def keys(self) -> list:
        ...
    def keys_in_tf_map_order(self) -> list:
        """
        The keys in the order TensorFlow's get_variable_to_shape_map lists them (tf/variable_map_order.h).
        """
    def read(self, arg0: str) -> TensorData:
        """
        The verified value of a key as a new TensorData.
        """
    def read_into(self, key: str, out: typing_extensions.Buffer) -> None:
        """
        Verifies a non-string value and copies it into a writable buffer of exactly its size.
        """
    def read_rows_into(self, key: str, begin: int, end: int, out: typing_extensions.Buffer) -> None:
        """
        Rows [begin, end) of a non-string value into a contiguous buffer: bounds-checked, not CRC-checked.
        """
    def restore(self, keys: collections.abc.Sequence[str], variables: list) -> None:
        """
        RestoreV2 into variables: all verified first, then each written in place when possible.
        """
    def restore_unless_shapes_differ(self, keys: collections.abc.Sequence[str], variables: list) -> list[int]:
        """
        RestoreV2, unless stored shapes differ from the variables': then their positions, nothing restored.
        """
    @property
    def num_shards(self) -> int:
        ...
    @property
    def prefix(self) -> str:
        ...
def _claim_front(arg0: typing.Any) -> None:
    """
    Makes `self` the Variable a dispatch hook's resource id names (if the resource has none yet).
    """
def _has_no_value(tensor: typing.Any) -> bool:
    """
    Whether a tensor is symbolic: its value exists only when its graph runs.
    """
def _init_variable(self: VarHandle, initial_value: typing.Any, dtype: int, debug_name: str) -> None:
    """
    Creates an anonymous variable of the initial value's shape into `self` (Variable.__init__'s common case).
    """
def _install_variable_default_init(arg0: typing.Any, arg1: typing.Any, arg2: list, arg3: typing.Any, arg4: typing.Any,
                                   arg5: str, arg6: str) -> None:
    """
    Makes cls.__init__ the C default path for `cls(host_value)`, `general` (the Python __init__) for the rest.
    """
def _install_variable_slicing(arg0: typing.Any, arg1: typing.Any, arg2: typing.Any, arg3: typing.Any) -> None:
    """
    Installs Variable.__getitem__ and VariableSlice.assign in C for basic keys; the general paths for the rest.
    """
def _quiet_placement(quiet: bool) -> bool:
    """
    Sets whether this thread's op placements go unlogged (while a graph is built); returns the previous.
    """
def _running_graph() -> bool:
    """
    Whether this thread is running a graph (its nodes' ops are dispatched as it goes).
    """
def _raise_for_code(arg0: int, arg1: str) -> None:
    """
    Raises the varrt.errors class for a TensorFlow error code.
    """
def _set_converter(arg0: typing.Any) -> None:
    ...
def _set_dtype_objects(arg0: list) -> None:
    """
    Sets the objects `Variable.dtype` returns, indexed by the core's dtype enum.
    """
def _set_initializer_converter(arg0: typing.Any) -> None:
    ...
def _set_out_of_scope_error(fn: typing.Any) -> None:
    """
    Registers fn(graph_tensor) -> the exception for a graph tensor used out of its graph.
    """
def _set_rank_unknown(fn: typing.Any) -> None:
    """
    Sets the predicate the reductions' fast entries ask whether a graph tensor's rank is unknown.
    """
def _set_shape_factory(arg0: typing.Any) -> None:
    """
    Sets the callable that makes `Variable.shape` from a dims tuple (or None).
    """
def _set_symbolic_class(cls: type) -> None:
    """
    Registers the class of graph tensors (SymbolicTensor).
    """
def _set_tape_entry_type(arg0: typing.Any) -> None:
    ...
def _set_tensor_class(cls: type) -> None:
    """
    Registers varrt.Tensor, the class op results are made of.
    """
def _set_traced_call_context(arg0: typing.Any, arg1: typing.Any, arg2: list, arg3: typing.Any) -> None:
    """
    Registers what TracedCalls checks: the Tensor and Variable classes, function._run_eagerly and func_graph._state.
    """
def _set_unread_callback(arg0: typing.Any) -> None:
    """
    Sets what is called with each UnreadVariable an update returns (None: nothing).
    """
def _set_unread_type(arg0: typing.Any) -> None:
    """
    Sets the VarHandle subclass that assign* returns (varrt's _UnreadVariable).
    """
def _set_variable_types(types: tuple[type, ...]) -> None:
    """
    The Variable classes whose value is their ReadVariableOp (operands of the fast ops).
    """
def _wrap_symbolic(on: bool) -> bool:
    """
    Sets whether this thread's op results are symbolic tensors (a graph is built); returns the previous setting.
    """
def activation(op: str, features: typing.Any) -> typing.Any:
    ...
def activation_grad(op: str, y: typing.Any, dy: typing.Any, name: str | None = '') -> typing.Any:
    ...
def add_n(inputs: collections.abc.Sequence, name: str | None = '') -> typing.Any:
    ...
def add_remote_device(job: str, task: int) -> str:
    """
    Adds CPU:0 of another task (ops on it are forwarded); returns its full name.
    """
def batch_mat_mul_v2(x: typing.Any, y: typing.Any, adj_x: bool, adj_y: bool, name: str) -> typing.Any:
    """
    The core's BatchMatMulV2 (batch dimensions broadcast; adj_* conjugate-transposes).
    """
def bias_add(value: typing.Any, bias: typing.Any, nchw: bool, name: str | None = None) -> typing.Any:
    ...
def bias_add_grad(out_backprop: typing.Any, nchw: bool) -> typing.Any:
    ...
def binary_op(op: int, x: typing.Any, y: typing.Any, name: str | None = '') -> typing.Any:
    ...
def binary_supported(arg0: int, arg1: int) -> bool:
    ...
def blas_info() -> dict:
    """
    The BLAS library the core's GEMM uses: {loaded, path, core, threads, error} (loads it on first call).
    """
def block_lstm(inputs: collections.abc.Sequence, forget_bias: float, cell_clip: float, use_peephole: bool,
               name: str | None = None) -> tuple:
    ...

def block_lstm_grad(inputs: collections.abc.Sequence, use_peephole: bool, name: str | None = None) -> tuple:
    ...

def block_lstm_grad_v2(inputs: collections.abc.Sequence, use_peephole: bool, name: str | None = None) -> tuple:
    ...

def block_lstm_v2(inputs: collections.abc.Sequence, cell_clip: float, use_peephole: bool,
                  name: str | None = None) -> tuple:
    ...

def borrowed_tensor(arg0: typing.Any) -> TensorData:
    """
    A Tensor sharing a C-contiguous native ndarray's memory (keeping it alive; a copy when it cannot).
    """
def broadcast_to(input: typing.Any, shape: typing.Any, name: str | None = '') -> typing.Any:
    ...
def cholesky(input: typing.Any, name: str | None) -> typing.Any:
    """The core's Cholesky."""
def concat_v2(values: collections.abc.Sequence, axis: int, name: str | None = '') -> typing.Any:
    ...
def configure_inter_op_threads(threads: int) -> bool:
    """
    Sets the inter-op thread count (kept only); False once the device set exists and it differs.
    """
def configure_intra_op_threads(threads: int) -> bool:
    """
    Sets the intra-op thread count (0: the default); False once the device set exists and it differs.
    """
def configure_local_task(job: str, task: int) -> bool:
    """
    Names this process's devices /job:<job>/replica:0/task:<task>/...; False once the device set exists.
    """
def configure_logical_cpus(arg0: int) -> bool:
    """
    Splits the CPU into `count` logical devices; False once the device set exists.
    """
def constant(arg0: typing.Any) -> TensorData:
    """
    Copies a C-contiguous native ndarray into a new tensor (the _EagerConst op).
    """
def convert(value: typing.Any, dtype: int = 0, to_device: bool = False, hint: bool = False) -> typing.Any:
    """
    A Python or NumPy value converted with TensorFlow's rules to `dtype` (0: inferred; with
    hint, inferred when the value does not convert to it): a new tensor on the current device
    (the _EagerConst op) with to_device, else a C-contiguous native ndarray of the dtype
    (object array of bytes for strings), not logged.
    """
def crc32c(data: typing_extensions.Buffer, crc: int = 0) -> int:
    """
    CRC-32C of `data`, extending `crc`.
    """
def crc32c_combine(crc_a: int, crc_b: int, len_b: int) -> int:
    """
    The CRC of A + B from crc(A), crc(B) and len(B).
    """
def crc32c_hardware(data: typing_extensions.Buffer, crc: int = 0) -> int:
    ...
def crc32c_hardware_available() -> bool:
    ...
def crc32c_mask(arg0: int) -> int:
    ...
def crc32c_portable(data: typing_extensions.Buffer, crc: int = 0) -> int:
    ...
def crc32c_unmask(arg0: int) -> int:
    ...
def ctc_loss(inputs: typing.Any, labels_indices: typing.Any, labels_values: typing.Any, sequence_length: typing.Any,
             preprocess_collapse_repeated: bool, ctc_merge_repeated: bool, ignore_longer_outputs_than_inputs: bool,
             name: str | None = None) -> tuple[typing.Any, typing.Any]:
    ...
def current_device() -> str:
    """
    The full name of the device an op placed now runs on (for kernel error messages).
    """
def current_device_name() -> str:
    """
    The thread's scope spec ('' when none).
    """
def device_scope_name() -> str:
    """
    This thread's device scope spec ("" for none).
    """
def devices_initialized() -> bool:
    ...
def example_decode_example(arg0: bytes) -> list | None:
    ...
def example_decode_feature(arg0: bytes) -> tuple[int, list] | None:
    ...
def example_decode_features(arg0: bytes) -> list | None:
    ...
def example_decode_list(arg0: int, arg1: bytes) -> list | None:
    """
    The list's values, or None when the bytes are no such message.
    """
def example_decode_feature_list(arg0: bytes) -> list | None:
    ...
def example_decode_feature_lists(arg0: bytes) -> list | None:
    ...
def example_decode_sequence_example(arg0: bytes) -> tuple | None:
    """
    (context entries or None, feature-list entries or None), or None when the bytes are no such message.
    """
def example_encode_example(arg0: collections.abc.Iterable) -> bytes:
    ...
def example_encode_feature(arg0: int, arg1: collections.abc.Iterable) -> bytes:
    ...
def example_encode_feature_list(arg0: collections.abc.Iterable) -> bytes:
    """
    features: (kind, values) in order.
    """
def example_encode_feature_lists(arg0: collections.abc.Iterable) -> bytes:
    """
    entries: (key, [(kind, values), ...]) in the order to write.
    """
def example_encode_features(arg0: collections.abc.Iterable) -> bytes:
    """
    entries: (key, kind, values) in the order to write.
    """
def example_encode_list(arg0: int, arg1: collections.abc.Iterable) -> bytes:
    ...
def example_encode_sequence_example(arg0: typing.Any, arg1: typing.Any) -> bytes:
    """
    context: feature entries or None (unset); lists: feature-list entries or None (unset).
    """
def execute(op: str, kernel: typing.Any, inputs: collections.abc.Sequence, dtype: int, shape: typing.Any = None,
            num_outputs: typing.Any = None, attrs: typing.Any = None) -> typing.Any:
    """
    Runs `op` through the core dispatch with a Python kernel (see csrc/bindings/execute.cc).
    """
def fast_op(kind: str, op: int, mode: str,
            fallback: collections.abc.Callable[..., typing.Any]) -> collections.abc.Callable[..., typing.Any]:
    """
    fast_op(kind, op, mode, fallback): an op entry with a core kernel and a Python fallback (internal).
    """
def fresh_tensor(tensor: _Tensor, graph: int = 0) -> _Tensor:
    """
    fresh_tensor(tensor, graph=0): the same value under a new id, a tensor of graph `graph` (0: none).
    """
def from_dlpack(capsule: typing.Any, copy: typing.Any) -> TensorData:
    """
    A TensorData sharing a DLPack capsule's host memory (or a copy), consuming the capsule.
    """
def fused_batch_norm_grad_v3(y_backprop: typing.Any, x: typing.Any, scale: typing.Any, reserve_space_1: typing.Any, reserve_space_2: typing.Any,
                             reserve_space_3: typing.Any, epsilon: float, data_format: int, is_training: bool,
                             name: str | None = None) -> tuple:
    """The core's FusedBatchNormGradV3: its five outputs."""
def fused_batch_norm_v3(x: typing.Any, scale: typing.Any, offset: typing.Any, mean: typing.Any, variance: typing.Any, epsilon: float,
                        exponential_avg_factor: float, data_format: int, is_training: bool,
                        name: str | None = None) -> tuple:
    """The core's FusedBatchNormV3: its six outputs."""
def get_log_device_placement() -> bool:
    ...
def get_soft_device_placement() -> bool:
    ...
def init_devices() -> None:
    """
    Creates the device set (first use).
    """
def inter_op_threads() -> int:
    """
    The inter-op thread count setting (0: the default).
    """
def intra_op_threads() -> int:
    """
    The intra-op thread count setting (0: the default).
    """
def keras_adagrad(arg0: collections.abc.Sequence, arg1: collections.abc.Sequence, arg2: typing.Any, arg3: typing.Any,
                  arg4: float) -> None:
    """
    Keras 3's Adagrad step over many variables (KerasAdagrad): vars each variable then its accumulator.
    """
def keras_adam(arg0: collections.abc.Sequence, arg1: collections.abc.Sequence, arg2: typing.Any, arg3: typing.Any,
               arg4: float, arg5: float, arg6: float, arg7: float, arg8: float) -> None:
    """
    Keras 3's Adam step over many variables (KerasAdam): vars each variable then m, v (and vhat).
    """
def keras_rmsprop(arg0: collections.abc.Sequence, arg1: collections.abc.Sequence, arg2: typing.Any, arg3: typing.Any,
                  arg4: float, arg5: float, arg6: float, arg7: float, arg8: bool, arg9: bool) -> None:
    """
    Keras 3's RMSprop step over many variables (KerasRMSprop): vars each variable then its slots.
    """
def keras_sgd(arg0: collections.abc.Sequence, arg1: collections.abc.Sequence, arg2: typing.Any, arg3: typing.Any,
              arg4: float, arg5: bool) -> None:
    """
    Keras 3's SGD step over many variables (KerasSGD): vars each variable then its momentum, if any.
    """
def leaky_relu(features: typing.Any, alpha: float) -> typing.Any:
    ...
def log_function_call(arg0: str) -> None:
    ...
def log_matrix_determinant(input: typing.Any, name: str | None) -> tuple:
    """The core's LogMatrixDeterminant: (sign, log_abs_determinant)."""
def log_placement_lines(arg0: collections.abc.Sequence[str]) -> None:
    ...
def logical_devices() -> list:
    """
    [(name, device_type)] of logical devices.
    """
def lookup_var_handle(shared_name: str, container: str = '') -> VarHandle:
    """
    A borrowing handle (never destroys the resource) to the variable registered under
    (container, shared_name) by C, C++ or Python code in this process; NotFoundError if none.
    """
def mat_mul(a: typing.Any, b: typing.Any, transpose_a: bool, transpose_b: bool, name: str) -> typing.Any:
    """
    The core's MatMul (a, b: Tensors, TensorDatas or converted host arrays of one dtype).
    """
def math_function(op: str, inputs: collections.abc.Sequence[typing.Any], name: str | None = '') -> typing.Any:
    ...
def math_function_supported(arg0: int) -> bool:
    ...
def matrix_determinant(input: typing.Any, name: str | None) -> typing.Any:
    """The core's MatrixDeterminant."""
def matrix_inverse(input: typing.Any, adjoint: bool, name: str | None) -> typing.Any:
    """The core's MatrixInverse."""
def matrix_solve(matrix: typing.Any, rhs: typing.Any, adjoint: bool, name: str | None) -> typing.Any:
    """The core's MatrixSolve."""
def matrix_solve_ls(matrix: typing.Any, rhs: typing.Any, l2_regularizer: typing.Any, fast: bool, name: str | None) -> typing.Any:
    """The core's MatrixSolveLs."""
def matrix_triangular_solve(matrix: typing.Any, rhs: typing.Any, lower: bool, adjoint: bool, name: str | None) -> typing.Any:
    """The core's MatrixTriangularSolve."""
def memory_info(arg0: str) -> dict:
    """
    tf.config.experimental.get_memory_info: the device allocator's current and peak bytes.
    """
def memory_stats(arg0: str) -> dict:
    ...
def normal_equations_least_squares(matrix: typing.Any, rhs: typing.Any, l2: float, regularize: bool) -> typing.Any:
    """tf.linalg.lstsq's normal equations in one core call, or None where its ops must run."""
def num_named_resources() -> int:
    ...
def object_graph_decode(data: typing_extensions.Buffer, types: typing.Any = None) -> list:
    """
    The nodes of TrackableObjectGraph bytes; DataLossError when they are damaged. `types`: the tuple
    subclasses (node, reference, tensor, slot reference, saver) to make them as.
    """
def object_graph_encode(nodes: collections.abc.Iterable) -> bytes:
    """
    TrackableObjectGraph bytes of the nodes (node 0 the root), as TensorFlow writes them.
    """
def object_graph_variable_key(path: collections.abc.Iterable) -> str:
    """
    The checkpoint key of the variable at `path` (local names from the root).
    """
def object_graph_variable_keys(paths: collections.abc.Iterable) -> list:
    """
    object_graph_variable_key of each path, in one call (a save has one per variable).
    """
def ones_like(input: typing.Any) -> typing.Any:
    ...
def op_result(arg0: typing.Any) -> TensorData:
    """
    An op's output: a C-contiguous native ndarray copied into the op's device (not logged).
    """
def parse_example_v2(arg0: collections.abc.Sequence, arg1: int, arg2: collections.abc.Sequence[int],
                     arg3: collections.abc.Sequence[int], arg4: collections.abc.Sequence[int],
                     arg5: typing.Any) -> tuple:
    """
    The core's ParseExampleV2 op (ops/parsing_ops.h): inputs serialized, names, sparse_keys, dense_keys,
    ragged_keys, then the dense defaults; its outputs as a tuple of tensors.
    """
def parse_tensor_proto(arg0: bytes) -> TensorData:
    """
    The tensor TensorProto bytes hold, as TensorData.
    """
def parse_device_spec(arg0: str) -> tuple[typing.Any, typing.Any, typing.Any, typing.Any, typing.Any]:
    """
    TensorFlow's DeviceSpec.from_string: (job, replica, task, device_type, device_index).
    """
def physical_devices() -> list:
    """
    [(name, device_type)] of physical devices.
    """
def place_op(arg0: str, *args: typing.Any) -> tuple:
    """
    Dispatches (places, logs, shows to hooks) an op run by the Python layer. Returns read-only views of the input
    TensorDatas on the op's device: inputs living on another device are copied there first.
    """
def pop_device_scope(arg0: int) -> bool:
    """
    Exits the innermost scope if the token is it; else False.
    """
def pop_dispatch_hook(hook: DispatchHook) -> None:
    ...
def pop_graph_recorder(arg0: GraphRecorder) -> None:
    ...
def remove_dispatch_hook(hook: DispatchHook) -> None:
    ...
def push_device_scope(spec: str | None) -> int:
    """
    Enters a device scope on this thread; returns the token that exits it.
    """
def push_dispatch_hook(mode: str, fn: typing.Any) -> DispatchHook:
    ...
def push_graph_recorder(decide_fn: typing.Any, record_fn: typing.Any, failed_fn: typing.Any,
                        passed_ops: collections.abc.Set[str], graph: int = 0) -> GraphRecorder:
    ...
def qr(input: typing.Any, full_matrices: bool, name: str | None) -> tuple:
    """The core's Qr: (q, r)."""
def relu(features: typing.Any) -> typing.Any:
    ...
def relu6(features: typing.Any) -> typing.Any:
    ...
def relu_grad(gradients: typing.Any, features: typing.Any, name: str | None = '') -> typing.Any:
    ...
def remote_variable_handle(dtype: int, declared: collections.abc.Sequence[int] | None, debug_name: str,
                           device: str) -> VarHandle:
    """
    A handle to a variable living on another task's `device` (for Variable's unpickling).
    """
def remove_file(path: str) -> None:
    """
    Removes a file; a missing file is fine.
    """
def replace_file(path: str, contents: bytes, sync: bool = False) -> None:
    """
    Replaces a file's contents atomically (temporary file, then rename).
    """
def reset_memory_stats(arg0: str) -> None:
    ...
def reset_peak_memory(arg0: str) -> None:
    ...
def reshape(tensor: typing.Any, shape: typing.Any, name: str | None = '') -> typing.Any:
    ...
def resource_gather(arg0: typing.Any, arg1: typing.Any) -> TensorData:
    """
    ResourceGather: rows of the variable's first dimension.
    """
def resource_gather_nd(arg0: typing.Any, arg1: typing.Any) -> TensorData:
    """
    ResourceGatherNd: slices addressed by the last dimension of indices.
    """
def resource_id(variable: typing.Any) -> int:
    """
    The id hooks see as a resource op's `resource` for this variable's resource.
    """
def resource_ref(variable: typing.Any) -> ResourceRef:
    """
    The variable's resource, as graph nodes hold it.
    """
def resource_scatter(arg0: typing.Any, arg1: str, arg2: typing.Any, arg3: typing.Any) -> typing.Any:
    """
    ResourceScatter{Update,Add,Sub,Mul,Div,Min,Max} (kind: update, add, ...); the UnreadVariable.
    """
def resource_scatter_nd(arg0: typing.Any, arg1: str, arg2: typing.Any, arg3: typing.Any) -> typing.Any:
    """
    ResourceScatterNd{Update,Add,Sub,Min,Max}; the UnreadVariable.
    """
def resource_strided_slice_assign(arg0: typing.Any, arg1: collections.abc.Sequence[int],
                                  arg2: collections.abc.Sequence[int], arg3: collections.abc.Sequence[int], arg4: int,
                                  arg5: int, arg6: int, arg7: int, arg8: int, arg9: typing.Any) -> typing.Any:
    """
    ResourceStridedSliceAssign: v[begin:end:strides] = value (broadcast), copy-on-write; the UnreadVariable.
    """
def saved_model_decode(message: str, data: bytes, what: str) -> dict:
    """
    The message `message` (a full name, "tensorflow.SavedModel") that `data` holds, as a dict of its set fields.
    """
def saved_model_encode(message: str, fields: typing.Any) -> bytes:
    """
    The wire bytes of a message given as saved_model_decode returns it.
    """
def saved_model_schema() -> dict:
    """
    Every SavedModel message: full name -> (map_entry, {field: (number, kind, repeated, presence, oneof, message)}).
    """
def save_v2(prefix: str, keys: collections.abc.Sequence[str], values: list, sync: bool = False) -> None:
    """
    SaveV2: writes the values (variables or TensorData) under `keys`, atomically.
    """
def self_adjoint_eig_v2(input: typing.Any, compute_v: bool, name: str | None) -> tuple:
    """The core's SelfAdjointEigV2: (e, v)."""
def serialize_tensor_proto(arg0: typing.Any) -> bytes:
    """
    A tensor (or the kernel's array of it) as TensorProto bytes.
    """
def select(v2: bool, condition: typing.Any, t: typing.Any, e: typing.Any, name: str | None = '') -> typing.Any:
    ...
def select_supported(arg0: int) -> bool:
    ...
def set_log_device_placement(arg0: bool) -> None:
    ...
def set_op_forwarder(devices: typing.Any, fn: typing.Any) -> None:
    ...
def set_soft_device_placement(arg0: bool) -> None:
    ...
def shape(input: typing.Any, out_type: int) -> typing.Any:
    ...
def shape_n(input: collections.abc.Sequence, out_type: int) -> list:
    ...
def sigmoid(x: typing.Any) -> typing.Any:
    ...
def simd_level() -> str:
    ...
def softmax(logits: typing.Any, log: bool, name: str | None = '') -> typing.Any:
    ...
def softmax_cross_entropy_with_logits(features: typing.Any, labels: typing.Any,
                                      name: str | None = '') -> tuple[typing.Any, typing.Any]:
    ...
def sparse_softmax_cross_entropy_with_logits(features: typing.Any, labels: typing.Any,
                                             name: str | None = '') -> tuple[typing.Any, typing.Any]:
    ...
def split(split_dim: typing.Any, value: typing.Any, num_split: int, name: str | None = '') -> tuple:
    ...
def sstable_build(entries: collections.abc.Sequence[tuple[bytes, bytes]], block_size: int = 262144,
                  restart_interval: int = 16) -> bytes:
    """
    An sstable file's bytes holding `entries` (sorted (key, value) bytes pairs).
    """
def sstable_parse(contents: bytes, filename: str = '<memory>') -> list:
    """
    The verified (key, value) pairs of an sstable.
    """
def strided_slice(input: TensorData, begin: collections.abc.Sequence[int], end: collections.abc.Sequence[int],
                  strides: collections.abc.Sequence[int], begin_mask: int, end_mask: int, ellipsis_mask: int,
                  new_axis_mask: int, shrink_axis_mask: int, share: bool = True) -> TensorData:
    """
    StridedSlice: input[begin:end:strides] with TensorFlow's masks; `share` allows a view of the input.
    """
def svd(input: typing.Any, compute_uv: bool, full_matrices: bool, name: str | None) -> tuple:
    """The core's Svd: (s, u, v)."""
def symbolic_tensor(dtype_enum: int, dims: collections.abc.Sequence[int | None], graph: int) -> typing.Any:
    """
    symbolic_tensor(dtype_enum, dims, graph): a tensor of graph `graph` without a value (None: unknown dimension).
    """
def tanh(x: typing.Any) -> typing.Any:
    ...
def tensor_from_data(data: TensorData, cls: type[TensorBase] | None = None) -> typing.Any:
    """
    tensor_from_data(data, cls=None): a varrt.Tensor (or subclass) holding a TensorData (internal).
    """
def tensor_id(tensor: typing.Any) -> int:
    """
    The core id of a tensor's value (what tapes and graphs follow).
    """
def to_dlpack(data: TensorData, versioned: bool, copy: bool) -> typing.Any:
    """
    A DLPack capsule over the tensor's memory (read-only flag set when versioned), or over a copy.
    """
def training_op(op: str, vars: tuple, inputs: tuple, flag: bool = False) -> None:
    """
    A fused ResourceApply*/ResourceSparseApply* op: vars and inputs in TensorFlow's order.
    """
def unary_op(op: int, x: typing.Any) -> typing.Any:
    ...
def unary_supported(arg0: int, arg1: int) -> bool:
    ...
def unread_variable(arg0: typing.Any) -> typing.Any:
    """
    An UnreadVariable sharing `parent`'s handle: what an update returns (TensorFlow's _UnreadVariable).
    """
def variable_of_resource(resource: int) -> typing.Any:
    """
    The Python Variable of a resource id a dispatch hook was given (during that op), or None.
    """
def window_op(op: str, inputs: collections.abc.Sequence[typing.Any], window: collections.abc.Sequence[int],
              strides: collections.abc.Sequence[int], dilations: collections.abc.Sequence[int],
              explicit_paddings: collections.abc.Sequence[int], padding: int, nchw: bool,
              name: str | None = None) -> typing.Any:
    ...
def zeros_like(input: typing.Any) -> typing.Any:
    ...
BINARY_OPS: dict[str, int]
MATH_FUNCTIONS: dict[str, int]
REDUCE_OPS: dict[str, int]
TAPE_READ_OPS: frozenset[str]
UNARY_OPS: dict[str, int]
object_graph_key: str
variable_value_key: str
