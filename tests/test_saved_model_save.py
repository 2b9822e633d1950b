"""tf.saved_model.save of tf.Modules: the values TensorFlow computes for the same modules (recorded
by tests/tools/record_saved_model_export.py at a batch size no SavedModel fixture uses), its
serving SignatureDefs and its rule for the default signature; the export loaded back by varrt;
TensorFlow 2.21 itself loading varrt's export and saved_model_cli listing it (VARRT_TF_PYTHON);
and NotImplementedError for what varrt does not export yet."""
import ast
import json
import subprocess
import textwrap

import numpy as np
import pytest

import varrt as tf
from varrt import _C
from varrt.__main__ import main
from varrt.saved_model.saved_model_file import read_saved_model

import saved_model_export_modules
from ckpt_helpers import required_tf_python
from conftest import REPO

EXPECTED = json.loads((REPO / "tests" / "fixtures" / "saved_model" / "export_expected.json").read_text())
X = np.array(EXPECTED["x"], dtype=np.float32)
_MODULES = saved_model_export_modules.modules(tf)  # the recorder writes the same ones with TensorFlow
Dense, TwoFunctions, TwoInputs = _MODULES.Dense, _MODULES.TwoFunctions, _MODULES.TwoInputs


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable([[0.5, 1.5, -2.0]], name="v")

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def scale(self, x):
        return x * self.v


class Wide(tf.Module):
    """More ops (list inputs, host-read shapes and axes, run-time shapes, an update) and a
    tf.function on a child module."""

    def __init__(self):
        super().__init__()
        self.sub = Scaler()
        self.w = tf.Variable(np.arange(6, dtype=np.float32).reshape(3, 2) / 7, name="w")
        self.count = tf.Variable(0, dtype=tf.int64, name="count")

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
    def __call__(self, x):
        self.count.assign_add(1)
        h = tf.concat([x, tf.reshape(tf.transpose(x), [-1, 3])], axis=0)
        y = tf.nn.softmax(tf.matmul(h, self.w))
        e = tf.expand_dims(tf.reduce_mean(y, axis=0), 0) + tf.cast(tf.shape(x)[0], tf.float32)
        g = tf.gather(x, [0, 1], axis=1)
        return {"e": e, "g": tf.where(g > 0, g, tf.zeros_like(g)), "n": self.count.read_value(), "s": x * self.sub.v}


def _signature_def(export_dir, key="serving_default"):
    sig = read_saved_model(export_dir).meta_graphs[0].signature_def
    if key not in sig:
        return None
    sig = sig[key]
    info = lambda t: {"name": t.name, "dtype": t.dtype, "shape": [d.size for d in t.tensor_shape.dim]}  # noqa: E731
    return {"inputs": {k: info(v) for k, v in sig.inputs.items()},
            "outputs": {k: info(v) for k, v in sig.outputs.items()}, "method_name": sig.method_name}


def test_dense_module_loads_back_with_tensorflows_values(tmp_path):
    tf.saved_model.save(Dense(), tmp_path)
    loaded = tf.saved_model.load(tmp_path)
    expected = np.array(EXPECTED["dense"]["call"], dtype=np.float32)
    np.testing.assert_array_equal(loaded(X).numpy(), expected)
    np.testing.assert_array_equal(loaded.signatures["serving_default"](x=X)["output_0"].numpy(), expected)
    assert sorted(v.name for v in loaded.__dict__.values() if isinstance(v, tf.Variable)) == ["bias:0", "kernel:0"]


def test_two_inputs_tuple_outputs_and_a_list_of_variables(tmp_path):
    tf.saved_model.save(TwoInputs(), tmp_path)
    assert _signature_def(tmp_path) == EXPECTED["two_inputs"]["signature"]
    loaded = tf.saved_model.load(tmp_path)
    expected = [np.array(v, np.float32) for v in EXPECTED["two_inputs"]["call"]]
    for got, want in zip(loaded(X, 3), expected):
        np.testing.assert_array_equal(got.numpy(), want)
    # the signature's inputs come as a dict (flattened by sorted key: k before x)
    served = loaded.signatures["serving_default"](x=X, k=3)
    for key, want in zip(("output_0", "output_1"), expected):
        np.testing.assert_array_equal(served[key].numpy(), want)
    assert [float(v.numpy()) for v in loaded.factors] == [1.5, -2.0]


def test_serving_signature_is_tensorflows(tmp_path):
    tf.saved_model.save(Dense(), tmp_path)
    assert _signature_def(tmp_path) == EXPECTED["dense"]["signature"]
    meta_info = read_saved_model(tmp_path).meta_graphs[0].meta_info_def
    assert list(meta_info.tags) == ["serve"] and meta_info.tensorflow_version == "2.21.0"


