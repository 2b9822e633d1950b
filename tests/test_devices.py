"""Devices: DeviceSpec parsing, device scopes (nesting, per thread), soft placement, the
device set and its configuration, memory counters, and where tensors and variables live.

Expected strings are TensorFlow 2.21's (checked against it). Logical-device configuration
must happen before the devices are first used, so those tests run in a fresh interpreter.
"""
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import varrt as tf
from varrt import errors

CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"


def run_fresh(code):
    """Runs `code` in a new interpreter (devices not yet initialized); returns its stdout."""
    p = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120,
                       cwd="/")
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


def could_not_satisfy(spec, soft=False, devices=(CPU0,), op=None, name=""):
    msg = (f"Could not satisfy device specification '{spec}'. enable_soft_placement={int(soft)}. Supported device "
           f"types [CPU]. All available devices [{', '.join(devices)}].")
    return msg + (f" [Op:{op}] name: {name}" if op else "")


# --- DeviceSpec ---------------------------------------------------------------------------

@pytest.mark.parametrize("spec, expected", [
    ("CPU:0", "/device:CPU:0"),
    ("/cpu:0", "/device:CPU:0"),
    ("cpu", "/device:CPU:*"),
    ("CPU:*", "/device:CPU:*"),
    ("/device:GPU:1", "/device:GPU:1"),
    ("GPU", "/device:GPU:*"),
    ("/device:cpu:0", "/device:CPU:0"),
    ("/device:foo:0", "/device:foo:0"),
    ("/device:XLA_CPU:0", "/device:XLA_CPU:0"),
    ("TPU:0", "/device:TPU:0"),
    (CPU0, CPU0),
    ("/job:ps/task:7", "/job:ps/task:7"),
    ("/job:worker/device:CPU:*", "/job:worker/device:CPU:*"),
    ("/job:a/job:b", "/job:b"),
    ("/job:", "/job:"),
    ("", ""),
    ("GPU:0/", "/device:GPU:0"),
    ("//cpu:0", "/device:CPU:0"),
    ("CPU:0 ", "/device:CPU:0"),      # int() strips whitespace
    ("/task:0_7", "/task:7"),         # and accepts '_' between digits
    ("CPU:-1", "/device:CPU:-1"),     # parses; fails only when an op runs there
])
def test_device_spec_parses_like_tensorflow(spec, expected):
    assert tf.DeviceSpec.from_string(spec).to_string() == expected


@pytest.mark.parametrize("spec, message", [
    ("foo", "Unknown attribute 'foo' is encountered while parsing the device spec: 'foo'."),
    (" CPU:0", "Unknown attribute ' CPU' is encountered while parsing the device spec: ' CPU:0'."),
    ("/device:CPU:0:1", "Unknown attribute 'device' is encountered while parsing the device spec: '/device:CPU:0:1'."),
    ("/device:CPU", "Unknown attribute 'device' is encountered while parsing the device spec: '/device:CPU'."),
    ("cpu:0:0", "Unknown attribute 'cpu' is encountered while parsing the device spec: 'cpu:0:0'."),
    ("/cpu:x", "invalid literal for int() with base 10: 'x'"),
    ("/task:x", "invalid literal for int() with base 10: 'x'"),
    ("CPU:", "invalid literal for int() with base 10: ''"),
    ("/cpu:0/gpu:1", "Multiple device types are not allowed while parsing the device spec: /cpu:0/gpu:1."),
])
def test_malformed_device_specs_raise_value_error(spec, message):
    with pytest.raises(ValueError) as e:
        tf.DeviceSpec.from_string(spec)
    assert str(e.value) == message
    with pytest.raises(ValueError) as e:  # the same check when entering a scope
        with tf.device(spec):
            pass
    assert str(e.value) == message


