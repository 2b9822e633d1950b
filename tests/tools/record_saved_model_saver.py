"""Records what TensorFlow 2.21's TensorFlow 1 loader and `saved_model_cli run` give for the
SavedModels of tests/saver_cases.py as TensorFlow exports them, into
tests/fixtures/saved_model/saver_expected.json, which tests/test_saved_model_saver.py compares
varrt's exports with (live, the same tools run on varrt's).

    /work/tfenv/bin/python tests/tools/record_saved_model_saver.py
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import saver_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "saved_model", "saver_expected.json")
CLI = os.path.join(os.path.dirname(sys.executable), "saved_model_cli")


def cli_run(path, key):
    """saved_model_cli run's report (from "Result for output key" on)."""
    out = subprocess.run([CLI, "run", "--dir", path, "--tag_set", "serve", "--signature_def", "serving_default",
                          "--input_exprs", f"{key}={saver_cases.X}"], capture_output=True, text=True, check=True).stdout
    return out[out.index("Result for output key"):]


def session_run(path):
    """{output key: value} of serving_default run in a TensorFlow 1 session after the loader restored it."""
    with tf.compat.v1.Graph().as_default() as g, tf.compat.v1.Session(graph=g) as sess:
        meta_graph = tf.compat.v1.saved_model.loader.load(sess, ["serve"], path)
        sig = meta_graph.signature_def["serving_default"]
        (name,) = [t.name for t in sig.inputs.values()]
        got = sess.run({k: t.name for k, t in sig.outputs.items()}, {name: saver_cases.BATCH})
        return {k: np.asarray(v).tolist() for k, v in got.items()}, sorted(meta_graph.saver_def.ListFields() and
                                                                          [f.name for f, _ in
                                                                           meta_graph.saver_def.ListFields()])


def saver_nodes(path):
    """The saver TensorFlow writes: [op, name] of each node of its save and restore functions and
    of the graph's nodes from the init op's NoOp on."""
    from tensorflow.core.protobuf import saved_model_pb2
    sm = saved_model_pb2.SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    meta_graph = sm.meta_graphs[0]
    out = {}
    for fdef in meta_graph.graph_def.library.function:
        for kind in ("_traced_save_", "_traced_restore_"):
            if kind in fdef.signature.name:
                out[kind.strip("_")] = {"nodes": sorted([n.op, n.name, sorted(n.input)] for n in fdef.node_def),
                                        "inputs": [[a.name, a.type] for a in fdef.signature.input_arg]}
    names = [n.name for n in meta_graph.graph_def.node]
    out["graph"] = [[n.op, n.name] for n in meta_graph.graph_def.node[names.index("NoOp"):]]
    return out


def main():
    out = {}
    with tempfile.TemporaryDirectory() as d:
        tf.saved_model.save(saver_cases.dense4(tf), os.path.join(d, "dense4"))
        saver_cases.keras_mlp(tf).export(os.path.join(d, "mlp"), verbose=False)
        for name, key in (("dense4", "x"), ("mlp", "keras_tensor")):
            session, saver_fields = session_run(os.path.join(d, name))
            out[name] = {"cli_run": cli_run(os.path.join(d, name), key), "session": session,
                         "saver_def_fields": saver_fields, "saver": saver_nodes(os.path.join(d, name))}
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
