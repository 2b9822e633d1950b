"""TensorFlow reads what varrt writes, and varrt reads what TensorFlow writes: checked against
a real TensorFlow (the interpreter VARRT_TF_PYTHON names) in one subprocess. Skipped when it
is not set, except under CI=true, where that fails; TensorFlow is never imported into this process."""
import json
import os
import subprocess
import textwrap
import types

import numpy as np
import pytest

import varrt as tf

from ckpt_helpers import all_dtype_values, assert_bitwise_equal, in_ci, tf_python, variable_of, zeros_like_value

TF = tf_python()
pytestmark = pytest.mark.skipif(TF is None and not in_ci(), reason="no TensorFlow interpreter (set VARRT_TF_PYTHON)")


@pytest.fixture(autouse=True, scope="module")
def _tensorflow_is_there_in_ci():  # module scope: checked before the module's exchange fixture runs
    if TF is None:
        pytest.fail("CI=true but VARRT_TF_PYTHON names no Python interpreter with TensorFlow (.ci/run installs one)")

TF_SCRIPT = textwrap.dedent(r'''
    import json, sys, numpy as np
    import tensorflow as tf
    d = sys.argv[1]
    out = {}

    def dump(path):
        r = tf.train.load_checkpoint(path)
        res = {}
        for k, dt in r.get_variable_to_dtype_map().items():
            v = np.asarray(r.get_tensor(k))
            data = [bytes(x).hex() for x in v.reshape(-1)] if dt == tf.string else v.tobytes().hex()
            res[k] = [dt.name, list(v.shape), data]
        return res

    # 1. every dtype, read by TF's reader and restored into TF variables by Checkpoint.restore
    out["all_dtypes"] = dump(d + "/all")
    spec = json.load(open(d + "/all_spec.json"))
    fresh = {}
    for name, (dtype, shape) in spec.items():
        if dtype == "string":
            fresh[name] = tf.Variable(np.full(shape, b"", dtype=object), dtype=tf.string)
        else:
            fresh[name] = tf.Variable(tf.zeros(shape, dtype=dtype))
    status = tf.train.Checkpoint(**fresh).read(d + "/all")  # write() stores no save_counter
    status.assert_consumed()
    out["restored_all"] = {k: (v.numpy().tobytes().hex() if v.dtype != tf.string else
                               [bytes(x).hex() for x in np.asarray(v.numpy()).reshape(-1)]) for k, v in fresh.items()}

    # 2. a nested structure saved with save(): TF's latest_checkpoint, restore, assert_consumed
    m = tf.Module()
    m.enc = tf.Module()
    m.enc.kernel = tf.Variable(tf.zeros([3, 2]))
    m.enc.bias = tf.Variable(tf.zeros([2]))
    m.layers = [tf.Variable(tf.zeros([2])), {"w.1/x": tf.Variable(tf.zeros([1]))}]
    ck = tf.train.Checkpoint(model=m, step=tf.Variable(0, dtype=tf.int64))
    latest = tf.train.latest_checkpoint(d + "/tree")
    ck.restore(latest).assert_consumed()
    out["tree"] = dict(latest=latest, kernel=m.enc.kernel.numpy().tolist(), x=m.layers[1]["w.1/x"].numpy().tolist(),
                       counter=int(ck.save_counter.numpy()), step=int(ck.step.numpy()))
    # TF's manager adopts varrt's state file
    mgr = tf.train.CheckpointManager(ck, d + "/tree", max_to_keep=3)
    out["tree"]["manager_checkpoints"] = mgr.checkpoints
    out["tree"]["tf_saved"] = mgr.save()

    # 3. name-based Saver checkpoint and a multi-block index
    w = tf.Variable(tf.zeros([2]), name="weights")
    tf.compat.v1.train.Saver({"weights": w}).restore(None, d + "/saver/model.ckpt")
    out["saver"] = w.numpy().tolist()
    out["big"] = len(tf.train.load_checkpoint(d + "/big").get_variable_to_shape_map())
    out["two_shards"] = dump(d + "/merged")

    # 4. TensorFlow writes; varrt reads (checked by the test)
    t = tf.Module()
    t.sub = tf.Module()
    t.sub.v = tf.Variable([[1.5, -2.0], [0.25, 8.0]])
    t.items = [tf.Variable([1, 2, 3], dtype=tf.int64), {"k": tf.Variable([b"p", b"\x00q"])}]
    t.bf = tf.Variable([1.5, -2.0], dtype=tf.bfloat16)
    t.c = tf.Variable([1 + 2j], dtype=tf.complex128)
    tck = tf.train.Checkpoint(model=t)
    tck.save(d + "/fromtf/ck")
    tck.save(d + "/fromtf/ck")
    tf.compat.v1.train.Saver({"renamed": t.sub.v}).save(None, d + "/fromtf_saver/model.ckpt", global_step=3)
    print(json.dumps(out))
''')


