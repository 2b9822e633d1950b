"""Graph inspection as TensorFlow's guides and users do it (tf.Operation: outputs, inputs, values(),
node_def, get_attr, device, control_inputs; tensor.op, consumers(), value_index; the graph's
get_operations, get_operation_by_name, get_tensor_by_name, as_graph_element, get_name_scope,
building_function, inputs, variables, as_graph_def) on a tf.function's concrete graph (an MLP
with variables in float32 and float64, a tf.cond, an argument of unknown batch) and on a
TensorFlow 1 graph (placeholders of unknown batch, a variable, an optimizer step run by name),
with TensorFlow's errors, run under TensorFlow 2.21 (by tests/tools/record_keras_program.py, into
tests/fixtures/graph_inspection/) and under varrt (by tests/test_graph_inspection.py).

    python graph_inspection_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers. varrt's graphs differ from TensorFlow's in places (a variable read is
named by the op that reads it in TensorFlow, "MatMul/ReadVariableOp", and by itself in varrt,
"ReadVariableOp"; TensorFlow has placeholders for captured resources, Const nodes for a
reduction's axes and an Identity of each result, varrt not: docs/not-supported.md): the cases
record what both have, by the names both give."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol=1e-6):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the case records which error and its text
        return f"{type(e).__name__}: {e}"
    return "no error"


def attrs(op):
    """Each attribute as get_attr gives it (a shape or tensor message as its text)."""
    out = {}
    for key in sorted(op.node_def.attr):
        value = op.get_attr(key)
        out[key] = str(value) if hasattr(value, "ListFields") or type(value).__name__.endswith("Proto") else repr(value)
    return out


def describe(op):
    """What both libraries agree on for an operation of a function's or TF1 graph."""
    return {"repr": repr(op), "name": op.name, "type": op.type, "device": op.device,
            "control_inputs": repr(op.control_inputs), "outputs": [str(t) for t in op.outputs],
            "values": repr(op.values()), "attrs": attrs(op), "value_index": [t.value_index for t in op.outputs],
            "graph_is": op.graph is op.outputs[0].graph if op.outputs else True,
            "op_of_outputs": [t.op.name == op.name for t in op.outputs],
            "isinstance": isinstance(op, tf.Operation)}


# --- a tf.function's concrete graph: an MLP with variables -------------------------------------------

def mlp(dtype, name):
    rng = np.random.default_rng(3)
    w1 = tf.Variable(rng.normal(size=(3, 4)).astype(dtype.as_numpy_dtype), name=f"{name}_w1")
    b1 = tf.Variable(np.zeros(4, dtype.as_numpy_dtype), name=f"{name}_b1")
    w2 = tf.Variable(rng.normal(size=(4, 2)).astype(dtype.as_numpy_dtype), name=f"{name}_w2")
    frozen = tf.Variable(np.ones(2, dtype.as_numpy_dtype), trainable=False, name=f"{name}_scale")
    seen = {}

    @tf.function(input_signature=[tf.TensorSpec([None, 3], dtype, name="x")])
    def f(x):
        with tf.name_scope("layer"):
            seen["scope"] = tf.compat.v1.get_default_graph().get_name_scope()
        h = tf.nn.relu(tf.matmul(x, w1) + b1)
        y = tf.matmul(h, w2) * frozen
        seen["y.op"] = [y.op.name, y.op.type, [t.op.type for t in y.op.inputs]]
        return tf.reduce_sum(y, axis=1)

    return f, seen


