"""Runs a SavedModel's FunctionDefs with varrt's ops: each node, in data and control order, as
the op of the same name in varrt's op table (`tf.raw_ops`, its arguments named from the op's
record), function calls (`StatefulPartitionedCall`, `PartitionedCall`) by running the callee,
and the resource ops on the restored variables passed as the functions' resource arguments. Run
inside `tf.function`, it traces the FunctionDef into a varrt graph. `missing_ops` lists what a
function reaches that varrt lacks, so a load fails before anything runs, naming op and function."""
from varrt.base import dtypes
from varrt.graph import custom_gradient_node
from varrt.ops import array_ops
from varrt.framework.tensor import constant
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import op_def_lib, raw_op
from varrt.saved_model.ops_used import CALL_OPS
from varrt.saved_model.proto import Message, fields_of
from varrt.saved_model.structured_value import shape_from_proto
from varrt import _C

def _read(var):
    return [var.read_value()]


def _update(method):
    def update(var, value):
        getattr(var, method)(value, read_value=False)
        return []
    return update


# Ops on a variable's resource handle: the argument is the restored Variable itself.
_VARIABLE_OPS = {"ReadVariableOp": _read, "AssignVariableOp": _update("assign"),
                 "AssignAddVariableOp": _update("assign_add"), "AssignSubVariableOp": _update("assign_sub")}
_SPECIAL_OPS = {"Const", "NoOp", "IdentityN"} | set(CALL_OPS) | set(_VARIABLE_OPS)


def _attr_value(attr):
    """An AttrValue message as the Python value tf.raw_ops takes."""
    kind = attr.WhichOneof("value")
    if kind == "type":
        return dtypes.as_dtype(attr.type)
    if kind == "shape":
        return shape_from_proto(attr.shape)
    if kind == "tensor":
        return _C.parse_tensor_proto(Message("tensorflow.TensorProto", fields_of(attr)["tensor"]).to_bytes())
    if kind == "s":
        return attr.s.decode()
    if kind == "func":
        return attr.func.name
    if kind == "list":
        values = attr.list
        for name in ("type", "shape", "i", "f", "b", "s", "func"):
            items = getattr(values, name)
            if len(items):
                if name == "type":
                    return [dtypes.as_dtype(t) for t in items]
                if name == "shape":
                    return [TensorShape(shape_from_proto(s)) for s in items]
                if name == "s":
                    return [s.decode() for s in items]
                if name == "func":
                    return [f.name for f in items]
                return list(items)
        return []
    if kind is None:
        return None
    return getattr(attr, kind)


def _count(arg, attrs):
    """How many tensors an input or output argument stands for."""
    if arg.number_attr:
        return int(attrs[arg.number_attr])
    if arg.type_list_attr:
        return len(attrs[arg.type_list_attr])
    return 1