def test_device_spec_fields_merge_replace_and_equality():
    s = tf.DeviceSpec.from_string("/job:ps/replica:1/task:2/cpu:3")
    assert (s.job, s.replica, s.task, s.device_type, s.device_index) == ("ps", 1, 2, "CPU", 3)
    assert repr(tf.DeviceSpec.from_string("/job:ps/cpu:0")) == \
        "<DeviceSpec(job=ps, replica=None, task=None, device_type=CPU, device_index=0)>"
    merged = tf.DeviceSpec.from_string("/job:a/cpu:0").make_merged_spec(tf.DeviceSpec.from_string("/gpu:1"))
    assert merged.to_string() == "/job:a/device:GPU:1"
    assert tf.DeviceSpec.from_string("/job:a/cpu:0").replace(job=None).to_string() == "/device:CPU:0"
    assert tf.DeviceSpec.from_string("/cpu:0") == tf.DeviceSpec.from_string("CPU:0")
    assert len({tf.DeviceSpec.from_string("/cpu:0"), tf.DeviceSpec(device_type="cpu", device_index=0)}) == 1
    assert tf.DeviceSpec(job=1, replica="2", device_type="gpu").to_string() == "/job:1/replica:2/device:GPU:*"


# --- scopes -------------------------------------------------------------------------------

def test_ops_outside_any_scope_run_on_cpu0():
    assert tf.constant(1.0).device == CPU0
    v = tf.Variable([1.0, 2.0])
    assert v.device == CPU0 and v.handle.device == CPU0
    assert (v * 2).device == CPU0
    assert v.read_value().device == CPU0 and v.value().device == CPU0


@pytest.mark.parametrize("spec", ["CPU:0", "/cpu:0", "cpu", "", "/job:localhost", "/device:CPU:0", CPU0])
def test_scopes_naming_cpu0(spec):
    with tf.device(spec):
        assert tf.constant(1.0).device == CPU0
        assert tf.Variable(1.0).device == CPU0


def test_nested_scopes_merge_and_none_clears():
    cur = tf._C.current_device_name
    assert cur() == ""
    with tf.device("/job:localhost"):
        assert cur() == CPU0  # completed from CPU:0's full name
        with tf.device("GPU:1"):
            assert cur() == "/job:localhost/replica:0/task:0/device:GPU:1"
            with tf.device("/task:3"):  # inner fields override, the rest is kept
                assert cur() == "/job:localhost/replica:0/task:3/device:GPU:1"
            with tf.device(None):
                assert cur() == ""
                with tf.device("GPU"):
                    assert cur() == "/job:localhost/replica:0/task:0/device:GPU:0"
                assert tf.constant(1.0).device == CPU0
            with tf.device(""):
                assert cur() == "/job:localhost/replica:0/task:0/device:GPU:1"
        assert cur() == CPU0
    assert cur() == ""


def test_scope_object_is_reentrant_and_nesting_is_checked():
    d = tf.device("GPU:0")
    with d:
        with d:
            assert tf._C.current_device_name().endswith("GPU:0")
        assert tf._C.current_device_name().endswith("GPU:0")
    assert tf._C.current_device_name() == ""
    d1, d2 = tf.device("CPU:0"), tf.device("GPU:0")
    d1.__enter__()
    d2.__enter__()
    with pytest.raises(RuntimeError, match="^Exiting device scope without proper scope nesting$"):
        d1.__exit__(None, None, None)
    assert tf._C.current_device_name().endswith("GPU:0")  # nothing was popped
    d2.__exit__(None, None, None)
    d1.__exit__(None, None, None)
    assert tf._C.current_device_name() == ""
    with pytest.raises(RuntimeError):
        tf.device("CPU:0").__exit__(None, None, None)


