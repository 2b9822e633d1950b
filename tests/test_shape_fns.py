"""The op table's shape functions against TensorFlow 2.21's, case by case: the static shapes
(or the build-time error's reason) TensorFlow gave for the same node are recorded in
tests/fixtures/tf_shapes.json by tests/tools/record_tf_shapes.py, and each case runs here
through the table's shape function twice: as varrt's wrappers record the node (an input
TensorFlow reads as a constant is an attribute of that name) and with that input a tensor
whose value is known while building. A shape input known only in part (tf.shape of a partially
known tensor) reaches the shape function as a partial shape, as TensorFlow's shape refiner
passes it."""
import json
import pathlib
import subprocess

import numpy as np
import pytest

from ckpt_helpers import required_tf_python
from varrt.framework.tensor_shape import TensorShape
from varrt.ops import op_def_lib
from varrt.ops.shape_fns import ShapeContext, ShapeError

HERE = pathlib.Path(__file__).resolve().parent
FIXTURE = HERE / "fixtures" / "tf_shapes.json"
ALL_CASES = json.loads(FIXTURE.read_text())
CASES = ALL_CASES
# The fixture also holds cases of ops TensorFlow has and varrt does not run yet (their records
# were dropped from the table until a public function runs them): only the table's are checked.
CASES = [c for c in CASES if op_def_lib.get(c["op"]) is not None]

# Ops whose outputs a shape function cannot know: the graph recorder builds them itself (their
# outputs are a traced function's or a Python function's), so their rule is shape_fns.unknown.
BUILT_BY_THE_RECORDER = {"EagerPyFunc", "If", "StatelessIf", "While", "StatefulPartitionedCall"}


def tensor_shape(spec):
    return TensorShape(None if spec == "?" else spec)


def num_outputs(op, case):
    if "out" in case:
        return len(case["out"])
    if op.name == "Unpack":
        return case["attrs"]["num"]
    if op.name in ("Split", "SplitV"):
        return case["attrs"]["num_split"]
    if op.name == "RestoreV2":
        return len(case["attrs"]["dtypes"])
    return len(op.outputs)


def context(case, consts_as_attrs):
    """The ShapeContext of a case's node, its constants recorded as attributes or as tensor
    inputs with known values."""
    op = op_def_lib.get(case["op"])
    attrs = dict(case.get("dt", {}), **case.get("attrs", {}))  # the dtypes a case chose, as the node's type attrs
    shapes, values, partial, resources = [], [], {}, []
    for arg in op.inputs:
        spec = case.get("inputs", {}).get(arg.name)
        if arg.name in case.get("shape_of", {}):
            partial[len(shapes)] = TensorShape(case["shape_of"][arg.name])
            shapes.append(TensorShape([len(case["shape_of"][arg.name])]))
            values.append(None)
        elif arg.is_resource:
            resources.append(None if spec in ("?", "rng") else TensorShape(spec))
        elif arg.name in case.get("const", {}):
            value = case["const"][arg.name]
            if consts_as_attrs:
                attrs[arg.name] = value
            else:
                shapes.append(TensorShape(list(np.shape(value))))
                values.append(np.asarray(value))
        elif arg.number_attr or arg.type_list_attr:
            shapes += [tensor_shape(s) for s in spec]
            values += [None] * len(spec)
        else:
            shapes.append(tensor_shape(spec))
            values.append(None)
    return ShapeContext(case["op"], attrs, shapes, [None] * len(shapes), values.__getitem__,
                        num_outputs(op, case), resource_shapes=resources, partial_shapes=partial.get)


def as_json(result):
    shapes = result if isinstance(result, list) else [result]
    return [None if s.rank is None else s.as_list() for s in shapes]


def case_id(case):
    return case["op"] + ":" + json.dumps({k: v for k, v in case.items() if k not in ("op", "out", "error")},
                                         separators=(",", ":"))


@pytest.mark.parametrize("consts_as_attrs", [True, False], ids=["consts-as-attrs", "consts-as-inputs"])
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_shape_function_matches_tensorflow(case, consts_as_attrs):
    ctx = context(case, consts_as_attrs)
    fn = op_def_lib.get(case["op"]).shape_fn
    if "error" in case:
        with pytest.raises(ShapeError) as info:
            fn(ctx)
        assert str(info.value) == case["error"]
    else:
        assert as_json(fn(ctx)) == case["out"]


def test_every_op_with_outputs_has_a_shape_function():
    missing = [name for name, op in op_def_lib.all_ops().items() if op.outputs and op.shape_fn is None]
    assert missing == []


def test_every_op_with_outputs_is_checked_against_tensorflow_at_least_twice():
    counts = {}
    for case in CASES:
        counts[case["op"]] = counts.get(case["op"], 0) + 1
    # varrt's own ops (origin "varrt") have no TensorFlow to record: their own tests hold them.
    with_outputs = {name for name, op in op_def_lib.all_ops().items() if op.outputs and op.origin == "tensorflow"}
    assert sorted(n for n in with_outputs - BUILT_BY_THE_RECORDER if counts.get(n, 0) < 2) == []
    assert with_outputs >= BUILT_BY_THE_RECORDER


def test_the_ops_built_by_the_recorder_have_unknown_outputs():
    from varrt.ops import shape_fns
    assert all(op_def_lib.get(n).shape_fn is shape_fns.unknown for n in BUILT_BY_THE_RECORDER)


def test_the_fixture_is_what_tensorflow_records_now(tmp_path):
    """With VARRT_TF_PYTHON, the recording tool run on live TensorFlow writes the committed fixture."""
    python = required_tf_python()
    out = tmp_path / "tf_shapes.json"
    subprocess.run([python, str(HERE / "tools" / "record_tf_shapes.py"), "--out", str(out)], check=True,
                   capture_output=True, timeout=600)
    assert json.loads(out.read_text()) == ALL_CASES
