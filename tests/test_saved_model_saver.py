"""The saver in varrt's exports: the `saver_def`, its save and restore functions (SaveV2,
RestoreV2, MergeV2Checkpoints, ShardedFilename, StringJoin, StaticRegexFullMatch, Select, Pack,
DisableCopyOnRead) and their calls in the MetaGraph's graph, written as TensorFlow 2.21 writes
them (tests/fixtures/saved_model/saver_expected.json, recorded by
tests/tools/record_saved_model_saver.py from TensorFlow's exports of tests/saver_cases.py's models).

Live (VARRT_TF_PYTHON): TensorFlow 1's loader restores varrt's variables in a session and serves
varrt's values; `saved_model_cli run --input_exprs 'x=[[1.0,1.0,1.0,1.0]]'` prints what it printed
for TensorFlow's export; the saver's save function writes a checkpoint varrt reads back."""
import json
import subprocess
import textwrap
from pathlib import Path

import numpy as np
import pytest

import varrt as tf
from varrt.saved_model.function_def_runner import FunctionDefRunner
from varrt.saved_model.saved_model_file import read_saved_model

import saver_cases
from ckpt_helpers import required_tf_python
from conftest import REPO

EXPECTED = json.loads((REPO / "tests" / "fixtures" / "saved_model" / "saver_expected.json").read_text())


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    d = tmp_path_factory.mktemp("saver_exports")
    dense4, mlp = saver_cases.dense4(tf), saver_cases.keras_mlp(tf)
    tf.saved_model.save(dense4, d / "dense4")
    mlp.export(str(d / "mlp"), verbose=False)
    return d, {"dense4": dense4, "mlp": mlp}


def _saver_nodes(path):
    """What the recorder records of TensorFlow's export, of varrt's."""
    meta_graph = read_saved_model(path).meta_graphs[0]
    out = {}
    for fdef in meta_graph.graph_def.library.function:
        for kind in ("_traced_save_", "_traced_restore_"):
            if kind in fdef.signature.name:
                out[kind.strip("_")] = {"nodes": sorted([n.op, n.name, sorted(n.input)] for n in fdef.node_def),
                                        "inputs": [[a.name, a.type] for a in fdef.signature.input_arg]}
    names = [n.name for n in meta_graph.graph_def.node]
    out["graph"] = [[n.op, n.name] for n in meta_graph.graph_def.node[names.index("NoOp"):]]
    return out


def test_the_saver_is_tensorflows(exports):
    d, _ = exports
    assert _saver_nodes(d / "dense4") == EXPECTED["dense4"]["saver"]
    saver_def = read_saved_model(d / "dense4").meta_graphs[0].saver_def
    assert sorted(f for f in ("filename_tensor_name", "restore_op_name", "save_tensor_name", "version")
                  if saver_def.HasField(f)) == EXPECTED["dense4"]["saver_def_fields"]
    assert (saver_def.filename_tensor_name, saver_def.save_tensor_name, saver_def.restore_op_name,
            saver_def.version) == ("saver_filename:0", "StatefulPartitionedCall_1:0", "StatefulPartitionedCall_2", 2)


def test_a_keras_export_saves_each_variable_once(exports):
    # TensorFlow's Keras export holds each variable twice (a KerasVariable and its tf.Variable):
    # its saver writes 8 for this MLP, varrt's the 4 it has; the functions are the same otherwise.
    d, _ = exports
    mine, theirs = _saver_nodes(d / "mlp"), EXPECTED["mlp"]["saver"]
    assert len(theirs["traced_save"]["inputs"]) == 2 + 8 and len(mine["traced_save"]["inputs"]) == 2 + 4
    assert {op for op, _, _ in mine["traced_save"]["nodes"]} == {op for op, _, _ in theirs["traced_save"]["nodes"]}
    assert {op for op, _, _ in mine["traced_restore"]["nodes"]} == \
        {op for op, _, _ in theirs["traced_restore"]["nodes"]}
    assert mine["graph"] == theirs["graph"]


def test_varrt_values_are_what_tensorflows_session_served(exports):
    _, models = exports
    got = models["dense4"](saver_cases.BATCH)
    want = EXPECTED["dense4"]["session"]
    np.testing.assert_array_equal(got["y"].numpy(), np.array(want["y"], np.float32))
    assert int(got["steps"]) == want["steps"]
    np.testing.assert_array_equal(models["mlp"](saver_cases.BATCH).numpy(),
                                  np.array(EXPECTED["mlp"]["session"]["output_0"], np.float32))