def test_device_argument_types():
    with pytest.raises(ValueError, match=r"^Expecting a string device name\. Got <class 'int'>\(1\)$"):
        tf.device(1).__enter__()
    with pytest.raises(ValueError, match=r"^Expecting a string device name\. Got <class 'bytes'>"):
        tf.device(b"CPU:0").__enter__()
    with pytest.raises(RuntimeError, match="^tf.device does not support functions.$"):
        tf.device(lambda op: "CPU:0")
    with tf.device(tf.DeviceSpec(device_type="GPU", device_index=0)):
        assert tf._C.current_device_name().endswith("/device:GPU:0")
    with tf.device(tf.config.list_logical_devices()[0]):
        assert tf._C.current_device_name() == CPU0
    d = tf.device("CPU:0")
    assert d.__enter__() is None
    d.__exit__(None, None, None)
    assert tf._C.current_device_name() == ""


def test_scopes_are_per_thread():
    tf.config.set_soft_device_placement(False)
    in_scope = threading.Event()
    checked = threading.Event()
    seen = {}

    def scoped_thread():
        with tf.device("GPU:0"):
            in_scope.set()
            checked.wait(10)
            try:
                tf.constant(1.0)
            except errors.InvalidArgumentError as e:
                seen["scoped"] = str(e)

    def plain_thread():
        in_scope.wait(10)
        seen["plain"] = tf.constant(1.0).device  # not affected by the other thread's scope
        seen["plain_name"] = tf._C.current_device_name()
        checked.set()

    threads = [threading.Thread(target=scoped_thread), threading.Thread(target=plain_thread)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == {"plain": CPU0, "plain_name": "",
                    "scoped": could_not_satisfy("/job:localhost/replica:0/task:0/device:GPU:0")}


def test_new_thread_starts_outside_the_creating_threads_scope():
    out = {}
    with tf.device("GPU:0"):
        t = threading.Thread(target=lambda: out.update(name=tf._C.current_device_name()))
        t.start()
        t.join()
    assert out == {"name": ""}


# --- soft placement -----------------------------------------------------------------------

def test_soft_placement_is_on_by_default_and_falls_back_to_cpu0():
    assert tf.config.get_soft_device_placement() is True
    for spec in ["GPU:0", "GPU:1", "CPU:5", "TPU:0", "/device:foo:0"]:
        with tf.device(spec):
            assert tf.Variable([1.0]).device == CPU0
            assert tf.constant(1.0).device == CPU0


def test_soft_placement_setting():
    tf.config.set_soft_device_placement(False)
    assert tf.config.get_soft_device_placement() is False
    tf.config.set_soft_device_placement(None)  # back to the default
    assert tf.config.get_soft_device_placement() is True
    tf.config.set_soft_device_placement(0)
    assert tf.config.get_soft_device_placement() is False
    with pytest.raises(TypeError):
        tf.config.set_soft_device_placement("no")
    assert tf.config.get_soft_device_placement() is False


def test_soft_placement_off_raises_tensorflows_error():
    v = tf.Variable([1.0, 2.0])
    c = tf.constant([1.0, 2.0])
    tf.config.set_soft_device_placement(False)
    gpu0 = "/job:localhost/replica:0/task:0/device:GPU:0"
    with tf.device("GPU:0"):
        with pytest.raises(errors.InvalidArgumentError) as e:
            tf.Variable([1.0])  # fails at the _EagerConst of its initial value (no op suffix)
        assert str(e.value) == could_not_satisfy(gpu0)
        with pytest.raises(errors.InvalidArgumentError) as e:
            tf.Variable(c)
        assert str(e.value) == could_not_satisfy(gpu0, op="VarHandleOp", name="Variable/")
        with pytest.raises(errors.InvalidArgumentError) as e:
            c + c
        assert str(e.value) == could_not_satisfy(gpu0, op="AddV2")
        with pytest.raises(errors.InvalidArgumentError) as e:
            v.read_value()
        assert str(e.value) == could_not_satisfy(gpu0, op="Identity")
        with pytest.raises(errors.InvalidArgumentError) as e:
            v.numpy()
        assert str(e.value) == could_not_satisfy(gpu0, op="Identity")
        with pytest.raises(errors.InvalidArgumentError):
            v.assign([5.0, 6.0])  # the value's _EagerConst cannot be placed
        # Resource ops run where the variable lives, whatever the scope.
        assert v.value().device == CPU0
        v.assign(c)
        v.assign_add(c)
        assert repr(v) == "<tf.Variable 'Variable:0' shape=(2,) dtype=float32, numpy=array([2., 4.], dtype=float32)>"
    with tf.device("CPU:5"):
        with pytest.raises(errors.InvalidArgumentError) as e:
            tf.constant(1.0)
        assert str(e.value) == could_not_satisfy("/job:localhost/replica:0/task:0/device:CPU:5")
    tf.config.set_soft_device_placement(True)
    with tf.device("GPU:0"):
        assert tf.constant(1.0).device == CPU0  # the same scope follows the setting


def test_unknown_job_or_task_fails_with_soft_placement_on():
    c = tf.constant([1.0])
    with tf.device("/job:ps/task:7"):
        with pytest.raises(errors.InvalidArgumentError) as e:
            tf.constant(1.0)
        assert str(e.value) == "/job:ps/replica:0/task:7/device:CPU:0 unknown device."
        with pytest.raises(errors.InvalidArgumentError) as e:
            c + c
        assert str(e.value) == could_not_satisfy("/job:ps/replica:0/task:7/device:CPU:0", soft=True, op="AddV2")
    with tf.device("/job:ps/device:GPU:0"):
        with pytest.raises(errors.InvalidArgumentError) as e:
            tf.constant(1.0)
        assert str(e.value) == could_not_satisfy("/job:ps/replica:0/task:0/device:GPU:0", soft=True)
    with tf.device("/task:1"):
        with pytest.raises(errors.InvalidArgumentError, match=r"^/job:localhost/replica:0/task:1/device:CPU:0 unknown"):
            tf.Variable([1.0])


def test_negative_index_is_a_malformed_specification():
    with tf.device("CPU:-1"):
        with pytest.raises(errors.InvalidArgumentError) as e:
            tf.constant(1.0)
    assert str(e.value).startswith("Malformed device specification '/job:localhost/replica:0/task:0/device:CPU:-1' "
                                   "in eager op: Name: _EagerConst\n")


def test_failed_placement_leaves_the_variable_unchanged():
    v = tf.Variable([1.0, 2.0])
    tf.config.set_soft_device_placement(False)
    with tf.device("GPU:0"), pytest.raises(errors.InvalidArgumentError):
        v.assign_add([1.0, 1.0])
    assert v.numpy().tolist() == [1.0, 2.0]


# --- the device set and configuration -------------------------------------------------------

def test_physical_and_logical_devices():
    cpus = tf.config.list_physical_devices("CPU")
    assert repr(cpus) == "[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]"
    assert cpus[0].name == "/physical_device:CPU:0" and cpus[0].device_type == "CPU"
    assert cpus[0] == ("/physical_device:CPU:0", "CPU")
    assert tf.config.list_physical_devices() == cpus
    assert tf.config.list_physical_devices("GPU") == [] and tf.config.list_physical_devices("cpu") == []
    assert repr(tf.config.list_logical_devices("CPU")) == "[LogicalDevice(name='/device:CPU:0', device_type='CPU')]"
    assert tf.config.list_logical_devices("GPU") == []
    assert tf.config.get_visible_devices() == cpus
    assert repr(tf.config.LogicalDeviceConfiguration()) == (
        "LogicalDeviceConfiguration(memory_limit=None, experimental_priority=None, experimental_device_ordinal=None)")
    assert tf.config.experimental.VirtualDeviceConfiguration is tf.config.LogicalDeviceConfiguration


def test_logical_configuration_errors_after_initialization():
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.constant(1.0)  # devices are in use
    assert tf.config.get_logical_device_configuration(cpu) is None
    with pytest.raises(RuntimeError, match="^Virtual devices cannot be modified after being initialized$"):
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    assert len(tf.config.list_logical_devices()) == 1
    with pytest.raises(ValueError, match=r"^Unrecognized device: 'CPU:0'$"):
        tf.config.set_logical_device_configuration("CPU:0", [])
    with pytest.raises(ValueError, match=r"^Unrecognized device: 'x'$"):
        tf.config.get_logical_device_configuration("x")
    with pytest.raises(ValueError, match="^Setting memory limit on CPU virtual devices is currently not supported$"):
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration(memory_limit=10)])