def test_two_functions_make_no_default_signature_as_in_tensorflow(tmp_path):
    module = TwoFunctions()
    tf.saved_model.save(module, tmp_path)
    assert EXPECTED["two"]["signature"]["outputs"] == {}  # TensorFlow wrote no serving_default
    assert _signature_def(tmp_path) is None
    nodes = read_saved_model(tmp_path).meta_graphs[0].object_graph_def.nodes
    assert [n.WhichOneof("kind") for n in nodes] == EXPECTED["two"]["node_kinds"]
    loaded = tf.saved_model.load(tmp_path)
    np.testing.assert_array_equal(loaded(X).numpy(), np.array(EXPECTED["two"]["call"], dtype=np.float32))
    summed = loaded.summed(X)
    np.testing.assert_array_equal(summed["total"].numpy(), np.array(EXPECTED["two"]["summed"]["total"], np.float32))
    assert summed["count"].dtype == tf.int64
    np.testing.assert_array_equal(summed["count"].numpy(), EXPECTED["two"]["summed"]["count"])


def _node_attrs(export_dir, attribute):
    """[op, {attr: value}] of the nodes of the FunctionDef written for the root's `attribute`, in
    the form tests/tools/record_saved_model_export.py records TensorFlow's (constants as dtype and
    flat values: TensorFlow's scalar axis is varrt's one-element list)."""
    meta_graph = read_saved_model(export_dir).meta_graphs[0]
    nodes = meta_graph.object_graph_def.nodes
    node = nodes[next(c.node_id for c in nodes[0].children if c.local_name == attribute)]
    fdef = next(f for f in meta_graph.graph_def.library.function
                if f.signature.name == node.function.concrete_functions[0])
    out = []
    for n in fdef.node_def:
        attrs = {}
        for k, v in sorted(n.attr.items()):
            kind = v.WhichOneof("value")
            value = getattr(v, kind)
            if kind == "tensor":
                value = [value.dtype, list(_C.parse_tensor_proto(value.to_bytes()).view().ravel().tolist())]
            elif kind == "s":
                value = value.decode()
            attrs[k] = {kind: value}
        out.append([n.op, attrs])
    return sorted(out, key=json.dumps)


def test_function_def_nodes_and_attributes_are_tensorflows(tmp_path):
    tf.saved_model.save(TwoFunctions(), tmp_path)
    expected = [[op, {k: ({"tensor": [v["tensor"][0], np.ravel(v["tensor"][1]).tolist()]} if "tensor" in v else v)
                      for k, v in attrs.items()}] for op, attrs in EXPECTED["two"]["summed_nodes"]]
    assert _node_attrs(tmp_path, "summed") == sorted(expected, key=json.dumps)


def test_listing_is_tensorflows(tmp_path, capsys):
    tf.saved_model.save(Dense(), tmp_path)
    assert main(["saved_model", "show", "--dir", str(tmp_path), "--all"]) == 0
    got, expected = capsys.readouterr().out.splitlines(), EXPECTED["dense"]["show_all"].splitlines()
    ops = [i for i, line in enumerate(expected) if "contains the following ops:" in line]
    assert len(got) == len(expected) and len(ops) == 1
    assert [g for i, g in enumerate(got) if i != ops[0]] == [e for i, e in enumerate(expected) if i != ops[0]]
    as_set = lambda line: ast.literal_eval(line.split("ops: ", 1)[1])  # noqa: E731
    assert as_set(got[ops[0]]) == as_set(expected[ops[0]])  # the saver's ops too


def test_explicit_signatures_name_the_dict_outputs(tmp_path):
    module = TwoFunctions()
    tf.saved_model.save(module, tmp_path, signatures={"sums": module.summed.get_concrete_function()})
    sig = _signature_def(tmp_path, "sums")
    assert sig["outputs"]["count"]["dtype"] == 9 and sig["outputs"]["total"]["shape"] == [-1, 1]
    served = tf.saved_model.load(tmp_path).signatures["sums"](x=X)
    np.testing.assert_array_equal(served["total"].numpy(), np.array(EXPECTED["two"]["summed"]["total"], np.float32))


def test_variables_are_a_checkpoint_of_the_object_graph(tmp_path):
    tf.saved_model.save(Dense(), tmp_path)
    reader = tf.train.load_checkpoint(str(tmp_path / "variables" / "variables"))
    keys = sorted(k for k, _ in tf.train.list_variables(str(tmp_path / "variables" / "variables")))
    assert keys == ["_CHECKPOINTABLE_OBJECT_GRAPH", "bias/.ATTRIBUTES/VARIABLE_VALUE",
                    "kernel/.ATTRIBUTES/VARIABLE_VALUE"]
    np.testing.assert_array_equal(reader.get_tensor("bias/.ATTRIBUTES/VARIABLE_VALUE"), [0.5, -1.0])


