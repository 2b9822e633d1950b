"""The saver of an export: what TensorFlow's `tf.saved_model.save` adds so that TensorFlow 1's
loaders (`tf.compat.v1.saved_model.loader.load`, `saved_model_cli run`) restore the variables
(save.py calls `add_saver`). As TensorFlow 2.21 writes it (checked against its exports):

- `__inference__traced_save_N(file_prefix, variables..., object_graph)`: writes the variables
  and the object graph under their checkpoint keys with SaveV2 into a temporary shard
  (`<prefix>_temp/part-00000-of-00001`, or `<prefix>.part` for s3:// paths: StaticRegexFullMatch,
  Select, StringJoin, ShardedFilename), then merges it into `file_prefix` (Pack,
  MergeV2Checkpoints); each variable read after DisableCopyOnRead. Returns the prefix.
- `__inference__traced_restore_N(file_prefix, variables...)`: RestoreV2 of the same keys, one
  AssignVariableOp per variable. Returns the prefix.
- In the MetaGraph's graph: the object graph as a string Const, the `saver_filename` placeholder
  and one StatefulPartitionedCall of each function on the variables' handles; the SaverDef names
  them (V2 format).

The ops are op-table records without kernels (ops/defs/io_defs.py): varrt's loader never runs
these functions (it restores through the object graph, as TensorFlow 2's does)."""
_STRING, _INT32, _BOOL, _RESOURCE = 7, 3, 10, 20
_CPU = "/device:CPU:0"
_OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_SAVER_DEF_V2 = 2


def _string_tensor(values, shape=None):
    fields = {"dtype": _STRING, "tensor_shape": {} if shape is None else {"dim": [{"size": d} for d in shape]},
              "string_val": [v if isinstance(v, bytes) else v.encode() for v in values]}
    return {"tensor": fields}


def _const(name, value, dtype, device=_CPU):
    node = {"name": name, "op": "Const", "attr": {"dtype": {"type": dtype}, "value": value}}
    if device:
        node["device"] = device
    return node


def _arg_name(node_name, index, variable_name):
    """A resource argument's name, TensorFlow's: its first consumer's node name and the variable's
    name, lower case, "/" as "_" (read_1_disablecopyonread_bias)."""
    if index:
        base = node_name.replace("/", f"_{index}/", 1) if "/" in node_name else f"{node_name}_{index}"
    else:
        base = node_name
    clean = "".join(c if c.isalnum() else "_" for c in variable_name.lower())
    return f"{base.lower().replace('/', '_')}_{clean}"