def test_memory_info_counts_variable_memory():
    info = tf.config.experimental.get_memory_info("CPU:0")
    assert set(info) == {"current", "peak"}
    v = tf.Variable(np.zeros(1 << 18, np.float32))  # 1 MiB
    after = tf.config.experimental.get_memory_info("/device:CPU:0")
    assert after["current"] - info["current"] >= 1 << 20
    assert after["peak"] >= after["current"]
    del v
    assert tf.config.experimental.get_memory_info(CPU0)["current"] <= after["current"] - (1 << 20)
    tf.config.experimental.reset_memory_stats("CPU:0")
    now = tf.config.experimental.get_memory_info("CPU:0")
    assert now["peak"] == now["current"]
    assert tf.config.experimental.get_memory_usage("CPU:0") == now["current"]


@pytest.mark.parametrize("name, message", [
    ("GPU:0", "No matching devices found for 'GPU:0'"),
    ("cpu:1", "No matching devices found for 'cpu:1'"),
    ("/job:ps/device:CPU:0", "No matching devices found for '/job:ps/device:CPU:0'"),
    ("foo", "Failed parsing device name: 'foo'. Note a valid device string should at least contain a device type "
            "and a device index, like \"GPU:0\"."),
    ("CPU", "Failed parsing device name: 'CPU'. Note a valid device string should at least contain a device type "
            "and a device index, like \"GPU:0\"."),
])
def test_memory_info_device_name_errors(name, message):
    with pytest.raises(ValueError) as e:
        tf.config.experimental.get_memory_info(name)
    assert str(e.value) == message


