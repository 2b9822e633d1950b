"""Differential tests against TensorFlow 2.21 for every op of the op table (issue 24): each
entry of tests/op_db.py runs eagerly, in a tf.function traced once with an unknown batch
dimension, in a TensorFlow 1 Session fed through [None, ...] placeholders, and through its
gradients (GradientTape eagerly and inside the traced tf.function, tf.compat.v1.gradients), at
batch sizes no trace saw, and is compared
with what TensorFlow gave on the same inputs (tests/fixtures/op_db_tf.json, written by
tests/tools/record_op_db.py): dtypes and shapes (static ones included) exactly, values within a
tolerance per dtype, and the error type and first line for a dtype the op refuses. The optimizer
cases of tests/op_db_optimizers.py are compared step by step.

The default run checks every entry eagerly and traced, and its dtype errors; the Session, the
gradients, the second eager batch size, the optimizer cases and the comparison with live
TensorFlow (VARRT_TF_PYTHON) are marked slow (conftest.py runs them under CI=true).
"""
import json
import subprocess

import pytest

import varrt as tf
from ckpt_helpers import required_tf_python
from conftest import REPO

import op_db
import op_db_modes as modes
import op_db_optimizers
from op_db_values import mismatch, within_bounds

FIXTURE = REPO / "tests" / "fixtures" / "op_db_tf.json"
RECORDED = json.loads(FIXTURE.read_text())
BATCHES = op_db.BATCH_SIZES
ENTRIES = {e.name: e for e in op_db.ENTRIES}
GRAD_ENTRIES = [e for e in op_db.ENTRIES if e.grad]
REFUSING_ENTRIES = [e for e in op_db.ENTRIES if e.refuses]


def _ids(entries):
    return [e.name for e in entries]


def _problems(got, want, entry, where):
    """What differs between varrt's results and TensorFlow's, one line each."""
    if len(got) != len(want):
        return [f"{where}: {len(got)} results, TensorFlow gives {len(want)}"]
    out = []
    for i, (g, w) in enumerate(zip(got, want)):
        if entry.random is not None and g is not None and w is not None:
            # A seeded op's values depend on its kernel's history: dtype, shape and bounds only.
            msg = mismatch(dict(g, values=[]), dict(w, values=[])) or within_bounds(g, *entry.random)
        else:
            msg = mismatch(g, w)
        if msg:
            out.append(f"{where} #{i}: {msg}")
    return out


def _assert_none(problems, entry):
    assert not problems, f"{entry.name} (ops {', '.join(entry.ops) or '-'}):\n" + "\n".join(problems)


def check_eager(entry, ref, batch):
    _assert_none(_problems(modes.eager(tf, entry, batch), ref["eager"][str(batch)], entry, f"eager, batch {batch}"),
                 entry)


def check_traced(entry, ref):
    static, results = modes.traced(tf, entry, BATCHES)
    problems = [] if static == ref["traced_static"] else [
        f"traced: static shapes {static}, TensorFlow's {ref['traced_static']}"]
    for batch in BATCHES:
        problems += _problems(results[batch], ref["eager"][str(batch)], entry, f"traced, batch {batch}")
    _assert_none(problems, entry)


def check_session(entry, ref):
    got = modes.session(tf, entry, BATCHES, entry.grad)
    problems = []
    if got["static"] != ref["session_static"]:
        problems.append(f"TF1 graph: static shapes {got['static']}, TensorFlow's {ref['session_static']}")
    if got["grad_static"] != ref["grad_static"]:
        problems.append(f"tf.gradients: static shapes {got['grad_static']}, TensorFlow's {ref['grad_static']}")
    for batch in BATCHES:
        problems += _problems(got[batch]["outputs"], ref["eager"][str(batch)], entry, f"Session, batch {batch}")
        if entry.grad:
            problems += _problems(got[batch]["grads"], ref["grads"][str(batch)], entry,
                                  f"Session tf.gradients, batch {batch}")
    _assert_none(problems, entry)


def check_tape(entry, ref):
    problems = []
    for batch in BATCHES:
        problems += _problems(modes.tape_gradients(tf, entry, batch), ref["grads"][str(batch)], entry,
                              f"GradientTape, batch {batch}")
    _assert_none(problems, entry)


def check_traced_tape(entry, ref):
    """GradientTape inside a tf.function traced once with an unknown batch: TensorFlow's eager
    gradients at every batch size (a gradient must not freeze a size seen while tracing)."""
    got = modes.traced_tape_gradients(tf, entry, BATCHES)
    problems = []
    for batch in BATCHES:
        problems += _problems(got[batch], ref["grads"][str(batch)], entry, f"traced GradientTape, batch {batch}")
    _assert_none(problems, entry)


def check_dtype_errors(entry, ref):
    got = {"eager": modes.dtype_error_eager(tf, entry), "graph": modes.dtype_error_graph(tf, entry)}
    problems = [f"{mode} with {entry.refuses} inputs: {got[mode]}, TensorFlow's {ref['dtype_error'][mode]}"
                for mode in ("eager", "graph") if got[mode] != ref["dtype_error"][mode]]
    _assert_none(problems, entry)