class FunctionDefRunner:
    """The functions of one FunctionDefLibrary message, run by name."""

    def __init__(self, library):
        self._functions = {f.signature.name: f for f in library.function}
        # tf.custom_gradient op type -> the name of the gradient function TensorFlow saved for it
        self._registered_gradients = {g.registered_op_type: g.gradient_func for g in library.registered_gradients}

    def missing_ops(self, name):
        """[(function, op)] of the ops reachable from function `name` that varrt lacks."""
        missing, seen, todo = [], set(), [name]
        while todo:
            fname = todo.pop()
            if fname in seen:
                continue
            seen.add(fname)
            for node in self._functions[fname].node_def:
                if node.op in self._functions:
                    todo.append(node.op)
                elif node.op in CALL_OPS:
                    todo.append(node.attr["f"].func.name)
                elif node.op not in _SPECIAL_OPS and not raw_op.exists(node.op):
                    missing.append((fname, node.op))
        return missing

    def run(self, name, args):
        """The flat outputs of function `name` on the flat `args` (tensors, and Variables for
        resource arguments), in its signature's output order."""
        fdef = self._functions[name]
        env = {}  # node name -> its outputs by argument: {arg name: [tensors]}; "" for function arguments
        for arg, value in zip(fdef.signature.input_arg, args):
            env[arg.name] = {"": [value]}
        pending = list(fdef.node_def)
        while pending:
            ready = [n for n in pending if all(i.lstrip("^").split(":")[0] in env for i in n.input)]
            if not ready:
                raise ValueError(f"function {name}: nodes {[n.name for n in pending]} wait on each other or on "
                                 f"inputs it lacks")
            for node in ready:
                env[node.name] = self._run_node(node, [self._resolve(env, i) for i in node.input if i[0] != "^"])
                pending.remove(node)
        return [self._resolve(env, fdef.ret[arg.name]) for arg in fdef.signature.output_arg]

    @staticmethod
    def _resolve(env, ref):
        parts = ref.split(":")  # "x" (a function argument), "node:output_arg:index"
        outputs = env[parts[0]]
        if len(parts) == 1:
            return outputs[""][0] if "" in outputs else outputs[next(iter(outputs))][0]
        return outputs[parts[1]][int(parts[2])]

    def _run_node(self, node, inputs):
        if node.op == "NoOp":
            return {}
        if node.op in CALL_OPS or node.op in self._functions:  # their type attrs (Tin, Tout) name resources
            callee = node.attr["f"].func.name if node.op in CALL_OPS else node.op
            outputs = self.run(callee, inputs)
            return {"output": outputs} if node.op in CALL_OPS else self._by_output_arg(callee, outputs)
        if node.op in _VARIABLE_OPS:
            return {"value": _VARIABLE_OPS[node.op](*inputs)}
        if node.op == "IdentityN":
            return {"output": self._identity_n(node, inputs)}
        attrs = {k: _attr_value(v) for k, v in node.attr.items() if not k.startswith("_")}
        if node.op == "Const":
            # the parsed TensorProto is the core's TensorData: constant() takes its array view
            return {"output": [constant(attrs["value"].view(), dtype=attrs["dtype"])]}
        op_def = op_def_lib.get(node.op)
        fn = raw_op.get(node.op)
        if fn is None:
            raise NotImplementedError(f"varrt does not have the op {node.op} (node {node.name})")
        full_attrs = dict(attrs)
        for attr_name, attr_def in op_def.attrs.items():  # stripped defaults, for counting list arguments
            full_attrs.setdefault(attr_name, attr_def.default)
        inferred = {a.type_attr for a in op_def.inputs} | {a.number_attr for a in op_def.inputs} | {
            a.type_list_attr for a in op_def.inputs}
        kwargs, position = {}, 0
        for arg in op_def.inputs:
            n = _count(arg, full_attrs)
            kwargs[arg.name] = inputs[position] if not (arg.number_attr or arg.type_list_attr) else \
                inputs[position:position + n]
            position += n
        kwargs.update({k: v for k, v in attrs.items() if k not in inferred})
        # tf.raw_ops takes some arguments under TensorFlow's api_def names (Sum's reduction_indices: axis)
        result = fn(**{op_def.api_names.get(k, k): v for k, v in kwargs.items()})
        flat = list(result) if isinstance(result, (list, tuple)) else [result]
        out, position = {}, 0
        for arg in op_def.outputs:
            n = _count(arg, full_attrs) if len(op_def.outputs) > 1 or arg.number_attr or arg.type_list_attr else 1
            out[arg.name] = flat[position:position + n]
            position += n
        return out

    def _identity_n(self, node, inputs):
        """IdentityN: its inputs passed through; with `_gradient_op_type` (the forward of a
        tf.custom_gradient function) a gradient that raises: TensorFlow's LookupError when the
        SavedModel holds no gradient for it, else varrt's NotImplementedError (it cannot run saved
        gradient functions yet)."""
        if "_gradient_op_type" not in node.attr:
            return [array_ops.identity(x) for x in inputs]
        op_type = node.attr["_gradient_op_type"].s.decode()
        if op_type in self._registered_gradients:
            def error():
                return NotImplementedError(
                    f"varrt cannot yet run the gradient function this SavedModel holds for node {node.name} (the "
                    f"tf.custom_gradient of {op_type}, function {self._registered_gradients[op_type]})")
        else:
            def error():
                return LookupError(
                    f"No gradient defined for operation'{node.name}' (op type: IdentityN). In general every "
                    "operation must have an associated `@tf.RegisterGradient` for correct autodiff, which this op "
                    "is lacking. If you want to pretend this operation is a constant in your program, you may insert "
                    "`tf.stop_gradient`. This can be useful to silence the error in cases where you know gradients "
                    "are not needed, e.g. the forward pass of tf.custom_gradient. Please see more details in "
                    "https://www.tensorflow.org/api_docs/python/tf/custom_gradient.")
        return custom_gradient_node.no_gradient_identity(inputs, error)

    def _by_output_arg(self, name, outputs):
        return {arg.name: [value] for arg, value in zip(self._functions[name].signature.output_arg, outputs)}
