"""`tf.saved_model.save` of a `tf.Module` or a Keras model: its variables and its `tf.function`s,
written as TensorFlow 2.21 writes them, so TensorFlow's
`tf.saved_model.load` and `saved_model_cli` read the directory, and varrt's load does too.

- Each `tf.function` is written with its concrete functions: the one of its input signature, or
  else every trace made so far (a function never called is written with none, as TensorFlow does).
- `variables/variables`: a checkpoint (the tensor-bundle format of varrt's checkpoint writer) whose
  object graph has the SavedObjectGraph's nodes, numbered the same (root 0, its attributes, the
  functions, the signature map, the traces), variables under `PATH/.ATTRIBUTES/VARIABLE_VALUE`.
- `saved_model.pb`: one MetaGraphDef tagged "serve"; its library holds each traced function
  (function_def_builder.py) and each signature's wrapper, which calls the traced function with
  `StatefulPartitionedCall` and returns a dict (`output_0`, ... or the function's own keys); its
  graph holds the serving placeholders, the variables' handles and the call TensorFlow 1's
  loaders and saved_model_cli read through the signature_def map. Maps are written by key
  (deterministically), the bytes fingerprint.pb hashes.
- `fingerprint.pb` (fingerprinting.py) and an empty `assets/`, as TensorFlow writes them.
- A Keras model is saved as the object it is (its layers and variables), with Keras's serving
  function (`model._default_save_signature()`, TensorFlow's `_default_save_signature` child) as
  its "serving_default" signature; `model.export` saves an ExportArchive (models/export_archive.py).
- Functions are listed by attribute name, as TensorFlow's AutoTrackable lists them.
- `meta_info_def.tensorflow_version` is "2.21.0", the TensorFlow varrt matches, and
  `tensorflow_git_version` names varrt ("varrt-VERSION"), so a reader can tell who wrote it.

- The saver (saver.py): the save and restore functions and the `saver_def` TensorFlow 1's loaders
  (`tf.compat.v1.saved_model.loader.load`, `saved_model_cli run`) restore variables with.

Not yet (NotImplementedError naming it): functions with control flow or Python calls, signatures taking keyword arguments, assets, custom gradients, SaveOptions.
"""
import importlib.metadata
import os

from varrt.base import nest
from varrt.checkpoint import object_graph
from varrt.checkpoint.checkpoint import _string_tensor
from varrt.framework.tensor import Tensor
from varrt.framework.tensor_spec import TensorSpec
from varrt.framework.variables import Variable
from varrt.graph.function import ConcreteFunction, Function
from varrt.saved_model import function_def_builder, save_options, saver, structured_value
from varrt.saved_model.constants import (ASSETS_DIRECTORY, DEFAULT_SERVING_SIGNATURE_DEF_KEY, PREDICT_METHOD_NAME,
                                         SERVING, VARIABLES_DIRECTORY, VARIABLES_FILENAME)
from varrt.saved_model.fingerprinting import write_fingerprint
from varrt.saved_model.proto import Message
from varrt.saved_model.saved_model_file import SAVED_MODEL_MESSAGE, write_saved_model
from varrt.trackable import tracking
from varrt import _C

TENSORFLOW_VERSION = "2.21.0"
_GRAPH_VERSIONS = {"producer": 2474, "min_consumer": 12}  # TensorFlow 2.21's GraphDef versions
_OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_USER_OBJECT_VERSION = {"producer": 1, "min_consumer": 1}
_RESOURCE = 20
_DEFAULT_SIGNATURE_ATTR = "_default_save_signature"
_INIT_OP_KEY = "__saved_model_init_op"


def _functions_of(obj):
    """(attribute name, bound Function) of the tf.functions on `obj`: a Keras model's serving
    function first, then the others by name."""
    # By name, as TensorFlow's AutoTrackable lists them (dir()).
    names = {n for klass in type(obj).__mro__ for n, v in vars(klass).items() if isinstance(v, Function)}
    names = sorted(names | {n for n, v in vars(obj).items() if isinstance(v, Function)})
    out = []
    # A Keras model's serving function (Keras's TFLayer adds it to the children TensorFlow saves).
    default = getattr(obj, _DEFAULT_SIGNATURE_ATTR, None)
    default = default() if callable(default) and not isinstance(default, Function) else default
    if isinstance(default, Function):
        out.append((_DEFAULT_SIGNATURE_ATTR, default))
    for name in [n for n in names if n != _DEFAULT_SIGNATURE_ATTR or not out]:
        out.append((name, getattr(obj, name)))
    return out


