"""FuncGraph: a graph built by recording the ops a Python function runs (see symbolic.py).

While a FuncGraph is being built on a thread, a recorder hook at the core dispatch sees every
op and records it without running it: the op table (ops/op_def_lib.py) gives each output's
dtype and its shape function the static shape, where dimensions unknown while building stay
unknown, so one graph computes TensorFlow's values for every shape it accepts. The tensors code
sees are symbolic: they have no value (`Tensor::symbolic`), only a dtype and a static shape.
Only an op whose inputs are all known while building (constants, and what is computed from them
alone) runs its kernel, as TensorFlow's shape refiner evaluates constant subexpressions; its
result is then a value code may read on the host. Tensors the function did not make (closure-
captured eager tensors, converted Python values) become constants of the graph.
The finished graph is a `_C.Graph` the core runs node after node without Python, except
Python kernels (NumPy ops, tf.py_function, tf.print), each one call.
"""

from varrt import _C
from varrt.base import errors
from varrt.framework import symbolic  # noqa: F401  (registers SymbolicTensor, what the recorder wraps)
from varrt.framework.graph_building import (  # noqa: F401  (graph/ modules ask them here too)
    _out_of_scope, _state, _INFO, _next_graph_id, _static_shape, _tensor_id, TensorInfo, building, current, executing_eagerly, info_of, init_scope, partial_shape_value, shape_of, stand_in, tf1_graph, user_frames, value_known)
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import op_def_lib
from varrt.base import dtypes
from varrt.ops.shape_fns import ShapeContext
from varrt.framework.operation import Operation
from varrt.ops.shape_fns import ShapeError
from varrt.ops.shape_fns import node_shape_error
from varrt.framework.tensor import convert_to_tensor
from varrt.ops import array_ops
from varrt.ops import random_ops
from varrt.framework import name_scopes
from varrt.framework.tensor import Tensor
from varrt.graph import op_callbacks
from varrt.autodiff import tape


_lookup = []  # op_def_lib.get, once imported (the op table is in the layer above this module's imports)


def _op_def(op):
    if not _lookup:
        _lookup.append(op_def_lib.get)
    return _lookup[0](op)


def _writes_state(op):
    """Whether a node changes state (a variable update, a fused training step): pruning keeps it."""
    d = _op_def(op)
    return d is not None and d.is_stateful and bool(d.resource_inputs) and not d.outputs


def _varies(opdef):
    """Whether an op's result may differ between runs on the same inputs (random, Python calls,
    state; an op the table does not have): it is never evaluated while building."""
    return opdef is None or opdef.is_stateful


def _not_recorded():
    """The ops that run as they come and are never part of a graph (the table's in_graphs=False):
    a variable freed while a graph is built (garbage collection can run anywhere) is destroyed
    then, not when the graph runs; the recorder does not see them, so they run as outside a
    graph (a remote variable's destroy reaches its task). A host value's _EagerConst is placed as
    it comes (in a graph the value is a constant of the node using it); VarIsInitializedOp is
    answered while building (is_initialized() gives a value)."""
    return frozenset(n for n, d in op_def_lib.all_ops().items() if not d.in_graphs)


def _dtype_of(enum):
    return dtypes._BY_ENUM[enum]


def _dtype_named(tf_name):
    """The dtype of TensorFlow's enum name ("DT_FLOAT"), or None (DT_RESOURCE, DT_VARIANT)."""
    return next((d for d in dtypes._ALL if dtypes.enum_name(d) == tf_name), None)


def _is_list(arg):
    return bool(arg.number_attr or arg.type_list_attr)


def _output_dtypes(opdef, inputs, attrs, host, num_outputs, resources):
    """Each output's dtype, from the op's signature: a fixed type, an attribute, or the type of
    the input that binds the same attribute (a Python-kernel op names its output dtype); None
    when the signature cannot tell."""
    if host is not None:
        # A Python kernel's outputs are of its dtype, but for an output of a fixed type
        # (CTCGreedyDecoder's indices) or typed by an attribute the op was given (TopKV2's
        # indices: index_type).
        outs = [a for a in opdef.outputs if not _is_list(a)]
        if len(outs) == num_outputs:
            return [_dtype_named(a.dtype) if a.dtype else
                    _dtype_of(int(attrs[a.type_attr])) if a.type_attr and attrs.get(a.type_attr) is not None
                    and a.type_attr not in [i.type_attr for i in opdef.inputs] else _dtype_of(host[1]) for a in outs]
        listed = _listed_output_dtypes(opdef, attrs)
        if listed is not None and len(listed) == num_outputs:
            return listed
        return [_dtype_of(host[1])] * num_outputs
    if sum(1 for a in opdef.outputs if _is_list(a)) > 1:  # several list outputs: the attributes count them
        return _listed_output_dtypes(opdef, attrs)
    # The recorded tensor inputs, in signature order: resources and host-read inputs (attributes
    # under the input's name) are not among them; a list input takes what the others leave.
    args = [a for a in opdef.inputs if not a.is_resource and (_is_list(a) or a.name not in attrs)]
    singles = sum(1 for a in args if not _is_list(a))
    bound, i = {}, 0
    for arg in args:
        count = max(len(inputs) - singles, 0) if _is_list(arg) else 1
        if count and i < len(inputs) and arg.type_attr:
            bound.setdefault(arg.type_attr, inputs[i].dtype)
        i += count
    singles = sum(1 for a in opdef.outputs if not _is_list(a))
    out = []
    for arg in opdef.outputs:
        for _ in range(max(num_outputs - singles, 0) if _is_list(arg) else 1):
            if arg.dtype:
                out.append(_dtype_named(arg.dtype))
            elif attrs.get(arg.type_attr) is not None:
                out.append(_dtype_of(int(attrs[arg.type_attr])))
            elif arg.type_attr in bound:
                out.append(bound[arg.type_attr])
            elif arg.type_attr == "dtype" and resources and resources[0].variable is not None:
                out.append(resources[0].variable.dtype)  # what a resource op reads is its variable's
            else:
                attr = opdef.attrs.get(arg.type_attr)
                if attr is None or attr.default is None:
                    return None
                out.append(_dtype_named(attr.default))
    return out if len(out) == num_outputs and None not in out else None


