"""Placement logging: one "Executing op <op> in device <device>" line per op, written through
sys.stderr at the time the op runs, in TensorFlow's op sequence.
"""
import gc
import io
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import varrt as tf
from varrt import errors

CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"


def line(op, device=CPU0):
    return f"Executing op {op} in device {device}"


@pytest.fixture(autouse=True)
def collected():
    """Variables left in reference cycles by earlier tests (an exception's traceback holds its
    frames) are destroyed now, not in the middle of a test's log (a DestroyResourceOp line)."""
    gc.collect()


@pytest.fixture
def logged(monkeypatch):
    """Returns ops_of(fn): runs fn with logging on and returns the logged op names."""
    def ops_of(fn):
        buf = io.StringIO()
        monkeypatch.setattr(sys, "stderr", buf)
        tf.debugging.set_log_device_placement(True)
        try:
            fn()
        finally:
            tf.debugging.set_log_device_placement(False)
            monkeypatch.setattr(sys, "stderr", sys.__stderr__)
        lines = buf.getvalue().splitlines()
        assert all(l.startswith("Executing op ") and l.endswith(" in device " + CPU0) for l in lines), lines
        return [l.split()[2] for l in lines]
    return ops_of


def test_lines_go_to_sys_stderr_as_ops_run(capsys):
    tf.debugging.set_log_device_placement(True)
    v = tf.Variable([2.0, 3.0])
    tf.debugging.set_log_device_placement(False)
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [line("_EagerConst"), line("VarHandleOp"), line("AssignVariableOp")]
    assert captured.out == ""
    assert v.numpy().tolist() == [2.0, 3.0]