def test_memory_info_accepts_every_spelling_of_cpu0():
    for name in ["CPU:0", "/cpu:0", "/device:CPU:0", CPU0, ""]:
        assert set(tf.config.experimental.get_memory_info(name)) == {"current", "peak"}
    with pytest.raises(TypeError):
        tf.config.experimental.get_memory_info(tf.config.list_logical_devices()[0])


# --- logical devices (fresh interpreters) ---------------------------------------------------

def test_logical_cpus_have_their_own_allocators():
    out = run_fresh("""
        import numpy as np
        import varrt as tf
        cpu = tf.config.list_physical_devices("CPU")[0]
        confs = [tf.config.LogicalDeviceConfiguration() for _ in range(3)]
        tf.config.set_logical_device_configuration(cpu, confs)
        assert tf.config.get_logical_device_configuration(cpu) == confs
        names = [d.name for d in tf.config.list_logical_devices("CPU")]
        assert names == ["/device:CPU:0", "/device:CPU:1", "/device:CPU:2"], names
        tf.config.set_logical_device_configuration(cpu, confs)  # the same again is fine
        try:
            tf.config.set_logical_device_configuration(cpu, confs[:2])
            raise SystemExit("expected RuntimeError")
        except RuntimeError as e:
            assert str(e) == "Virtual devices cannot be modified after being initialized"
        mem = tf.config.experimental.get_memory_info
        before = [mem(f"CPU:{i}")["current"] for i in range(3)]
        with tf.device("CPU:1"):
            v = tf.Variable(np.ones(1 << 16, np.float32))  # 256 KiB
            c = tf.constant([1.0])
        assert v.device == "/job:localhost/replica:0/task:0/device:CPU:1", v.device
        assert c.device == "/job:localhost/replica:0/task:0/device:CPU:1"
        after = [mem(f"CPU:{i}")["current"] for i in range(3)]
        assert after[1] - before[1] >= 1 << 18, (before, after)
        assert after[0] == before[0] and after[2] == before[2] == 0, (before, after)
        del v, c
        assert mem("CPU:1")["current"] == before[1]
        with tf.device("CPU:2"):
            assert tf.constant(1.0).device.endswith("CPU:2")
        try:
            mem("")
            raise SystemExit("expected ValueError")
        except ValueError as e:
            assert str(e).startswith("Multiple devices match the provided string '': '/job:localhost/replica:0/task:0/"
                                     "device:CPU:0' and '/job:localhost/replica:0/task:0/device:CPU:1'."), str(e)
        print("OK")
    """)
    assert out == "OK\n"


