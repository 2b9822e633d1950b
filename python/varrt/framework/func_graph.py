"""FuncGraph: a graph built by recording the ops a Python function runs (see symbolic.py).

While a FuncGraph is being built on a thread, a recorder hook at the core dispatch sees every
op. Ops without side effects run their kernel on the example inputs (so shapes, dtypes and
errors come out exactly as in eager mode) and are recorded; stateful ops (variable updates,
reads, the fused optimizer ops) are recorded without running, a read giving the variable's
current value as its example (zeros while uninitialised). Tensors the function did not make
(closure-captured eager tensors, converted Python values) become constants of the graph.
The finished graph is a `_C.Graph` the core runs node after node without Python, except
Python kernels (NumPy ops, tf.py_function, tf.print), each one call.
"""
import itertools
import os
import sys
import threading
import weakref

from varrt import _C, errors
from varrt.framework import symbolic  # noqa: F401  (registers SymbolicTensor, what the recorder wraps)
from varrt.framework.tensor_shape import TensorShape

_tensor_id = _C.tensor_id

# Ops recorded without running while a graph is built: they change state (or read it, and the
# state may not exist yet in a TF1 graph).
_UPDATES = {
    "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp", "ResourceStridedSliceAssign",
    "ResourceScatterUpdate", "ResourceScatterAdd", "ResourceScatterSub", "ResourceScatterMul", "ResourceScatterDiv",
    "ResourceScatterMin", "ResourceScatterMax", "ResourceScatterNdUpdate", "ResourceScatterNdAdd",
    "ResourceScatterNdSub", "ResourceScatterNdMin", "ResourceScatterNdMax",
    "ResourceApplyGradientDescent", "ResourceApplyMomentum", "ResourceApplyKerasMomentum", "ResourceApplyAdagrad",
    "ResourceApplyRMSProp", "ResourceApplyCenteredRMSProp", "ResourceApplyAdam", "ResourceSparseApplyMomentum",
    "ResourceSparseApplyKerasMomentum", "ResourceSparseApplyAdagrad", "ResourceSparseApplyRMSProp",
    "ResourceSparseApplyCenteredRMSProp", "KerasAdam", "KerasAdagrad", "KerasRMSprop",
}
_REPLACED = frozenset(_UPDATES | {"ReadVariableOp"})
# Ops that run as they come and are never part of a graph: a variable freed while a graph is
# built (garbage collection can run anywhere) is destroyed then, not when the graph runs. The
# recorder does not see them at all: they run as outside a graph (a remote variable's destroy
# reaches its task).
_NOT_RECORDED = frozenset({"DestroyResourceOp", "VarHandleOp"})

# The names TensorFlow gives nodes made through Python operators and common functions.
_DEFAULT_NAMES = {
    "AddV2": "add", "Sub": "sub", "Mul": "mul", "RealDiv": "truediv", "FloorDiv": "floordiv", "FloorMod": "mod",
    "Pow": "pow", "Less": "Less", "_EagerConst": "Const",
}

_ELEMENTWISE = {"Neg", "Square", "Abs", "Cast", "Identity", "Exp", "Log", "Sqrt", "Rsqrt", "Relu", "Relu6", "Sigmoid",
                "Tanh", "Sin", "Cos", "Floor", "Ceil", "Round", "Sign", "Reciprocal", "Softplus", "Elu", "Selu",
                "LogicalNot", "IsNan", "IsFinite", "IsInf", "Log1p", "Expm1", "Softmax", "LogSoftmax", "ZerosLike",
                "OnesLike", "StopGradient", "Erf", "LeakyRelu", "Atan", "Tan"}
_BROADCASTING = {"AddV2", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "Pow", "Less", "LessEqual", "Greater",
                 "GreaterEqual", "Equal", "NotEqual", "LogicalAnd", "LogicalOr", "FloorDiv", "FloorMod",
                 "SquaredDifference", "DivNoNan", "Atan2", "BiasAdd", "ReluGrad", "SigmoidGrad", "TanhGrad"}
_REDUCTIONS = {"Sum", "Mean", "Max", "Min", "Prod", "All", "Any"}

# Each graph's id, the tag its tensors carry in the core (Tensor::graph): the dispatch refuses a
# tensor of a graph that is not being built where it is used.
_graph_ids = itertools.count(1)


class _State(threading.local):
    graph = None  # the FuncGraph being built on this thread (a class default: no exception to look it up)