def _concrete_functions_of(fn):
    """The concrete functions TensorFlow exports for a tf.function: the one of its input
    signature, else every trace made so far, in tracing order (none if it was never called)."""
    if fn.input_signature is not None:
        return [fn.get_concrete_function()]
    return fn._list_all_concrete_functions_for_serialization()


_tensor_spec = structured_value.tensor_spec_fields


def _input_names(fn, specs):
    """[(name, spec)] of the tensors `specs` (the function's positional arguments) flattened, as
    TensorFlow names a function's inputs: a spec's own name, else its argument's name, suffixed
    _1, _2, ... for the later tensors of a nested argument."""
    arg_names = _arg_names(fn)
    out = []
    for i, arg in enumerate(specs):
        base = arg_names[i] if i < len(arg_names) else f"args_{i}"
        leaves = [s for s in nest.flatten(arg) if isinstance(s, TensorSpec)]
        out += [(s.name or (base if k == 0 else f"{base}_{k}"), s) for k, s in enumerate(leaves)]
    return out


def _fullargspec(args, kwonlyargs=(), defaults=()):
    def strings(values):
        return {"list_value": {"values": [{"string_value": v} for v in values]} if values else {}}
    none = {"none_value": {}}
    return {"named_tuple_value": {"name": "FullArgSpec", "values": [
        {"key": "args", "value": strings(args)}, {"key": "varargs", "value": none},
        {"key": "varkw", "value": none},
        {"key": "defaults", "value": structured_value.encode(tuple(defaults)) if defaults else none},
        {"key": "kwonlyargs", "value": strings(kwonlyargs)}, {"key": "kwonlydefaults", "value": none},
        {"key": "annotations", "value": {"dict_value": {}}}]}}


def _defaults(fn):
    """The default values of the function's trailing positional arguments (FullArgSpec.defaults)."""
    params = [p for n, p in fn._signature.parameters.items() if n != "self"] if fn._signature is not None else []
    out = []
    for p in params:
        if p.default is p.empty:
            out = []
        elif p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            out.append(p.default)
    return out


def _arg_names(fn):
    params = list(fn._signature.parameters) if fn._signature is not None else []
    return [p for p in params if p != "self"]


class _Export:
    def __init__(self, obj):
        self.library = []  # FunctionDef fields
        self.concrete = {}  # name -> SavedConcreteFunction fields
        self.counter = 0

    def name(self, base):
        self.counter += 1
        return f"__inference_{base}_{self.counter}"


def _output_structure(cf):
    return cf.structured_outputs


def _output_signature(structure):
    def leaf(t, key=None):
        if t is None:  # a function returning nothing (or None in its structure)
            return {"none_value": {}}
        return _tensor_spec(TensorSpec(t.shape, t.dtype), key if key is not None else "")
    if structure is None:
        return leaf(None)
    if isinstance(structure, dict):
        return {"dict_value": {"fields": {k: leaf(v, k) for k, v in structure.items()}}}
    if isinstance(structure, (tuple, list)):
        kind = "tuple_value" if isinstance(structure, tuple) else "list_value"
        return {kind: {"values": [leaf(v) for v in structure]}}
    return leaf(structure, "unknown")


def _signature_outputs(structure):
    """[(output key, position among the flat outputs)]: TensorFlow names a signature's outputs by
    the function's dict keys, else output_0, output_1, ..."""
    flat = nest.flatten(structure)
    if isinstance(structure, dict):
        return [(k, i) for i, k in enumerate(sorted(structure))]
    return [(f"output_{i}", i) for i in range(len(flat))]


