"""Variables living on parameter-server tasks (Ray actors on loopback), through the public API."""
import pickle

import numpy as np
import pytest

import varrt as tf
from varrt import errors

PS0 = "/job:ps/replica:0/task:0/device:CPU:0"
PS1 = "/job:ps/replica:0/task:1/device:CPU:0"


def test_connecting_makes_the_tasks_devices_known(ray_cluster):
    names = [d.name for d in tf.config.list_logical_devices()]
    assert PS0 in names and PS1 in names
    assert "/job:worker/replica:0/task:1/device:CPU:0" in names
    assert ray_cluster.cluster_spec().jobs == ["ps", "worker"]
    assert ray_cluster.cluster_spec().num_tasks("worker") == 2


def test_a_variable_is_created_on_the_task_its_scope_names(ray_cluster):
    with tf.device("/job:ps/task:1"):
        v = tf.Variable([1.0, 2.0], name="w")
    assert v.device == PS1
    assert repr(v) == "<tf.Variable 'w:0' shape=(2,) dtype=float32, numpy=array([1., 2.], dtype=float32)>"
    v.assign_add([1.0, 1.0])
    v.assign_sub([0.5, 0.5])
    assert v.numpy().tolist() == [1.5, 2.5]
    v.assign([7.0, 8.0])
    assert (v * 2).numpy().tolist() == [14.0, 16.0]
    assert bool(v.is_initialized())


def test_updates_run_on_the_task_as_one_call_and_are_logged_there(ray_cluster, capfd):
    with tf.device("/job:ps/task:0"):
        v = tf.Variable(1.0)
    capfd.readouterr()
    tf.debugging.set_log_device_placement(True)
    v.assign_add(2.0)
    tf.debugging.set_log_device_placement(False)
    err = capfd.readouterr().err
    assert f"Executing op AssignAddVariableOp in device {PS0}" in err
    assert "ReadVariableOp" not in err  # no read-modify-write from the client
    assert float(v.numpy()) == 3.0


def test_a_failed_update_raises_tensorflows_error_and_changes_nothing(ray_cluster):
    with tf.device("/job:ps/task:0"):
        v = tf.Variable([1.0, 2.0])
    local = tf.Variable([1.0, 2.0])
    for fn, cls in ((lambda x: x.assign_add([1.0, 2.0, 3.0]), errors.InvalidArgumentError),
                    (lambda x: x.assign([1.0, 2.0, 3.0]), ValueError),
                    (lambda x: x.scatter_nd_update([[5]], [1.0]), errors.InvalidArgumentError)):
        with pytest.raises(cls) as remote_error:
            fn(v)
        with pytest.raises(cls) as local_error:
            fn(local)
        # The same text, with the device the op ran on.
        assert str(remote_error.value) == str(local_error.value).replace(
            "/job:localhost/replica:0/task:0/device:CPU:0", PS0)
    assert v.numpy().tolist() == [1.0, 2.0]


def test_copy_on_write_holds_remotely(ray_cluster):
    with tf.device("/job:ps/task:1"):
        v = tf.Variable(np.arange(4, dtype=np.float32))
    before = v.read_value()
    view = np.asarray(v)
    v.assign_add(np.ones(4, np.float32))
    assert before.numpy().tolist() == [0, 1, 2, 3]
    assert view.tolist() == [0, 1, 2, 3]
    assert v.numpy().tolist() == [1, 2, 3, 4]


def test_scatter_and_slice_assignment_run_remotely(ray_cluster):
    with tf.device("/job:ps/task:0"):
        v = tf.Variable(np.zeros((3, 2), np.float32))
    v.scatter_nd_update([[0, 1], [2, 0]], [5.0, 6.0])
    v[1].assign([1.0, 2.0])
    v.scatter_add(tf.IndexedSlices(tf.constant([[1.0, 1.0]]), tf.constant([2])))
    assert v.numpy().tolist() == [[0, 5], [1, 2], [7, 1]]
    assert tf.gather(v, [2]).numpy().tolist() == [[7, 1]]


def test_ops_in_a_task_scope_run_on_the_task(ray_cluster):
    with tf.device("/job:ps/task:1"):
        x = tf.constant([1.0, 2.0]) + 2.0
        y = tf.matmul([[1.0, 2.0]], [[3.0], [4.0]])
    assert x.device == PS1
    assert x.numpy().tolist() == [3.0, 4.0]
    assert y.numpy().tolist() == [[11.0]]