_state = _State()
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def user_frames(limit=8):
    """The innermost `limit` frames of the caller's stack outside varrt, outermost first, as
    (filename, line, function): where a node was defined, for errors raised when it runs."""
    frames = []
    f = sys._getframe(1)
    while f is not None and len(frames) < limit:
        filename = f.f_code.co_filename
        if not filename.startswith(_PACKAGE):
            frames.append((filename, f.f_lineno, f.f_code.co_name))
        elif f.f_code.co_name == "_trace_once":  # the traced function's caller: user code ends here
            break
        f = f.f_back
    frames.reverse()
    return frames


def current():
    """The FuncGraph being built on this thread, or None."""
    return _state.graph


def building():
    """Whether a graph is being built on this thread (ops are recorded, not only run)."""
    return _state.graph is not None


def executing_eagerly():
    """TensorFlow's tf.executing_eagerly(): False while a graph is built (inside a tf.function's
    trace), True otherwise."""
    return _state.graph is None


class TensorInfo:
    """What a graph knows of one of its tensors."""

    __slots__ = ("graph", "name", "shape", "op_type", "slot", "dynamic", "node", "constant", "__weakref__")

    def __init__(self, graph, name, shape, op_type, slot, dynamic=False):
        self.graph = graph
        self.name = name
        self.shape = shape
        self.op_type = op_type
        self.slot = slot
        # The value depends on a dimension unknown while tracing (tf.shape of a [None] tensor):
        # shapes computed from it are unknown too.
        self.dynamic = dynamic
        self.node = None  # index in graph.nodes of the node that made it
        # The value is the same on every run (made from constants only): code may read it while
        # tracing. Arguments, variable reads, random and Python-call outputs are not.
        self.constant = False


# tensor id -> TensorInfo of every symbolic tensor still in some live graph (ids are unique per process).
_INFO = weakref.WeakValueDictionary()


def info_of(tensor):
    return _INFO.get(_tensor_id(tensor))


def _static_shape(tensor):
    info = _INFO.get(_tensor_id(tensor))
    return info.shape if info is not None else TensorShape(list(tensor._shape_tuple))


def value_known(tensor):
    """Whether a tensor's value while tracing is its value on every run of the graph (an eager
    tensor, or a symbolic one made from constants only): what code may read on the host."""
    info = _INFO.get(_tensor_id(tensor))
    return info is None or info.constant


def _is_dynamic(tensor):
    info = _INFO.get(_tensor_id(tensor))
    return info is not None and info.dynamic


_SHAPE_VALUED = {"Shape", "Size", "ShapeN"}
_NOT_CONSTANT = {"TruncatedNormal", "Multinomial", "EagerPyFunc", "PrintV2"}


def _broadcast(a, b):
    if a.rank is None or b.rank is None:
        return TensorShape(None)
    da, db = a.as_list(), b.as_list()
    n = max(len(da), len(db))
    da = [1] * (n - len(da)) + da
    db = [1] * (n - len(db)) + db
    out = []
    for x, y in zip(da, db):
        if x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        elif x is None or y is None:
            out.append(x if y is None else y)
        else:
            out.append(x)
    return TensorShape(out)


def _infer_shape(op, inputs, attrs, example, resources):
    """The static shape of `example` (an output of `op`): its shape where the inputs' static
    shapes are fully known, else what the op's rule gives (unknown dimensions stay unknown)."""
    shapes = [_static_shape(t) for t in inputs]
    if all(s.is_fully_defined() for s in shapes) and not any(_is_dynamic(t) for t in inputs):
        return TensorShape(list(example._shape_tuple))
    if op in _ELEMENTWISE and shapes:
        return shapes[0]
    if op in _BROADCASTING and len(shapes) == 2:
        return _broadcast(shapes[0], shapes[1])
    if op in ("MatMul", "BatchMatMulV2") and len(shapes) == 2 and shapes[0].rank == 2 and shapes[1].rank == 2:
        a, b = shapes[0].as_list(), shapes[1].as_list()
        m = a[1] if attrs.get("transpose_a") else a[0]
        n = b[0] if attrs.get("transpose_b") else b[1]
        return TensorShape([m, n])
    if op in _REDUCTIONS and shapes and shapes[0].rank is not None and "reduction_indices" in attrs:
        dims = shapes[0].as_list()
        axes = {a % len(dims) for a in attrs["reduction_indices"]} if dims else set()
        if attrs.get("keep_dims"):
            return TensorShape([1 if i in axes else d for i, d in enumerate(dims)])
        return TensorShape([d for i, d in enumerate(dims) if i not in axes])
    rule = _SHAPE_RULES.get(op)
    with_inputs = _SHAPE_RULES_WITH_INPUTS.get(op)
    if rule is not None or with_inputs is not None:
        try:
            out = rule(shapes, attrs, example) if rule is not None else with_inputs(shapes, attrs, example, inputs)
        except (TypeError, ValueError, IndexError, KeyError):
            out = None
        if out is not None:
            return out
    return TensorShape([None] * len(example._shape_tuple))


