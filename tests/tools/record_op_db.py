#!/usr/bin/env python3
"""Records TensorFlow 2.21's results for the op database (tests/op_db.py, tests/op_db_optimizers.py)
into tests/fixtures/op_db_tf.json, which tests/test_op_db.py compares varrt with. Run it with an
interpreter that has TensorFlow:

    $VARRT_TF_PYTHON tests/tools/record_op_db.py             # rewrite the fixture
    $VARRT_TF_PYTHON tests/tools/record_op_db.py --out FILE  # write elsewhere (the live test does)

It checks the database as it goes and refuses to record an entry that is wrong about
TensorFlow: a traced or TF1 run whose values differ from the eager ones, a gradient mode that
differs from the other, a table op the entry claims but TensorFlow's graph of the call lacks, a
"refused" dtype TensorFlow accepts.
"""
import argparse
import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

import op_db  # noqa: E402
import op_db_modes as modes  # noqa: E402
import op_db_optimizers  # noqa: E402
from op_db_values import mismatch  # noqa: E402

FIXTURE = TESTS / "fixtures" / "op_db_tf.json"


PROBLEMS = []


def check(condition, entry, what):
    if not condition:
        PROBLEMS.append(f"{entry.name}: {what}")


def graph_op_types(tf, entry):
    """The op types of the entry's TF1 graph, its gradients included."""
    with tf.Graph().as_default() as graph:
        phs = [tf.compat.v1.placeholder(getattr(tf, a.dtype), a.static_shape()) for a in entry.args]
        outs = modes.as_list(entry.fn(tf, *phs))
        if entry.grad:
            modes.graph_gradients(tf, outs, [phs[i] for i in entry.differentiable()])
        types = {op.type for op in graph.get_operations()}
        for fn in graph._functions.values():  # the branches and bodies of control flow
            types |= {node.op for node in fn.definition.node_def}
    return types


def same(got, want):
    return len(got) == len(want) and all(mismatch(g, w) is None for g, w in zip(got, want))


def record_entry(tf, entry):
    batches = op_db.BATCH_SIZES
    missing = set(entry.ops) - graph_op_types(tf, entry)
    check(not missing, entry, f"TensorFlow's graph has no {sorted(missing)}")
    rec = {"eager": {}, "grads": {}}
    for batch in batches:
        rec["eager"][batch] = modes.eager(tf, entry, batch)
        if entry.grad:
            rec["grads"][batch] = modes.tape_gradients(tf, entry, batch)
    rec["traced_static"], traced = modes.traced(tf, entry, batches)
    sess = modes.session(tf, entry, batches, entry.grad)
    rec["session_static"], rec["grad_static"] = sess["static"], sess["grad_static"]
    if entry.random is None:
        for batch in batches:
            check(same(traced[batch], rec["eager"][batch]), entry, f"traced != eager at batch {batch}")
            check(same(sess[batch]["outputs"], rec["eager"][batch]), entry, f"Session != eager at batch {batch}")
            if entry.grad:
                check(same(sess[batch]["grads"], rec["grads"][batch]), entry,
                      f"tf.gradients != GradientTape at batch {batch}")
    if entry.refuses:
        rec["dtype_error"] = {"eager": modes.dtype_error_eager(tf, entry),
                              "graph": modes.dtype_error_graph(tf, entry)}
        check(None not in rec["dtype_error"].values(), entry,
              f"TensorFlow accepts {entry.refuses}: {rec['dtype_error']}")
    return rec


def record(tf):
    names = [e.name for e in op_db.ENTRIES]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        sys.exit(f"entry names used twice: {sorted(dup)}")
    out = {"tensorflow": tf.__version__, "batch_sizes": list(op_db.BATCH_SIZES), "entries": {},
           "optimizers": {"tf1": {}, "keras": {}}}
    for entry in op_db.ENTRIES:
        out["entries"][entry.name] = record_entry(tf, entry)
        print(f"recorded {entry.name}", flush=True)
    for name in op_db_optimizers.TF1:
        out["optimizers"]["tf1"][name] = op_db_optimizers.run_tf1(tf, name)
    for name in op_db_optimizers.KERAS:
        out["optimizers"]["keras"][name] = op_db_optimizers.run_keras(tf, name)
    print("recorded the optimizer cases")
    if PROBLEMS:
        sys.exit("not recorded: the database is wrong about TensorFlow (fix tests/op_db.py):\n" + "\n".join(PROBLEMS))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=pathlib.Path, default=FIXTURE)
    args = parser.parse_args()
    import tensorflow as tf
    data = record(tf)
    # One entry a line: small, and a re-recording's diff shows which entries changed.
    lines = [f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in data["entries"].items()]
    head = {k: v for k, v in data.items() if k not in ("entries", "optimizers")}
    text = ("{\n" + "".join(f"{json.dumps(k)}: {json.dumps(v)},\n" for k, v in head.items())
            + '"optimizers": ' + json.dumps(data["optimizers"], separators=(",", ":")) + ",\n"
            + '"entries": {\n' + ",\n".join(lines) + "\n}\n}\n")
    args.out.write_text(text)
    print(f"wrote {args.out} ({len(text) // 1024} KB)")


if __name__ == "__main__":
    main()
