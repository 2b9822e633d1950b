"""An op's facts are written once: in its record (python/varrt/ops/defs, with its shape function
in ops/shape_fns), beside its kernel (the modules that implement ops: ops/*.py, ops/random_ops.py,
ops/linalg_ops.py, call an op by its name to run it) and in its gradient (ops/gradients). Any other
product module that names an op is a test failure, unless it is listed below with why it must
(what it does is not a fact about the op: a node type it creates, a log or message text)."""
import pathlib
import re

from conftest import REPO
from varrt.data import map_vectorization
from varrt.ops import op_def_lib

PACKAGE = REPO / "python" / "varrt"
HOMES = (("ops", "defs"), ("ops", "shape_fns"), ("ops", "gradients"))
KERNEL_MODULES = {p.relative_to(PACKAGE).as_posix() for p in (PACKAGE / "ops").glob("*.py")} | {
    "ops/random_ops.py", "ops/linalg_ops.py", "raw_ops.py", "strings.py", "bitwise.py", "math.py", "nn.py"}

# module -> (the ops it names, why it must)
ALLOWED = {
    "graph/func_graph.py": ({"AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp", "Placeholder",
                                 "Const", "Pack"},
                                "the assignment's build-time shape check keeps TensorFlow's text for these three; "
                                "arguments are Placeholder nodes; an input with no node is a Const; the shape "
                                "refiner reads a Pack of scalars as a partial shape (TensorFlow's ConstantPartialShape)"),
    "graph/graph.py": ({"AssignVariableOp", "Placeholder", "NoOp", "Const"},
                         "a TF1 graph's initializer is the variable's first AssignVariableOp; placeholders are nodes; "
                         "tf.group's, an initializer's and a TensorFlow 1 optimizer step's Operation is a NoOp "
                         "(noop_operation); tf.constant in a TF1 graph is a Const node"),
    "framework/tensor.py": ({"Const"}, "tf.constant's default name is TensorFlow's"),
    "ops/ragged/ragged_tensor.py": ({"StridedSlice"}, "TensorFlow's error for scalar values of a RaggedTensor is the "
                                    "StridedSlice that reads their number of rows"),
    "layers/keras_ops.py": ({"Add", "Greater", "GreaterEqual", "Less", "LessEqual", "LogicalAnd", "LogicalNot",
                             "LogicalOr", "NotEqual", "Round", "Any", "ExpandDims", "OnesLike", "ZerosLike"},
                            "Keras's op classes (keras.ops.Add, ...), which KerasTensor operators record, share "
                            "these names; they name no TensorFlow op"),
    "metrics/__init__.py": ({"Mean", "Sum"}, "the public names of Keras's metric classes tf.keras.metrics.Mean and Sum"),
    "framework/graph_execution_error.py": ({"Reshape"}, "an example in the docstring"),
    "saving/saving_lib.py": ({"Cross"}, "Keras's saving error lists its object kinds, one of them 'Cross'"),
    "graph/function.py": ({"StatefulPartitionedCall"}, "a function called in another's graph is this node"),
    "benchmarks/saved_model_read.py": ({"MatMul"}, "the benchmark's synthetic GraphDef is MatMul nodes (only data)"),
    "saved_model/function_def_runner.py": ({"AssignAddVariableOp", "AssignSubVariableOp", "AssignVariableOp", "Const",
                                            "NoOp", "ReadVariableOp"},
                                           "a SavedModel's FunctionDef names these nodes: constants, no-ops and the "
                                           "resource ops run on the restored Variable objects"),
    "saved_model/function_def_builder.py": ({"Const", "Identity", "NoOp", "If", "StatelessIf", "While",
                                             "StatefulPartitionedCall"},
                                            "an export writes host-read inputs and captures as Const nodes and "
                                            "the function's results as Identity nodes behind a NoOp, as TensorFlow's "
                                            "FunctionDefs; its error names the graph nodes it cannot write yet"),
    "saved_model/save.py": ({"Identity", "NoOp", "Placeholder", "ReadVariableOp", "StatefulPartitionedCall",
                             "VarHandleOp"},
                            "the signature wrappers and the serving graph an export writes are these nodes, "
                            "as TensorFlow writes them"),
    "graph_def/func_graph_def.py": ({"Const", "Identity", "Placeholder"},
                                    "a GraphDef writes a function's arguments as Placeholder nodes, as TensorFlow's "
                                    "FuncGraph has them, and its output shapes read a Const's value and an "
                                    "Identity's input"),
    "graph_def/node_def.py": ({"Const", "Placeholder"},
                              "an argument's or placeholder's NodeDef is a Placeholder node's and a TensorFlow 1 "
                              "graph's named constant a Const node's, as TensorFlow's graphs have them"),
    "saved_model/fingerprinting.py": ({"Const", "StatefulPartitionedCall"},
                                      "TensorFlow's fingerprint regularizes its graph's calls and string constants "
                                      "(graph/regularization/simple_delete.cc), which these nodes are"),
    "saved_model/saver.py": ({"AssignVariableOp", "Const", "DisableCopyOnRead", "Identity", "MergeV2Checkpoints",
                              "NoOp", "Pack", "Placeholder", "ReadVariableOp", "RestoreV2", "SaveV2", "Select",
                              "ShardedFilename", "StatefulPartitionedCall", "StaticRegexFullMatch", "StringJoin"},
                             "the save and restore functions every export carries are these nodes, as TensorFlow "
                             "writes them; varrt never runs them"),
    "saved_model/ops_used.py": ({"StatefulPartitionedCall"},
                                "a SavedModel's graph calls its functions through these nodes (meta_graph.py's walk)"),
    "graph/control_flow_graph.py": ({"If", "StatelessIf", "While", "EagerPyFunc", "PrintV2"},
                                    "cond and while_loop in graphs build these nodes"),
    "data/graph_iteration.py": ({"AnonymousIteratorV3", "IteratorGetNext", "IteratorGetNextAsOptional",
                                 "DeleteIterator"},
                                "a dataset iterated while a graph is built: host nodes of these names"),
    "data/tf1_iterators.py": ({"IteratorV2", "MakeIterator"}, "TensorFlow 1's session iterators: host nodes"),
    "summary/write.py": ({"WriteSummary", "WriteRawProtoSummary"},
                         "a summary written in a graph is a host node of these names, writing when the graph runs"),
    "data/op_errors.py": ({"IteratorGetNext", "MakeIterator"},
                          "an iterator's errors name the op that raises them in TensorFlow"),
    "optimizers/v1/optimizer.py": ({"Assert"}, "a step's gradient check is an Assert node"),
    "framework/device_functions.py": ({"VarHandleOp"}, "a device function is shown the creation as TensorFlow's op"),
    "distribute/device_setter.py": ({"VarHandleOp"}, "TensorFlow's STANDARD_PS_OPS, the ops it places on ps tasks"),
    "graph/control_flow_ops.py": ({"Assert"}, "tf.Assert's node in a graph"),
    "graph/tf1_variable_checks.py": ({"VarIsInitializedOp"},
                                     "tf.compat.v1.is_variable_initialized's node in a TF1 graph: a host node of "
                                     "TensorFlow's op's name, asking the variable when the graph runs"),
    "distribute/remote/runtime.py": ({"AssignVariableOp", "DestroyResourceOp"},
                                     "the forwarder creates and drops a remote variable's value on its task"),
    "distribute/remote/task_server.py": ({"DestroyResourceOp", "VarIsInitializedOp"},
                                         "the task runs the ops forwarded to it by name"),
    "distribute/remote/protocol.py": ({"ReadVariableOp", "ResourceGather", "ResourceGatherNd", "VarIsInitializedOp"},
                                      "the ops that only read a variable, which a task runs without a new version"),
}
# A tf.custom_gradient's forward is TensorFlow's IdentityN node: recorded, exported and loaded as one.
ALLOWED["graph/custom_gradient_node.py"] = ({"IdentityN"}, "the node of a custom gradient in a traced function")
for _module, _why in (("saved_model/function_def_builder.py", "a custom gradient's forward, exported as TensorFlow"),
                      ("saved_model/function_def_runner.py", "a loaded custom gradient's forward")):
    _ops, _reason = ALLOWED.get(_module, (set(), ""))
    ALLOWED[_module] = (set(_ops) | {"IdentityN"}, f"{_reason}; {_why}" if _reason else _why)
