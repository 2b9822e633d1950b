"""TensorFlow 1 graphs: `tf.Graph`, the default graph, collections, and what `Session.run` runs.

A `Graph` is a FuncGraph that stays open while it is the default (`with g.as_default():`, or
for the whole program after `tf.compat.v1.disable_eager_execution()`): every op is recorded
into it (framework/func_graph.py). Nothing changes state while the graph is built: a variable's
resource is created but its initial value is only an initializer node, run by
`global_variables_initializer()` inside a session. `Session.run` compiles, per set of fetches
and feeds, a core graph of only the nodes those fetches need (TensorFlow's pruning), with the
fed tensors and placeholders as its arguments.
"""
import threading
import weakref

from varrt import _C
from varrt.base import dtypes
from varrt.base import errors
from varrt.base import nest
from varrt.framework import default_session
from varrt.graph import func_graph
from varrt.framework.graph_execution_error import error_in_node, session_error
from varrt.framework.tensor import Tensor
from varrt.framework.tensor_shape import TensorShape
from varrt.framework.device_functions import device_v1
from varrt.autodiff.backprop import GradientTape
from varrt.framework import variables
from varrt.framework.operation import Operation  # noqa: F401  (graph/tf1.py and TF1 optimizers make them here)


class GraphKeys:
    """TensorFlow's standard collection names."""
    GLOBAL_VARIABLES = "variables"
    LOCAL_VARIABLES = "local_variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    MODEL_VARIABLES = "model_variables"
    MOVING_AVERAGE_VARIABLES = "moving_average_variables"
    UPDATE_OPS = "update_ops"
    LOSSES = "losses"
    REGULARIZATION_LOSSES = "regularization_losses"
    SUMMARIES = "summaries"
    TABLE_INITIALIZERS = "table_initializer"
    TRAIN_OP = "train_op"


class _Record:
    """A node as recorded, for compiling subsets of the graph."""

    __slots__ = ("op", "slots", "first", "num_outputs", "add", "stateful", "node", "name", "frames")

    def __init__(self, op, slots, first, num_outputs, add, stateful, nodes):
        self.stateful = stateful
        self.op = op
        self.slots = slots
        self.first = first
        self.num_outputs = num_outputs
        self.add = add  # add(core_graph, mapped input slots) -> first output slot
        self.node = len(nodes) - 1  # its index in the graph's nodes (FuncGraph.nodes), the last one
        self.name, _, self.frames = nodes[-1]  # its name and where it was defined, for its errors


class _VariableWatcher:
    """Told by Variable.__init__ about the variables made while a Graph is the default."""

    def __init__(self, graph):
        self.graph = graph

    def before_create(self):
        pass

    def on_created(self, variable):
        self.graph.note_variable(variable)


