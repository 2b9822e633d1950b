"""The dispatch hooks (internal API that gradient tapes, graph tracing and remote devices
build on), each mode with a stub: observe sees every op with its inputs and outputs after the
kernel ran; replace gets the op instead of the kernel (nothing runs, nothing is logged);
forward runs ops placed on its devices instead of the local kernel."""
import gc
import threading

import numpy as np
import pytest

import varrt as tf
from op_checks import logged_ops as logged
from varrt import _C


@pytest.fixture(autouse=True)
def no_collection_while_observing():
    """The hooks see every op, a garbage-collected earlier variable's DestroyResourceOp too: the
    collector runs before each test and waits while it observes."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    yield
    if was_enabled:
        gc.enable()


CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"


class hook:
    def __init__(self, mode, fn):
        self.mode, self.fn = mode, fn

    def __enter__(self):
        self.h = _C.push_dispatch_hook(self.mode, self.fn)
        return self

    def __exit__(self, *exc):
        _C.pop_dispatch_hook(self.h)




def test_observe_sees_each_op_with_inputs_and_outputs():
    v = tf.Variable([1.0, 2.0])
    seen = []

    def observe(op, device, inputs, outputs, attrs, resource):
        seen.append((op, device, [t.numpy().tolist() for t in inputs], [t.numpy().tolist() for t in outputs],
                     attrs, resource))

    with hook("observe", observe):
        r = v * 3.0
        v.assign_add([1.0, 1.0], read_value=False)
        m = tf.matmul(tf.constant([[1.0, 2.0]]), tf.constant([[3.0], [4.0]]))
    ops = [s[0] for s in seen]
    # Every op the placement log shows, the host values' _EagerConst included.
    assert ops == ["ReadVariableOp", "_EagerConst", "Mul", "_EagerConst", "AssignAddVariableOp", "_EagerConst",
                   "_EagerConst", "MatMul"]
    read, mul, update, matmul = (s for s in seen if s[0] != "_EagerConst")
    assert read[1] == CPU0 and read[3] == [[1.0, 2.0]] and read[5] == _C.resource_id(v)
    assert mul[2] == [[1.0, 2.0], 3.0] and mul[3] == [[3.0, 6.0]]
    assert update[2] == [[1.0, 1.0]] and update[5] == _C.resource_id(v)
    assert matmul[4] == {"transpose_a": 0, "transpose_b": 0} and matmul[3] == [[[11.0]]]
    np.testing.assert_array_equal(r.numpy(), [3.0, 6.0])
    np.testing.assert_array_equal(m.numpy(), [[11.0]])
    # Popped: nothing more is seen.
    v + 1
    assert len(seen) == 8


def test_ops_a_hook_runs_are_not_shown_to_it():
    seen = []

    def observe(op, device, inputs, outputs, attrs, resource):
        seen.append(op)
        if outputs:
            outputs[0] + 1  # a tape computing inside its hook must not record itself

    with hook("observe", observe):
        tf.constant([1.0]) + 2.0
    assert seen == ["_EagerConst", "_EagerConst", "AddV2"]


def test_replace_runs_nothing_and_logs_nothing():
    v = tf.Variable([1.0, 2.0])
    calls = []
    stub = tf.constant([42.0, 42.0])

    def replace(op, device, inputs, attrs, resource):
        calls.append(op)
        if op in ("AddV2", "ReadVariableOp"):
            return (stub,)  # stub outputs
        return ()

    a, b, delta = tf.constant([1.0, 1.0]), tf.constant([2.0, 2.0]), tf.constant([5.0, 5.0])
    with hook("replace", replace):
        (r, ops) = logged(lambda: tf.add(a, b))
        (_, update_ops) = logged(lambda: v.assign_add(delta, read_value=False))
    assert ops == [] and update_ops == []  # nothing placed, nothing ran
    assert calls == ["AddV2", "AssignAddVariableOp"]
    np.testing.assert_array_equal(r.numpy(), [42.0, 42.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])  # the update did not run


def test_replace_must_fill_every_output():
    with hook("replace", lambda op, device, inputs, attrs, resource: ()):
        with pytest.raises(ValueError, match="must return 1 outputs for AddV2"):
            tf.constant([1.0]) + tf.constant([2.0])


def test_forward_runs_ops_of_its_devices_elsewhere():
    v = tf.Variable([1.0, 2.0])
    forwarded = []
    remote_result = tf.constant([7.0, 7.0])

    def forward(op, device, inputs, attrs, resources, num_outputs, host):
        forwarded.append((op, device, tuple(r.id for r in resources)))
        if op == "AddV2":
            return (remote_result,)
        return ()

    _C.set_op_forwarder([CPU0], forward)
    try:
        one = tf.constant([1.0, 1.0])
        r, ops = logged(lambda: one + one)
        v.assign_add([5.0, 5.0], read_value=False)
    finally:
        _C.set_op_forwarder([], None)
    assert ops == ["AddV2"]  # placed (and logged) on its device, then run by the forwarder
    # The host values' _EagerConst are placed on CPU0 too (placement only: the stub returns nothing).
    assert [f for f in forwarded if f[0] != "_EagerConst"] == [
        ("AddV2", CPU0, ()), ("AssignAddVariableOp", CPU0, (_C.resource_id(v),))]
    np.testing.assert_array_equal(r.numpy(), [7.0, 7.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])  # the local kernel did not run
    np.testing.assert_array_equal((tf.constant([1.0]) + 1.0).numpy(), [2.0])  # removed


def test_forwarder_ignores_other_devices():
    _C.set_op_forwarder(["/job:ps/replica:0/task:0/device:CPU:0"], lambda *a: pytest.fail("forwarded"))
    try:
        np.testing.assert_array_equal((tf.constant([1.0]) + 1.0).numpy(), [2.0])
    finally:
        _C.set_op_forwarder([], None)


def test_hooks_are_per_thread_and_popped_in_order():
    seen = []
    with hook("observe", lambda op, *rest: seen.append(op)):
        t = threading.Thread(target=lambda: tf.constant([1.0]) + 1.0)
        t.start()
        t.join()
        outer = _C.push_dispatch_hook("observe", lambda *a: None)
        inner = _C.push_dispatch_hook("observe", lambda *a: None)
        with pytest.raises(tf.errors.InternalError):
            _C.pop_dispatch_hook(outer)
        _C.pop_dispatch_hook(inner)
        _C.pop_dispatch_hook(outer)
    assert seen == []  # the other thread's op was not this thread's hook's business


def test_hook_errors_fail_the_op_and_leave_variables_unchanged():
    v = tf.Variable([1.0, 2.0])

    def replace(op, device, inputs, attrs, resource):
        raise RuntimeError("tracer failed")

    with hook("replace", replace):
        with pytest.raises(RuntimeError, match="tracer failed"):
            v.assign_add([1.0, 1.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


def test_observe_sees_scatter_ops_with_their_resource():
    v = tf.Variable([1.0, 2.0, 3.0])
    seen = []
    with hook("observe", lambda op, device, inputs, outputs, attrs, resource: seen.append((op, resource))):
        v.scatter_update(tf.IndexedSlices(tf.constant([9.0]), tf.constant([1])))
        v.scatter_nd_add(tf.constant([[0]]), tf.constant([5.0]))
    assert [s for s in seen if s[0] != "_EagerConst"] == [("ResourceScatterUpdate", _C.resource_id(v)),
                                                         ("ResourceScatterNdAdd", _C.resource_id(v))]
    np.testing.assert_array_equal(v.numpy(), [6.0, 9.0, 3.0])
