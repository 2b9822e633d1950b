"""`tf.saved_model.load` of SavedModels TensorFlow 2.21 wrote (tests/fixtures/saved_model): the
variables restored, the restored functions and signatures called with TensorFlow's calling
conventions return what TensorFlow's loaded model returned for the same inputs (the literals
below, printed by /work/tfenv/bin/python running tf.saved_model.load on the same fixtures), and a
function using an op varrt lacks fails the load naming the op and the function."""
import shutil

import numpy as np
import pytest

import varrt as tf
from varrt.saved_model.saved_model_file import read_saved_model, write_saved_model

from conftest import REPO

FIXTURES = REPO / "tests" / "fixtures" / "saved_model"
X = np.array([[1.0, 2.0, 3.0], [0.5, 0.5, 0.5]], np.float32)
FEATURES = np.arange(12, dtype=np.float32).reshape(3, 4) / 7
# What TensorFlow's loaded Keras models return for FEATURES (the same weights in both fixtures).
KERAS_OUT = [[-0.09575291723012924, 0.2153927981853485], [-0.34482651948928833, 0.027860157191753387],
             [-0.5459917783737183, -0.13928323984146118]]


def test_a_module_with_two_signatures():
    m = tf.saved_model.load(str(FIXTURES / "module_two_signatures"))
    assert isinstance(m.w, tf.Variable) and m.w.name == "w:0" and m.w.numpy().ravel().tolist() == [1.5, -2.0, 0.25]
    assert m.b.numpy() == 0.5
    assert m(X).numpy().tolist() == [[-1.25], [0.375]]
    assert m.__call__(x=X).numpy().tolist() == [[-1.25], [0.375]]
    assert m.scaled(np.array([1, 2, 3], np.int32), 2.0)["scaled"].numpy().tolist() == [1.0, 2.0, 3.0]
    out = m.signatures["scaled"](n=np.array([4, -1], np.int32), scale=np.float32(3))
    assert {k: v.numpy().tolist() for k, v in out.items()} == {"count": 2, "scaled": [6.0, -1.5]}
    assert sorted(m.signatures) == ["scaled", "serving_default"]
    m.b.assign(1.5)  # restored functions read the variables at call time
    assert m.signatures["serving_default"](x=X)["output_0"].numpy().tolist() == [[-0.25], [1.375]]
    with pytest.raises(TypeError, match="keyword arguments only"):
        m.signatures["serving_default"](X)
    with pytest.raises(TypeError, match=r"takes the keyword arguments \['x'\]; got \['y'\]"):
        m.signatures["serving_default"](y=X)


def test_keras_models():
    exported = tf.saved_model.load(str(FIXTURES / "keras_export"))  # Keras 3's model.export
    assert exported.serve(FEATURES).numpy().tolist() == KERAS_OUT
    assert exported.signatures["serving_default"](features=FEATURES)["output_0"].numpy().tolist() == KERAS_OUT
    saved = tf.saved_model.load(str(FIXTURES / "keras_sequential"))  # tf.saved_model.save(model)
    assert saved.signatures["serving_default"](inputs=FEATURES)["output_0"].numpy().tolist() == KERAS_OUT


# A two-input Keras functional model (Concatenate, Dense tanh, Dense) TensorFlow saved both ways:
# what TensorFlow's loaded models return for (A, B). varrt's values are within 4 ulps: its matrix
# products (OpenBLAS) sum in another order than TensorFlow's (oneDNN/Eigen).
A = np.arange(12, dtype=np.float32).reshape(3, 4) / 7
B = np.array([[1, -1], [0.5, 2], [-3, 0]], np.float32)
FUNCTIONAL_OUT = [[-0.2089480459690094, 0.6948722004890442], [-0.5295423865318298, 0.24802984297275543],
                  [-1.2043614387512207, -1.8650835752487183]]


def test_a_keras_functional_model():
    exported = tf.saved_model.load(str(FIXTURES / "keras_functional_export"))  # model.export
    assert sorted(exported.signatures) == ["serve", "serving_default"]
    np.testing.assert_array_max_ulp(exported.serve({"a": A, "b": B}).numpy(), np.float32(FUNCTIONAL_OUT), maxulp=4)
    out = exported.signatures["serving_default"](a=A, b=B)
    np.testing.assert_array_max_ulp(out["output_0"].numpy(), np.float32(FUNCTIONAL_OUT), maxulp=4)
    saved = tf.saved_model.load(str(FIXTURES / "keras_functional"))  # tf.saved_model.save(model)
    out = saved.signatures["serving_default"](inputs=A, inputs_1=B)  # TensorFlow names the inputs so
    np.testing.assert_array_max_ulp(out["output_0"].numpy(), np.float32(FUNCTIONAL_OUT), maxulp=4)
    assert not np.array_equal(out["output_0"].numpy(), np.zeros((3, 2), np.float32))