def test_using_a_tensor_on_another_device_copies_it_there():
    out = run_fresh("""
        import numpy as np
        import varrt as tf
        from varrt.experimental import memory_stats
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
        n = 1 << 16
        nbytes = 4 * n
        with tf.device("CPU:1"):
            v = tf.Variable(np.arange(n, dtype=np.float32))
        cpu0 = "/job:localhost/replica:0/task:0/device:CPU:0"
        cpu1 = "/job:localhost/replica:0/task:0/device:CPU:1"

        # An op on CPU:0 reading the CPU:1 variable: the input is copied into CPU:0's memory
        # (peak = copy + result), and the result lives on CPU:0.
        with tf.device("CPU:0"):
            two = tf.constant(2.0)
        with tf.device("CPU:1"):
            two1 = tf.constant(2.0)
        tf.config.experimental.reset_memory_stats("CPU:0")
        base = memory_stats(cpu0)
        with tf.device("CPU:0"):
            r = v * two
        s = memory_stats(cpu0)
        assert r.device == cpu0, r.device
        assert s["num_allocs"] - base["num_allocs"] == 2, (base, s)  # the copy and the result
        # The copy may be freed before the result is allocated, so the peak is at least one of them.
        assert s["peak_bytes_in_use"] - base["bytes_in_use"] >= nbytes, (base, s)
        assert s["bytes_in_use"] - base["bytes_in_use"] == nbytes  # the copy is freed, the result kept
        assert r.numpy()[:3].tolist() == [0.0, 2.0, 4.0]

        # The same op colocated with its input copies nothing.
        base1 = memory_stats(cpu1)
        with tf.device("CPU:1"):
            r1 = v * two1
        assert memory_stats(cpu1)["num_allocs"] - base1["num_allocs"] == 1
        assert r1.device == cpu1

        # read_value() in a CPU:0 scope: ReadVariableOp on CPU:1, Identity copies to CPU:0.
        base = memory_stats(cpu0)
        with tf.device("CPU:0"):
            t = v.read_value()
        assert t.device == cpu0 and memory_stats(cpu0)["bytes_in_use"] - base["bytes_in_use"] == nbytes
        assert v.value().device == cpu1  # value() is ReadVariableOp alone
        assert not t._data.shares_buffer_with(v.value()._data)

        # Updating the CPU:1 variable with a CPU:0 tensor copies the delta into CPU:1.
        with tf.device("CPU:0"):
            delta = tf.constant(np.ones(n, np.float32))
        with tf.device("CPU:1"):
            v.assign_add(tf.zeros([n]))  # the first update copies away from initial_value's buffer
        base1 = memory_stats(cpu1)
        v.assign_add(delta)
        assert memory_stats(cpu1)["num_allocs"] - base1["num_allocs"] == 1
        assert memory_stats(cpu1)["bytes_in_use"] == base1["bytes_in_use"]
        assert v.numpy()[:3].tolist() == [1.0, 2.0, 3.0]
        v.assign(delta)
        assert v.device == cpu1 and v.numpy()[:3].tolist() == [1.0, 1.0, 1.0]

        # matmul across devices
        with tf.device("CPU:1"):
            a = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
        with tf.device("CPU:0"):
            m = tf.matmul(a, a)
        assert m.device == cpu0 and m.numpy().tolist() == [[7.0, 10.0], [15.0, 22.0]]
        print("OK")
    """)
    assert out == "OK\n"