class Graph(func_graph.FuncGraph):
    """A TensorFlow 1 graph (see the module docstring)."""

    _is_tf1_graph = True  # what graph_building.tf1_graph() looks for

    def as_graph_def(self, from_version=None, add_shapes=False, use_pybind11_proto=False):
        """Not in varrt yet: a TensorFlow 1 graph has no fixed outputs to write as a GraphDef.

        Raises:
            NotImplementedError: Always.
        """
        raise NotImplementedError("varrt cannot write a TensorFlow 1 tf.Graph as a GraphDef (as_graph_def) yet")

    lifts_variables = False

    def __init__(self):
        super().__init__("Graph", 0)
        self._records = []
        self._placeholders = {}  # slot -> (name, dtype, shape, where it was defined)
        self._constants = {}  # slot -> tensor
        self._collections = {}
        self._initializers = {}  # resource id -> record index of the initial assignment
        self._last_update = {}  # resource id -> record index of its latest recorded update
        self._last_stateful = -1  # index of the latest stateful record
        self._fetch_reads = {}  # (resource id, _last_stateful, update) -> the read fetch_read made
        self._tapes = []  # the gradient tapes recording while this graph is the default
        self._variables = []  # Variables created in this graph, in order
        self._compiled = {}
        self._noop_operations = []  # (position among node_names, Operation) of noop_operation
        self._finalized = False
        self._entered = 0
        self._lock = threading.RLock()
        self.seed = None

    def __repr__(self):
        return f"<varrt.graph.graph.Graph object at 0x{id(self):x}>"

    # --- recording (the FuncGraph recorder's hooks, kept as records) --------------------------

    def _record(self, op, inputs, outputs, attrs, resources, host):
        if self._finalized:
            raise RuntimeError("Graph is finalized and cannot be modified.")
        before = len(self.nodes)
        super()._record(op, inputs, outputs, attrs, resources, host)
        if len(self.nodes) == before:
            return
        slots, first, n, stateful = self._io[-1]
        kept = [r for r in resources if r is not None]
        attrs = dict(attrs)

        def add(core, mapped, op=op, attrs=attrs, kept=kept, n=n, host=self.last_host, device=self.last_device):
            return core.add_node(op, mapped, attrs, kept, n, host, [], device)

        self._records.append(_Record(op, slots, first, n, add, stateful, self.nodes))
        if stateful:
            self._last_stateful = len(self._records) - 1
        if op == "AssignVariableOp" and kept and kept[0].id not in self._initializers and not kept[0].initialized:
            self._initializers[kept[0].id] = len(self._records) - 1
        elif func_graph._writes_state(op) and kept:
            self._last_update[kept[0].id] = len(self._records) - 1

    def note_node(self, name, op, slots, first, num_outputs, add=None):
        super().note_node(name, op, slots, first, num_outputs, add)
        if add is not None:  # control flow: a Session compiles it like any node
            self._records.append(_Record(op, list(slots), first, num_outputs, add, True, self.nodes))
            self._last_stateful = len(self._records) - 1

    def add_call_node(self, op, fn, inputs, num_outputs, name=None):
        first, node_name = super().add_call_node(op, fn, inputs, num_outputs, name)
        slots, _, n, _ = self._io[-1]
        self._records.append(_Record(op, slots, first, n, lambda core, mapped: core.add_node(op, mapped, {}, [], n,
                                                                                           fn), True, self.nodes))
        self._last_stateful = len(self._records) - 1
        return first, node_name

    def last_node_operation(self, name):
        """The node just added, as an Operation a Session fetches (runs) as TensorFlow's op."""
        return Operation(self, name, self._records[-1].op, [len(self._records) - 1])

    def slot_of(self, tensor):
        slot = super().slot_of(tensor)
        for s, t in self.captured_constants:
            self._constants.setdefault(s, t)
        return slot

    def add_placeholder(self, dtype, shape, name, node_name=None):
        """A graph input, fed in Session.run: a symbolic tensor (no value while the graph is built)."""
        slot = self._graph.add_input()
        shape = TensorShape(shape)
        node_name = node_name or self.unique_name(name or "Placeholder")
        sym = func_graph.stand_in(dtype, shape, self.graph_id)
        self._register(sym, slot, node_name + ":0", shape, "Placeholder")
        self.node_names.append((node_name, "Placeholder"))
        self._placeholders[slot] = (node_name, dtype, shape, func_graph.user_frames())
        if dtype.is_floating:
            self.watch(sym)  # tf.gradients may differentiate with respect to it
        return sym

    def add_placeholder_with_default(self, value, shape, name):
        """A graph input of static shape `shape` that, unless fed, holds `value` (an eager tensor).

        Raises:
            ValueError: If `value`'s shape does not have `shape` (TensorFlow's shape-function text).
        """
        shape = TensorShape(shape)
        node_name = self.unique_name(name or "PlaceholderWithDefault")
        if not value.shape.is_compatible_with(shape):
            def text(s):
                return "?" if s.rank is None else "[" + ",".join("?" if d is None else str(d) for d in s.as_list()) + "]"
            if shape.rank is not None and value.shape.rank != shape.rank:
                reason = f"Shapes must be equal rank, but are {value.shape.rank} and {shape.rank}"
            else:
                i, (a, b) = next((i, p) for i, p in enumerate(zip(value.shape.as_list(), shape.as_list()))
                                 if None not in p and p[0] != p[1])
                reason = (f"Dimension {i} in both shapes must be equal, but are {a} and {b}. Shapes are "
                          f"{text(value.shape)} and {text(shape)}.")
            raise ValueError(f"{reason} for '{{{{node {node_name}}}}} = PlaceholderWithDefault[dtype="
                             f"{dtypes.enum_name(value.dtype)}, shape={text(shape)}]({node_name}/input)' with input "
                             f"shapes: {text(value.shape)}.")
        sym = self.add_placeholder(value.dtype, shape, None, node_name=node_name)
        self._constants[self.slot_of(sym)] = value  # what an unfed input reads
        return sym

    # --- gradients -----------------------------------------------------------------------------

    def gradients(self, ys, xs, grad_ys=None):
        """d(sum of ys)/dxs as graph tensors (TensorFlow's tf.gradients), from the tape recording
        this graph: xs are variables or placeholders (made while the graph was the default)."""
        if not self._tapes:
            raise RuntimeError("tf.gradients needs the graph to be the default graph")
        tape = self._tapes[-1]
        with tape.stop_recording():  # the gradient ops are recorded into the graph, not onto the tape
            return tape.gradient(ys, xs, output_gradients=grad_ys)

    def watch(self, tensor):
        """Marks a tensor as a source for tf.compat.v1.gradients."""
        if self._tapes:
            self._tapes[-1].watch(tensor)

    def group_operation(self, inputs, name=None):
        """tf.group in this graph: a NoOp Operation running what each input needs (an Operation's
        nodes, a tensor's producer, an assignment's update), TensorFlow's `group_deps` by default."""
        producer = {}
        for i, r in enumerate(self._records):
            for k in range(r.num_outputs):
                producer[r.first + k] = i
        nodes = []
        for x in nest.flatten(list(inputs)):
            if x is None:
                continue
            if isinstance(x, Operation):
                nodes.extend(x._nodes)
                continue
            update = recorded_update(self, x) if isinstance(x, variables.Variable) else None
            if update is not None:
                nodes.append(update)
            elif isinstance(x, Tensor) and self.slot_of(x) in producer:
                nodes.append(producer[self.slot_of(x)])
        return self.noop_operation(name or "group_deps", nodes)

    def nodes_since(self, start):
        """The stateful records added since record `start` (what an Operation made then runs)."""
        initializers = set(self._initializers.values())  # variables made meanwhile (slots) are not re-initialized
        return [i for i in range(start, len(self._records)) if self._records[i].stateful and i not in initializers]

    # --- the default graph ---------------------------------------------------------------------

    def as_default(self):
        """A context manager making this the default graph (ops and variables are recorded into it)."""
        return _DefaultGraph(self)

    def device(self, device_name_or_function):
        """`with g.device(name or device function):` (see framework/device_functions.py)."""
        return device_v1(device_name_or_function)

    def finalize(self):
        """Makes the graph read-only: adding an op afterwards raises RuntimeError."""
        self._finalized = True

    @property
    def finalized(self):
        """Whether finalize() was called."""
        return self._finalized

    def noop_operation(self, name, nodes):
        """A NoOp Operation named `name` (made unique) running the records `nodes` (tf.group, an
        initializer, a training step): not a node of the core graph (a Session runs its records),
        but one of the graph's operations, as TensorFlow's NoOp node is (get_operations, by name)."""
        op = Operation(self, self.unique_name(name), "NoOp", nodes)
        self._noop_operations.append((len(self.node_names), op))
        return op

    def get_operations(self):
        """The graph's operations in the order they were made (nodes, placeholders, named
        constants, and the NoOps of noop_operation)."""
        ops = super().get_operations()
        for position, op in reversed(self._noop_operations):
            ops.insert(position, op)
        return ops

    def get_operation_by_name(self, name):
        """The Operation named `name` (TensorFlow's errors when there is none)."""
        op = next((op for _, op in self._noop_operations if op.name == name), None) if isinstance(name, str) else None
        return op if op is not None else super().get_operation_by_name(name)

    @property
    def version(self):
        """How many operations the graph has (TensorFlow's counter of operations made)."""
        return len(self.node_names) + len(self._noop_operations)

    @property
    def building_function(self):
        """False: a TensorFlow 1 graph is not a function's."""
        return False

    def _run_records(self, index):
        """The record a Session runs for node `index` (its get_operations() Operation is fetchable)."""
        return [i for i, r in enumerate(self._records) if r.node == index]

    def name_constant(self, tensor, name):
        """tf.constant made while this graph is the default: a Const node of it, named as
        TensorFlow names it ("Const", "Const_1", or its `name`), fetchable and a source for
        tf.gradients like any of its tensors."""
        if self._finalized:
            raise RuntimeError("Graph is finalized and cannot be modified.")
        node = self.unique_name(name or "Const")
        info = self._register(tensor, self.slot_of(tensor), node + ":0", TensorShape(list(tensor._shape_tuple)),
                              "Const")
        info.constant = True  # its value is known while building, as an unregistered constant's is
        self.node_names.append((node, "Const"))

    def _register(self, tensor, slot, name, shape, op_type):
        registered = super()._register(tensor, slot, name, shape, op_type)
        if self._tapes and (tensor.dtype.is_floating or tensor.dtype.is_complex):
            # tf.gradients takes any tensor of the graph as a source (a constant, a random draw),
            # not only placeholders and variables: each is watched as it is made.
            self.watch(tensor)
        return registered

    def fetch_read(self, variable, update=None):
        """A read of `variable` for Session.run to fetch or feed: run after every state change
        recorded so far (and after record `update`), made once per such state, so running a
        graph again and again adds no nodes to it."""
        key = (_C.resource_id(variable), self._last_stateful, update)
        read = self._fetch_reads.get(key)
        if read is None:
            with _recording(self):
                read = variable.value()
            self._fetch_reads[key] = read
        return read

    # --- collections ---------------------------------------------------------------------------

    def add_to_collection(self, name, value):
        """Adds `value` to collection `name` (TensorFlow 1)."""
        self._collections.setdefault(name, []).append(value)

    def get_collection(self, name, scope=None):
        """The values of collection `name`, filtered by name `scope`."""
        values = list(self._collections.get(name, []))
        if name in (GraphKeys.GLOBAL_VARIABLES, GraphKeys.TRAINABLE_VARIABLES):
            values = [v for v in self._variables if name == GraphKeys.GLOBAL_VARIABLES or v.trainable] + values
        if scope is not None:
            values = [v for v in values if getattr(v, "name", "").startswith(scope)]
        return values

    def get_collection_ref(self, name):
        """The list of collection `name` itself (created empty), which adding to adds to the collection;
        the variables a graph lists by itself (global and trainable) are not in it."""
        return self._collections.setdefault(name, [])

    def get_all_collection_keys(self):
        """The names of this graph's collections."""
        return sorted(set(self._collections) | {GraphKeys.GLOBAL_VARIABLES, GraphKeys.TRAINABLE_VARIABLES})

    def note_variable(self, variable):
        """Records a variable created while this graph is the default (its collections, its initializer)."""
        self._variables.append(variable)

    def set_variable_collections(self, variable, collections):
        """Puts `variable` in `collections` instead of the default (get_variable's `collections=`): out of
        the global variables when GLOBAL_VARIABLES is not among them, into each other one."""
        if GraphKeys.GLOBAL_VARIABLES not in collections:
            self._variables = [v for v in self._variables if v is not variable]
        for key in collections:
            if key not in (GraphKeys.GLOBAL_VARIABLES, GraphKeys.TRAINABLE_VARIABLES):
                self.add_to_collection(key, variable)

    def initializer_op(self, variable):
        """The Operation running `variable`'s initial assignment (its `initializer`)."""
        return Operation(self, variable.name.split(":")[0] + "/Assign", "AssignVariableOp",
                         self.initializer_nodes([variable]))

    def replace_initializer(self, variable, value):
        """Makes `variable`'s initializer assign `value` instead (what init_from_checkpoint does): the
        new assignment runs only when the variable is initialized, not before its reads."""
        rid = _C.resource_id(variable)
        last_update = self._last_update.get(rid)
        variable.assign(value, read_value=False)
        self._initializers[rid] = len(self._records) - 1
        if last_update is None:
            self._last_update.pop(rid, None)
        else:
            self._last_update[rid] = last_update

    def initializer_operation(self, variables, name="init"):
        """An Operation (a NoOp) running the initializers of `variables` (tf.compat.v1.variables_initializer)."""
        return self.noop_operation(name, self.initializer_nodes(variables))

    def initializer_nodes(self, variables):
        """The recorded nodes that initialise `variables`."""
        out = []
        for v in variables:
            index = self._initializers.get(_C.resource_id(v))
            if index is not None:
                out.append(index)
        return out

    # --- running subsets -----------------------------------------------------------------------

    def run(self, fetch_slots, feed_slots, run_nodes, feed_values):
        """The values of `fetch_slots`, with `feed_values` fed to `feed_slots`, running the records
        `run_nodes` too (and only what they all need). A node's failure is TensorFlow 1's "Graph
        execution error" naming the node (or the node a check failed for: an error's `failed_node`)."""
        core, records = self._compile(tuple(fetch_slots), tuple(feed_slots), tuple(run_nodes))
        try:
            return core.run(feed_values)
        except errors.OpError as e:
            blamed = getattr(e, "failed_node", None)  # a check failing for a node (see FuncGraph.nodes)
            index = next((i for i, r in enumerate(self._records) if r.node == blamed), None)
            if index is None:
                node = _C.Graph.failed_node()
                if not 0 <= node < len(records):
                    raise
                index = records[node]
            r = self._records[index]
            raise session_error(e, r.name, r.frames, Operation(self, r.name, r.op, [index])) from None

    def _compile(self, fetch_slots, feed_slots, run_nodes):
        """(core graph, the index of the record each of its nodes runs): `fetch_slots` computed from
        `feed_slots` (its arguments), the records `run_nodes` run too, and only what they need."""
        key = (fetch_slots, feed_slots, run_nodes)
        cached = self._compiled.get(key)
        if cached is not None:
            return cached
        producer = {}
        for i, r in enumerate(self._records):
            for k in range(r.num_outputs):
                producer[r.first + k] = i
        fed = set(feed_slots)
        by_node = {r.node: i for i, r in enumerate(self._records)}  # tf.control_dependencies name nodes
        needed = set()
        stack = [producer[s] for s in fetch_slots if s in producer and s not in fed] + list(run_nodes)
        while stack:
            i = stack.pop()
            if i in needed:
                continue
            needed.add(i)
            stack.extend(producer[s] for s in self._records[i].slots if s in producer and s not in fed)
            stack.extend(by_node[j] for j in self.control_deps.get(self._records[i].node, ()) if j in by_node)
        core = _C.Graph(len(feed_slots))
        mapping = {s: k for k, s in enumerate(feed_slots)}

        def slot(s):
            if s in mapping:
                return mapping[s]
            if s in self._constants:
                mapping[s] = core.add_constant(self._constants[s])
                return mapping[s]
            if s in self._placeholders:
                name, dtype, shape, frames = self._placeholders[s]
                dims = "<unknown>" if shape.rank is None else "[" + ",".join(
                    "?" if d is None else str(d) for d in shape.as_list()) + "]"
                raise error_in_node(errors.InvalidArgumentError, name, frames,
                                    f"You must feed a value for placeholder tensor '{name}' with dtype "
                                    f"{dtypes.core_name(dtype)} and shape {dims}",
                                    Operation(self, name, "Placeholder", []))
            raise errors.InvalidArgumentError(None, None, "a fetched value depends on nothing the graph can compute")

        records = []
        for i, r in enumerate(self._records):
            if i not in needed:
                continue
            first = r.add(core, [slot(s) for s in r.slots])
            records.append(i)
            for k in range(r.num_outputs):
                mapping[r.first + k] = first + k
        core.set_outputs([slot(s) for s in fetch_slots])
        self._compiled[key] = core, records
        return core, records


