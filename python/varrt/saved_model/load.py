"""`tf.saved_model.load`: a SavedModel that TensorFlow wrote from a `tf.Module`, run by varrt.

The object graph becomes objects: variables restored from `variables/` (the checkpoint's object
graph names each variable's key; its nodes are numbered as the SavedModel's), `tf.function`s and
concrete functions callable as TensorFlow's restored ones are (positional or keyword arguments,
the traced function whose input signature matches), other objects as attribute holders with
their children (tracked lists and dicts as lists and dicts), and `signatures` a mapping of
keyword-only functions returning dicts. Each concrete function's FunctionDef runs through FunctionDefRunner inside `tf.function`, so it is
traced once into a varrt graph. Every op a restored function reaches must be one varrt has: a
missing one fails the load with an error naming the op and the function, before anything runs.

Not yet: assets, resources and constants in the object graph, composite tensors in signatures,
Keras models' restored layers (their functions load as for any object), LoadOptions.
"""
import os

from varrt import _C
from varrt.base import nest
from varrt.checkpoint import object_graph as checkpoint_object_graph
from varrt.checkpoint.checkpoint_utils import encode_key, open_bundle, read_array
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.framework.tensor_spec import TensorSpec
from varrt.framework.variables import Variable
from varrt.graph.function import function
from varrt.saved_model import save_options, structured_value
from varrt.saved_model.constants import VARIABLES_DIRECTORY, VARIABLES_FILENAME
from varrt.saved_model.function_def_runner import FunctionDefRunner
from varrt.saved_model.function_load_order import load_order
from varrt.saved_model.saved_model_file import read_saved_model

_OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_MISS = object()  # what a _C.TracedCalls returns for a call it does not run


class _UserObject:
    """A restored object: its children are attributes (TensorFlow's loader makes an
    AutoTrackable of the same kind); callable when it has a restored `__call__`."""

    def __call__(self, *args, **kwargs):
        call = self.__dict__.get("__call__")
        if call is None:
            raise TypeError(f"'{type(self).__name__}' object is not callable")
        return call(*args, **kwargs)


class _RestoredList(list):
    """A restored list of tracked objects (TensorFlow's loader makes a ListWrapper)."""


class _RestoredDict(dict):
    """A restored dict of tracked objects (TensorFlow's loader makes a _DictWrapper)."""


# The SavedObject identifiers of tracked containers, restored as Python containers.
_CONTAINERS = {"trackable_list_wrapper": _RestoredList, "trackable_dict_wrapper": _RestoredDict}


def _packed(structure, flat):
    """The function's outputs in their saved structure (None for a function returning nothing)."""
    return None if structure is None else nest.pack_sequence_as(structure, flat)