def _dims(shape):
    return None if shape.rank is None else shape.as_list()


def _transpose_rule(shapes, attrs, example):
    dims = _dims(shapes[0])
    perm = attrs.get("perm")
    if dims is None:
        return None
    return TensorShape([dims[p] for p in perm] if perm is not None else dims[::-1])


def _concat_rule(shapes, attrs, example):
    if "axis" not in attrs or any(s.rank is None for s in shapes):
        return None
    dims = [list(s.as_list()) for s in shapes]
    axis = attrs["axis"] % len(dims[0])
    out = []
    for i in range(len(dims[0])):
        column = [d[i] for d in dims]
        if i == axis:
            out.append(None if None in column else sum(column))
        else:
            known = [c for c in column if c is not None]
            out.append(known[0] if known else None)
    return TensorShape(out)


def _pack_rule(shapes, attrs, example):
    dims = _dims(shapes[0])
    if dims is None or "axis" not in attrs:
        return None
    axis = attrs["axis"] % (len(dims) + 1)
    return TensorShape(dims[:axis] + [len(shapes)] + dims[axis:])


def _expand_rule(shapes, attrs, example, inputs):
    """ExpandDims: where the example gained its 1, the static shape gains it too."""
    dims, before, after = _dims(shapes[0]), list(inputs[0]._shape_tuple), list(example._shape_tuple)
    if dims is None:
        return None
    for k in range(len(after)):
        if after[k] == 1 and after[:k] + after[k + 1:] == before:
            return TensorShape(dims[:k] + [1] + dims[k:])
    return None


def _squeeze_rule(shapes, attrs, example, inputs):
    """Squeeze: the dimensions the example lost (size 1), lost from the static shape too."""
    dims, before, after = _dims(shapes[0]), list(inputs[0]._shape_tuple), list(example._shape_tuple)
    if dims is None:
        return None
    kept, j = [], 0
    for i, d in enumerate(before):
        if j < len(after) and after[j] == d and not (d == 1 and len(before) - i > len(after) - j):
            kept.append(dims[i])
            j += 1
    return TensorShape(kept) if j == len(after) else None


_SHAPE_RULES = {
    "Shape": lambda shapes, attrs, example: TensorShape([shapes[0].rank]) if shapes[0].rank is not None else None,
    "Transpose": _transpose_rule,
    "ConcatV2": _concat_rule,
    "Pack": _pack_rule,
    "AddN": lambda shapes, attrs, example: shapes[0],
}
_SHAPE_RULES_WITH_INPUTS = {"ExpandDims": _expand_rule, "Squeeze": _squeeze_rule}