def _listed_output_dtypes(opdef, attrs):
    """The dtypes of an op's outputs when its attributes count and type every list output
    (ParseExampleV2: num_sparse * int64, sparse_types, Tdense), or None when they do not."""
    out = []
    for arg in opdef.outputs:
        if arg.type_list_attr:
            types = attrs.get(arg.type_list_attr)
            if types is None:
                return None
            out += [_dtype_of(int(t)) for t in types]
        elif arg.number_attr and arg.dtype:
            if attrs.get(arg.number_attr) is None:
                return None
            out += [_dtype_named(arg.dtype)] * int(attrs[arg.number_attr])
        else:
            return None
    return out


def _packed_dims(inputs):
    """The shape a Pack of integer scalars holds, each known one's value and None for the
    others, or None when they are not all integer scalars (TensorFlow's shape refiner reads a
    Pack so: tf.ones([n, tf.size(x)]) has n rows while building)."""
    dims = []
    for t in inputs:
        if tuple(_static_shape(t).as_list() if _static_shape(t).rank is not None else [None]) != () or \
                t.dtype not in (dtypes.int32, dtypes.int64):
            return None
        value = _constant_value(t)
        dims.append(None if value is None or int(value) < 0 else int(value))
    return TensorShape(dims)


def _constant_value(tensor):
    """A tensor's value on the host when it is known while building, else None."""
    if not value_known(tensor) or _C._has_no_value(tensor):
        return None
    return tensor._data.view()


def _shape_context(opdef, inputs, attrs, num_outputs, resources):
    return ShapeContext(opdef, attrs, [_static_shape(t) for t in inputs], [t.dtype for t in inputs],
                        lambda i: _constant_value(inputs[i]) if 0 <= i < len(inputs) else None, num_outputs,
                        resource_shapes=[r.variable.shape if r is not None and r.variable is not None
                                         else TensorShape(None) for r in resources],
                        partial_shapes=lambda i: partial_shape_value(inputs[i]) if 0 <= i < len(inputs) else None)


def _static_shapes(opdef, ctx):
    out = opdef.shape_fn(ctx)
    if isinstance(out, TensorShape):
        out = [out]
    return [TensorShape(s) for s in out]


class _ShapedKernel:
    """A Python kernel writing into an output whose shape depended on a dimension unknown while
    the graph was built: each run allocates it from the op's shape function on that run's
    (known) input shapes, then runs the kernel into it."""

    __slots__ = ("kernel", "opdef", "attrs", "np_dtype")

    def __init__(self, kernel, opdef, attrs, dtype):
        self.kernel = kernel
        self.opdef = opdef
        self.attrs = attrs
        self.np_dtype = dtype.as_numpy_dtype

    def __call__(self, *arrays):
        import numpy as np
        ctx = ShapeContext(self.opdef, self.attrs, [TensorShape(list(np.shape(a))) for a in arrays],
                           [None] * len(arrays), lambda i: None, 1)
        out = np.empty(_static_shapes(self.opdef, ctx)[0].as_list(), dtype=self.np_dtype)
        self.kernel(*arrays, out=out)
        return out


# What writes a FuncGraph as TensorFlow's GraphDef: registered from above (varrt.graph_def, which
# has the protobuf codec), not imported.
_GRAPH_DEF_WRITER = []


def register_graph_def_writer(writer):
    """Makes `writer(graph, add_shapes)` what FuncGraph.as_graph_def returns."""
    _GRAPH_DEF_WRITER[:] = [writer]