class _DefaultGraph:
    """`with graph.as_default():` records the block's ops into the graph."""

    def __init__(self, graph):
        self._graph = graph

    def __enter__(self):
        _push(self._graph)
        return self._graph

    def __exit__(self, *exc):
        _pop(self._graph)
        return False


class _recording:
    """Records into `graph` while active, whether or not it is the default graph now (the read a
    Session's fetch needs)."""

    def __init__(self, graph):
        self._graph = graph
        self._entered = False

    def __enter__(self):
        if func_graph.current() is not self._graph:
            _push(self._graph)
            self._entered = True
        return self

    def __exit__(self, *exc):
        if self._entered:
            _pop(self._graph)
        return False


class _DefaultStack(threading.local):
    def __init__(self):
        self.stack = []


_default = _DefaultStack()
_global = {"graph": None, "eager": True}


class _Building:
    """How many TensorFlow 1 graphs are being built (on any thread): while any is, each update's
    result (an UnreadVariable, made in the core) is tied to its update's record."""

    lock = threading.Lock()
    count = 0


def _tie_to_update(unread):
    graph = func_graph.current()
    if isinstance(graph, Graph):
        record = graph._last_update.get(_C.resource_id(unread))
        if record is not None:  # just recorded: the update that returned `unread`
            unread.__dict__["_update_record"] = (weakref.ref(graph), record)