for dtype in (tf.float32, tf.float64):
    f, seen = mlp(dtype, dtype.name)
    tag = dtype.name
    g = f.get_concrete_function().graph
    record(f"mlp_{tag}_inside_trace", seen)
    record(f"mlp_{tag}_op_names", [o.name for o in g.get_operations()
                                   if o.type in ("MatMul", "AddV2", "Relu", "Mul", "Sum")])
    for name in ("x", "MatMul", "add", "Relu", "MatMul_1", "mul", "Sum"):
        record(f"mlp_{tag}_op_{name}", describe(g.get_operation_by_name(name)))
    for name in ("MatMul", "add", "Relu", "MatMul_1", "mul"):  # the types of what each reads
        op = g.get_operation_by_name(name)
        record(f"mlp_{tag}_input_types_{name}", [t.op.type for t in op.inputs])
    for name in ("x", "MatMul", "add", "Relu", "MatMul_1"):
        record(f"mlp_{tag}_consumers_{name}", [c.name for c in g.get_operation_by_name(name).outputs[0].consumers()])
    record(f"mlp_{tag}_relu_node_def", str(g.get_operation_by_name("Relu").node_def))
    record(f"mlp_{tag}_str_relu", str(g.get_operation_by_name("Relu")))
    record(f"mlp_{tag}_relu_inputs", [t.name for t in g.get_operation_by_name("Relu").inputs])
    record(f"mlp_{tag}_mul_inputs", [t.name for t in g.get_operation_by_name("MatMul_1").inputs][:1])
    record(f"mlp_{tag}_x_node_def_fields", [g.get_operation_by_name("x").node_def.name,
                                            g.get_operation_by_name("x").node_def.op])
    graph_def = {n.name: n for n in g.as_graph_def().node}
    record(f"mlp_{tag}_graph_def_matches_ops", [
        sorted(graph_def[name].attr) == sorted(g.get_operation_by_name(name).node_def.attr)
        and list(graph_def[name].input) == list(g.get_operation_by_name(name).node_def.input)
        for name in ("x", "MatMul", "add", "Relu", "MatMul_1")])
    # a live graph's nodes carry their ops' default attributes (a FunctionDef's leave them out)
    record(f"mlp_{tag}_graph_def_default_attrs", [sorted(graph_def["Sum"].attr), sorted(graph_def["MatMul"].attr),
                                                  graph_def["Sum"].attr["keep_dims"].b])
    record(f"mlp_{tag}_by_name", [repr(g.get_tensor_by_name("Relu:0")), repr(g.as_graph_element("Relu")),
                                  repr(g.as_graph_element("Relu:0")), repr(g.as_graph_element(b"MatMul")),
                                  g.get_operation_by_name("Relu") == g.get_tensor_by_name("Relu:0").op])
    # (sorted: TensorFlow's order is that of its captures, which differs between the two dtypes)
    record(f"mlp_{tag}_graph", [repr(g.inputs[0]), g.building_function, sorted(v.name for v in g.variables),
                                sorted(v.name for v in g.trainable_variables)])
    record(f"mlp_{tag}_errors", [
        error(lambda: g.get_operation_by_name("nope")),
        error(lambda: g.get_operation_by_name(3)),
        error(lambda: g.get_operation_by_name("Relu").get_attr("nope")),
        error(lambda: g.get_operation_by_name("x").get_attr("T")),
        error(lambda: g.get_tensor_by_name("Relu:3")),
        error(lambda: g.get_tensor_by_name("nope:0")),
        error(lambda: g.get_tensor_by_name("Relu")),
        error(lambda: g.get_tensor_by_name(7)),
        error(lambda: g.as_graph_element("nope")),
        error(lambda: g.as_graph_element(3.5)),
        error(lambda: g.as_graph_element("Relu:0", allow_tensor=False)),
        error(lambda: g.as_graph_element("Relu", allow_operation=False)),
    ])
    for batch in (1, 5):
        x = np.arange(batch * 3, dtype=dtype.as_numpy_dtype).reshape(batch, 3) / 7
        record_num(f"mlp_{tag}_run_batch{batch}", f(tf.constant(x)))


# --- a tf.cond in a tf.function ----------------------------------------------------------------------

cond_seen = {}


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="v"), tf.TensorSpec([], tf.bool, name="flag")])
def with_cond(v, flag):
    with tf.name_scope("block"):
        cond_seen["scope"] = tf.compat.v1.get_default_graph().get_name_scope()
        r = tf.cond(flag, lambda: v * 2.0, lambda: v - 1.0)
    c = tf.concat([v, r], axis=0, name="joined")
    cond_seen["joined"] = [c.op.name, c.op.type, repr(c.op.get_attr("N")), repr(c.op.get_attr("T")),
                           repr(c.op.get_attr("Tidx")), [t.name for t in c.op.inputs][:1]]
    return c