def test_soft_placement_with_logical_devices():
    out = run_fresh("""
        import varrt as tf
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 3)
        for spec in ["CPU:5", "GPU:1", "CPU", "/device:foo:1"]:
            with tf.device(spec):
                assert tf.constant(1.0).device.endswith("CPU:0"), spec
        with tf.device("CPU:2"):
            with tf.device("cpu"):   # keeps the outer index
                assert tf.constant(1.0).device.endswith("CPU:2")
            with tf.device("GPU"):   # GPU:2 does not exist: soft placement picks CPU:0
                assert tf.constant(1.0).device.endswith("CPU:0")
        tf.config.set_soft_device_placement(False)
        with tf.device("/job:ps/device:CPU:1"):
            try:
                tf.constant(1.0)
            except tf.errors.InvalidArgumentError as e:
                print(e)
        print("OK")
    """)
    assert out == ("Could not satisfy device specification '/job:ps/replica:0/task:0/device:CPU:1'. "
                   "enable_soft_placement=0. Supported device types [CPU]. All available devices "
                   "[/job:localhost/replica:0/task:0/device:CPU:0, /job:localhost/replica:0/task:0/device:CPU:1, "
                   "/job:localhost/replica:0/task:0/device:CPU:2].\nOK\n")


def test_configuring_after_first_use_fails_and_device_scope_counts_as_use():
    out = run_fresh("""
        import varrt as tf
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.list_physical_devices()  # listing physical devices does not initialize
        assert not tf._C.devices_initialized()
        tf.device("CPU:0")                 # creating a scope does, as in TensorFlow
        try:
            tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
        except RuntimeError as e:
            print(e)
        print(len(tf.config.list_logical_devices()))
    """)
    assert out == "Virtual devices cannot be modified after being initialized\n1\n"


def test_zero_logical_cpus_leaves_no_device():
    out = run_fresh("""
        import varrt as tf
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [])
        assert tf.config.get_logical_device_configuration(cpu) == []
        for f in (tf.config.list_logical_devices, lambda: tf.constant(1.0)):
            try:
                f()
            except tf.errors.NotFoundError as e:
                print(e)
    """)
    assert out == "No CPU devices are available in this process\n" * 2


def test_too_many_logical_cpus_is_a_value_error_and_changes_nothing():
    # TensorFlow sets no bound (TF 2.21 accepted 100,000); varrt's is 4096, the bound of the C
    # ABI's varrt_configure_logical_cpus, refused with the ValueError TensorFlow raises for a
    # logical device configuration it cannot apply. 10,000,000 used to take 33 s and 4 GB.
    out = run_fresh("""
        import varrt as tf
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
        for n in (4097, 10_000_000):
            try:
                tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * n)
            except ValueError as e:
                print(e)
        assert len(tf.config.get_logical_device_configuration(cpu)) == 2
        print([d.name for d in tf.config.list_logical_devices()])
    """)
    assert out == ("Cannot split the CPU into 4097 logical devices: the number must be between 0 and 4096\n"
                   "Cannot split the CPU into 10000000 logical devices: the number must be between 0 and 4096\n"
                   "['/device:CPU:0', '/device:CPU:1']\n")


def test_the_most_logical_cpus_are_usable():
    out = run_fresh("""
        import varrt as tf
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 4096)
        with tf.device("CPU:4095"):
            print(tf.constant(1.0).device)
        print(len(tf.config.list_logical_devices()))
    """)
    assert out == "/job:localhost/replica:0/task:0/device:CPU:4095\n4096\n"