def test_varrts_loader_reads_an_export_with_its_saver(exports):
    d, models = exports
    loaded = tf.saved_model.load(str(d / "dense4"))
    np.testing.assert_array_equal(loaded(saver_cases.BATCH)["y"].numpy(), models["dense4"](saver_cases.BATCH)["y"])


def test_varrts_function_runner_names_the_saver_ops_it_lacks(exports):
    # varrt restores through the object graph and never runs the saver; a runner that met its
    # functions would refuse them before running anything, naming each op it has no kernel for
    # (StringJoin and StaticRegexFullMatch have kernels: tf.strings').
    d, _ = exports
    meta_graph = read_saved_model(d / "dense4").meta_graphs[0]
    runner = FunctionDefRunner(meta_graph.graph_def.library)
    names = {kind: f.signature.name for f in meta_graph.graph_def.library.function
             for kind in ("_traced_save_", "_traced_restore_") if kind in f.signature.name}
    assert sorted({op for _, op in runner.missing_ops(names["_traced_save_"])}) == [
        "DisableCopyOnRead", "MergeV2Checkpoints", "SaveV2", "ShardedFilename"]
    assert sorted({op for _, op in runner.missing_ops(names["_traced_restore_"])}) == ["RestoreV2"]


TF_SCRIPT = textwrap.dedent(r'''
    import json, os, subprocess, sys
    import numpy as np
    import tensorflow as tf
    directory, batch, x = sys.argv[1], np.array(json.loads(sys.argv[2]), np.float32), sys.argv[3]
    cli = os.path.join(os.path.dirname(sys.executable), "saved_model_cli")
    out = {}
    for name in ("dense4", "mlp"):
        path = os.path.join(directory, name)
        with tf.compat.v1.Graph().as_default() as g, tf.compat.v1.Session(graph=g) as sess:
            meta_graph = tf.compat.v1.saved_model.loader.load(sess, ["serve"], path)
            sig = meta_graph.signature_def["serving_default"]
            (key,) = list(sig.inputs)  # x, keras_tensor_N (Keras counts names program-wide)
            (feed,) = [t.name for t in sig.inputs.values()]
            session = sess.run({k: t.name for k, t in sig.outputs.items()}, {feed: batch})
            saver_def = meta_graph.saver_def
            os.makedirs(os.path.join(directory, "saved_by_tf"), exist_ok=True)
            prefix = os.path.join(directory, "saved_by_tf", name)
            written = sess.run(saver_def.save_tensor_name, {saver_def.filename_tensor_name: prefix})
        run = subprocess.run([cli, "run", "--dir", path, "--tag_set", "serve", "--signature_def",
                              "serving_default", "--input_exprs", f"{key}={x}"], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        out[name] = {"session": {k: np.asarray(v).tolist() for k, v in session.items()},
                     "cli_run": run.stdout[run.stdout.index("Result for output key"):],
                     "written": written.decode()}
    print(json.dumps(out))
''')


def test_tensorflow_1_restores_and_serves_varrts_export(exports):
    python = required_tf_python()
    d, models = exports
    run = subprocess.run([python, "-c", TF_SCRIPT, str(d), json.dumps(saver_cases.BATCH.tolist()), str(saver_cases.X)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    for name in ("dense4", "mlp"):
        assert got[name]["session"] == EXPECTED[name]["session"], name
        assert got[name]["cli_run"] == EXPECTED[name]["cli_run"], name
    # varrt's values, bit for bit
    mine = models["dense4"](saver_cases.BATCH)
    np.testing.assert_array_equal(np.array(got["dense4"]["session"]["y"], np.float32), mine["y"].numpy())
    # The save function wrote every variable under its key; varrt reads the checkpoint.
    prefix = Path(got["dense4"]["written"])
    reader = tf.train.load_checkpoint(str(prefix))
    np.testing.assert_array_equal(reader.get_tensor("kernel/.ATTRIBUTES/VARIABLE_VALUE"),
                                  models["dense4"].kernel.numpy())
    assert reader.get_tensor("steps/.ATTRIBUTES/VARIABLE_VALUE") == 7
    reader = tf.train.load_checkpoint(got["mlp"]["written"])
    assert len([k for k, _ in tf.train.list_variables(got["mlp"]["written"])]) == 5  # 4 variables, the object graph
