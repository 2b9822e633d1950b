"""Records what TensorFlow 2.21 computes for the modules tests/test_saved_model_save.py exports
(the same variables and functions written with TensorFlow), into
tests/fixtures/saved_model/export_expected.json: each function's outputs on the test's inputs
(batch size 5, which no SavedModel fixture uses), each module's serving SignatureDef as
TensorFlow writes it, the nodes of one FunctionDef and what saved_model_cli lists for one module.

    /work/tfenv/bin/python tests/tools/record_saved_model_export.py
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import tensorflow as tf
from tensorflow.core.protobuf import saved_model_pb2

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "saved_model", "export_expected.json")
X = (np.arange(15, dtype=np.float32).reshape(5, 3) - 7) / 4
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import saved_model_export_modules  # noqa: E402  (tests/, the modules the test exports with varrt)

_MODULES = saved_model_export_modules.modules(tf)
Dense, TwoFunctions, TwoInputs = _MODULES.Dense, _MODULES.TwoFunctions, _MODULES.TwoInputs
CLI = os.path.join(os.path.dirname(sys.executable), "saved_model_cli")


def show_all(module):
    """What `saved_model_cli show --dir D --all` prints for the module as TensorFlow saves it."""
    with tempfile.TemporaryDirectory() as d:
        tf.saved_model.save(module, d)
        return subprocess.run([CLI, "show", "--dir", d, "--all"], capture_output=True, text=True, check=True).stdout


def signature(module):
    with tempfile.TemporaryDirectory() as d:
        tf.saved_model.save(module, d)
        sm = saved_model_pb2.SavedModel()
        with open(os.path.join(d, "saved_model.pb"), "rb") as f:
            sm.ParseFromString(f.read())
    sig = sm.meta_graphs[0].signature_def["serving_default"]
    info = lambda t: {"name": t.name, "dtype": t.dtype, "shape": [d.size for d in t.tensor_shape.dim]}
    return {"inputs": {k: info(v) for k, v in sig.inputs.items()},
            "outputs": {k: info(v) for k, v in sig.outputs.items()}, "method_name": sig.method_name}


def node_attrs(module, attribute):
    """[op, {attr: AttrValue fields}] of the nodes of the FunctionDef TensorFlow writes for the
    module's tf.function `attribute` (attributes starting with "_" left out), sorted."""
    with tempfile.TemporaryDirectory() as d:
        tf.saved_model.save(module, d)
        sm = saved_model_pb2.SavedModel()
        with open(os.path.join(d, "saved_model.pb"), "rb") as f:
            sm.ParseFromString(f.read())
    graph = sm.meta_graphs[0].object_graph_def
    root = graph.nodes[0]
    node = graph.nodes[next(c.node_id for c in root.children if c.local_name == attribute)]
    name = node.function.concrete_functions[0]
    fdef = next(f for f in sm.meta_graphs[0].graph_def.library.function if f.signature.name == name)
    out = []
    for n in fdef.node_def:
        attrs = {}
        for k, v in sorted(n.attr.items()):
            if k.startswith("_"):
                continue
            kind = v.WhichOneof("value")
            value = getattr(v, kind)
            if kind == "tensor":  # the constant's dtype and values
                value = [value.dtype, tf.make_ndarray(value).tolist()]
            elif kind == "list":
                value = list(value.i)
            elif kind == "s":
                value = value.decode()
            attrs[k] = {kind: value}
        out.append([n.op, attrs])
    return sorted(out, key=json.dumps)


def node_kinds(module):
    """The kind of each SavedObject TensorFlow writes for the module, in node order."""
    with tempfile.TemporaryDirectory() as d:
        tf.saved_model.save(module, d)
        sm = saved_model_pb2.SavedModel()
        with open(os.path.join(d, "saved_model.pb"), "rb") as f:
            sm.ParseFromString(f.read())
    return [n.WhichOneof("kind") for n in sm.meta_graphs[0].object_graph_def.nodes]


def traced_export(x):
    """What TensorFlow writes and loads for the module whose functions have no input_signature:
    per function node its traces (their input signatures as text and argument keywords), and the
    loaded module's results and its error text for a call no trace matches."""
    module = _MODULES.traced(x)
    with tempfile.TemporaryDirectory() as d:
        tf.saved_model.save(module, d)
        sm = saved_model_pb2.SavedModel()
        with open(os.path.join(d, "saved_model.pb"), "rb") as f:
            sm.ParseFromString(f.read())
        graph = sm.meta_graphs[0].object_graph_def
        functions = saved_model_export_modules.function_nodes(graph)
        loaded = tf.saved_model.load(d)
        errors = {}
        for name, call in [("float64", lambda: loaded.scaled(tf.constant(x, tf.float64))),
                           ("scale", lambda: loaded.scaled(tf.constant(x), scale=5.0)),
                           ("never_called", lambda: loaded.never_called(tf.constant(x)))]:
            try:
                call()
                errors[name] = None
            except Exception as e:  # noqa: BLE001 (recorded: its type and text)
                errors[name] = [type(e).__name__, str(e)]
        return {"functions": functions, "signature_keys": sorted(sm.meta_graphs[0].signature_def),
                "node_kinds": [n.WhichOneof("kind") for n in graph.nodes],
                "calls": {"scaled": loaded.scaled(tf.constant(x)).numpy().tolist(),
                          "scaled_3": loaded.scaled(tf.constant(x[:2]), scale=3.0).numpy().tolist(),
                          "scaled_row": loaded.scaled(x[0]).numpy().tolist(),
                          "call": loaded(tf.constant(x)).numpy().tolist()},
                "reset": [loaded.reset(tf.constant([1.0, 0.5, -2.0])), loaded.scaled(x[0]).numpy().tolist()],
                "errors": errors}


def main():
    dense, two = Dense(), TwoFunctions()
    two_inputs = TwoInputs()
    out = {"x": X.tolist(),
           "two_inputs": {"call": [t.numpy().tolist() for t in two_inputs(X, 3)],
                          "signature": signature(two_inputs)},
           "dense": {"call": dense(X).numpy().tolist(), "signature": signature(dense), "show_all": show_all(dense)},
           "two": {"call": two(X).numpy().tolist(),
                   "summed": {k: v.numpy().tolist() for k, v in two.summed(X).items()},
                   "signature": signature(two), "summed_nodes": node_attrs(two, "summed"),
                   "node_kinds": node_kinds(two)},
           "traced": traced_export(X)}
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
