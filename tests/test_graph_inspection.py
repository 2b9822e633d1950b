"""Graph inspection (tf.Operation and the graph's lookups) on a tf.function's concrete graph and a
TensorFlow 1 graph: one program (tests/graph_inspection_program.py) run under varrt is compared,
case by case, with what TensorFlow 2.21 gave for it (tests/fixtures/graph_inspection/, recorded by
tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set). Before, an
operation had only a name and a type (no outputs, inputs, attributes or NodeDef), a FuncGraph had
no get_operation_by_name or get_tensor_by_name, tf.identity's `name=` and a tf.cond's name scope
were dropped from the node's name."""
import pytest

import varrt as tf
from keras_programs import comparison_tests, recorded

TF = recorded("graph_inspection")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests("graph_inspection_program.py", TF, "graph_inspection")


def _mlp_graph():
    w = tf.Variable(tf.ones([3, 2]))

    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def f(x):
        return tf.reduce_sum(tf.nn.relu(tf.matmul(x, w)), axis=1)

    return f.get_concrete_function().graph


# --- varrt alone: what varrt does not build says so, and varrt's own structure ---------------------

def test_a_control_flow_node_has_no_node_def_yet():
    @tf.function(input_signature=[tf.TensorSpec([], tf.bool)])
    def f(flag):
        return tf.cond(flag, lambda: tf.constant(1.0), lambda: tf.constant(2.0))

    op = f.get_concrete_function().graph.get_operation_by_name("cond")
    assert op.type == "StatelessIf"
    with pytest.raises(NotImplementedError, match=r"varrt cannot write the NodeDef of operation cond \(op "
                                                  r"StatelessIf: control flow\) yet"):
        op.get_attr("Tout")


def test_captures_and_op_def_say_varrt_does_not_implement_them():
    g = _mlp_graph()
    with pytest.raises(NotImplementedError, match="varrt does not implement FuncGraph.captures"):
        g.captures
    with pytest.raises(NotImplementedError, match=r"varrt does not implement Operation.op_def"):
        g.get_operation_by_name("MatMul").op_def


def test_outputs_are_the_results_and_version_counts_operations():
    g = _mlp_graph()
    # varrt's graph returns its results directly (TensorFlow's has an Identity node of each)
    assert [t.name for t in g.outputs] == ["Sum:0"]
    assert g.version == len(g.get_operations()) == 5
    assert [o.type for o in g.get_operations()] == ["Placeholder", "ReadVariableOp", "MatMul", "Relu", "Sum"]


def test_operations_are_equal_by_graph_and_name_and_carry_where_they_were_made():
    g = _mlp_graph()
    a, b = g.get_operation_by_name("Relu"), g.get_tensor_by_name("Relu:0").op
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != g.get_operation_by_name("MatMul")
    filename, _, function, line = a.traceback[-1]
    assert filename == __file__ and function == "f" and "tf.nn.relu" in line


def test_an_operation_from_get_operations_runs_in_a_session():
    g = tf.Graph()
    with g.as_default():
        w = tf.Variable(1.0)
        tf.compat.v1.assign_add(w, 2.0)
        init = tf.compat.v1.global_variables_initializer()
    update = next(o for o in g.get_operations() if o.type == "AssignAddVariableOp")
    with tf.compat.v1.Session(graph=g) as sess:
        sess.run(init)
        sess.run(update)
        sess.run(g.get_operation_by_name(update.name))
        assert sess.run(w) == 5.0


def test_a_noop_operation_is_one_of_the_tf1_graphs_operations():
    g = tf.Graph()
    with g.as_default():
        a = tf.compat.v1.placeholder(tf.float32, [None], name="a")
        grouped = tf.group(a * 2.0, name="both")
        b = a + 1.0
    assert [o.name for o in g.get_operations()] == ["a", "mul", "both", "add"]
    assert g.get_operation_by_name("both") == grouped and grouped.outputs == []
    assert g.version == 4 and not g.building_function
    assert [c.name for c in a.consumers()] == ["mul", "add"] and b.op.inputs[0] is a


def test_an_element_of_another_graph_is_refused():
    g, other = _mlp_graph(), _mlp_graph()
    with pytest.raises(ValueError, match="is not an element of this graph"):
        g.as_graph_element(other.get_operation_by_name("Relu"))
