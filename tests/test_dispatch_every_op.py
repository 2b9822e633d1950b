"""Every op goes through the core's one dispatch: variable creation, reads, Identity, the
checkpoint ops and host values' _EagerConst included. An observe hook (what a gradient tape is
built on) sees exactly the ops the placement log shows, on the same devices, and the log itself
is TensorFlow's."""
import contextlib
import gc
import io
import sys

import numpy as np

import varrt as tf
from varrt import _C

CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"

# What TensorFlow 2.21 logs for the program in _core_program (log_device_placement on, recorded
# with /work/tfenv: `Executing op <op> in device <CPU0>` lines, in this order).
TF_CORE_LOG = [
    "_EagerConst", "VarHandleOp", "AssignVariableOp",  # tf.Variable([1.0, 2.0])
    "ReadVariableOp", "Identity",  # v.numpy()
    "ReadVariableOp", "Identity",  # np.asarray(v)
    "ReadVariableOp", "Identity",  # repr(v)
    "ReadVariableOp", "Identity",  # v.read_value()
    "VarIsInitializedOp",  # v.is_initialized()
]


@contextlib.contextmanager
def observed_and_logged():
    """(seen, logged): the (op, device, inputs, outputs, resource) an observe hook saw and the
    (op, device) of each placement log line, while both are on."""
    seen, logged, buf, old = [], [], io.StringIO(), sys.stderr

    def observe(op, device, inputs, outputs, attrs, resource):
        seen.append((op, device, [t.numpy() for t in inputs], [t.numpy() for t in outputs], resource))

    # An earlier test's variable freed by the garbage collector inside the window would log its
    # DestroyResourceOp among the program's ops: collect first, and keep the collector out.
    gc.collect()
    gc_was_enabled = gc.isenabled()
    gc.disable()
    sys.stderr = buf
    tf.debugging.set_log_device_placement(True)
    h = _C.push_dispatch_hook("observe", observe)
    try:
        yield seen, logged
    finally:
        _C.pop_dispatch_hook(h)
        tf.debugging.set_log_device_placement(False)
        sys.stderr = old
        if gc_was_enabled:
            gc.enable()
        for line in buf.getvalue().splitlines():
            words = line.split()
            assert words[:2] == ["Executing", "op"] and words[3:5] == ["in", "device"], line
            logged.append((words[2], words[5]))


def _core_program():
    v = tf.Variable([1.0, 2.0])
    v.numpy()
    np.asarray(v)
    repr(v)
    v.read_value()
    v.is_initialized()
    return v


def test_an_observer_sees_every_variable_op_the_log_shows():
    with observed_and_logged() as (seen, logged):
        v = _core_program()
    assert [op for op, _ in logged] == TF_CORE_LOG
    assert [(op, device) for op, device, *_ in seen] == logged
    rid = _C.resource_id(v)
    by_op = {}
    for op, _, inputs, outputs, resource in seen:
        by_op.setdefault(op, []).append((inputs, outputs, resource))
    # VarHandleOp shows the variable it made; AssignVariableOp writes it; the reads read it.
    assert by_op["VarHandleOp"] == [([], [], rid)]
    assert by_op["AssignVariableOp"][0][2] == rid
    np.testing.assert_array_equal(by_op["AssignVariableOp"][0][0][0], [1.0, 2.0])
    assert all(resource == rid for _, _, resource in by_op["ReadVariableOp"])
    # Identity passes the value read through, as TensorFlow's does.
    for inputs, outputs, resource in by_op["Identity"]:
        assert resource is None
        np.testing.assert_array_equal(inputs[0], [1.0, 2.0])
        np.testing.assert_array_equal(outputs[0], [1.0, 2.0])
    (inputs, outputs, resource), = by_op["VarIsInitializedOp"]
    assert inputs == [] and resource == rid and outputs[0].dtype == np.bool_ and outputs[0] == np.True_


def test_an_observer_sees_the_checkpoint_ops(tmp_path):
    v = tf.Variable([1.0, 2.0])
    ckpt = tf.train.Checkpoint(v=v)
    with observed_and_logged() as (seen, logged):
        path = ckpt.write(str(tmp_path / "c"))
        v.assign([5.0, 6.0])
        ckpt.read(path)
    assert [(op, device) for op, device, *_ in seen] == logged
    ops = [op for op, *_ in seen]
    assert ops.index("SaveV2") < ops.index("RestoreV2") < len(ops) - 1 and ops[-1] == "AssignVariableOp"
    save = next(s for s in seen if s[0] == "SaveV2")
    restore = next(s for s in seen if s[0] == "RestoreV2")
    # TensorFlow's inputs: prefix, tensor_names, shape_and_slices, then (SaveV2) the tensors.
    prefix, names, slices, *tensors = save[2]
    assert isinstance(prefix, bytes) and prefix.startswith(str(tmp_path).encode())  # a scalar string
    assert b"v/.ATTRIBUTES/VARIABLE_VALUE" in names.tolist() and slices.tolist() == [b""] * len(names)
    i = names.tolist().index(b"v/.ATTRIBUTES/VARIABLE_VALUE")
    np.testing.assert_array_equal(tensors[i], [1.0, 2.0])
    assert restore[2][1].tolist() == [b"v/.ATTRIBUTES/VARIABLE_VALUE"] and restore[3] == []
    assert seen[-1][4] == _C.resource_id(v)  # the restore's AssignVariableOp writes v
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


def test_an_observer_sees_ops_the_python_layer_places():
    out = io.StringIO()
    with observed_and_logged() as (seen, logged):
        tf.print("x", output_stream=out)
    assert [(op, device) for op, device, *_ in seen] == logged
    assert [op for op, *_ in seen] == ["StringFormat", "PrintV2"] and all(d == CPU0 for _, d, *_ in seen)
    assert out.getvalue() == "x\n"