def save(obj, export_dir, signatures=None, options=None):
    """Exports `obj` (a tf.Module) to `export_dir` as a SavedModel TensorFlow 2.21 loads.

    Args:
        obj: A `tf.Module` holding `tf.Variable`s and `tf.function`s (those without an
            `input_signature` are saved with the traces made so far), or a Keras model (served by its `_default_save_signature`).
        export_dir: The directory to write (`saved_model.pb`, `variables/`).
        signatures: A concrete function or a `tf.function` with an input signature, or a dict of
            them by signature key; by default TensorFlow's choice (the root's one `tf.function`
            with an input signature, served as "serving_default").
        options: A `tf.saved_model.SaveOptions` (the options varrt does not act on raise
            NotImplementedError naming them).

    Raises:
        NotImplementedError: For what varrt does not export yet, naming it: control flow, the
            gradients of `tf.custom_gradient` functions (unless the options leave them out), some
            SaveOptions.
    """
    options = save_options.SaveOptions() if options is None else options
    if not isinstance(options, save_options.SaveOptions):
        raise TypeError(f"tf.saved_model.save: `options` must be a tf.saved_model.SaveOptions, got {options!r}")
    refusal = save_options.save_option_refusal(options)
    if refusal is not None:
        raise refusal
    export_dir = os.fspath(export_dir)
    graph = tracking.ObjectGraph(obj)
    nodes = []  # SavedObject fields
    for i, o in enumerate(graph.objects):
        if isinstance(o, Variable):
            nodes.append({"variable": {"dtype": o.dtype._enum, "shape": function_def_builder._shape_fields(o.shape),
                                       "trainable": bool(o.trainable), "name": tracking.full_name(o)}})
        else:
            identifier = {list: "trackable_list_wrapper", dict: "trackable_dict_wrapper",
                          tuple: "trackable_tuple_wrapper"}
            ident = next((v for k, v in identifier.items() if isinstance(o, k)), "_generic_user_object")
            nodes.append({"user_object": {"identifier": ident, "version": dict(_USER_OBJECT_VERSION)}})
        nodes[-1]["children"] = [{"node_id": j, "local_name": n} for n, j in graph.edges[i]]
    var_node = {id(o): i for i, o in enumerate(graph.objects) if isinstance(o, Variable)}
    export = _Export(obj)
    traced = {}  # id(ConcreteFunction) -> (function name, its variables)

    def add_concrete(cf, base):
        if id(cf) in traced:
            return traced[id(cf)]
        fname = export.name(base)
        fdef, variables = function_def_builder.build(cf, fname, options.experimental_custom_gradients)
        for v in variables:
            if id(v) not in var_node:
                raise NotImplementedError(f"tf.saved_model.save: the function {base} reads the variable {v.name}, "
                                          f"which the exported object does not hold (varrt exports only variables "
                                          f"tracked by it yet)")
        export.library.append(fdef)
        args, kwargs = cf.structured_input_signature
        export.concrete[fname] = {
            "bound_inputs": [var_node[id(v)] for v in variables],
            "canonicalized_input_signature": structured_value.encode((tuple(args), dict(kwargs))),
            "output_signature": _output_signature(_output_structure(cf))}
        traced[id(cf)] = (fname, variables)
        return traced[id(cf)]

    bare = []  # (parent node, local name, bare_concrete_function fields)
    candidates = []  # the root's functions TensorFlow may make its default signature
    owners = [(i, o) for i, o in enumerate(graph.objects) if "user_object" in nodes[i]
              and nodes[i]["user_object"]["identifier"] == "_generic_user_object"]
    for owner, attr_name, fn in [(i, n, f) for i, o in owners for n, f in _functions_of(o)]:
        names = _arg_names(fn)
        signature = fn.input_signature
        fnames = []
        node_id = len(nodes)
        nodes.append({"function": {"concrete_functions": fnames}, "children": []})
        nodes[owner]["children"].append({"node_id": node_id, "local_name": attr_name})
        for k, cf in enumerate(_concrete_functions_of(fn)):
            fname, _ = add_concrete(cf, fn.name)
            fnames.append(fname)
            # A trace's own keywords: the names of its tensor inputs (TensorFlow's _arg_keywords).
            keywords = [n for n, _ in _input_names(fn, signature if signature is not None
                                                   else cf.structured_input_signature[0])]
            # TensorFlow writes the defaults into a trace's spec only when the function has an input
            # signature (the trace of a call without one has its arguments bound already).
            bare.append((node_id, f"trace_{k}", {
                "concrete_function_name": fname, "argument_keywords": keywords,
                "allowed_positional_arguments": len(keywords),
                "function_spec": {"fullargspec": _fullargspec(names, defaults=_defaults(fn) if signature is not None
                                                              else ()),
                                  "input_signature": {"none_value": {}}}}))
            if owner == 0 and signature is not None:
                candidates.append((attr_name, cf))
        nodes[node_id]["function"]["function_spec"] = {
            "fullargspec": _fullargspec(names, defaults=_defaults(fn)),
            "input_signature": structured_value.encode(tuple(signature)) if signature is not None else {"none_value": {}}}
    if signatures is None:
        default = _default_signature(candidates)
        signatures = {} if default is None else {DEFAULT_SERVING_SIGNATURE_DEF_KEY: default}
    elif not isinstance(signatures, dict):
        signatures = {DEFAULT_SERVING_SIGNATURE_DEF_KEY: signatures}
    signature_defs, graph_nodes = {}, []
    handle_nodes = _variable_nodes(graph_nodes, [o for o in graph.objects if isinstance(o, Variable)])
    # The signature map is written even when empty, as TensorFlow writes it.
    sig_map = len(nodes)
    nodes.append({"user_object": {"identifier": "signature_map", "version": dict(_USER_OBJECT_VERSION)},
                  "children": []})
    nodes[0]["children"].append({"node_id": sig_map, "local_name": "signatures"})
    if signatures:
        for key in sorted(signatures):
            cf = signatures[key]
            if isinstance(cf, Function):
                cf = cf.get_concrete_function()
            if not isinstance(cf, ConcreteFunction):
                raise ValueError(f"Expected a TensorFlow function for which to generate a signature, but got {cf}.")
            wrapper, inputs, outputs, variables = _signature_wrapper(export, add_concrete, cf, key, var_node)
            bare.append((sig_map, key, {
                "concrete_function_name": wrapper, "argument_keywords": [n for n, _ in inputs],
                "allowed_positional_arguments": len(inputs),
                "function_spec": {"fullargspec": _fullargspec([], [n for n, _ in inputs]),
                                  "input_signature": {"none_value": {}}}}))
            signature_defs[key] = _graph_call(graph_nodes, handle_nodes, wrapper, key, inputs, outputs, variables,
                                              graph.objects, var_node)
    # TensorFlow's loaders run the init op after restoring; nothing is left to initialize here.
    graph_nodes.append({"name": "NoOp", "op": "NoOp"})
    signature_defs[_INIT_OP_KEY] = {"outputs": {_INIT_OP_KEY: {"name": "NoOp", "tensor_shape": {"unknown_rank": True}}}}
    for parent, local, fields in bare:
        node_id = len(nodes)
        nodes.append({"bare_concrete_function": fields, "children": []})
        nodes[parent]["children"].append({"node_id": node_id, "local_name": local})
        if "function" in nodes[parent]:
            nodes[parent].setdefault("dependencies", []).append({"node_id": node_id, "local_name": local})
    if signatures:  # the signature map lists them in the order given, as TensorFlow's (its loader's order)
        order = list(signatures)
        nodes[sig_map]["children"].sort(key=lambda c: order.index(c["local_name"]))
    keys, values, object_graph_bytes = _checkpoint(graph, nodes)
    variables = [v for v in values[:-1]]
    saver_def = None
    if not options.experimental_skip_saver:  # (TensorFlow leaves the native checkpointing functions out)
        saver_def = saver.add_saver(export.library, graph_nodes, export.name,
                                    [(k, v, tracking.full_name(v)) for k, v in zip(keys, variables)],
                                    [handle_nodes[id(v)] for v in variables], object_graph_bytes)
    _write_checkpoint(export_dir, keys, values)
    saved_model = Message(SAVED_MODEL_MESSAGE, {"saved_model_schema_version": 1, "meta_graphs": [{
        "meta_info_def": {"tags": [SERVING] + list(options.extra_tags or ()), "tensorflow_version": TENSORFLOW_VERSION,
                          "tensorflow_git_version": f"varrt-{_version()}", "stripped_default_attrs": True},
        "graph_def": {"node": graph_nodes, "library": {"function": export.library}, "versions": dict(_GRAPH_VERSIONS)},
        **({"saver_def": saver_def} if saver_def is not None else {}),
        "signature_def": signature_defs,
        "object_graph_def": {"nodes": [{k: v for k, v in n.items() if not (k == "children" and not v)} for n in nodes],
                             "concrete_functions": export.concrete}}]})
    write_saved_model(export_dir, saved_model, deterministic=True)  # the bytes the fingerprint hashes
    os.makedirs(os.path.join(export_dir, ASSETS_DIRECTORY), exist_ok=True)  # written even empty, as TensorFlow does
    write_fingerprint(export_dir, saved_model)