def _traced_functions(export_dir):
    """For each function node of the root: what the recorder takes of TensorFlow's (traces,
    their argument keywords and input signatures as protobuf text)."""
    meta = read_saved_model(export_dir).meta_graphs[0]
    graph = meta.object_graph_def
    out = saved_model_export_modules.function_nodes(graph)
    return out, sorted(meta.signature_def), [n.WhichOneof("kind") for n in graph.nodes]


def test_functions_without_input_signature_export_their_traces(tmp_path):
    expected = EXPECTED["traced"]
    tf.saved_model.save(_MODULES.traced(X), tmp_path)
    functions, signature_keys, kinds = _traced_functions(tmp_path)
    assert functions == expected["functions"]
    assert signature_keys == expected["signature_keys"] and kinds == expected["node_kinds"]
    loaded = tf.saved_model.load(tmp_path)
    calls = {"scaled": loaded.scaled(tf.constant(X)), "scaled_3": loaded.scaled(tf.constant(X[:2]), scale=3.0),
             "scaled_row": loaded.scaled(X[0]), "call": loaded(tf.constant(X))}
    for key, value in calls.items():
        np.testing.assert_array_equal(value.numpy(), np.array(expected["calls"][key], np.float32))
    returned, after = expected["reset"]  # a function returning nothing, then a trace reading what it assigned
    assert loaded.reset(tf.constant([1.0, 0.5, -2.0])) is returned is None
    np.testing.assert_array_equal(loaded.scaled(X[0]).numpy(), np.array(after, np.float32))
    for key, call in [("float64", lambda: loaded.scaled(tf.constant(X, tf.float64))),
                      ("scale", lambda: loaded.scaled(tf.constant(X), scale=5.0)),
                      ("never_called", lambda: loaded.never_called(tf.constant(X)))]:
        kind, text = expected["errors"][key]
        with pytest.raises(ValueError) as info:
            call()
        assert (type(info.value).__name__, str(info.value)) == (kind, text)