class _ConcreteFunction:
    """One restored concrete function: its FunctionDef traced into a varrt graph at first call."""

    def __init__(self, name, saved, runner, variables):
        self.name = name
        signature = structured_value.decode(saved.canonicalized_input_signature)
        self.structured_input_signature = signature if signature else ((), {})
        self.structured_outputs = structured_value.decode(saved.output_signature)
        self._captured = [variables[i] for i in saved.bound_inputs]
        self._runner = runner
        flat_specs = self._flat_specs = nest.flatten(self.structured_input_signature)
        args_spec, kwargs_spec = self.structured_input_signature
        # Whether a call's positional arguments are the flat tensors, in order (no keywords, no nesting).
        self._positional_tensors = not kwargs_spec and all(isinstance(s, TensorSpec) for s in args_spec)
        outputs = self.structured_outputs
        # One argument holding the flat tensors: the traced function's inputs in the FunctionDef's
        # order. The trace returns the output structure, so a call run from C (_fast) needs no
        # Python to pack it.
        self._graph = function(lambda flat: _packed(outputs, runner.run(name, list(flat) + self._captured)),
                               input_signature=[[s for s in flat_specs if isinstance(s, TensorSpec)]])
        # Calls whose flat tensors have the dtypes and shapes of one that ran, run from C without
        # the argument checks and binding in Python (what a loaded call costs over the original).
        self._fast = _C.TracedCalls(_MISS)
        self._fast_calls = [0]  # the calls such caches ran (TracedCalls counts them here)

    def matches(self, args, kwargs):
        """Whether these call arguments fit the traced signature (tensors by dtype and shape,
        other values by equality)."""
        try:
            nest.assert_same_structure((tuple(args), dict(kwargs)), self.structured_input_signature)
        except (ValueError, TypeError):
            return False
        for value, spec in zip(nest.flatten((tuple(args), dict(kwargs))), nest.flatten(self.structured_input_signature)):
            if isinstance(spec, TensorSpec):
                try:
                    tensor = convert_to_tensor(value, dtype=spec.dtype)
                except (TypeError, ValueError):
                    return False
                if not spec.shape.is_compatible_with(tensor.shape):
                    return False
            elif value != spec:
                return False
        return True

    def call_flat(self, args, kwargs):
        flat = [convert_to_tensor(v, dtype=s.dtype) for v, s in
                zip(nest.flatten((tuple(args), dict(kwargs))), self._flat_specs) if isinstance(s, TensorSpec)]
        return self._call_tensors(flat)

    def _call_tensors(self, flat):
        return self._graph(flat)

    def cache_call(self, calls, tensors):
        """After a call that ran this function on `tensors` (its flat inputs), lets `calls` (a
        _C.TracedCalls) run later calls with the same dtypes and shapes from C, when the tensors
        are plain eager Tensors (the cache keys on nothing else)."""
        if all(type(t) is Tensor for t in tensors):
            # The trace is the one the call just ran; _cache_in is how tf.function caches its own.
            self._graph.get_concrete_function()._cache_in(calls, tuple(tensors), self._fast_calls)

    def __call__(self, *args, **kwargs):
        result = self._fast(*args, **kwargs)
        if result is not _MISS:
            return result
        result = self.call_flat(args, kwargs)
        if self._positional_tensors and not kwargs and len(args) == len(self._flat_specs):
            self.cache_call(self._fast, args)
        return result


class _SignatureFunction(_ConcreteFunction):
    """A serving signature: keyword arguments only, outputs a dict."""

    def __init__(self, *args):
        super().__init__(*args)
        self._inputs = sorted(self.structured_input_signature[1].items())  # flattened as a dict: by key

    def __call__(self, *args, **kwargs):
        if args:
            raise TypeError(f"{self.name}(...) takes the signature's inputs as keyword arguments only; "
                            f"got {len(args)} positional")
        if len(kwargs) != len(self._inputs) or any(k not in kwargs for k, _ in self._inputs):
            raise TypeError(f"{self.name}(...) takes the keyword arguments {[k for k, _ in self._inputs]}; "
                            f"got {sorted(kwargs)}")
        values = [kwargs[k] for k, _ in self._inputs]
        result = self._fast(*values)
        if result is not _MISS:
            return result
        result = self._call_tensors([convert_to_tensor(v, dtype=spec.dtype) for v, (_, spec) in zip(values, self._inputs)])
        self.cache_call(self._fast, values)
        return result