def test_functions_traced_for_several_arguments():
    m = tf.saved_model.load(str(FIXTURES / "module_traced"))
    assert m.apply(tf.constant([1.0, 2.0])).numpy().tolist() == [-2.0, -4.0]
    assert m.apply(tf.constant([[1, 2]]), training=True, mode="slow").numpy().tolist() == [[2, 4]]
    with pytest.raises(ValueError, match="Could not find matching concrete function to call loaded from the "
                                         "SavedModel"):
        m.apply(tf.constant([1.0, 2.0]), mode="unknown")


def test_a_missing_op_fails_the_load_naming_it(tmp_path):
    saved_model = read_saved_model(FIXTURES / "module_one_signature")
    for function in saved_model.meta_graphs[0].graph_def.library.function:
        for node in function.node_def:
            if node.op == "MatMul":
                node.op = "NoSuchMatMul"
                broken = function.signature.name
    shutil.copytree(FIXTURES / "module_one_signature" / "variables", tmp_path / "variables")
    write_saved_model(tmp_path, saved_model)
    with pytest.raises(NotImplementedError, match=f"uses the op NoSuchMatMul \\(in {broken}\\), which varrt does "
                                                  f"not have"):
        tf.saved_model.load(str(tmp_path))


def test_tags():
    directory = str(FIXTURES / "module_one_signature")
    assert tf.saved_model.load(directory, tags=["serve"]).b.numpy() == 0.5
    with pytest.raises(ValueError) as info:
        tf.saved_model.load(directory, tags="gpu")
    assert str(info.value) == (f"Got an incompatible argument to `tags`: ['gpu']. The SavedModel at {directory} has "
                               f"one MetaGraph with tags ['serve']. You may omit the argument, pass 'None', or pass "
                               f"matching tags.")


def test_cycles(tmp_path):
    # An object graph with a cycle (a child holding the root) loads, as in TensorFlow.
    saved_model = read_saved_model(FIXTURES / "module_one_signature")
    graph = saved_model.meta_graphs[0].object_graph_def
    signatures = next(c for c in graph.nodes[0].children if c.local_name == "signatures")
    back = graph.nodes[signatures.node_id].children.add()
    back.node_id, back.local_name = 0, "root"
    shutil.copytree(FIXTURES / "module_one_signature" / "variables", tmp_path / "variables")
    write_saved_model(tmp_path, saved_model)
    m = tf.saved_model.load(str(tmp_path))
    assert m(X).numpy().tolist() == [[-1.25], [0.375]]
    assert m.signatures["serving_default"](x=X)["output_0"].numpy().tolist() == [[-1.25], [0.375]]
    # Functions that call each other in a cycle: TensorFlow's loader refuses them, and so does varrt.
    functions = list(saved_model.meta_graphs[0].graph_def.library.function)
    a, b = functions[0], functions[1]
    a.node_def.add().op = b.signature.name
    b.node_def.add().op = a.signature.name
    write_saved_model(tmp_path, saved_model)
    with pytest.raises(ValueError, match="There is a cyclic dependency between functions"):
        tf.saved_model.load(str(tmp_path))


def test_repeated_calls_run_from_the_call_cache():
    # A loaded function called again with tensors of the dtypes and shapes of an earlier call
    # runs from its call cache (C, no Python binding: the loaded-call overhead of
    # benchmarks/bench_saved_model.py); values are TensorFlow's (the same calls on its load).
    m = tf.saved_model.load(str(FIXTURES / "module_two_signatures"))
    signature = m.signatures["serving_default"]
    x, x5 = tf.constant(X), tf.constant(np.arange(15, dtype=np.float32).reshape(5, 3) / 4)
    for _ in range(2):
        assert m(x).numpy().tolist() == [[-1.25], [0.375]]
        assert signature(x=x)["output_0"].numpy().tolist() == [[-1.25], [0.375]]
    assert (m.__call__._fast.size(), signature._fast.size()) == (1, 1)
    five = [[0.125], [-0.0625], [-0.25], [-0.4375], [-0.625]]
    assert m(x5).numpy().tolist() == five and signature(x=x5)["output_0"].numpy().tolist() == five
    assert (m.__call__._fast.size(), signature._fast.size()) == (2, 2)  # a new batch size: a new entry
    m.b.assign(-1.0)  # cached calls read the variables at call time too
    assert m(x).numpy().tolist() == [[-2.75], [-1.125]]
    assert signature(x=x)["output_0"].numpy().tolist() == [[-2.75], [-1.125]]
    assert m(X).numpy().tolist() == [[-2.75], [-1.125]]  # a NumPy argument: the general path, not cached
    assert m.__call__._fast.size() == 2
    with pytest.raises(ValueError, match="Could not find matching concrete function"):
        m(tf.constant(np.ones((2, 4), np.float32)))  # a cache miss goes to the matching, which refuses it