def _default_signature(candidates):
    """The function TensorFlow serves when `signatures` is not given (signature_serialization.py's
    find_function_to_export): the root's `_default_save_signature`, else its one function with an
    input signature if it returns tensors (TensorFlow's _valid_signature), else none (two such
    functions: no serving_default)."""
    for name, cf in candidates:
        if name == _DEFAULT_SIGNATURE_ATTR:
            return cf
    return candidates[0][1] if len(candidates) == 1 and candidates[0][1].outputs else None


def _version():
    try:
        return importlib.metadata.version("varrt")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree
        return "0.0.0"


def _signature_wrapper(export, add_concrete, cf, key, var_node):
    """The signature function of `cf`: keyword inputs, a StatefulPartitionedCall of the traced
    function, a dict of outputs. (name, [(input name, spec)], [(output key, dtype, shape)], variables)."""
    fname, variables = add_concrete(cf, key)
    args, kwargs = cf.structured_input_signature
    if kwargs:
        raise NotImplementedError(f"tf.saved_model.save: the signature {key!r} takes keyword arguments; varrt "
                                  f"exports signatures of positional arguments only yet")
    signature = cf._function.input_signature
    inputs = _input_names(cf._function, signature if signature is not None else args)
    structure = _output_structure(cf)
    flat_out = nest.flatten(structure)
    if not all(isinstance(t, Tensor) for t in flat_out):
        raise NotImplementedError(f"tf.saved_model.save: the signature {key!r} returns values that are not tensors; "
                                  f"varrt exports signatures of tensors only yet")
    keyed = _signature_outputs(structure)
    wrapper = export.name(f"signature_wrapper_{cf._function.name}")
    # The signature takes its inputs as a dict, flattened by sorted key; it calls the traced
    # function with them in that function's own order.
    call_order = [n for n, _ in inputs]
    inputs = sorted(inputs, key=lambda item: item[0])
    input_args = [{"name": n, "type": s.dtype._enum} for n, s in inputs]
    for k, v in enumerate(variables):
        input_args.append({"name": "unknown" if k == 0 else f"unknown_{k - 1}", "type": _RESOURCE, "handle_data": [
            {"dtype": v.dtype._enum, "shape": function_def_builder._shape_fields(v.shape)}]})
    tin = [s.dtype._enum for _, s in sorted(inputs, key=lambda item: call_order.index(item[0]))] + \
        [_RESOURCE] * len(variables)
    tout = [t.dtype._enum for t in flat_out]
    call_inputs = call_order + [a["name"] for a in input_args[len(inputs):]]
    fnodes = [{"name": "StatefulPartitionedCall", "op": "StatefulPartitionedCall", "input": call_inputs,
               "attr": {"Tin": {"list": {"type": tin}}, "Tout": {"list": {"type": tout}},
                        "f": {"func": {"name": fname}}}}]
    outputs, out_args, ret = [], [], {}
    flat_keys = sorted(structure) if isinstance(structure, dict) else None
    for n, (okey, pos) in enumerate(keyed):
        tensor = structure[flat_keys[pos]] if flat_keys is not None else flat_out[pos]
        ident = "Identity" if n == 0 else f"Identity_{n}"
        fnodes.append({"name": ident, "op": "Identity", "input": [f"StatefulPartitionedCall:output:{pos}"],
                       "attr": {"T": {"type": tensor.dtype._enum}}})
        oname = "identity" if n == 0 else f"identity_{n}"
        out_args.append({"name": oname, "type": tensor.dtype._enum})
        ret[oname] = f"{ident}:output:0"
        outputs.append((okey, pos, tensor))
    export.library.append({"signature": {"name": wrapper, "input_arg": input_args, "output_arg": out_args,
                                         "is_stateful": True, "control_output": ["StatefulPartitionedCall"]},
                           "node_def": fnodes, "ret": ret,
                           "control_ret": {"StatefulPartitionedCall": "StatefulPartitionedCall"}})
    export.concrete[wrapper] = {
        "bound_inputs": [var_node[id(v)] for v in variables],
        "canonicalized_input_signature": {"tuple_value": {"values": [
            {"tuple_value": {}}, {"dict_value": {"fields": {n: _tensor_spec(s, n) for n, s in inputs}}}]}},
        "output_signature": {"dict_value": {"fields": {
            k: _tensor_spec(TensorSpec(t.shape, t.dtype), k) for k, _, t in outputs}}}}
    return wrapper, inputs, outputs, variables


