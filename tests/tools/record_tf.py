#!/usr/bin/env python3
"""Re-records everything the tests hold from TensorFlow 2.21: the conformance cases' golden
output (tests/conformance/golden) and the TensorFlow-written checkpoints with their expected
values (tests/fixtures/tf_checkpoints). Run it with an interpreter that has TensorFlow:

    $VARRT_TF_PYTHON tests/tools/record_tf.py            # rewrite both in place
    $VARRT_TF_PYTHON tests/tools/record_tf.py --out DIR  # write into DIR instead, to compare

The values are fixed literals (not random), so a re-recording stores the same tensors; the
checkpoints stay a few kilobytes.
"""
import argparse
import importlib.util
import json
import os
import pathlib
import sys

TESTS = pathlib.Path(__file__).resolve().parents[1]

# The tf2_checkpoint's float32 weights, as first recorded (random normal values kept as literals).
W = [0.001230153371579945, 0.2987455427646637, -0.27413785457611084,
     -0.8905918598175049, -0.454670786857605, -0.9916465282440186]
L1_KERNEL = [0.0601436011493206, 1.3402152061462402, -0.49220651388168335, -0.6204748749732971,
             0.4898420572280884, 0.35688701272010803, 0.1054142490029335, -0.9304680228233337,
             -0.02925182320177555, 0.695303201675415, -1.3442145586013794, -0.45761576294898987]
L2_KERNEL = [-1.9012227058410645, -1.289537787437439, -1.8417350053787231,
             -0.23509113490581512, -1.267446517944336, 0.27126434445381165]


# Goldens written by hand, not recorded: 08's follows the op sequence of TensorFlow's variables
# guide in the classic "Executing op" format, which TensorFlow 2.21 itself no longer prints
# (it logs each op's function graph, _Arg/_Retval nodes included).
CURATED = {"08_placement_log"}


def record_conformance(out):
    """Runs each case under TensorFlow with the repository's runner and stores what it prints."""
    spec = importlib.util.spec_from_file_location("conformance_run", TESTS / "conformance" / "run.py")
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    golden = out / "conformance" / "golden"
    golden.mkdir(parents=True, exist_ok=True)
    for case in sorted((TESTS / "conformance" / "cases").glob("[0-9]*.py")):
        if case.stem in CURATED:
            print(f"kept {case.stem}.out (curated by hand)")
            continue
        got, code = run.run_case(case.resolve(), "tensorflow", timeout=300)
        if code != 0:
            sys.exit(f"{case.name} exited with {code} under TensorFlow; not recorded:\n{got}")
        (golden / (case.stem + ".out")).write_text(got)
        print(f"recorded {case.stem}.out")


def describe(reader):
    """{key: {dtype, shape, values | values_hex}} for every variable in a checkpoint (not the graph),
    in the order TensorFlow's reader lists them (the tests check varrt's order against it)."""
    import numpy as np
    import tensorflow as tf
    result = {}
    for key, dtype in reader.get_variable_to_dtype_map().items():
        if key == "_CHECKPOINTABLE_OBJECT_GRAPH":
            continue
        value = np.asarray(reader.get_tensor(key))
        entry = {"dtype": dtype.name, "shape": list(value.shape)}
        flat = value.reshape(-1)
        if dtype == tf.string:
            entry["values_hex"] = [bytes(x).hex() for x in flat]
        elif dtype.is_complex:
            entry["values"] = [[float(x.real), float(x.imag)] for x in flat]
        elif dtype == tf.bool:
            entry["values"] = [bool(x) for x in flat]
        elif dtype.is_integer:
            entry["values"] = [int(x) for x in flat]
        else:
            entry["values"] = [float(x) for x in flat]
        result[key] = entry
    return result


def record_checkpoints(out):
    import numpy as np
    import tensorflow as tf
    fixtures = out / "fixtures" / "tf_checkpoints"
    fixtures.mkdir(parents=True, exist_ok=True)

    # An object-based checkpoint (Checkpoint.write, so no save_counter): one variable per dtype
    # and a nested module; the attribute order fixes the object graph's node numbers the tests check.
    model = tf.Module()
    model.l1 = tf.Module()
    model.l1.kernel = tf.Variable(np.array(L1_KERNEL, np.float32).reshape(4, 3), name="kernel")
    model.l1.bias = tf.Variable(np.zeros(3, np.float32), name="bias")
    model.l2 = tf.Module()
    model.l2.kernel = tf.Variable(np.array(L2_KERNEL, np.float32).reshape(3, 2), name="kernel")
    model.l2.bias = tf.Variable(np.zeros(2, np.float32), name="bias")
    model.step = tf.Variable(np.int64(42))
    ckpt = tf.train.Checkpoint(
        w=tf.Variable(np.array(W, np.float32).reshape(2, 3)),
        b=tf.Variable(np.array([1, -2, 3], np.int64)),
        step=tf.Variable(np.int32(5)),
        s=tf.Variable([b"abc", b"", b"\xff\x00z"]),
        c=tf.Variable(np.array([1 + 2j, complex(-0.0, -3.0)], np.complex64)),
        h=tf.Variable(np.array([0.5, -1.25], np.float16)),
        bf=tf.Variable(tf.constant([1.5, -2.0, 3.25], tf.bfloat16)),
        flag=tf.Variable([True, False]),
        d=tf.Variable(np.arange(6, dtype=np.float64).reshape(3, 2) / 7),
        u8=tf.Variable(np.array([0, 255, 7], np.uint8)),
        model=model)
    tf2 = fixtures / "tf2_checkpoint"
    tf2.mkdir(exist_ok=True)
    ckpt.write(str(tf2 / "ckpt"))

    # A name-based (TF1 Saver) checkpoint, one variable saved under another name.
    v1_dir = fixtures / "saver_v1"
    v1_dir.mkdir(exist_ok=True)
    with tf.Graph().as_default():
        v1 = tf.compat.v1.Variable([[1.0, 2.0], [3.0, 4.0]], name="v1")
        v2 = tf.compat.v1.Variable([10, 20, 30], name="v2")
        saver = tf.compat.v1.train.Saver({"v1": v1, "my_v2": v2})
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            saver.save(sess, str(v1_dir / "model.ckpt"), write_meta_graph=False)
    # The Saver writes an absolute path into its state file; keep it relative so any checkout reads it.
    (v1_dir / "checkpoint").write_text('model_checkpoint_path: "model.ckpt"\n'
                                       'all_model_checkpoint_paths: "model.ckpt"\n')

    expected = {prefix: describe(tf.train.load_checkpoint(str(fixtures / prefix)))
                for prefix in ("tf2_checkpoint/ckpt", "saver_v1/model.ckpt")}
    (fixtures / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"recorded {fixtures}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=pathlib.Path, default=TESTS, help="folder to write conformance/ and fixtures/ into")
    ap.add_argument("--only", choices=["conformance", "checkpoints"])
    args = ap.parse_args()
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
    if not tf.__version__.startswith("2.21."):
        sys.exit(f"TensorFlow 2.21 records the expectations; this is {tf.__version__}")
    if args.only != "checkpoints":
        record_conformance(args.out)
    if args.only != "conformance":
        record_checkpoints(args.out)


if __name__ == "__main__":
    main()
