"""ParameterServerStrategy, ClusterCoordinator and replica_device_setter on a Ray cluster (loopback)."""
import numpy as np
import pytest

import varrt as tf

PS = ["/job:ps/replica:0/task:0/device:CPU:0", "/job:ps/replica:0/task:1/device:CPU:0"]


def _data(steps):
    rng = np.random.default_rng(7)
    x = rng.standard_normal((steps, 8, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.25).astype(np.float32)
    return x, y


def _model():
    w = tf.Variable(tf.zeros([3, 1]), name="w")
    b = tf.Variable(tf.zeros([1]), name="b")
    return w, b


def _step_fn(w, b, opt):
    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
        opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
        return loss
    return step


def test_scope_places_variables_round_robin_on_the_ps_tasks(ray_cluster):
    strategy = tf.distribute.ParameterServerStrategy(ray_cluster)
    assert tf.distribute.experimental.ParameterServerStrategy is tf.distribute.ParameterServerStrategy
    with strategy.scope():
        a, b, c = tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0)
    assert [a.device, b.device, c.device] == [PS[0], PS[1], PS[0]]
    assert strategy.num_replicas_in_sync == 1
    local = tf.Variable(0.0)
    assert local.device == "/job:localhost/replica:0/task:0/device:CPU:0"


def test_training_on_workers_matches_the_single_process_loop(ray_cluster):
    steps = 6
    x, y = _data(steps)
    # Single process.
    w0, b0 = _model()
    step0 = _step_fn(w0, b0, tf.keras.optimizers.SGD(0.1))
    for i in range(steps):
        step0(x[i], y[i])
    # Two ps, two workers; one step at a time (a deterministic schedule).
    strategy = tf.distribute.ParameterServerStrategy(ray_cluster)
    coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
    with strategy.scope():
        w, b = _model()
        opt = tf.keras.optimizers.SGD(0.1)
    assert {w.device, b.device} == set(PS)
    step = _step_fn(w, b, opt)
    losses = []
    for i in range(steps):
        losses.append(coordinator.schedule(step, args=(x[i], y[i])))
        coordinator.join()
    np.testing.assert_allclose(w.numpy(), w0.numpy(), rtol=1e-5)
    np.testing.assert_allclose(b.numpy(), b0.numpy(), rtol=1e-5)
    assert losses[-1].fetch() < losses[0].fetch()
    assert isinstance(coordinator.fetch(losses[0]), np.ndarray)


def test_concurrent_schedules_all_apply(ray_cluster):
    strategy = tf.distribute.ParameterServerStrategy(ray_cluster)
    coordinator = tf.distribute.experimental.coordinator.ClusterCoordinator(strategy)
    with strategy.scope():
        counter = tf.Variable(0, dtype=tf.int64)

    @tf.function
    def bump(n):
        counter.assign_add(n)
        return counter.read_value()

    results = [coordinator.schedule(bump, args=(tf.constant(i, tf.int64),)) for i in range(1, 21)]
    coordinator.join()
    assert coordinator.done()
    assert int(counter.numpy()) == sum(range(1, 21))
    # A scheduled function reads the values as it first touched them plus its own updates (its
    # updates commit together when it returns: distribute/remote/staging.py), so a read after
    # its own update includes that update and never more than every update.
    for i, r in enumerate(results, start=1):
        assert i <= int(r.fetch()) <= 210


def test_an_error_in_a_scheduled_function_is_raised_by_join(ray_cluster):
    strategy = tf.distribute.ParameterServerStrategy(ray_cluster)
    coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
    with strategy.scope():
        v = tf.Variable([1.0, 2.0])

    def bad():
        v.assign_add([1.0, 2.0, 3.0])

    value = coordinator.schedule(bad)
    with pytest.raises(tf.errors.InvalidArgumentError, match="shapes must be equal"):
        coordinator.join()
    with pytest.raises(tf.errors.InvalidArgumentError):
        value.fetch()
    assert v.numpy().tolist() == [1.0, 2.0]


def test_the_coordinator_needs_a_parameter_server_strategy():
    with pytest.raises(ValueError, match="Only `tf.distribute.experimental.ParameterServerStrategy`"):
        tf.distribute.coordinator.ClusterCoordinator(object())


def test_replica_device_setter_chooses_as_tensorflow():
    setter = tf.compat.v1.train.replica_device_setter(ps_tasks=2)

    class Op:
        def __init__(self, type, device=""):
            self.type, self.device = type, device

    assert [setter(Op("VarHandleOp")) for _ in range(3)] == ["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:0"]
    assert setter(Op("MatMul")) == "/job:worker"
    assert setter(Op("VariableV2", "/job:ps/task:5")) == "/job:ps/task:5"
    assert tf.compat.v1.train.replica_device_setter(ps_tasks=0) is None
    cluster = tf.train.ClusterSpec({"ps": ["a:1", "b:1", "c:1"], "worker": ["w:1"]})
    setter = tf.compat.v1.train.replica_device_setter(cluster=cluster, worker_device="/job:worker/task:0")
    assert [setter(Op("VarHandleOp")) for _ in range(4)][-1] == "/job:ps/task:0"
    assert setter(Op("Add")) == "/job:worker/task:0"


def test_replica_device_setter_places_tf1_variables_on_ps_tasks(ray_cluster):
    setter = tf.compat.v1.train.replica_device_setter(ps_tasks=2)
    graph = tf.Graph()
    with graph.as_default():
        with tf.compat.v1.device(setter):
            a = tf.compat.v1.get_variable("a", initializer=tf.constant([1.0, 2.0]))
            b = tf.compat.v1.get_variable("b", initializer=tf.constant(3.0))
            total = tf.reduce_sum(a) + b
            update = a.assign_add([1.0, 1.0])
        with graph.device(setter):
            c = tf.Variable(2.0)
        init = tf.compat.v1.global_variables_initializer()
        with pytest.raises(RuntimeError, match="^tf.device does not support functions.$"):
            tf.device(setter)  # TensorFlow 2's tf.device never takes a function
    assert [a.device, b.device, c.device] == [PS[0], PS[1], PS[0]]
    with tf.compat.v1.Session(graph=graph) as sess:
        sess.run(init)
        sess.run(update)
        assert sess.run(total) == pytest.approx(8.0)


def test_device_functions_are_refused_eagerly():
    setter = tf.compat.v1.train.replica_device_setter(ps_tasks=1)
    with pytest.raises(RuntimeError, match="^tf.device does not support functions.$"):
        tf.device(setter)
    with pytest.raises(RuntimeError, match="^tf.device does not support functions when eager execution is enabled.$"):
        tf.compat.v1.device(setter)