def _save_function(name, entries):
    """The FunctionDef of `_traced_save`: entries are (checkpoint key, variable, variable name)."""
    args = [{"name": "file_prefix", "type": _STRING}]
    nodes = [
        {"name": "StaticRegexFullMatch", "op": "StaticRegexFullMatch", "input": ["file_prefix"],
         "device": "/device:CPU:*", "attr": {"pattern": {"s": b"^s3://.*"}}},
        _const("Const", _string_tensor([".part"]), _STRING, "/device:CPU:*"),
        _const("Const_1", _string_tensor(["_temp/part"]), _STRING, "/device:CPU:*"),
        {"name": "Select", "op": "Select", "input": ["StaticRegexFullMatch:output:0", "Const:output:0",
                                                     "Const_1:output:0"],
         "device": "/device:CPU:*", "attr": {"T": {"type": _STRING}}},
        {"name": "StringJoin", "op": "StringJoin", "input": ["file_prefix", "Select:output:0"],
         "device": "/device:CPU:*", "attr": {"N": {"i": 2}}},
    ]
    saved, control = [], []
    for k, (_, var, var_name) in enumerate(entries):
        read = "Read" if k == 0 else f"Read_{k}"
        arg = _arg_name("Read/DisableCopyOnRead", k, var_name)
        args.append({"name": arg, "type": _RESOURCE})
        first, second = ("Identity", "Identity_1") if k == 0 else (f"Identity_{2 * k}", f"Identity_{2 * k + 1}")
        nodes += [
            {"name": f"{read}/DisableCopyOnRead", "op": "DisableCopyOnRead", "input": [arg]},
            {"name": f"{read}/ReadVariableOp", "op": "ReadVariableOp", "input": [arg, f"^{read}/DisableCopyOnRead"],
             "attr": {"dtype": {"type": var.dtype._enum}}},
            {"name": first, "op": "Identity", "input": [f"{read}/ReadVariableOp:value:0"],
             "attr": {"T": {"type": var.dtype._enum}}},
            {"name": second, "op": "Identity", "input": [f"{first}:output:0"], "device": _CPU,
             "attr": {"T": {"type": var.dtype._enum}}}]
        saved.append(f"{second}:output:0")
        control += [f"{read}/DisableCopyOnRead", f"{read}/ReadVariableOp"]
    args.append({"name": "savev2_const", "type": _STRING})
    keys = [key for key, _, _ in entries] + [_OBJECT_GRAPH_KEY]
    n = 2 * len(entries)
    nodes += [
        _const("num_shards", {"tensor": {"dtype": _INT32, "tensor_shape": {}, "int_val": [1]}}, _INT32, None),
        _const("ShardedFilename/shard", {"tensor": {"dtype": _INT32, "tensor_shape": {}, "int_val": [0]}}, _INT32),
        {"name": "ShardedFilename", "op": "ShardedFilename", "device": _CPU,
         "input": ["StringJoin:output:0", "ShardedFilename/shard:output:0", "num_shards:output:0"]},
        _const("SaveV2/tensor_names", _string_tensor(keys, [len(keys)]), _STRING),
        _const("SaveV2/shape_and_slices", _string_tensor([""] * len(keys), [len(keys)]), _STRING),
        {"name": "SaveV2", "op": "SaveV2", "device": _CPU,
         "input": ["ShardedFilename:filename:0", "SaveV2/tensor_names:output:0", "SaveV2/shape_and_slices:output:0"]
         + saved + ["savev2_const"],
         "attr": {"dtypes": {"list": {"type": [var.dtype._enum for _, var, _ in entries] + [_STRING]}}}},
        {"name": "MergeV2Checkpoints/checkpoint_prefixes", "op": "Pack", "device": _CPU,
         "input": ["ShardedFilename:filename:0", "^SaveV2"], "attr": {"N": {"i": 1}, "T": {"type": _STRING}}},
        {"name": "MergeV2Checkpoints", "op": "MergeV2Checkpoints", "device": _CPU,
         "input": ["MergeV2Checkpoints/checkpoint_prefixes:output:0", "file_prefix"]},
        {"name": f"Identity_{n}", "op": "Identity", "input": ["file_prefix", "^MergeV2Checkpoints"], "device": _CPU,
         "attr": {"T": {"type": _STRING}}},
        {"name": f"Identity_{n + 1}", "op": "Identity", "input": [f"Identity_{n}:output:0", "^NoOp"],
         "attr": {"T": {"type": _STRING}}},
        {"name": "NoOp", "op": "NoOp", "input": ["^" + c for c in sorted(["MergeV2Checkpoints"] + control)]}]
    control_outputs = sorted(["MergeV2Checkpoints"] + control)
    output = f"identity_{n + 1}"
    return {"signature": {"name": name, "input_arg": args, "output_arg": [{"name": output, "type": _STRING}],
                          "is_stateful": True, "control_output": control_outputs},
            "node_def": nodes, "ret": {output: f"Identity_{n + 1}:output:0"},
            "control_ret": {c: c for c in control_outputs}}