def test_optimizers_update_remote_variables_as_local_ones(ray_cluster):
    def train(place):
        with tf.device(place):
            w = tf.Variable([[0.5], [-0.25]])
            b = tf.Variable([0.1])
        opt = tf.keras.optimizers.Adam(0.1)
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        for _ in range(3):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.square(tf.matmul(x, w) + b))
            opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
        return w, b, opt

    w, b, opt = train("/job:ps/task:0")
    wl, bl, _ = train("/job:localhost/replica:0/task:0/device:CPU:0")
    assert w.device == PS0
    np.testing.assert_allclose(w.numpy(), wl.numpy(), rtol=1e-6)
    np.testing.assert_allclose(b.numpy(), bl.numpy(), rtol=1e-6)
    # The slots live with their variable.
    assert {v.device for v in opt.variables if v.shape == w.shape} == {PS0}


def test_a_remote_variable_pickles_as_a_reference_a_local_one_by_value(ray_cluster):
    with tf.device("/job:ps/task:0"):
        v = tf.Variable(3.0, name="shared")
    same = pickle.loads(pickle.dumps(v))
    assert same is v  # in the owning process the reference is the variable itself
    local = tf.Variable(3.0)
    copy = pickle.loads(pickle.dumps(local))
    copy.assign(4.0)
    assert float(local.numpy()) == 3.0


def test_large_values_round_trip(ray_cluster):
    value = np.random.default_rng(0).standard_normal(4 * 1024 * 1024).astype(np.float32)  # 16 MB
    with tf.device("/job:ps/task:1"):
        v = tf.Variable(value)
    np.testing.assert_array_equal(v.read_value().numpy(), value)
    v.assign(value * 2)
    np.testing.assert_array_equal(v.numpy(), value * 2)


def test_strings_and_ints_live_remotely(ray_cluster):
    with tf.device("/job:ps/task:0"):
        s = tf.Variable([b"a", b"bc"])
        i = tf.Variable([1, 2], dtype=tf.int64)
    s.assign([b"x", b"yz"])
    i.assign_add([10, 20])
    assert s.numpy().tolist() == [b"x", b"yz"]
    assert i.numpy().tolist() == [11, 22]


def test_functions_run_ops_on_remote_variables(ray_cluster):
    with tf.device("/job:ps/task:1"):
        v = tf.Variable(1.0)

    @tf.function
    def step(x):
        v.assign_add(x)
        return v.read_value() * 2

    assert float(step(tf.constant(2.0))) == 6.0
    assert float(step(tf.constant(1.0))) == 8.0
    assert float(v.numpy()) == 4.0


def test_connecting_to_a_cluster_varrt_does_not_run_is_refused():
    spec = tf.train.ClusterSpec({"ps": ["10.0.0.1:2222"], "worker": ["10.0.0.2:2222"]})
    with pytest.raises(ValueError, match="RayClusterResolver"):
        tf.config.experimental_connect_to_cluster(spec)


def test_a_remote_variable_freed_while_a_function_is_traced_is_dropped_by_its_task(ray_cluster):
    # Its destroy used to go to the graph recorder, which ran the local kernel and bypassed the
    # forwarder: the task kept the value and this process kept the entry naming it, keyed by the
    # freed variable's address, so a new variable made there wrote into the old value ("Shape
    # mismatch (4,) vs (3, 1)", or silently, with equal shapes).
    from varrt import _C
    from varrt.distribute.remote import runtime
    with tf.device("/job:ps/task:1"):
        holder = [tf.Variable(np.arange(3, dtype=np.float32).reshape(3, 1))]
    device, _, _, actor, rid = runtime.reference(holder[0])
    key = _C.resource_ref(holder[0]).id
    assert key in runtime._vars

    @tf.function
    def step(x):
        holder.clear()  # the last reference goes while the graph is built
        return x + 1.0

    assert float(step(tf.constant(1.0))) == 2.0
    assert key not in runtime._vars  # no variable was made since: its address is not reused yet
    read = ("ReadVariableOp", [], {}, (rid,), 1, None, None)
    with pytest.raises(errors.FailedPreconditionError, match="Could not find variable"):
        runtime.task_of(device).call("run_op", read)
    for shape in ([4], [3, 1], [2, 2]):  # new variables on that task are their own, whatever the address
        with tf.device("/job:ps/task:1"):
            w = tf.Variable(tf.fill(shape, 7.0))
        assert w.numpy().tolist() == np.full(shape, 7.0).tolist()
        w.assign_add(tf.ones(shape))
        assert w.numpy().tolist() == np.full(shape, 8.0).tolist()