class FuncGraph:
    """A graph being built from a Python function (TensorFlow's FuncGraph)."""

    # A variable created while this graph is built is made eagerly (tf.init_scope), as inside a
    # tf.function; a TF1 Graph records its initial assignment instead (ops.Graph).
    lifts_variables = True

    def __init__(self, name, num_args=0):
        self.name = name
        self.graph_id = next(_graph_ids)
        self._graph = _C.Graph(num_args)
        self._num_args = num_args
        self._infos = []  # keeps this graph's TensorInfos alive (the _INFO map is weak)
        self._slots = {}  # tensor id -> slot
        self._names = {}  # lower-case name -> count, for unique node names
        self.node_names = []  # (name, op type), in program order (the placement log's lines)
        self.captures = []  # (slot, eager tensor)
        self.variables = {}  # resource id -> Variable, of the variables the graph uses
        self._hook = None
        self._outer = None
        self._wrap = None
        self.inputs = []  # the symbolic argument tensors
        self.nodes = []  # (name, op, defined-at frames) of each node, in the core graph's node order
        self.external_captures = []  # tensors of enclosing graphs this graph reads (its extra inputs)
        self.resource_args = {}  # resource id -> index among a run's variable arguments
        # Per node (core graph order): (input slots, first output slot, number of outputs, stateful),
        # what pruning needs; and the kernel errors deferred to finish(), by node.
        self._io = []
        self.deferred = {}
        self._pending = None

    def __repr__(self):
        return f"FuncGraph(name={self.name}, id={id(self)})"

    def get_operations(self):
        """The graph's operations (arguments, then nodes) in the order they were made."""
        from varrt.framework.symbolic import Operation
        return [Operation(name, "Placeholder" if op == "_Arg" else op, self) for name, op in self.node_names]

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

    def _register(self, tensor, slot, name, shape, op_type, dynamic=False):
        info = TensorInfo(self, name, shape, op_type, slot, dynamic)
        self._infos.append(info)
        tid = _tensor_id(tensor)
        self._slots[tid] = slot
        _INFO[tid] = info
        return info

    # --- building ----------------------------------------------------------------------------

    def add_argument(self, index, example, name, shape):
        """The symbolic tensor standing for argument `index` (example: a tensor of its dtype)."""
        sym = _C.fresh_tensor(example, self.graph_id)
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
                self.captures.append((slot, tensor))
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
        self._outer = current()
        _state.graph = self
        self._wrap = _C._wrap_symbolic(True)
        self._quiet = _C._quiet_placement(True)  # building runs nothing the program asked to run: no log lines
        self._ambient_device = _C.device_scope_name()  # the caller's scope: not a node's own
        self._hook = _C.push_graph_recorder(self._example, self._record, self._failed, _REPLACED, _NOT_RECORDED,
                                            self.graph_id)
        return self

    def __exit__(self, *exc):
        _C.pop_graph_recorder(self._hook)
        self._hook = None
        _C._quiet_placement(self._quiet)
        _C._wrap_symbolic(self._wrap)
        _state.graph = self._outer
        return False

    def _example(self, op, inputs, attrs, resources):
        """Example outputs of a stateful op that is recorded without running."""
        if op in ("AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp") and resources:
            self._check_assign(op, inputs[0], resources[0])
        if op != "ReadVariableOp":
            return ()
        ref = resources[0]
        variable = ref.variable
        if variable is None:
            raise errors.InternalError(None, None, "a graph read a variable that has no Python object")
        if ref.initialized:
            return (variable.value(),)
        from varrt.ops import array_ops
        return (array_ops.zeros(variable.shape, variable.dtype),)

    def _failed(self, op, inputs, error, num_outputs, dtype_enum):
        """A kernel failed on the example values. An op error (a bad index, a shape the kernel
        refuses) is deferred: TensorFlow prunes an op nothing depends on, and reports the others
        when the graph runs, so finish() raises it only if the node is live. Stand-in outputs
        (zeros, scalar) let the trace go on."""
        if not isinstance(error, errors.OpError):
            raise error
        from varrt import dtypes
        from varrt.ops import array_ops
        self._pending = error
        dtype = dtypes._BY_ENUM[dtype_enum] if dtype_enum is not None else (
            inputs[0].dtype if inputs else dtypes.float32)
        return tuple(array_ops.zeros([], dtype) for _ in range(num_outputs))

    def _note_io(self, slots, first, num_outputs, stateful):
        self._io.append((list(slots), first, num_outputs, stateful))

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
        if host is not None and isinstance(host[2], tuple):
            host = self._polymorphic(host, inputs)
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
            if ref.id not in self.variables and ref.id not in self.resource_args:
                self.variables[ref.id] = ref.variable
        name = self.unique_name(_DEFAULT_NAMES.get(op, op))
        self.node_names.append((name, op))
        self.nodes.append((name, op, user_frames()))
        self._note_io(slots, first, len(outputs), op in _UPDATES)
        failed = self._pending is not None
        if failed:
            self.deferred[len(self.nodes) - 1] = self._pending
            self._pending = None
        dynamic = any(_is_dynamic(t) for t in inputs) or (
            op in _SHAPE_VALUED and not all(_static_shape(t).is_fully_defined() for t in inputs))
        constant = (not resources and "Random" not in op and op not in _NOT_CONSTANT and
                    all(value_known(t) for t in inputs))
        for i, t in enumerate(outputs):
            shape = TensorShape(None) if failed else self._output_shape(op, inputs, attrs, t, resources)
            info = self._register(t, first + i, f"{name}:{i}", shape, op, dynamic)
            info.node = len(self.nodes) - 1
            info.constant = constant

    @staticmethod
    def _polymorphic(host, inputs):
        """A Python kernel's recorded output shape, as "input k's shape" when it is one (so the node
        adapts when the graph runs on inputs of other shapes) and some input's static shape is
        not fully known."""
        if all(_static_shape(t).is_fully_defined() for t in inputs):
            return host
        for k, t in enumerate(inputs):
            if tuple(t._shape_tuple) == host[2] and not _static_shape(t).is_fully_defined():
                return host[:2] + (k,) + host[3:]
        return host

    def _output_shape(self, op, inputs, attrs, example, resources):
        if op == "ReadVariableOp" and resources and resources[0].variable is not None:
            return resources[0].variable.shape
        return _infer_shape(op, inputs, attrs, example, resources)

    def add_call_node(self, op, fn, inputs, num_outputs, name=None):
        """Records a node that runs `fn(*tensors)` (a Python call: tf.print, tf.py_function) and
        returns its example outputs, computed by calling `fn` once now when `num_outputs`."""
        slots = [self.slot_of(t) for t in inputs]
        first = self._graph.add_node(op, slots, {}, [], num_outputs, fn)
        node_name = self.unique_name(name or op)
        self.note_node(node_name, op, slots, first, num_outputs)
        return first, node_name

    def note_node(self, name, op, slots, first, num_outputs):
        """Records a node added to the core graph directly (not through the recorder): a Python
        call or control flow, kept by pruning (it may change state)."""
        self.node_names.append((name, op))
        self.nodes.append((name, op, user_frames()))
        self._note_io(slots, first, num_outputs, True)

    def register_outputs(self, tensors, first, node_name, shapes, op):
        """Names the example outputs of a node added with add_call_node (symbolic tensors)."""
        out = []
        for i, (t, shape) in enumerate(zip(tensors, shapes)):
            sym = _C.fresh_tensor(t, self.graph_id)
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
        return live