def test_missing_features_say_so(tmp_path):
    with pytest.raises(NotImplementedError, match="SaveOptions' save_debug_info"):
        tf.saved_model.save(Dense(), tmp_path / "c", options=tf.saved_model.SaveOptions(save_debug_info=True))
    with pytest.raises(TypeError, match="SaveOptions"):
        tf.saved_model.save(Dense(), tmp_path / "c", options=object())

    class WithCond(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def __call__(self, x):
            return tf.cond(x > 0, lambda: x, lambda: -x)

    with pytest.raises(NotImplementedError, match="control flow"):
        tf.saved_model.save(WithCond(), tmp_path / "d")

    class CallsAnother(tf.Module):
        def __init__(self):
            super().__init__()
            self.sub = Scaler()

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
        def __call__(self, x):
            return self.sub.scale(x)

    with pytest.raises(NotImplementedError, match="a call of another tf.function"):
        tf.saved_model.save(CallsAnother(), tmp_path / "e")

    class Draws(tf.Module):  # a Generator's binomial draw: its state is not yet the exported node's input
        def __init__(self):
            super().__init__()
            self.g = tf.random.Generator.from_seed(0)

        @tf.function
        def __call__(self):
            return self.g.binomial([2], counts=[10.0, 20.0], probs=[0.5, 0.5])

    draws = Draws()
    draws()
    with pytest.raises(NotImplementedError, match="StatefulRandomBinomial.*tf.random.Generator"):
        tf.saved_model.save(draws, tmp_path / "f")


TF_SCRIPT = textwrap.dedent(r'''
    import json, subprocess, sys, os
    import numpy as np
    import tensorflow as tf
    dense_dir, two_dir, wide_dir = sys.argv[1], sys.argv[2], sys.argv[3]
    two_inputs = tf.saved_model.load(os.path.join(os.path.dirname(dense_dir), "two_inputs"))
    x = np.array(json.loads(sys.argv[4]), np.float32)
    dense, two, wide = tf.saved_model.load(dense_dir), tf.saved_model.load(two_dir), tf.saved_model.load(wide_dir)
    traced = tf.saved_model.load(os.path.join(os.path.dirname(dense_dir), "traced"))
    cli = os.path.join(os.path.dirname(sys.executable), "saved_model_cli")
    show = subprocess.run([cli, "show", "--dir", dense_dir, "--all"], capture_output=True, text=True, check=True).stdout
    print(json.dumps({"dense": dense(x).numpy().tolist(),
                      "dense_serving": dense.signatures["serving_default"](x=tf.constant(x))["output_0"].numpy().tolist(),
                      "two": two(x).numpy().tolist(),
                      "sums": {k: v.numpy().tolist() for k, v in two.signatures["sums"](x=tf.constant(x)).items()},
                      "wide": {k: v.numpy().tolist() for k, v in wide(x).items()},
                      "wide_serving": {k: v.numpy().tolist() for k, v in
                                       wide.signatures["serving_default"](x=tf.constant(x)).items()},
                      "wide_sub": wide.sub.scale(x).numpy().tolist(),
                      "two_inputs": [t.numpy().tolist() for t in two_inputs(x, 3)],
                      "two_inputs_serving": {k: v.numpy().tolist() for k, v in two_inputs.signatures[
                          "serving_default"](x=tf.constant(x), k=tf.constant(3)).items()},
                      "traced": [t.numpy().tolist() for t in (traced.scaled(tf.constant(x)),
                                 traced.scaled(tf.constant(x[:2]), scale=3.0), traced(tf.constant(x)))],
                      "show": show}))
''')


def test_tensorflow_loads_varrts_export(tmp_path):
    python = required_tf_python()
    dense, two = Dense(), TwoFunctions()
    tf.saved_model.save(dense, tmp_path / "dense")
    tf.saved_model.save(two, tmp_path / "two", signatures={"sums": two.summed})
    wide = Wide()
    tf.saved_model.save(wide, tmp_path / "wide")  # count is 0 in the export
    tf.saved_model.save(TwoInputs(), tmp_path / "two_inputs")
    tf.saved_model.save(_MODULES.traced(X), tmp_path / "traced")
    run = subprocess.run([python, "-c", TF_SCRIPT, str(tmp_path / "dense"), str(tmp_path / "two"), str(tmp_path / "wide"),
                          json.dumps(X.tolist())],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    np.testing.assert_array_equal(np.array(got["dense"], np.float32), dense(X).numpy())  # bit for bit
    np.testing.assert_array_equal(np.array(got["dense_serving"], np.float32), dense(X).numpy())
    np.testing.assert_array_equal(np.array(got["two"], np.float32), two(X).numpy())
    mine = two.summed(X)
    np.testing.assert_array_equal(np.array(got["sums"]["total"], np.float32), mine["total"].numpy())
    np.testing.assert_array_equal(got["sums"]["count"], mine["count"].numpy())
    first, second = wide(X), wide(X)  # count 1, then 2, as TensorFlow's two calls of the restored model
    for key in ("e", "g", "s"):
        np.testing.assert_array_equal(np.array(got["wide"][key], np.float32), first[key].numpy())
        np.testing.assert_array_equal(np.array(got["wide_serving"][key], np.float32), second[key].numpy())
    assert (got["wide"]["n"], got["wide_serving"]["n"]) == (int(first["n"]), int(second["n"])) == (1, 2)
    np.testing.assert_array_equal(np.array(got["wide_sub"], np.float32), wide.sub.scale(X).numpy())
    mine = [t.numpy() for t in TwoInputs()(X, 3)]
    for k, want in enumerate(mine):
        np.testing.assert_array_equal(np.array(got["two_inputs"][k], np.float32), want)
        np.testing.assert_array_equal(np.array(got["two_inputs_serving"][f"output_{k}"], np.float32), want)
    for got_traced, key in zip(got["traced"], ("scaled", "scaled_3", "call")):  # TensorFlow runs varrt's traces
        np.testing.assert_array_equal(np.array(got_traced, np.float32), np.array(EXPECTED["traced"]["calls"][key],
                                                                                  np.float32))
    assert "inputs['x'] tensor_info:" in got["show"] and "name: serving_default_x:0" in got["show"]
    assert "Function Name: '__call__'" in got["show"]


def test_signatures_keep_the_order_given(tmp_path):
    """TensorFlow's signature map lists the signatures in the order of the dict given to save, and
    its loader's `.signatures` follows it (TensorFlow 2.21: ['b', 'z', 'a'], the saved_model guide's
    ['serving_default', 'array_input']); the SignatureDefs themselves are made in sorted order."""
    class Doubler(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def __call__(self, x):
            return x * 2

    m = Doubler()
    c = m.__call__.get_concrete_function()
    for order in (["serving_default", "array_input"], ["b", "z", "a"]):
        path = tmp_path / "_".join(order)
        tf.saved_model.save(m, str(path), signatures={k: c for k in order})
        loaded = tf.saved_model.load(str(path))
        assert list(loaded.signatures.keys()) == order
        assert float(loaded.signatures[order[-1]](x=tf.constant(1.5))["output_0"]) == 3.0
        graph = read_saved_model(str(path)).meta_graphs[0].object_graph_def
        signature_map = next(c.node_id for c in graph.nodes[0].children if c.local_name == "signatures")
        assert [c.local_name for c in graph.nodes[signature_map].children] == order