def _variable_nodes(graph_nodes, variables):
    """{id(variable): node name}: each variable's VarHandleOp and its read, as TensorFlow writes
    them into the MetaGraph's graph (named by the variable, "w" and "w/Read/ReadVariableOp")."""
    handle_nodes = {}
    for v in variables:
        name = base = tracking.full_name(v)
        n = 0
        while any(g["name"] == name for g in graph_nodes):
            n += 1
            name = f"{base}_{n}"
        graph_nodes.append({"name": name, "op": "VarHandleOp", "attr": {
            "dtype": {"type": v.dtype._enum}, "shape": {"shape": function_def_builder._shape_fields(v.shape)},
            "shared_name": {"s": name.encode()}, "debug_name": {"s": (name + "/").encode()}}})
        graph_nodes.append({"name": f"{name}/Read/ReadVariableOp", "op": "ReadVariableOp", "input": [name],
                            "attr": {"dtype": {"type": v.dtype._enum}}})
        handle_nodes[id(v)] = name
    return handle_nodes


def _graph_call(graph_nodes, handle_nodes, wrapper, key, inputs, outputs, variables, objects, var_node):
    """The graph's nodes calling signature `key` (its placeholders, the call on the variables'
    handles) and its SignatureDef, as TensorFlow writes them for saved_model_cli and TensorFlow 1 loaders."""
    sig_inputs = {}
    call_inputs = []
    for n, spec in inputs:
        pname = f"{key}_{n}"
        graph_nodes.append({"name": pname, "op": "Placeholder", "attr": {
            "dtype": {"type": spec.dtype._enum}, "shape": {"shape": function_def_builder._shape_fields(spec.shape)}}})
        sig_inputs[n] = {"name": f"{pname}:0", "dtype": spec.dtype._enum,
                         "tensor_shape": function_def_builder._shape_fields(spec.shape)}
        call_inputs.append(pname)
    call_inputs += [handle_nodes[id(v)] for v in variables]
    call = "StatefulPartitionedCall" + ("" if not any(g["op"] == "StatefulPartitionedCall" for g in graph_nodes)
                                        else f"_{sum(g['op'] == 'StatefulPartitionedCall' for g in graph_nodes)}")
    graph_nodes.append({"name": call, "op": "StatefulPartitionedCall", "input": call_inputs, "attr": {
        "Tin": {"list": {"type": [s.dtype._enum for _, s in inputs] + [_RESOURCE] * len(variables)}},
        "Tout": {"list": {"type": [t.dtype._enum for _, _, t in outputs]}},
        "f": {"func": {"name": wrapper}}}})
    return {"inputs": sig_inputs, "method_name": PREDICT_METHOD_NAME,
            "outputs": {k: {"name": f"{call}:{i}", "dtype": t.dtype._enum,
                            "tensor_shape": function_def_builder._shape_fields(t.shape)}
                        for i, (k, _, t) in enumerate(outputs)}}