def _tree(fill):
    m = types.SimpleNamespace()
    m.enc = types.SimpleNamespace(kernel=tf.Variable(np.full((3, 2), fill, np.float32)),
                                  bias=tf.Variable(np.full(2, fill, np.float32)))
    m.layers = [tf.Variable(np.full(2, fill, np.float32)), {"w.1/x": tf.Variable(np.full(1, fill, np.float32))}]
    return m


@pytest.fixture(scope="module")
def exchange(tmp_path_factory):
    d = tmp_path_factory.mktemp("interop")
    values = all_dtype_values(np.random.default_rng(5))
    tf.train.Checkpoint(**{k: variable_of(v) for k, v in values.items()}).write(str(d / "all"))
    spec = {k: ["string" if v.dtype == object else tf.as_dtype(v.dtype).name, list(v.shape)] for k, v in values.items()}
    (d / "all_spec.json").write_text(json.dumps(spec))

    ck = tf.train.Checkpoint(model=_tree(7.0), step=tf.Variable(np.int64(11)))
    ck.save(str(d / "tree" / "ckpt"))
    ck.save(str(d / "tree" / "ckpt"))

    (d / "saver").mkdir()
    tf.train.Saver([tf.Variable([4.0, 5.0], name="weights")]).save(None, str(d / "saver" / "model.ckpt"))
    tf.train.Saver({f"v{i:05d}/" + "y" * 100: tf.Variable(np.float32(i)) for i in range(3000)}).save(
        None, str(d / "big"))
    from test_checkpoint_damage import _two_shard_bundle
    os.makedirs(d / "shards")
    merged = _two_shard_bundle(d / "shards")
    for f in os.listdir(d / "shards"):
        if f.startswith("merged"):
            os.replace(d / "shards" / f, d / f)
    assert merged.endswith("merged")

    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    proc = subprocess.run([TF, "-c", TF_SCRIPT, str(d)], capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return d, values, json.loads(proc.stdout.strip().splitlines()[-1])


def test_tensorflow_reads_every_dtype(exchange):
    d, values, out = exchange
    for name, array in values.items():
        dtype, shape, data = out["all_dtypes"][f"{name}/.ATTRIBUTES/VARIABLE_VALUE"]
        assert shape == list(array.shape)
        if array.dtype == object:
            assert dtype == "string" and data == [bytes(x).hex() for x in array.reshape(-1)]
        else:
            assert dtype == tf.as_dtype(array.dtype).name and data == array.tobytes().hex()
    assert out["all_dtypes"]["_CHECKPOINTABLE_OBJECT_GRAPH"][0] == "string"


def test_tensorflow_checkpoint_restore_assert_consumed(exchange):
    d, values, out = exchange
    for name, array in values.items():
        got = out["restored_all"][name]
        want = [bytes(x).hex() for x in array.reshape(-1)] if array.dtype == object else array.tobytes().hex()
        assert got == want, name


def test_tensorflow_restores_varrt_save_and_state_file(exchange):
    d, _, out = exchange
    tree = out["tree"]
    assert tree["latest"] == str(d / "tree" / "ckpt-2")
    assert tree["kernel"] == [[7.0, 7.0]] * 3 and tree["x"] == [7.0]
    assert tree["counter"] == 2 and tree["step"] == 11
    # save()'s state file has no timestamps, so a manager adopts none of its checkpoints (both libraries).
    assert tree["manager_checkpoints"] == []
    assert tree["tf_saved"] == str(d / "tree" / "ckpt-3")
    # ...and varrt reads the state file TensorFlow's manager wrote.
    assert tf.train.latest_checkpoint(str(d / "tree")) == str(d / "tree" / "ckpt-3")


def test_tensorflow_reads_saver_multiblock_and_sharded_bundles(exchange):
    _, _, out = exchange
    assert out["saver"] == [4.0, 5.0]
    assert out["big"] == 3000
    assert out["two_shards"]["y/.ATTRIBUTES/VARIABLE_VALUE"][2] == np.array([3, 4, 5], np.int32).tobytes().hex()


def test_varrt_restores_tensorflow_checkpoints(exchange):
    d, _, _ = exchange
    assert tf.train.latest_checkpoint(str(d / "fromtf")) == str(d / "fromtf" / "ck-2")
    t = types.SimpleNamespace()
    t.sub = types.SimpleNamespace(v=tf.Variable(np.zeros((2, 2), np.float32)))
    t.items = [tf.Variable(np.zeros(3, np.int64)), {"k": tf.Variable([b"", b""])}]
    t.bf = tf.Variable(np.zeros(2), dtype=tf.bfloat16)
    t.c = tf.Variable(np.zeros(1, np.complex128))
    ck = tf.train.Checkpoint(model=t)
    ck.restore(tf.train.latest_checkpoint(str(d / "fromtf"))).assert_consumed()
    np.testing.assert_array_equal(t.sub.v.numpy(), [[1.5, -2.0], [0.25, 8.0]])
    assert list(t.items[0].numpy()) == [1, 2, 3]
    assert list(t.items[1]["k"].numpy()) == [b"p", b"\x00q"]
    assert t.bf.numpy().astype(np.float32).tolist() == [1.5, -2.0]
    assert t.c.numpy().tolist() == [1 + 2j]
    assert int(ck.save_counter.numpy()) == 2

    renamed = tf.Variable(np.zeros((2, 2), np.float32), name="anything")
    tf.train.Saver({"renamed": renamed}).restore(None, tf.train.latest_checkpoint(str(d / "fromtf_saver")))
    np.testing.assert_array_equal(renamed.numpy(), [[1.5, -2.0], [0.25, 8.0]])


def test_variable_maps_list_keys_in_tensorflows_order(tmp_path):
    # Enough keys for several rehashes of TensorFlow's std::unordered_map, with random names.
    rng = np.random.default_rng(3)
    names = sorted({"".join(rng.choice(list("abcdefghij/_"), size=rng.integers(1, 12))) for _ in range(400)})
    prefix = str(tmp_path / "order")
    tf.train.Saver({n: tf.Variable([float(i)]) for i, n in enumerate(names)}).save(None, prefix)
    script = ("import sys, json, tensorflow as tf\n"
              "r = tf.train.load_checkpoint(sys.argv[1])\n"
              "print(json.dumps([list(r.get_variable_to_shape_map()), list(r.get_variable_to_dtype_map())]))\n")
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    out = subprocess.run([TF, "-c", script, prefix], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    tf_shapes, tf_dtypes = json.loads(out.stdout.strip().splitlines()[-1])
    reader = tf.train.load_checkpoint(prefix)
    assert list(reader.get_variable_to_shape_map()) == tf_shapes
    assert list(reader.get_variable_to_dtype_map()) == tf_dtypes
    assert tf_shapes != sorted(tf_shapes)  # the order is the map's, not the index's