class _RestoredFunction:
    """A restored tf.function: calls the concrete function traced for matching arguments."""

    def __init__(self, name, spec, concrete_functions):
        self.__name__ = name
        self._concrete_functions = concrete_functions
        self._fast = _C.TracedCalls(_MISS)  # calls that matched a concrete function before (see cache_call)
        fullargspec = structured_value.decode(spec.fullargspec) if spec.HasField("fullargspec") else None
        args = list(fullargspec.args) if fullargspec is not None else []
        self._arg_names = args[1:] if spec.is_method and args[:1] == ["self"] else args
        defaults = fullargspec.defaults if fullargspec is not None else None
        self._defaults = dict(zip(self._arg_names[len(self._arg_names) - len(defaults):], defaults)) if defaults else {}

    def __call__(self, *args, **kwargs):
        result = self._fast(*args, **kwargs)
        if result is not _MISS:
            return result
        if not self._concrete_functions:  # a tf.function saved before its first call
            raise ValueError("Found zero restored functions for caller function.")
        positional_only = not kwargs
        bound = list(args)
        for name in self._arg_names[len(args):]:
            if name in kwargs:
                bound.append(kwargs.pop(name))
            elif name in self._defaults:
                bound.append(self._defaults[name])
            else:
                break
        for concrete in self._concrete_functions:
            if concrete.matches(bound, kwargs):
                result = concrete.call_flat(bound, kwargs)
                if positional_only and len(bound) == len(args) and concrete._positional_tensors:
                    concrete.cache_call(self._fast, args)  # the same dtypes and shapes match the same trace
                return result
        raise ValueError(self._no_match_text(bound, kwargs))

    def _no_match_text(self, args, kwargs):
        """TensorFlow's text for a call no concrete function matches: the call's arguments (a
        tensor as the symbolic input TensorFlow converted it to, named by its parameter), then
        each trace's input signature as an option."""
        def described(values, names):
            def item(value, name):
                if isinstance(value, Tensor):
                    return f"<tf.Tensor '{name}:0' shape={value.shape} dtype={value.dtype.name}>"
                return repr(value)
            lines = [f"  Positional arguments ({len(values)} total):"]
            lines += [f"    * {item(v, names[i] if i < len(names) else f'args_{i}')}" for i, v in enumerate(values)]
            return lines
        got = described(args, self._arg_names) + [f"  Keyword arguments: {kwargs!r}"]
        options = []
        for n, concrete in enumerate(self._concrete_functions):
            spec_args, spec_kwargs = concrete.structured_input_signature
            options += ["", f"Option {n + 1}:"] + described(spec_args, self._arg_names) + \
                [f"  Keyword arguments: {spec_kwargs!r}"]
        return "\n".join(["Could not find matching concrete function to call loaded from the SavedModel. Got:"] + got +
                         ["", f" Expected these arguments to match one of the following "
                              f"{len(self._concrete_functions)} option(s):"] + options)

    def concrete_functions(self):
        return list(self._concrete_functions)


def _restore_variables(export_dir, object_graph):
    """{node id: Variable} from the checkpoint in export_dir/variables."""
    prefix = os.path.join(os.fspath(export_dir), VARIABLES_DIRECTORY, VARIABLES_FILENAME)
    bundle = open_bundle(prefix)
    checkpoint_nodes = checkpoint_object_graph.decode(read_array(bundle, encode_key(_OBJECT_GRAPH_KEY))[()])
    variables = {}
    for i, node in enumerate(object_graph.nodes):
        if node.WhichOneof("kind") != "variable":
            continue
        saved = node.variable
        keys = [a.checkpoint_key for a in checkpoint_nodes[i].attributes if a.name == "VARIABLE_VALUE"] \
            if i < len(checkpoint_nodes) else []
        if not keys:
            raise ValueError(f"the SavedModel's variable {saved.name!r} (node {i}) has no value in {prefix}")
        # The core's tensor, read straight from the mapped shard into the buffer the variable
        # then owns: no NumPy array in between (a copy of the whole model).
        variables[i] = Variable(Tensor._wrap(bundle.read(encode_key(keys[0]))), name=saved.name or None,
                                trainable=saved.trainable)
    return variables


def _select_meta_graph(saved_model, tags, export_dir):
    """The MetaGraphDef to load, with TensorFlow's errors (load.py's load_partial)."""
    meta_graphs = list(saved_model.meta_graphs)
    tags = [tags] if isinstance(tags, str) else (list(tags) if tags is not None else None)
    if len(meta_graphs) == 1:
        meta_graph = meta_graphs[0]
        if tags is not None and set(tags) != set(meta_graph.meta_info_def.tags):
            raise ValueError(f"Got an incompatible argument to `tags`: {tags}. The SavedModel at {export_dir} has one "
                             f"MetaGraph with tags {list(meta_graph.meta_info_def.tags)}. You may omit the argument, "
                             f"pass 'None', or pass matching tags.")
        return meta_graph
    if tags is None:
        raise ValueError(f"Importing a SavedModel with `tf.saved_model.load` requires a `tags=` argument if "
                         f"there is more than one MetaGraph. Got `tags=None`, but there are {len(meta_graphs)} "
                         f"MetaGraphs in the SavedModel with tag sets: "
                         f"{[list(m.meta_info_def.tags) for m in meta_graphs]}. Pass a `tags=` argument to load "
                         f"this SavedModel.")
    # TensorFlow loads one of several MetaGraphs through its TF1 loader (load_v1_in_v2).
    raise NotImplementedError("tf.saved_model.load: varrt does not load SavedModels with several MetaGraphs yet")