def check_optimizer(kind, name, ref):
    run = op_db_optimizers.run_tf1 if kind == "tf1" else op_db_optimizers.run_keras
    got = run(tf, name)
    want = ref["optimizers"][kind][name]
    sizes = [len(x) for x in op_db_optimizers.feeds()]
    problems = [f"step {i} (batch {sizes[i]}): [loss, w] {g}, TensorFlow's {w}"
                for i, (g, w) in enumerate(zip(got, want))
                if mismatch({"dtype": "float32", "shape": [2], "values": g},
                            {"dtype": "float32", "shape": [2], "values": w})]
    assert len(got) == len(want) and not problems, f"{kind} {name}:\n" + "\n".join(problems)


# The database itself.

def test_every_table_op_has_an_entry_or_a_reason():
    from varrt.ops.op_def_lib import all_ops
    covered = {op for e in op_db.ENTRIES for op in e.ops} | set(op_db.SKIPPED) | set(op_db_optimizers.VARIABLE_OPS)
    covered |= {op for ops, _ in list(op_db_optimizers.TF1.values()) + list(op_db_optimizers.KERAS.values())
                for op in ops}
    table = set(all_ops())
    assert sorted(table - covered) == [], "table ops with no op_db entry and no reason in op_db.SKIPPED"
    # An entry also names the ops TensorFlow's graph uses beside its own (Relu's gradient is
    # ReluGrad there); the op an entry is for, and every reason given, must be the table's.
    primary = {e.ops[0] for e in op_db.ENTRIES if e.ops} | set(op_db.SKIPPED)
    assert sorted(primary - table) == [], "op_db names ops the table does not have"


def test_the_fixture_records_every_entry():
    assert RECORDED["tensorflow"].startswith("2.21")
    assert RECORDED["batch_sizes"] == list(BATCHES)
    assert list(RECORDED["entries"]) == list(ENTRIES), "re-record: tests/tools/record_op_db.py"
    assert set(RECORDED["optimizers"]["tf1"]) == set(op_db_optimizers.TF1)
    assert set(RECORDED["optimizers"]["keras"]) == set(op_db_optimizers.KERAS)


# The default run: every entry eagerly at one batch size and traced at both, and its dtype errors.

@pytest.mark.parametrize("entry", op_db.ENTRIES, ids=_ids(op_db.ENTRIES))
def test_eager(entry):
    check_eager(entry, RECORDED["entries"][entry.name], BATCHES[0])


@pytest.mark.parametrize("entry", op_db.ENTRIES, ids=_ids(op_db.ENTRIES))
def test_traced_with_unknown_batch(entry):
    check_traced(entry, RECORDED["entries"][entry.name])


@pytest.mark.parametrize("entry", REFUSING_ENTRIES, ids=_ids(REFUSING_ENTRIES))
def test_refused_dtype(entry):
    check_dtype_errors(entry, RECORDED["entries"][entry.name])


# The slow part.

@pytest.mark.slow
@pytest.mark.parametrize("entry", op_db.ENTRIES, ids=_ids(op_db.ENTRIES))
def test_eager_second_batch(entry):
    check_eager(entry, RECORDED["entries"][entry.name], BATCHES[1])


@pytest.mark.slow
@pytest.mark.parametrize("entry", op_db.ENTRIES, ids=_ids(op_db.ENTRIES))
def test_tf1_session_with_unknown_batch(entry):
    check_session(entry, RECORDED["entries"][entry.name])


@pytest.mark.slow
@pytest.mark.parametrize("entry", GRAD_ENTRIES, ids=_ids(GRAD_ENTRIES))
def test_gradient_tape(entry):
    check_tape(entry, RECORDED["entries"][entry.name])


@pytest.mark.slow
@pytest.mark.parametrize("entry", GRAD_ENTRIES, ids=_ids(GRAD_ENTRIES))
def test_gradient_tape_traced_with_unknown_batch(entry):
    check_traced_tape(entry, RECORDED["entries"][entry.name])


@pytest.mark.slow
@pytest.mark.parametrize("name", list(op_db_optimizers.TF1))
def test_tf1_optimizer_on_unknown_batch(name):
    check_optimizer("tf1", name, RECORDED)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(op_db_optimizers.KERAS))
def test_keras_optimizer_in_traced_step(name):
    check_optimizer("keras", name, RECORDED)


# Live: the same comparisons against TensorFlow run now (VARRT_TF_PYTHON), not the recording.

@pytest.fixture(scope="module")
def live(tmp_path_factory):
    python = required_tf_python()
    out = tmp_path_factory.mktemp("op_db") / "op_db_tf.json"
    result = subprocess.run([python, str(REPO / "tests" / "tools" / "record_op_db.py"), "--out", str(out)],
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    return json.loads(out.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("entry", op_db.ENTRIES, ids=_ids(op_db.ENTRIES))
def test_live_tensorflow(entry, live):
    ref = live["entries"][entry.name]
    for batch in BATCHES:
        check_eager(entry, ref, batch)
    check_traced(entry, ref)
    check_session(entry, ref)
    if entry.grad:
        check_tape(entry, ref)
        check_traced_tape(entry, ref)
    if entry.refuses:
        check_dtype_errors(entry, ref)


@pytest.mark.slow
def test_live_tensorflow_optimizers(live):
    for kind, cases in (("tf1", op_db_optimizers.TF1), ("keras", op_db_optimizers.KERAS)):
        for name in cases:
            check_optimizer(kind, name, live)