# The optimizers run TensorFlow's fused training ops by name, as TensorFlow's call gen_training_ops.
ALLOWED["graph/check_numerics_callback.py"] = (
    {"CheckNumericsV2", "ConcatV2", "DestroyResourceOp", "ExpandDims", "Fill", "FusedBatchNormV3", "Identity", "If",
     "Maximum", "Minimum", "Reshape", "Slice", "Squeeze", "StatefulPartitionedCall", "StatelessIf", "StridedSlice",
     "StridedSliceGrad", "Transpose", "Unpack", "While"},
    "TensorFlow's lists of the ops whose outputs enable_check_numerics leaves unchecked, and its check node")
for _module, _ops in {"optimizers/v1/adagrad.py": {"ResourceApplyAdagrad", "ResourceSparseApplyAdagrad"},
                      "optimizers/v1/adam.py": {"ResourceApplyAdam"},
                      "optimizers/v1/gradient_descent.py": {"ResourceApplyGradientDescent"},
                      "optimizers/v1/momentum.py": {"ResourceApplyMomentum", "ResourceSparseApplyMomentum"},
                      "optimizers/v1/rmsprop.py": {"ResourceApplyCenteredRMSProp", "ResourceApplyRMSProp",
                                              "ResourceSparseApplyCenteredRMSProp", "ResourceSparseApplyRMSProp"}
                      }.items():
    ALLOWED[_module] = (_ops, "an optimizer runs its fused op")
# tf.data's map vectorization lists the ops whose kernels compute each element on its own.
ALLOWED["data/map_vectorization.py"] = (
    (map_vectorization._UNARY | map_vectorization._BINARY) & set(op_def_lib.all_ops()),
    "the elementwise ops whose graph a dataset's map may run on a whole batch")
_LITERAL = re.compile(r"""["']([A-Z_][A-Za-z0-9_]*)["']""")


def _named_ops():
    ops = set(op_def_lib.all_ops())
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[:2] in HOMES or rel.as_posix() in KERNEL_MODULES:
            continue
        named = set(_LITERAL.findall(path.read_text())) & ops
        if named:
            out[rel.as_posix()] = named
    return out


def test_no_other_module_names_an_op():
    named = _named_ops()
    unexpected = {m: sorted(ops - ALLOWED.get(m, (set(), ""))[0]) for m, ops in named.items()}
    assert {m: ops for m, ops in unexpected.items() if ops} == {}


def test_the_exceptions_stay_current():
    named = _named_ops()
    stale = {m: sorted(ops - named.get(m, set())) for m, (ops, _) in ALLOWED.items()}
    assert {m: ops for m, ops in stale.items() if ops} == {}