def load(export_dir, tags=None, options=None):
    """Loads the SavedModel in `export_dir` (see the module's docstring for what it restores)."""
    if options is not None:
        refusal = save_options.load_option_refusal(options)
        if refusal is not None:
            raise refusal
    saved_model = read_saved_model(export_dir)
    meta_graph = _select_meta_graph(saved_model, tags, export_dir)
    object_graph = meta_graph.object_graph_def
    nodes = list(object_graph.nodes)
    load_order(meta_graph.graph_def.library)  # TensorFlow's ValueError for functions calling each other in a cycle
    runner = FunctionDefRunner(meta_graph.graph_def.library)
    function_names = set()
    for node in nodes:
        kind = node.WhichOneof("kind")
        if kind == "function":
            function_names.update(node.function.concrete_functions)
        elif kind == "bare_concrete_function":
            function_names.add(node.bare_concrete_function.concrete_function_name)
        elif kind in ("asset", "constant", "resource", "captured_tensor"):
            raise NotImplementedError(f"tf.saved_model.load: varrt cannot restore a SavedModel object of kind "
                                      f"{kind} yet")
    for name in sorted(function_names):
        missing = runner.missing_ops(name)
        if missing:
            fname, op = missing[0]
            raise NotImplementedError(f"tf.saved_model.load: the SavedModel's function {name} uses the op {op} "
                                      f"(in {fname}), which varrt does not have")
    variables = _restore_variables(export_dir, object_graph)
    signature_map, signature_nodes = None, set()  # the root's "signatures" object and its functions
    for child in nodes[0].children if nodes else ():
        if child.local_name == "signatures" and child.node_id != 0:
            signature_map = child.node_id
            signature_nodes = {c.node_id for c in nodes[child.node_id].children
                               if nodes[c.node_id].WhichOneof("kind") == "bare_concrete_function"}

    def concrete(name, cls=_ConcreteFunction):
        return cls(name, object_graph.concrete_functions[name], runner, variables)

    objects = {}
    for i, node in enumerate(nodes):  # every object first, then their children (the graph may have cycles)
        kind = node.WhichOneof("kind")
        if kind == "variable":
            objects[i] = variables[i]
        elif kind == "function":
            objects[i] = _RestoredFunction("", node.function.function_spec,
                                           [concrete(n) for n in node.function.concrete_functions])
        elif kind == "bare_concrete_function":
            cls = _SignatureFunction if i in signature_nodes else _ConcreteFunction
            objects[i] = concrete(node.bare_concrete_function.concrete_function_name, cls)
        elif i == signature_map:
            objects[i] = {}
        elif kind == "user_object" and node.user_object.identifier in _CONTAINERS:
            objects[i] = _CONTAINERS[node.user_object.identifier]()
        else:
            objects[i] = _UserObject()
    for i, node in enumerate(nodes):
        holder = objects[i]
        if isinstance(holder, _RestoredList):  # its children are named by index
            holder.extend(objects[c.node_id] for c in sorted(node.children, key=lambda c: int(c.local_name)))
            continue
        for child in node.children:
            if isinstance(holder, _RestoredDict):
                holder[child.local_name] = objects[child.node_id]
            elif isinstance(holder, dict):
                if child.node_id in signature_nodes:  # the signature map holds functions only
                    holder[child.local_name] = objects[child.node_id]
            elif isinstance(holder, _UserObject):
                setattr(holder, child.local_name, objects[child.node_id])
                if isinstance(objects[child.node_id], _RestoredFunction):
                    objects[child.node_id].__name__ = child.local_name
    return objects[0]