def _restore_function(name, entries):
    """The FunctionDef of `_traced_restore`."""
    args = [{"name": "file_prefix", "type": _STRING}]
    keys = [key for key, _, _ in entries] + [_OBJECT_GRAPH_KEY]
    nodes = [
        _const("RestoreV2/tensor_names", _string_tensor(keys, [len(keys)]), _STRING),
        _const("RestoreV2/shape_and_slices", _string_tensor([""] * len(keys), [len(keys)]), _STRING),
        {"name": "RestoreV2", "op": "RestoreV2", "device": _CPU,
         "input": ["file_prefix", "RestoreV2/tensor_names:output:0", "RestoreV2/shape_and_slices:output:0"],
         "attr": {"dtypes": {"list": {"type": [var.dtype._enum for _, var, _ in entries] + [_STRING]}}}}]
    assigns = []
    for k, (_, var, var_name) in enumerate(entries):
        assign = "AssignVariableOp" if k == 0 else f"AssignVariableOp_{k}"
        ident = "Identity" if k == 0 else f"Identity_{k}"
        arg = _arg_name("AssignVariableOp", k, var_name)
        args.append({"name": arg, "type": _RESOURCE})
        nodes += [{"name": ident, "op": "Identity", "input": [f"RestoreV2:tensors:{k}"], "device": _CPU,
                   "attr": {"T": {"type": var.dtype._enum}}},
                  {"name": assign, "op": "AssignVariableOp", "input": [arg, f"{ident}:output:0"], "device": _CPU,
                   "attr": {"dtype": {"type": var.dtype._enum}}}]
        assigns.append(assign)
    n = len(entries)
    nodes += [{"name": "NoOp", "op": "NoOp", "device": _CPU},
              {"name": f"Identity_{n}", "op": "Identity", "device": _CPU,
               "input": ["file_prefix"] + [f"^{a}" for a in assigns] + ["^NoOp"], "attr": {"T": {"type": _STRING}}},
              {"name": f"Identity_{n + 1}", "op": "Identity", "input": [f"Identity_{n}:output:0", "^NoOp_1"],
               "attr": {"T": {"type": _STRING}}},
              {"name": "NoOp_1", "op": "NoOp", "input": [f"^{a}" for a in assigns]}]
    output = f"identity_{n + 1}"
    return {"signature": {"name": name, "input_arg": args, "output_arg": [{"name": output, "type": _STRING}],
                          "is_stateful": True, "control_output": assigns},
            "node_def": nodes, "ret": {output: f"Identity_{n + 1}:output:0"}, "control_ret": {a: a for a in assigns}}


def _unique(graph_nodes, base):
    names = {g["name"] for g in graph_nodes}
    name, n = base, 0
    while name in names:
        n += 1
        name = f"{base}_{n}"
    return name


def add_saver(library, graph_nodes, function_name, entries, handles, object_graph):
    """Adds the saver to an export and returns its SaverDef fields.

    Args:
        library: The FunctionDef fields of the export's library (appended to).
        graph_nodes: The NodeDef fields of the MetaGraph's graph (appended to).
        function_name: base -> the library's name for a new function ("__inference_<base>_<n>").
        entries: (checkpoint key, variable, name) of each variable, in the checkpoint's order.
        handles: The graph's VarHandleOp node of each entry's variable.
        object_graph: The serialized TrackableObjectGraph the checkpoint holds.
    """
    save_name, restore_name = function_name("_traced_save"), function_name("_traced_restore")
    library += [_save_function(save_name, entries), _restore_function(restore_name, entries)]
    const = _unique(graph_nodes, "Const")
    graph_nodes.append(_const(const, _string_tensor([object_graph]), _STRING))
    filename = _unique(graph_nodes, "saver_filename")
    graph_nodes.append({"name": filename, "op": "Placeholder",
                        "attr": {"dtype": {"type": _STRING}, "shape": {"shape": {}}}})  # a scalar
    calls = []
    for fname, extra, tout in ((save_name, [const], [_STRING]), (restore_name, [], [_STRING])):
        call = _unique(graph_nodes, "StatefulPartitionedCall")
        tin = [_STRING] + [_RESOURCE] * len(handles) + [_STRING] * len(extra)
        graph_nodes.append({"name": call, "op": "StatefulPartitionedCall", "input": [filename] + handles + extra,
                            "attr": {"Tin": {"list": {"type": tin}}, "Tout": {"list": {"type": tout}},
                                     "f": {"func": {"name": fname}}}})
        calls.append(call)
    return {"filename_tensor_name": f"{filename}:0", "save_tensor_name": f"{calls[0]}:0",
            "restore_op_name": calls[1], "version": _SAVER_DEF_V2}