def _checkpoint(graph, nodes):
    """(keys, values, serialized object graph) of variables/variables: the variables' values by
    their object-graph keys, in node order, then the object graph of `nodes`."""
    keys, values = [], []
    checkpoint_nodes = []
    for i, node in enumerate(nodes):
        attributes = []
        if i < len(graph.objects) and isinstance(graph.objects[i], Variable):
            var = graph.objects[i]
            key = tracking.variable_key(graph.paths[i])
            attributes = [(tracking.VARIABLE_VALUE_KEY, tracking.full_name(var), key)]
            keys.append(key)
            values.append(var)
        has_values = i < len(graph.objects) and graph.has_values[i]
        checkpoint_nodes.append(([(c["node_id"], c["local_name"]) for c in node.get("children", [])], attributes,
                                 (), None, bool(has_values)))
    encoded = object_graph.encode(checkpoint_nodes)
    return keys + [_OBJECT_GRAPH_KEY], values + [_string_tensor(encoded)], encoded


def _write_checkpoint(export_dir, keys, values):
    directory = os.path.join(export_dir, VARIABLES_DIRECTORY)
    os.makedirs(directory, exist_ok=True)
    _C.SaveSnapshot(keys, values).write(os.path.join(directory, VARIABLES_FILENAME), False)