def shape_of(tensor):
    """The static shape of a tensor (a symbolic tensor's inferred shape)."""
    return _static_shape(tensor)



def _out_of_scope(tensor, info):
    frames = info.graph.nodes[info.node][2] if info is not None and info.node is not None else []
    where = "".join(f'    File "{f}", line {n}, in {fn}\n' for f, n, fn in frames)
    graph = repr(info.graph) if info is not None else "a graph that no longer exists"
    error = TypeError(
        f"{tensor!r} is out of scope and cannot be used here. Use return values, explicit Python locals or "
        "TensorFlow collections to access it.\nPlease see https://www.tensorflow.org/guide/function"
        "#all_outputs_of_a_tffunction_must_be_return_values for more information.\n\n"
        f"{tensor!r} was defined here:\n{where}\nThe tensor {tensor!r} cannot be accessed from here, because it "
        f"was defined in {graph}, which is out of scope.")
    # Met while a graph is built, TensorFlow captures the tensor and refuses it when the function
    # runs: no "in user code:" text then (eager code, init_scope included, gets it).
    error._varrt_raised_as_is = building()
    return error


# The core's dispatch refuses a graph's tensor outside that graph's build; the bindings raise this.
_C._set_out_of_scope_error(lambda tensor: _out_of_scope(tensor, info_of(tensor)))


class DeferredOpError(Exception):
    """A kernel error deferred while tracing, raised by finish() for a node that stays: `error`
    (the op's own exception) and `frames`, where the node was made."""

    def __init__(self, error, frames):
        super().__init__(str(error))
        self.error = error
        self.frames = frames


class init_scope:
    """`with init_scope():` runs eagerly inside a trace (TensorFlow's tf.init_scope): ops run
    and are not recorded, results are eager tensors. Variables are created this way."""

    def __enter__(self):
        self._graph = current()
        self._hooks = _C.HooksSuspended()
        self._hooks.__enter__()
        self._wrap = _C._wrap_symbolic(False)
        self._quiet = _C._quiet_placement(False)  # what runs eagerly here is logged, as in TensorFlow
        _state.graph = None
        return self

    def __exit__(self, *exc):
        _state.graph = self._graph
        _C._quiet_placement(self._quiet)
        _C._wrap_symbolic(self._wrap)
        self._hooks.__exit__(None, None, None)
        return False