cg = with_cond.get_concrete_function().graph
record("cond_inside_trace", cond_seen)
cond_op = cg.get_operation_by_name("block/cond")
record("cond_op", [repr(cond_op), cond_op.type, [t.name for t in cond_op.outputs],
                   [t.op.type for t in cond_op.inputs][:2], repr(cg.get_tensor_by_name("block/cond:0"))])
record("cond_joined", describe(cg.get_operation_by_name("joined")))
record("cond_names", [o.name for o in cg.get_operations() if o.type in ("Placeholder", "StatelessIf", "ConcatV2")])
for flag in (True, False):
    record_num(f"cond_run_{flag}", with_cond(tf.constant([1.0, 2.0, 3.0]), tf.constant(flag)))


# --- control dependencies ---------------------------------------------------------------------------

@tf.function(input_signature=[tf.TensorSpec([2], tf.float32, name="a")])
def with_control(a):
    c = tf.math.log(tf.math.exp(a, name="e"))
    with tf.control_dependencies([c]):
        d = tf.identity(a, name="d")
    return d * 3.0


kg = with_control.get_concrete_function().graph
d_op = kg.get_operation_by_name("d")
record("control_d", [describe(d_op), list(d_op.node_def.input), [t.name for t in d_op.inputs],
                     [c.name for c in kg.get_operation_by_name("e").outputs[0].consumers()],
                     kg.get_operation_by_name("Log").control_inputs, str(d_op)])


# --- a TensorFlow 1 graph: placeholders, a variable, an optimizer step -----------------------------

v1 = tf.compat.v1
g1 = tf.Graph()
with g1.as_default():
    x = v1.placeholder(tf.float32, [None, 4], name="x")
    y = v1.placeholder(tf.float32, [None], name="y")
    w = tf.Variable(np.linspace(-1, 1, 4, dtype=np.float32).reshape(4, 1), name="w")
    with tf.name_scope("model"):
        p = tf.squeeze(tf.matmul(x, w), axis=1)
        record("tf1_name_scope", g1.get_name_scope())
    loss = tf.reduce_mean(tf.square(p - y))
    train = v1.train.GradientDescentOptimizer(0.1).minimize(loss)
    init = v1.global_variables_initializer()
record("tf1_x", describe(x.op))
record("tf1_x_str", str(x.op))
record("tf1_y_str", str(y.op))
record("tf1_squeeze", [describe(p.op), [t.name for t in p.op.inputs]])
record("tf1_matmul", [describe(g1.get_operation_by_name("model/MatMul")),
                      [t.op.type for t in g1.get_operation_by_name("model/MatMul").inputs],
                      [t.name for t in g1.get_operation_by_name("model/MatMul").inputs][:1]])
record("tf1_sub", [describe(g1.get_operation_by_name("sub")), [t.name for t in g1.get_operation_by_name("sub").inputs],
                   y.consumers()[0].name, x.consumers()[0].name])  # (then the gradient's ops, named otherwise)
record("tf1_mean", describe(loss.op))
record("tf1_train", [repr(train), train.type, train.name, train.outputs, isinstance(train, tf.Operation),
                     g1.get_operation_by_name(train.name) == train, repr(g1.get_operation_by_name(train.name))])
record("tf1_graph", [g1.building_function, [o.name for o in g1.get_operations()
                                           if o.type in ("Placeholder", "MatMul", "Squeeze", "Sub", "Square")][:6]])
record("tf1_errors", [
    error(lambda: g1.get_operation_by_name("nope")),
    error(lambda: g1.get_operation_by_name("model/MatMul").get_attr("nope")),
    error(lambda: g1.get_tensor_by_name("model/MatMul:1")),
    error(lambda: g1.get_tensor_by_name("model/nope:0")),
])
with v1.Session(graph=g1) as sess:
    sess.run(init)
    step = g1.get_operation_by_name(train.name)
    for batch in (3, 1, 2):
        xs = np.arange(batch * 4, dtype=np.float32).reshape(batch, 4) / 10
        ys = np.ones(batch, np.float32)
        sess.run(step, {g1.get_tensor_by_name("x:0"): xs, g1.get_tensor_by_name("y:0"): ys})
        record_num(f"tf1_loss_after_batch{batch}", sess.run(loss, {x: xs, y: ys}), 1e-5)
    record_num("tf1_w", sess.run(w), 1e-5)

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=0, sort_keys=True)