def recorded_update(graph, unread):
    """The record of the update that returned `unread` in `graph` (None if it was not made there)."""
    tie = unread.__dict__.get("_update_record")
    return tie[1] if tie is not None and tie[0]() is graph else None


def _push(graph):
    with _Building.lock:
        _Building.count += 1
        if _Building.count == 1:
            _C._set_unread_callback(_tie_to_update)
    graph.__enter__()
    watch = variables.watching_creation(_VariableWatcher(graph))
    watch.__enter__()
    # TensorFlow 1 differentiates a graph after it is built (tf.gradients, Optimizer.minimize): a
    # persistent tape records the graph's ops as they are recorded (on their symbolic tensors).
    tape = GradientTape(persistent=True)
    tape._shapes_input_gradients = True  # tf.gradients gives each input's gradient the input's shape
    tape.__enter__()
    graph._tapes.append(tape)
    _default.stack.append((graph, watch))


def _pop(graph):
    _, watch = _default.stack.pop()
    tape = graph._tapes.pop()
    tape.__exit__(None, None, None)
    watch.__exit__(None, None, None)
    graph.__exit__(None, None, None)
    with _Building.lock:
        _Building.count -= 1
        if _Building.count == 0:
            _C._set_unread_callback(None)


def get_default_graph():
    """The graph ops go to: the innermost `as_default()` graph, else the global default graph."""
    if _default.stack:
        return _default.stack[-1][0]
    if _global["graph"] is None:
        _global["graph"] = Graph()
    return _global["graph"]


def reset_default_graph():
    """A new global default graph (TensorFlow refuses inside a `with g.as_default()` block)."""
    if _default.stack and not (_global["graph"] is not None and [g for g, _ in _default.stack] == [_global["graph"]]):
        raise AssertionError("Do not use tf.reset_default_graph() to clear nested graphs. If you need a cleared "
                             "graph, exit the nesting and create a new graph.")
    old = _global["graph"]
    eager_off = not _global["eager"]
    if eager_off and old is not None:
        _pop(old)
    _global["graph"] = Graph()
    if eager_off:
        _push(_global["graph"])


def disable_eager_execution():
    """From now on ops build into the default graph (TensorFlow 1 graph mode, for this program)."""
    if not _global["eager"]:
        return
    _global["eager"] = False
    _push(get_default_graph())


def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """Turns eager execution back on after disable_eager_execution() (tf.compat.v1.enable_eager_execution)."""
    if _global["eager"]:
        return
    _global["eager"] = True
    if _default.stack and _default.stack[0][0] is _global["graph"]:
        _pop(_global["graph"])


def eager_disabled():
    return not _global["eager"]


current_graph = func_graph.tf1_graph


def is_graph_tensor(x):
    return isinstance(x, Tensor) and func_graph.info_of(x) is not None