class FuncGraph:
    """A graph being built from a Python function (TensorFlow's FuncGraph)."""

    def as_graph_def(self, from_version=None, add_shapes=False, use_pybind11_proto=False):
        """The graph as TensorFlow's GraphDef message (protobuf's text format when printed).

        Args:
            from_version: Accepted; varrt writes the whole graph.
            add_shapes: Whether to add each node's output shapes (its `_output_shapes` attribute).
            use_pybind11_proto: Accepted (the message is varrt's either way).

        Returns:
            A `GraphDef` message.

        Raises:
            NotImplementedError: For nodes varrt cannot write as TensorFlow's ops yet.
        """
        del from_version, use_pybind11_proto
        if not _GRAPH_DEF_WRITER:
            raise NotImplementedError("varrt cannot write a GraphDef without varrt.graph_def loaded")
        return _GRAPH_DEF_WRITER[0](self, add_shapes)

    # A variable created while this graph is built is made eagerly (tf.init_scope), as inside a
    # tf.function; a TF1 Graph records its initial assignment instead (ops.Graph).
    lifts_variables = True

    def __init__(self, name, num_args=0):
        self.name = name
        self.graph_id = _next_graph_id()
        self.seed = random_ops.global_seed()  # as TensorFlow's: random ops in it take the seed its trace starts with
        self._graph = _C.Graph(num_args)
        self._num_args = num_args
        self._infos = []  # keeps this graph's TensorInfos alive (the _INFO map is weak)
        self._slots = {}  # tensor id -> slot
        self._names = {}  # lower-case name -> count, for unique node names
        self.node_names = []  # (name, op type), in program order (the placement log's lines)
        self.captured_constants = []  # (slot, eager tensor): values made outside the graph it reads as constants
        self.variables_by_resource = {}  # resource id -> Variable, of the variables the graph uses
        # The graph's tensors by name ("add:0") and by slot, kept as TensorFlow's graph keeps them:
        # what get_tensor_by_name, Operation.inputs/outputs and tensor.consumers() read.
        self._by_name = {}
        self._by_slot = {}
        self._node_index = {}  # node name -> index in self.nodes
        self.node_devices = []  # per node (core graph order): its own tf.device scope ("" when none)
        self._entries = []  # per open `with`: (outer graph, wrap, quiet, ambient device, recorder hook)
        self._outer = None
        self._ambient_device = ""
        self.inputs = []  # the symbolic argument tensors
        self.nodes = []  # (name, op, defined-at frames) of each node, in the core graph's node order
        self.external_captures = []  # tensors of enclosing graphs this graph reads (its extra inputs)
        self.resource_args = {}  # resource id -> index among a run's variable arguments
        # Per node (core graph order): (input slots, first output slot, number of outputs, stateful),
        # what pruning needs; and the kernel errors deferred to finish(), by node.
        self._io = []
        self._control_inputs = []  # the node indices of each open tf.control_dependencies block
        self.control_deps = {}  # node index -> node indices it depends on beyond its inputs
        self.deferred = {}
        self._pending = None
        self.output_slots = None  # the results' slots, once finish() has run
        self.tapes_at_entry = 0  # how many tapes were installed when the graph was first entered
        self.custom_gradient_nodes = {}  # node index -> its number of results (graph/custom_gradient_node.py)
        # Per node (core graph order): its attributes and the resource ids of its variable
        # inputs; per slot: its dtype. What a SavedModel export writes the nodes from
        # (saved_model/function_def_builder.py); nodes added directly have None and [].
        self.node_attrs = []
        self.node_resources = []
        self.slot_dtypes = {}

    def __repr__(self):
        return f"FuncGraph(name={self.name}, id={id(self)})"

    # --- inspection (TensorFlow's Graph methods; the Operation class is framework/operation.py) --

    def get_operations(self):
        """The graph's operations (arguments, then nodes) in the order they were made."""
        return [self._operation(name, op) for name, op in self.node_names]

    def _operation(self, name, op):
        index = self._node_index.get(name)
        return Operation(self, name, "Placeholder" if op == "_Arg" else op,
                         self._run_records(index) if index is not None else ())

    def _run_records(self, index):
        """What a TensorFlow 1 Session runs for node `index` (graph/graph.py); a FuncGraph runs whole."""
        return ()

    def node_index(self, name):
        """The index in `nodes` of the node named `name`, or None (an argument, a placeholder)."""
        return self._node_index.get(name)

    def operation_at(self, index):
        """The Operation of node `index` (of `nodes`)."""
        name, op, _ = self.nodes[index]
        return self._operation(name, op)

    def get_operation_by_name(self, name):
        """The Operation named `name` (TensorFlow's errors when there is none)."""
        if not isinstance(name, str):
            raise TypeError(f"Operation names are strings (or similar), not {type(name).__name__}.")
        return self.as_graph_element(name, allow_tensor=False, allow_operation=True)

    def get_tensor_by_name(self, name):
        """The tensor named `name` ("op:0") in this graph (TensorFlow's errors when there is none)."""
        if not isinstance(name, (str, bytes)):
            raise TypeError(f"Tensor names are strings (or similar), not {type(name).__name__}.")
        return self.as_graph_tensor(name)

    def as_graph_element(self, obj, allow_tensor=True, allow_operation=True):
        """`obj` (a tensor or operation of this graph, or its name) as an element of this graph,
        with TensorFlow's errors for what is not one."""
        if allow_tensor and not allow_operation:
            return self.as_graph_tensor(obj)
        types_str = " or ".join(t for t, ok in (("Tensor", allow_tensor), ("Operation", allow_operation)) if ok)
        if isinstance(obj, bytes):
            obj = obj.decode()
        if isinstance(obj, str):
            if ":" in obj and allow_tensor:
                return self.as_graph_tensor(obj)
            if ":" not in obj and allow_operation:
                op = next((o for n, o in self.node_names if n == obj), None)
                if op is None:
                    raise KeyError(f"The name {obj!r} refers to an Operation not in the graph.")
                return self._operation(obj, op)
            if ":" in obj:
                raise ValueError(f"Name {obj!r} appears to refer to a Tensor, not a {types_str}.")
            raise ValueError(f"The name {obj!r} looks like an (invalid) Operation name, not a {types_str}.")
        if isinstance(obj, Tensor) and allow_tensor:
            return self.as_graph_tensor(obj)
        if isinstance(obj, Operation) and allow_operation:
            if obj.graph is not self:
                raise ValueError(f"Operation {obj} is not an element of this graph.")
            return obj
        raise TypeError(f"Can not convert a {type(obj).__name__} into a {types_str}.")

    def as_graph_tensor(self, obj):
        """`obj` (a tensor of this graph, or a tensor's name) as a tensor of this graph, with the
        errors of TensorFlow's Graph.as_graph_element(obj, allow_tensor=True, allow_operation=False)."""
        if isinstance(obj, bytes):
            obj = obj.decode()
        if isinstance(obj, str):
            return self._tensor_named(obj)
        if isinstance(obj, Tensor):
            info = info_of(obj)
            # A constant the graph uses is a value of it too (it becomes a graph constant when used).
            if (info.graph is not self) if info is not None else _tensor_id(obj) not in self._slots:
                raise ValueError(f"Tensor {obj} is not an element of this graph.")
            return obj
        raise TypeError(f"Can not convert a {type(obj).__name__} into a Tensor.")

    def _tensor_named(self, name):
        tensor = self._by_name.get(name)
        if tensor is not None:
            return tensor
        op_names = {n for n, _ in self.node_names}
        if ":" not in name:
            what = "refers to an Operation" if name in op_names else "looks like an (invalid) Operation name"
            raise ValueError(f"The name {name!r} {what}, not a Tensor. Tensor names must be of the form "
                             '"<op_name>:<output_index>".')
        op_name, _, index = name.rpartition(":")
        if not index.isdigit() or ":" in op_name:
            raise ValueError(f"The name {name!r} looks a like a Tensor name, but is not a valid one. Tensor names "
                             'must be of the form "<op_name>:<output_index>".')
        if op_name not in op_names:
            raise KeyError(f"The name {name!r} refers to a Tensor which does not exist. The operation, {op_name!r}, "
                           "does not exist in the graph.")
        outputs = sum(1 for key in self._by_name if key.rpartition(":")[0] == op_name)
        raise KeyError(f"The name {name!r} refers to a Tensor which does not exist. The operation, {op_name!r}, "
                       f"exists but only has {outputs} outputs.")

    def get_name_scope(self):
        """The current name scope, without its trailing "/" ("" at the top)."""
        return name_scopes.current_scope().rstrip("/")

    @property
    def version(self):
        """How many operations the graph has (TensorFlow's counter of operations made)."""
        return len(self.node_names)

    @property
    def building_function(self):
        """True: this graph is a function's (a TensorFlow 1 Graph says False)."""
        return True

    @property
    def outputs(self):
        """The tensors the function returns, once it is traced (varrt's graph returns them
        directly: TensorFlow's has an Identity node of each)."""
        return [self._by_slot[s] for s in self.output_slots or () if s in self._by_slot]

    @property
    def variables(self):
        """The variables the graph reads (in the order it first read them), but variable arguments."""
        return tuple(v for rid, v in self.variables_by_resource.items() if v is not None and rid not in self.resource_args)

    @property
    def trainable_variables(self):
        """The trainable ones of `variables`."""
        return tuple(v for v in self.variables if v.trainable)

    @property
    def captures(self):
        """Not in varrt: TensorFlow's (external tensor, internal placeholder) pairs.

        Raises:
            NotImplementedError: Always: varrt's graph reads a captured value as a constant and a
                variable through its resource, with no placeholder of either (see `variables`).
        """
        raise NotImplementedError("varrt does not implement FuncGraph.captures: its graphs read captured values as "
                                  "constants and variables through their resources, without TensorFlow's capture "
                                  "placeholders (graph.variables lists the variables)")

    # --- names -------------------------------------------------------------------------------

    def unique_name(self, base):
        """`name`, made unique among this graph's names ("add", "add_1", ...; TensorFlow's
        Graph.unique_name: a name made here is taken too, so a later "add_1" becomes "add_1_1")."""
        key = base.lower()  # TensorFlow compares names case-insensitively ("add", then "Add_1")
        n = self._names.get(key, 0)
        self._names[key] = n + 1
        if n == 0:
            return base
        while f"{key}_{n}" in self._names:
            n += 1
        self._names[f"{key}_{n}"] = 1
        return f"{base}_{n}"

    def _register(self, tensor, slot, name, shape, op_type):
        info = TensorInfo(self, name, shape, op_type, slot)
        self._infos.append(info)
        tid = _tensor_id(tensor)
        self._slots[tid] = slot
        self.slot_dtypes[slot] = tensor.dtype
        self._by_name[name] = tensor
        self._by_slot.setdefault(slot, tensor)
        _INFO[tid] = info
        return info

    # --- building ----------------------------------------------------------------------------

    def add_argument(self, index, dtype, name, shape):
        """The symbolic tensor standing for argument `index`: its dtype and static shape, no value."""
        sym = stand_in(dtype, shape, self.graph_id)
        self._register(sym, index, self.unique_name(name) + ":0", shape, "Placeholder")
        self.node_names.append((name, "_Arg"))
        self.inputs.append(sym)
        return sym

    def slot_of(self, tensor):
        """The slot of `tensor` in this graph. A tensor of a graph this one is built inside (a cond
        branch reading the function's values) becomes an input of this graph, fed by the node that
        runs it (`external_captures`); any other tensor made elsewhere, a captured constant."""
        tid = _tensor_id(tensor)
        slot = self._slots.get(tid)
        if slot is None:
            info = _INFO.get(tid)
            if info is not None and info.graph is not self and not self._in_enclosing(tid):
                raise _out_of_scope(tensor, info)
            if self._in_enclosing(tid):
                slot = self._graph.add_input()
                self.external_captures.append(tensor)
            else:
                slot = self._graph.add_constant(tensor)
                self.captured_constants.append((slot, tensor))
            self._slots[tid] = slot
        return slot

    def _resource_arg(self, rid):
        """The index of a variable argument (of this graph or one it is built in) for a resource, or -1."""
        g = self
        while g is not None:
            k = g.resource_args.get(rid)
            if k is not None:
                return k
            g = g._outer
        return -1

    def _in_enclosing(self, tid):
        g = self._outer
        while g is not None:
            if tid in g._slots:
                return True
            g = g._outer
        return False

    def __enter__(self):
        # Each entry keeps what its exit restores: a graph entered again while it is being built
        # (a TF1 graph made the default again inside its own `as_default()`) pushes a second
        # recorder, and its exit must leave the first one in place (a single slot had the second
        # replace the first's hook, which was freed while the dispatch still called it).
        # building runs nothing the program asked to run: no log lines; the caller's device scope is not a node's own
        entry = (current(), _C._wrap_symbolic(True), _C._quiet_placement(True), _C.device_scope_name(),
                 _C.push_graph_recorder(self._decide, self._record, self._failed, _not_recorded(), self.graph_id))
        if not self._entries:
            # Tapes installed before the graph is entered record the calls of the finished
            # function, not the ops traced into it (graph/custom_gradient_node.py asks).
            self.tapes_at_entry = len(tape.installed_recorders())
        self._entries.append(entry)
        self._enclosing_from_entries()
        _state.graph = self
        return self

    def __exit__(self, *exc):
        outer, wrap, quiet, _, hook = self._entries.pop()
        _C.pop_graph_recorder(hook)
        _C._quiet_placement(quiet)
        _C._wrap_symbolic(wrap)
        _state.graph = outer
        if self._entries:  # after the last exit they stay: a finished graph still knows where it was built
            self._enclosing_from_entries()
        return False

    def _enclosing_from_entries(self):
        """_outer (the graph this one is built in, never itself) and the ambient device scope, from
        the innermost entry."""
        self._outer = next((e[0] for e in reversed(self._entries) if e[0] is not self), None)
        self._ambient_device = self._entries[-1][3]

    def _decide(self, op, inputs, attrs, resources, host, num_outputs):
        """Decides an op while building (see csrc/bindings/graph.cc): its symbolic outputs (a
        tuple; the op does not run), None to run its kernel on values known while building, or
        a list of inputs to run it on instead (an op the table has no shape function for yet)."""
        self._pending_shapes = None
        self._pending_constant = False
        self._materializing = False
        opdef = _op_def(op)
        if resources:
            if op in ("AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp"):
                self._check_assign(op, inputs[0], resources[0])
            if num_outputs == 0:
                return ()
            if any(r is None or r.variable is None for r in resources):
                raise errors.InternalError(None, None, f"a graph's {op} reads a variable that has no Python object")
        elif not _varies(opdef) and all(value_known(t) for t in inputs):
            self._pending_constant = True
            return None  # a constant subexpression: evaluated now, as TensorFlow's shape refiner does
        if opdef is not None and opdef.shape_fn is not None:
            attrs = opdef.decode_attrs(attrs)
            ctx = _shape_context(opdef, inputs, attrs, num_outputs, resources)
            try:
                shapes = _static_shapes(opdef, ctx)
            except ShapeError as e:
                raise node_shape_error(self._shape_error_text(str(e), opdef, inputs, attrs, ctx)) from None
            dtypes_ = _output_dtypes(opdef, inputs, attrs, host, num_outputs, resources)
            if dtypes_ is not None and len(shapes) == num_outputs:
                folded = self._fold_shape_value(opdef, inputs, dtypes_)
                if folded is not None:
                    return folded
                self._pending_shapes = shapes
                return tuple(stand_in(d, sh, self.graph_id) for d, sh in zip(dtypes_, shapes))
        # No shape function yet: the kernel runs on zeros of the inputs' static shapes (never on an
        # argument's value); an unknown dimension cannot stand as any size, so it is refused.
        return self._materialized(op, inputs)

    def _fold_shape_value(self, opdef, inputs, dtypes_):
        """An op whose value is its inputs' static shapes (Shape, Size), when they are fully
        known, is a constant, as TensorFlow's shape refiner folds it: known while building."""
        if opdef.folds_from_shape is None or not all(_static_shape(t).is_fully_defined() for t in inputs):
            return None
        import numpy as np
        values = [convert_to_tensor(np.asarray(opdef.folds_from_shape(_static_shape(t).as_list()),
                                               dtype=d.as_numpy_dtype))
                  for t, d in zip(inputs, dtypes_)]
        self._pending_shapes = [TensorShape(list(v._shape_tuple)) for v in values]
        self._pending_constant = True
        return tuple(values)

    # What _decide decided for the op _record records next: its static shapes (None: the
    # outputs' own), whether its value is known while building, whether it ran on zeros.
    _pending_shapes = None
    _pending_constant = False
    _materializing = False

    def _materialized(self, op, inputs):
        if not any(_C._has_no_value(t) for t in inputs):
            return None
        self._materializing = True
        out = []
        for t in inputs:
            if not _C._has_no_value(t):
                out.append(t)
                continue
            shape = _static_shape(t)
            if not shape.is_fully_defined():
                raise NotImplementedError(
                    f"varrt has no shape function for op {op} yet, so it cannot be traced on {t.name}, whose shape "
                    f"{shape} is not fully known while the graph is built.")
            out.append(array_ops.zeros(shape.as_list(), t.dtype))
        return out

    def _node_base_name(self, op, requested):
        """A node's name before it is made unique: the op's `name=` or TensorFlow's default for
        the op, inside the current name scope."""
        opdef = _op_def(op)
        return name_scopes.current_scope() + (requested or (opdef.node_name if opdef is not None else op))

    def _peek_name(self, op):
        base = self._node_base_name(op, name_scopes.peek_node_name())
        n = self._names.get(base.lower(), 0)
        if n == 0:
            return base
        while f"{base.lower()}_{n}" in self._names:
            n += 1
        return f"{base}_{n}"

    def _shape_error_text(self, reason, opdef, inputs, attrs, ctx):
        """TensorFlow's build-time shape error: "<reason> for '{{node add}} = AddV2[T=DT_FLOAT](x, y)'
        with input shapes: [3], [4]." An input varrt's wrapper read on the host (an attribute under
        the input's name) stands as the constant node TensorFlow would have made for it."""
        import numpy as np
        node_name = self._peek_name(opdef.name)

        def text(s):
            return "?" if s.rank is None else "[" + ",".join("?" if d is None else str(d) for d in s.as_list()) + "]"
        bound, names, shapes = {}, [], []
        tensors = iter(inputs)
        for arg in opdef.inputs:
            if arg.is_resource:
                continue
            if arg.name in attrs and not arg.number_attr:
                names.append(f"{node_name}/{arg.name}")
                shapes.append(text(TensorShape(list(np.shape(attrs[arg.name])))))
                continue
            for _ in range(len(inputs) if arg.number_attr else 1):
                t = next(tensors, None)
                if t is None:
                    break
                if arg.type_attr:
                    bound.setdefault(arg.type_attr, t.dtype)
                info = _INFO.get(_tensor_id(t))
                node, _, index = info.name.rpartition(":") if info is not None else ("Const", "", "0")
                names.append(node if index == "0" else info.name)
                shapes.append(text(_static_shape(t)))
        parts = []
        for name in sorted(opdef.attrs):
            a = opdef.attrs[name]
            v = attrs.get(name, a.default)
            if a.type == "type":
                d = bound.get(name) if name in bound else (_dtype_of(int(v)) if isinstance(v, int) else None)
                if d is None and isinstance(v, str):
                    parts.append(f"{name}={v}")
                elif d is not None:
                    parts.append(f"{name}={dtypes.enum_name(d)}")
            elif a.type == "bool" and v is not None:
                parts.append(f"{name}={'true' if v else 'false'}")
            elif v is not None and a.type == "int":
                parts.append(f"{name}={v}")
            elif v is not None and a.type == "float":  # TensorFlow's float text: 1, 0.001, 1e-05
                parts.append(f"{name}={float(v):g}")
            elif a.type == "list(int)" and v is not None:
                parts.append(f"{name}=[{', '.join(str(x) for x in v)}]")
            elif a.type == "string" and v is not None:
                parts.append(f'{name}="{v}"')
        node = f"{{{{node {node_name}}}}} = {opdef.name}[{', '.join(parts)}]({', '.join(names)})"
        message = f"{reason} for '{node}' with input shapes: {', '.join(shapes)}"
        positions = [a.name for a in opdef.inputs]
        partial = [f"input[{positions.index(n)}] = {text(TensorShape(d))}" for n, d in ctx.read_as_shapes.items()
                   if n in positions and d is not None]
        if partial:
            message += " and with input tensors computed as partial shapes: " + ", ".join(partial)
        return message + "."

    def _failed(self, op, inputs, error, num_outputs, dtype_enum):
        """A kernel run while building failed. On values known while building (constant folding)
        its op error (a bad index) is deferred: TensorFlow prunes an op nothing depends on, and
        reports the others when the graph runs, so finish() raises it only if the node is live;
        scalar zeros let the trace go on. On zeros standing for unknown values it proves nothing."""
        dtype = dtypes._BY_ENUM[dtype_enum] if dtype_enum is not None else (
            inputs[0].dtype if inputs else dtypes.float32)
        if self._materializing:
            # It ran on zeros standing for values unknown while building, which prove nothing:
            # the node's outputs are unknown, and it runs (and fails, if it does) on real values.
            self._materializing = False
            self._pending_shapes = [TensorShape(None)] * num_outputs
            return tuple(stand_in(dtype, TensorShape(None), self.graph_id) for _ in range(num_outputs))
        if not isinstance(error, errors.OpError):
            raise error
        self._pending = error
        return tuple(array_ops.zeros([], dtype) for _ in range(num_outputs))

    def _note_io(self, slots, first, num_outputs, stateful):
        self._io.append((list(slots), first, num_outputs, stateful))
        if self._control_inputs:  # inside tf.control_dependencies: this node needs those nodes
            self.control_deps[len(self._io) - 1] = [i for block in self._control_inputs for i in block]

    def control_dependencies(self, control_inputs):
        """tf.control_dependencies inside this graph: the nodes made in the block depend on the
        nodes behind `control_inputs` (tensors or operations of this graph), so pruning keeps
        those whenever it keeps these; nodes run in the order they were made."""
        indices = []
        for c in control_inputs or ():
            if c is None:
                continue
            if hasattr(c, "_as_tensor") and not isinstance(c, _Tensor()):
                c = c._as_tensor()
            info = _INFO.get(_tensor_id(c)) if isinstance(c, _Tensor()) else None
            if info is not None and info.graph is self:
                if info.node is not None:
                    indices.append(info.node)
                continue
            name = getattr(c, "name", None)
            index = next((i for i, node in enumerate(self.nodes) if node[0] == name), None)
            if index is None:
                raise TypeError(f"Can not convert a {type(c).__name__} into a Tensor or Operation.")
            indices.append(index)
        return _ControlBlock(self, indices)

    def _check_assign(self, op, value, ref):
        variable = ref.variable
        if variable is None:
            return
        vshape = variable.shape
        shape = _static_shape(value)
        if op == "AssignVariableOp":
            ok = vshape.is_compatible_with(shape)
        else:
            ok = vshape.rank is None or shape.rank is None or (
                vshape.rank == shape.rank and vshape.is_compatible_with(shape))
        if ok:
            return
        def text(s):
            return "?" if s.rank is None else "[" + ",".join("?" if d is None else str(d) for d in s.as_list()) + "]"
        dtype = "DT_" + variable.dtype.name.upper()
        node = f"{{{{node {op}}}}} = {op}[dtype={dtype}](resource, value)"
        if vshape.rank is not None and shape.rank is not None and vshape.rank != shape.rank:
            reason = f"Shapes must be equal rank, but are {vshape.rank} and {shape.rank}"
        else:
            reason = f"Shapes {text(vshape)} and {text(shape)} are incompatible"
        raise ValueError(f"{reason} for '{node}' with input shapes: {text(vshape)}, {text(shape)}.")

    def _record(self, op, inputs, outputs, attrs, resources, host):
        if not outputs and not resources and host is None and not inputs:
            return  # a placement-only op (a conversion logged as _EagerConst): nothing to run
        slots = [self.slot_of(t) for t in inputs]
        attrs = {k: v for k, v in attrs.items()}
        if host is not None and isinstance(host[2], tuple) and None in host[2]:
            opdef = _op_def(op)
            if opdef is None or opdef.shape_fn is None:
                raise NotImplementedError(f"varrt has no shape function for op {op} yet: its output shape depends on "
                                          "a dimension unknown while the graph is built")
            host = (_ShapedKernel(host[0], opdef, attrs, _dtype_of(host[1])), host[1], None) + host[3:]
        self.last_host = host  # what a TF1 Graph re-adds the node with
        kept = [r for r in resources if r is not None]
        arg_of = [self._resource_arg(r.id) for r in kept]
        try:
            # A tf.device scope inside the body is the node's own (TensorFlow's node device); a
            # resource op runs where its variable lives anyway.
            device = _C.device_scope_name()
            device = "" if kept or device == self._ambient_device else device
            self.last_device = device
            first = self._graph.add_node(op, slots, attrs, kept, len(outputs), host,
                                         arg_of if any(k >= 0 for k in arg_of) else [], device)
        except ValueError:
            raise NotImplementedError(f"varrt cannot run op {op} inside a graph (tf.function) yet") from None
        for ref in kept:
            if ref.id not in self.variables_by_resource and ref.id not in self.resource_args:
                self.variables_by_resource[ref.id] = ref.variable
        name = self.unique_name(self._node_base_name(op, name_scopes.take_node_name()))
        self._add_node_name(name, op, device)
        self.node_attrs.append(attrs)
        self.node_resources.append([r.id for r in kept])
        self._note_io(slots, first, len(outputs), _writes_state(op))
        failed = self._pending is not None
        if failed:
            self.deferred[len(self.nodes) - 1] = self._pending
            self._pending = None
        shapes = self._pending_shapes
        constant = self._pending_constant
        self._pending_shapes = None
        self._pending_constant = False
        self._materializing = False
        for i, t in enumerate(outputs):
            if failed:
                shape = TensorShape(None)
            elif shapes is not None:
                shape = shapes[i]
            else:  # run on values known while building (or zeros of known shapes): its own shape
                shape = TensorShape(list(t._shape_tuple))
            info = self._register(t, first + i, f"{name}:{i}", shape, op)
            info.node = len(self.nodes) - 1
            info.constant = constant and not failed
            opdef = _op_def(op)
            if opdef is not None and opdef.folds_from_shape is not None and i < len(inputs):
                info.partial = _static_shape(inputs[i])  # the static shape its value is (Shape, ShapeN)
            elif op == "Pack" and not failed:
                info.partial = _packed_dims(inputs)
        for callback in op_callbacks.graph_callbacks():
            callback(self, name, op, inputs, outputs)

    def core_node_ops(self):
        """The ops of the nodes the core runs for this graph, in node order, once it is finished:
        without the pruned nodes, and with the core's fusions (`_FusedConv2DBias` for a convolution,
        its bias and Relu: csrc/varrt/ops/graph_fusion.h). A debugging aid."""
        return self._graph.running_node_ops()

    def host_node_ops(self):
        """The ops of this graph's nodes whose kernel calls into Python (a NumPy kernel, a
        tf.py_function), in node order: a debugging aid, and what tests hold to a known list."""
        return self._graph.host_node_ops()

    def add_call_node(self, op, fn, inputs, num_outputs, name=None):
        """Records a node that runs `fn(*tensors)` (a Python call: tf.print, tf.py_function) when the
        graph runs; (first output slot, node name)."""
        slots = [self.slot_of(t) for t in inputs]
        first = self._graph.add_node(op, slots, {}, [], num_outputs, fn)
        node_name = self.unique_name(name or op)
        self.note_node(node_name, op, slots, first, num_outputs)
        return first, node_name

    def note_node(self, name, op, slots, first, num_outputs, add=None):
        """Records a node added to the core graph directly (not through the recorder): a Python
        call or control flow, kept by pruning (it may change state). `add(core_graph, mapped input
        slots)` adds it again to another core graph (what a TF1 Session compiles)."""
        self._add_node_name(name, op, "")
        self.node_attrs.append(None)
        self.node_resources.append([])
        self._note_io(slots, first, num_outputs, True)

    def _add_node_name(self, name, op, device):
        self._node_index[name] = len(self.nodes)
        self.node_names.append((name, op))
        self.nodes.append((name, op, user_frames()))
        self.node_devices.append(device)

    def register_outputs(self, dtypes_, first, node_name, shapes, op):
        """The symbolic outputs of a node added with add_call_node or as control flow, of the given
        dtypes and static shapes."""
        out = []
        for i, (dtype, shape) in enumerate(zip(dtypes_, shapes)):
            sym = stand_in(dtype, shape, self.graph_id)
            self._register(sym, first + i, f"{node_name}:{i}", shape, op)
            out.append(sym)
        return out

    def finish(self, output_tensors):
        """Ends building: the graph's results are `output_tensors` (in order). Nodes neither a
        result nor a stateful node depends on are pruned, as TensorFlow prunes them; a deferred
        kernel error of a node that stays is raised (DeferredOpError carries where it was)."""
        outputs = [self.slot_of(t) for t in output_tensors]
        live = self._live_nodes(outputs)
        for i in sorted(self.deferred):
            if i in live:
                raise DeferredOpError(self.deferred[i], self.nodes[i][2])
        for i in range(len(self._io)):
            if i not in live:
                self._graph.disable_node(i)
        self._graph.set_outputs(outputs)
        self.output_slots = outputs  # what tf.data's map vectorization reads (data/map_vectorization.py)
        return self._graph

    def _live_nodes(self, outputs):
        producer = {}
        for i, (_, first, n, _) in enumerate(self._io):
            for k in range(n):
                producer[first + k] = i
        live = set()
        stack = [i for i, io in enumerate(self._io) if io[3]] + [producer[o] for o in outputs if o in producer]
        while stack:
            i = stack.pop()
            if i in live:
                continue
            live.add(i)
            stack.extend(producer[s] for s in self._io[i][0] if s in producer)
            stack.extend(self.control_deps.get(i, ()))
        return live


def _Tensor():
    return Tensor


class _ControlBlock:
    """The `with` block of FuncGraph.control_dependencies."""

    def __init__(self, graph, indices):
        self._graph = graph
        self._indices = indices

    def __enter__(self):
        self._graph._control_inputs.append(self._indices)
        return None

    def __exit__(self, *exc):
        self._graph._control_inputs.pop()
        return False




class DeferredOpError(Exception):
    """A kernel error deferred while tracing, raised by finish() for a node that stays: `error`
    (the op's own exception) and `frames`, where the node was made."""

    def __init__(self, error, frames):
        super().__init__(str(error))
        self.error = error
        self.frames = frames