def test_lines_interleave_with_prints(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", out)  # what the conformance case does: sys.stderr = sys.stdout
    tf.debugging.set_log_device_placement(True)
    print("# create")
    a = tf.Variable([2.0, 3.0])
    print("# numpy")
    print(a.numpy())
    print("# off")
    tf.debugging.set_log_device_placement(False)
    a.assign([1.0, 1.0])
    print("# end")
    monkeypatch.undo()
    assert out.getvalue().splitlines() == [
        "# create", line("_EagerConst"), line("VarHandleOp"), line("AssignVariableOp"),
        "# numpy", line("ReadVariableOp"), line("Identity"), "[2. 3.]",
        "# off", "# end"]


def test_off_by_default_and_off_means_no_lines(capsys):
    assert tf.debugging.get_log_device_placement() is False
    v = tf.Variable([1.0])
    v.assign_add([1.0])
    print(v.numpy(), v + 1)
    del v
    assert capsys.readouterr().err == ""


def test_setting_round_trips():
    tf.debugging.set_log_device_placement(True)
    assert tf.debugging.get_log_device_placement() is True
    tf.debugging.set_log_device_placement(None)
    assert tf.debugging.get_log_device_placement() is False
    tf.debugging.set_log_device_placement(1)
    assert tf.debugging.get_log_device_placement() is True


def test_variable_lifecycle_op_sequence(logged):
    # The sequence of TensorFlow's "Introduction to Variables" guide (conformance case 08).
    state = {}
    assert logged(lambda: state.update(a=tf.Variable([2.0, 3.0]))) == ["_EagerConst", "VarHandleOp",
                                                                       "AssignVariableOp"]
    a = state["a"]
    assert logged(lambda: state.update(b=tf.Variable(a))) == ["ReadVariableOp", "VarHandleOp", "AssignVariableOp"]
    assert logged(lambda: a.assign([5, 6])) == ["_EagerConst", "AssignVariableOp"]
    assert logged(lambda: a.numpy()) == ["ReadVariableOp", "Identity"]
    assert logged(lambda: a.assign_add([1.0, 1.0], read_value=False)) == ["_EagerConst", "AssignAddVariableOp"]
    assert logged(lambda: state.pop("b")) == ["DestroyResourceOp"]
    x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert logged(lambda: tf.matmul(x, x)) == ["ReadVariableOp", "ReadVariableOp", "MatMul"]


def test_reads_log_what_tensorflow_logs(logged):
    v = tf.Variable([2.0, 3.0])
    s = tf.Variable(2.0)
    read_identity = ["ReadVariableOp", "Identity"]
    assert logged(lambda: v.read_value()) == read_identity
    assert logged(lambda: print(v, file=io.StringIO())) == read_identity
    assert logged(lambda: repr(v)) == read_identity
    assert logged(lambda: np.asarray(v)) == read_identity
    assert logged(lambda: np.array(v)) == read_identity
    assert logged(lambda: bool(s)) == read_identity
    assert logged(lambda: iter(v)) == read_identity
    assert logged(lambda: v.value()) == ["ReadVariableOp"]
    assert logged(lambda: tf.convert_to_tensor(v)) == ["ReadVariableOp"]
    assert logged(lambda: float(s)) == ["ReadVariableOp"]
    assert logged(lambda: int(s)) == ["ReadVariableOp"]
    assert logged(lambda: v.is_initialized()) == ["VarIsInitializedOp"]
    assert logged(lambda: (v.shape, v.dtype, v.name, v.device)) == []


def test_updates_log_what_tensorflow_logs(logged):
    v = tf.Variable([2.0, 3.0])
    w = tf.Variable([1.0, 1.0])
    c = tf.constant([1.0, 1.0])
    assert logged(lambda: v.assign(np.array([1.0, 2.0], np.float32))) == ["_EagerConst", "AssignVariableOp"]
    assert logged(lambda: v.assign(c)) == ["AssignVariableOp"]
    assert logged(lambda: v.assign(w)) == ["ReadVariableOp", "AssignVariableOp"]
    assert logged(lambda: v.assign_sub([1.0, 1.0])) == ["_EagerConst", "AssignSubVariableOp"]
    unread = v.assign([4.0, 5.0])
    # An UnreadVariable reads without the Identity.
    assert logged(lambda: repr(unread)) == ["ReadVariableOp"]
    assert logged(lambda: unread.read_value()) == ["ReadVariableOp"]
    assert logged(lambda: unread.numpy()) == ["ReadVariableOp"]


def test_tensor_ops_log_what_tensorflow_logs(logged):
    v = tf.Variable([2.0, 3.0])
    c = tf.constant([1.0, 1.0])
    assert logged(lambda: tf.constant([1.0, 2.0])) == ["_EagerConst"]
    assert logged(lambda: v + 1) == ["ReadVariableOp", "_EagerConst", "AddV2"]
    assert logged(lambda: v + c) == ["ReadVariableOp", "AddV2"]
    assert logged(lambda: c * c) == ["Mul"]
    assert logged(lambda: v == v) == ["ReadVariableOp", "ReadVariableOp", "Equal"]
    assert logged(lambda: c.numpy()) == []
    assert logged(lambda: print(c, file=io.StringIO())) == []


def test_device_scope_shows_in_the_line(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", out)
    tf.debugging.set_log_device_placement(True)
    with tf.device("GPU:0"):  # soft placement: runs on CPU:0 and says so
        tf.constant(1.0)
    tf.config.set_soft_device_placement(False)
    with tf.device("GPU:0"), pytest.raises(errors.InvalidArgumentError):
        tf.constant(1.0)  # nothing ran, nothing logged
    tf.debugging.set_log_device_placement(False)
    monkeypatch.undo()
    assert out.getvalue().splitlines() == [line("_EagerConst")]


def test_lines_from_other_threads_and_without_the_gil(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", out)
    big = tf.Variable(np.zeros(1 << 17, np.float32))  # large updates release the GIL
    delta = np.ones(1 << 17, np.float32)
    tf.debugging.set_log_device_placement(True)
    t = threading.Thread(target=lambda: big.assign_add(delta, read_value=False))
    t.start()
    t.join()
    tf.debugging.set_log_device_placement(False)
    monkeypatch.undo()
    assert out.getvalue().splitlines() == [line("_EagerConst"), line("AssignAddVariableOp")]
    assert big.numpy()[0] == 1.0


def test_lines_name_the_logical_device():
    code = textwrap.dedent("""
        import sys
        import varrt as tf
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
        sys.stderr = sys.stdout
        tf.debugging.set_log_device_placement(True)
        with tf.device("CPU:1"):
            v = tf.Variable([1.0, 2.0])
        print("# numpy outside the scope")
        v.numpy()
        print("# v + c in CPU:0")
        c = tf.constant([1.0, 1.0])
        with tf.device("CPU:0"):
            v + c
        print("# repr")
        repr(v)
        tf.debugging.set_log_device_placement(False)
    """)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd="/")
    assert p.returncode == 0, p.stderr
    cpu1 = "/job:localhost/replica:0/task:0/device:CPU:1"
    assert p.stdout.splitlines() == [
        line("_EagerConst", cpu1), line("VarHandleOp", cpu1), line("AssignVariableOp", cpu1),
        "# numpy outside the scope", line("ReadVariableOp", cpu1), line("Identity"),
        "# v + c in CPU:0", line("_EagerConst"), line("ReadVariableOp", cpu1), line("AddV2"),
        "# repr", line("ReadVariableOp", cpu1), line("Identity", cpu1)]
    assert p.stderr == ""


def test_nothing_is_printed_for_variables_freed_at_exit():
    code = "import varrt as tf\ntf.debugging.set_log_device_placement(True)\nv = tf.Variable(1.0)\n"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd="/")
    assert p.returncode == 0
    assert p.stderr.splitlines() == [line("_EagerConst"), line("VarHandleOp"), line("AssignVariableOp")]
