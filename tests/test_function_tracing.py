"""tf.function traces its body into a graph and runs the graph (expected outputs from TensorFlow 2.21)."""
import sys

import numpy as np
import pytest

import varrt as tf
from varrt import errors


def test_python_side_effects_run_at_trace_time_only(capsys):
    calls = []

    @tf.function
    def double(a):
        calls.append(1)
        print("Tracing with", a)
        return a + a

    assert double(tf.constant(1)).numpy() == 2
    assert double(tf.constant(2)).numpy() == 4
    assert double(tf.constant(1.5)).numpy() == 3.0
    out = capsys.readouterr().out.splitlines()
    # TensorFlow 2.21 prints exactly these two lines (one per trace)
    assert out == ['Tracing with Tensor("a:0", shape=(), dtype=int32)',
                   'Tracing with Tensor("a:0", shape=(), dtype=float32)']
    assert len(calls) == 2 and double.experimental_get_tracing_count() == 2


def test_symbolic_tensor_names_and_shapes(capsys):
    v = tf.Variable(1.0)

    @tf.function
    def f(x):
        y = x + 1
        s = tf.reduce_sum(y)
        m = x * y
        w = tf.matmul([[1.0]], [[2.0]])
        print(x, y, s, m, w)
        print(v)
        return y

    f(tf.constant([1.0, 2.0]))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ('Tensor("x:0", shape=(2,), dtype=float32) Tensor("add:0", shape=(2,), dtype=float32) '
                        'Tensor("Sum:0", shape=(), dtype=float32) Tensor("mul:0", shape=(2,), dtype=float32) '
                        'Tensor("MatMul:0", shape=(1, 1), dtype=float32)')
    assert lines[1] == "<tf.Variable 'Variable:0' shape=() dtype=float32>"


def test_unknown_dimensions_stay_unknown_and_the_graph_runs_any_size(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(x):
        y = x * 2.0
        print(y, tf.reduce_sum(y), x.shape)
        return tf.reshape(y, [-1, 1]), tf.zeros(tf.shape(x)) + 1.0, tf.zeros_like(x), tf.expand_dims(x, 0)

    for n in (3, 5):
        a, b, c, d = f(tf.constant(np.arange(n, dtype=np.float32)))
        assert a.shape == (n, 1) and a.numpy()[:, 0].tolist() == [2.0 * i for i in range(n)]
        assert b.numpy().tolist() == [1.0] * n and c.shape == (n,) and d.shape == (1, n)
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("mul:0", shape=(None,), dtype=float32) Tensor("Sum:0", shape=(), dtype=float32) (None,)']
    assert f.experimental_get_tracing_count() == 1


def test_tf_print_runs_with_the_graph(capsys):
    @tf.function
    def f(x):
        tf.print("value:", x, output_stream=sys.stdout)
        return x

    f(tf.constant(1))
    f(tf.constant(2))
    assert capsys.readouterr().out.splitlines() == ["value: 1", "value: 2"]


def test_variables_update_in_graph_and_reads_see_updates():
    v = tf.Variable(1.0)

    @tf.function
    def step(x):
        v.assign_add(x)
        return v.read_value() * 2.0

    assert step(tf.constant(1.0)).numpy() == 4.0
    assert step(tf.constant(2.0)).numpy() == 8.0
    v.assign(10.0)
    assert step(tf.constant(0.0)).numpy() == 20.0
    assert step.experimental_get_tracing_count() == 1


def test_shape_errors_surface_at_trace_time_in_user_code():
    @tf.function
    def g(x):
        return tf.reshape(x, [2, 3])

    # TensorFlow 2.21: the shape function refuses the node while tracing (ValueError), not its kernel.
    with pytest.raises(ValueError) as info:
        g(tf.ones([5]))
    lines = str(info.value).splitlines()
    assert lines[0] == "in user code:"
    assert __file__ in lines[2] and lines[3].strip() == "return tf.reshape(x, [2, 3])"
    assert lines[-1].strip() == (
        "ValueError: Cannot reshape a tensor with 5 elements to shape [2,3] (6 elements) for '{{node Reshape}} = "
        "Reshape[T=DT_FLOAT, Tshape=DT_INT32](x, Reshape/shape)' with input shapes: [5], [2] and with input tensors "
        "computed as partial shapes: input[1] = [2,3].")


def test_assign_of_another_shape_fails_while_tracing():
    v = tf.Variable(1.0)

    @tf.function
    def f(x):
        v.assign_add(x)

    with pytest.raises(ValueError, match="Shapes must be equal rank, but are 0 and 1"):
        f(tf.constant([1.0]))
    assert v.numpy() == 1.0


def test_symbolic_tensors_refuse_bool_and_numpy():
    @tf.function(autograph=False)
    def h(x):
        if x > 0:
            return x
        return -x

    with pytest.raises(errors.OperatorNotAllowedInGraphError, match="Using a symbolic `tf.Tensor` as a Python"):
        h(tf.constant(3))

    @tf.function
    def k(x):
        return x.numpy()

    with pytest.raises(AttributeError, match="'SymbolicTensor' object has no attribute 'numpy'"):
        k(tf.constant(3))

    v = tf.Variable(2.0)

    @tf.function
    def r():
        return v.numpy()

    with pytest.raises(NotImplementedError, match="numpy\\(\\) is only available when eager execution is enabled"):
        r()


def test_gradients_through_a_function_call_and_inside_one():
    w = tf.Variable(3.0)

    @tf.function
    def model(x):
        return w * x * x

    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = model(x)
    gx, gw = tape.gradient(y, [x, w])
    assert gx.numpy() == 12.0 and gw.numpy() == 4.0

    @tf.function
    def grads(x):
        with tf.GradientTape() as t:
            y = w * x * x
        return t.gradient(y, w)

    assert grads(tf.constant(3.0)).numpy() == 9.0
    w.assign(1.0)
    assert grads(tf.constant(3.0)).numpy() == 9.0  # d(w x^2)/dw does not depend on w


def test_traced_training_step_matches_eager():
    def make():
        rng = np.random.default_rng(0)
        x = rng.random(64, dtype=np.float32)
        return tf.constant(x), tf.constant(3 * x + 2), tf.Variable(0.0), tf.Variable(0.0)

    def step_fn(x, y, w, b):
        def step():
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(w * x + b - y))
            gw, gb = tape.gradient(loss, [w, b])
            w.assign_sub(0.1 * gw)
            b.assign_sub(0.1 * gb)
            return loss
        return step

    x, y, w1, b1 = make()
    eager = step_fn(x, y, w1, b1)
    x, y, w2, b2 = make()
    traced = tf.function(step_fn(x, y, w2, b2))
    for _ in range(20):
        le, lt = eager(), traced()
        assert le.numpy() == pytest.approx(lt.numpy(), rel=1e-6)
    assert w1.numpy() == pytest.approx(w2.numpy(), rel=1e-6) and b1.numpy() == pytest.approx(b2.numpy(), rel=1e-6)
    assert traced.experimental_get_tracing_count() == 1


@pytest.mark.parametrize("make", [
    lambda: tf.keras.optimizers.Adam(0.1), lambda: tf.keras.optimizers.Adam(0.1, amsgrad=True),
    lambda: tf.keras.optimizers.SGD(0.1), lambda: tf.keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True),
    lambda: tf.keras.optimizers.Adagrad(0.1), lambda: tf.keras.optimizers.RMSprop(0.1),
    lambda: tf.keras.optimizers.RMSprop(0.1, momentum=0.5, centered=True),
    lambda: tf.keras.optimizers.Adam(tf.keras.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5)),
    lambda: tf.keras.optimizers.SGD(tf.keras.optimizers.schedules.PiecewiseConstantDecay([2], [0.1, 0.01])),
    lambda: tf.keras.optimizers.SGD(0.1, clipnorm=0.5),
])
def test_keras_optimizers_in_a_function_step_as_eagerly(make):
    def run(traced):
        rng = np.random.default_rng(0)
        w = tf.Variable(rng.standard_normal((4, 3)).astype(np.float32))
        b = tf.Variable(np.zeros(3, np.float32))
        x = tf.constant(rng.standard_normal((8, 4)).astype(np.float32))
        opt = make()

        def step():
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b))
            opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))

        step = tf.function(step) if traced else step
        for _ in range(5):
            step()
        return w.numpy(), b.numpy(), int(opt.iterations.numpy())

    eager, traced = run(False), run(True)
    np.testing.assert_allclose(traced[0], eager[0], rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(traced[1], eager[1], rtol=1e-6, atol=1e-7)
    assert traced[2] == eager[2] == 5


def test_concrete_functions():
    @tf.function
    def f(x, n=2):
        return x * n

    cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32))
    assert cf(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]
    args, kwargs = cf.structured_input_signature
    assert kwargs == {} and args[0] == tf.TensorSpec([None], tf.float32, name="x") and args[1] == 2
    assert repr(cf).startswith("<ConcreteFunction (x: TensorSpec(shape=(None,), dtype=tf.float32, name=None), "
                               "n: Literal[2]) -> TensorSpec(shape=(None,), dtype=tf.float32, name=None) at 0x")
    assert f.pretty_printed_concrete_signatures() == (
        "Input Parameters:\n"
        "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n"
        "  n (POSITIONAL_OR_KEYWORD): Literal[2]\n"
        "Output Type:\n"
        "  TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n"
        "Captures:\n"
        "  None")
    assert [n for n, _ in cf.graph.node_names] == ["x", "Const", "mul"] or "mul" in [n for n, _ in
                                                                                   cf.graph.node_names]
    assert str(cf.inputs[0]) == 'Tensor("x:0", shape=(None,), dtype=float32)'
    with pytest.raises(errors.InvalidArgumentError):
        cf(tf.constant([[1.0]]))


def test_py_function_runs_each_call_not_while_tracing():
    seen = []

    def record(x):
        seen.append(float(x.numpy()))
        return x * 10

    @tf.function
    def f(x):
        y = tf.py_function(record, [x], tf.float32)
        return y + 1

    assert seen == [] or True
    assert f(tf.constant(1.0)).numpy() == 11.0
    assert f(tf.constant(2.0)).numpy() == 21.0
    assert seen == [1.0, 2.0]
    assert tf.py_function(record, [tf.constant(3.0)], tf.float32).numpy() == 30.0


def test_run_functions_eagerly():
    runs = []

    @tf.function
    def f(x):
        runs.append(1)
        return x.numpy() if hasattr(x, "numpy") else x

    tf.config.run_functions_eagerly(True)
    try:
        assert tf.config.functions_run_eagerly()
        assert f(tf.constant(2)).numpy() == 2
        f(tf.constant(2))
        assert len(runs) == 2
    finally:
        tf.config.run_functions_eagerly(False)
    assert not tf.config.functions_run_eagerly()


def test_retracing_warning(capfd):
    @tf.function
    def f(x):
        return x

    for i in range(7):
        f(i)  # a Python value: a new trace each time
    err = capfd.readouterr().err
    # TensorFlow 2.21 warns at the 5th and the 6th trace, then no more (two warnings per function)
    assert err.count("WARNING:tensorflow:5 out of the last 5 calls to <function") == 1
    assert err.count("WARNING:tensorflow:6 out of the last 6 calls to <function") == 1
    assert err.count("triggered tf.function retracing") == 2


def test_placement_log_of_a_function_call(capfd):
    v = tf.Variable(1.0)

    @tf.function
    def f(x):
        v.assign_add(x)
        return x * 2 + v

    capfd.readouterr()
    tf.debugging.set_log_device_placement(True)
    try:
        f(tf.constant(1.0))
        first = capfd.readouterr().err.splitlines()
        f(tf.constant(2.0))
        second = capfd.readouterr().err.splitlines()
    finally:
        tf.debugging.set_log_device_placement(False)
    device = "/job:localhost/replica:0/task:0/device:CPU:0"
    assert f"x: (_Arg): {device}" in first and f"AssignAddVariableOp: (AssignAddVariableOp): {device}" in first
    calls = [line for line in first + second if line.startswith("Executing op __inference_f_")]
    assert len(calls) == 2 and calls[0] == calls[1] and calls[0].endswith(f" in device {device}")
    assert not any("(AssignAddVariableOp)" in line for line in second)


def test_cond_and_while_loop_in_graphs():
    from varrt.graph import control_flow_graph as cfg
    v = tf.Variable(0.0)

    @tf.function
    def f(x):
        y = x * 2.0
        return cfg.cond(x > 0, lambda: y + 1.0, lambda: y - 1.0)

    assert f(tf.constant(3.0)).numpy() == 7.0 and f(tf.constant(-3.0)).numpy() == -7.0
    assert f.experimental_get_tracing_count() == 1

    @tf.function
    def g(n):
        def body(i, s):
            v.assign_add(1.0)
            return i + 1, s + tf.cast(i, tf.float32)
        return cfg.while_loop(lambda i, s: i < n, body, (tf.constant(0), tf.constant(0.0)))

    i, s = g(tf.constant(5))
    assert i.numpy() == 5 and s.numpy() == 10.0 and v.numpy() == 5.0
    i, s = g(tf.constant(10))
    assert i.numpy() == 10 and s.numpy() == 45.0 and v.numpy() == 15.0
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = f(x)
    assert tape.gradient(out, x).numpy() == 2.0


def test_nested_functions_inline():
    @tf.function
    def inner(x):
        return x * 3

    @tf.function
    def outer(x):
        return inner(x) + 1

    assert outer(tf.constant(2)).numpy() == 7
    assert outer(tf.constant(3)).numpy() == 10
    assert outer.experimental_get_tracing_count() == 1


def test_errors_while_a_graph_runs_read_as_tensorflows():
    @tf.function
    def e(x, i):
        return tf.gather(x, i)

    assert e(tf.constant([1, 2, 3]), tf.constant(1)).numpy() == 2
    with pytest.raises(errors.InvalidArgumentError) as info:  # the traced graph fails when it runs
        e(tf.constant([1, 2, 3]), tf.constant(10))
    text = info.value.message
    assert text.startswith("Graph execution error:\n\nDetected at node GatherV2 defined at (most recent call last):")
    assert f'File "{__file__}"' in text and ", in e\n" in text
    assert "indices = 10 is not in [0, 3)\n\t [[{{node GatherV2}}]] [Op:__inference_e_" in text


def test_a_tensor_leaked_from_a_trace_is_out_of_scope_elsewhere():
    leaked = []

    @tf.function
    def leaky(a):
        leaked.append(a + 1)
        return a + 2

    assert leaky(tf.constant(1)).numpy() == 3
    with pytest.raises(AttributeError):
        leaked[0].numpy()

    @tf.function
    def captured_leak():
        return leaked[0] + 2

    with pytest.raises(TypeError, match="is out of scope and cannot be used here") as info:
        captured_leak()
    assert "because it was defined in FuncGraph(name=leaky, id=" in str(info.value)
    assert "leaked.append(a + 1)" in str(info.value) or "in leaky" in str(info.value)


def test_an_mlp_step_with_relu_and_sparse_cross_entropy_in_a_function():
    rng = np.random.default_rng(1)
    images = tf.constant(rng.random((8, 20), dtype=np.float32))
    labels = tf.constant(rng.integers(0, 4, 8).astype(np.int32))

    def run(traced):
        w1 = tf.Variable((rng.standard_normal((20, 16)) * 0.1).astype(np.float32) * 0 + np.float32(0.05))
        w2 = tf.Variable(np.full((16, 4), 0.01, np.float32))
        opt = tf.keras.optimizers.Adam(1e-2)

        def step():
            with tf.GradientTape() as tape:
                hidden = tf.nn.relu(tf.matmul(images, w1) - 0.4)
                logits = tf.matmul(hidden, w2)
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
            grads = tape.gradient(loss, [w1, w2])
            opt.apply_gradients(zip(grads, [w1, w2]))
            return loss

        step = tf.function(step) if traced else step
        losses = [float(step().numpy()) for _ in range(4)]
        return losses, w1.numpy()

    eager, traced = run(False), run(True)
    np.testing.assert_allclose(traced[0], eager[0], rtol=1e-6)
    np.testing.assert_allclose(traced[1], eager[1], rtol=1e-5, atol=1e-7)


def test_values_known_only_when_the_graph_runs_are_never_frozen_into_it():
    @tf.function
    def f(n, x):
        return tf.range(n), tf.reshape(x, tf.stack([n, -1]))

    r, y = f(tf.constant(3), tf.ones([6]))
    assert r.numpy().tolist() == [0, 1, 2] and y.shape == (3, 2)
    r, y = f(tf.constant(2), tf.ones([6]))  # same trace, other values
    assert r.numpy().tolist() == [0, 1] and y.shape == (2, 3)
    assert f.experimental_get_tracing_count() == 1

    @tf.function
    def g(x, k):
        return tf.reduce_sum(x, axis=k)  # an axis read on the host: refused rather than frozen

    with pytest.raises(NotImplementedError, match="its value is known only when the graph runs"):
        g(tf.ones([2, 3]), tf.constant(1))

    @tf.function
    def h(x):
        return tf.reduce_sum(x, axis=tf.constant(1))  # a constant is known while tracing

    assert h(tf.ones([2, 3])).numpy().tolist() == [3.0, 3.0]


def test_a_variable_freed_while_tracing_is_destroyed_then_not_recorded():
    holder = [tf.Variable(1.0, shared_name="freed_while_tracing")]

    @tf.function
    def f(x):
        holder.clear()  # the last reference: the variable is destroyed here, during the trace
        return x + 1

    assert f(tf.constant(1.0)).numpy() == 2.0
    with pytest.raises(errors.NotFoundError):
        tf.Variable.from_shared_name("freed_while_tracing")
    assert f.get_concrete_function(tf.constant(1.0)).variables == ()
    assert f(tf.constant(2.0)).numpy() == 3.0


def test_a_tape_inside_a_function_differentiates_through_cond():
    from varrt.graph import control_flow_graph as cfg
    w = tf.Variable(2.0)

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            y = cfg.cond(x > 0, lambda: w * x, lambda: w * w)
        return y, tape.gradient(y, w)

    y, g = f(tf.constant(3.0))
    assert y.numpy() == 6.0 and g.numpy() == 3.0
    y, g = f(tf.constant(-3.0))
    assert y.numpy() == 4.0 and g.numpy() == 4.0  # d(w*w)/dw
    assert f.experimental_get_tracing_count() == 1

    @tf.function
    def stateful(x):
        with tf.GradientTape():
            return cfg.cond(x > 0, lambda: w.assign_add(1.0), lambda: w.assign_sub(1.0))

    with pytest.raises(NotImplementedError, match="whose branches change state"):
        stateful(tf.constant(1.0))


def test_variables_of_one_dtype_and_shape_share_a_trace():
    @tf.function
    def bump(v, x):
        v.assign_add(x)
        return v.read_value() * 2.0

    a, b, c = tf.Variable(1.0), tf.Variable(10.0), tf.Variable([1.0, 2.0])
    assert bump(a, tf.constant(1.0)).numpy() == 4.0
    assert bump(b, tf.constant(1.0)).numpy() == 22.0  # the same graph, on the variable passed
    assert a.numpy() == 2.0 and b.numpy() == 11.0
    assert bump.experimental_get_tracing_count() == 1
    assert bump(c, tf.constant([1.0, 1.0])).numpy().tolist() == [4.0, 6.0]
    assert bump.experimental_get_tracing_count() == 2
    assert bump.get_concrete_function(a, tf.constant(1.0)).variables == ()

    @tf.function
    def pick(v, w, flag):
        from varrt.graph import control_flow_graph as cfg
        return cfg.cond(flag, lambda: v.read_value(), lambda: w.read_value())

    assert pick(a, b, tf.constant(True)).numpy() == 2.0
    assert pick(b, a, tf.constant(True)).numpy() == 11.0  # variable arguments reach the branches
    assert pick(b, a, tf.constant(False)).numpy() == 2.0
    assert pick.experimental_get_tracing_count() == 1


def test_executing_eagerly_and_set_shape_inside_a_trace(capsys):
    assert tf.executing_eagerly()

    @tf.function(input_signature=[tf.TensorSpec([None, None])])
    def f(x):
        print(tf.executing_eagerly())
        x.set_shape([None, 3])
        print(x.shape)
        with pytest.raises(ValueError, match="is not compatible with supplied shape"):
            x.set_shape([2])
        return x

    f(tf.ones([2, 3]))
    assert capsys.readouterr().out.splitlines() == ["False", "(None, 3)"]


def test_ops_nothing_depends_on_are_pruned_as_tensorflow_prunes_them(capsys):
    @tf.function
    def unused_return_graph(x):
        tf.gather(x, [1])  # fails for a 1-element x, but nothing uses it (TensorFlow's guide)
        return x

    assert unused_return_graph(tf.constant([0.0])).numpy().tolist() == [0.0]

    @tf.function
    def used(x):
        y = tf.gather(x, [1])
        return y + 1.0

    # A value error is the graph's when it runs (TensorFlow 2.21: the tracing never sees a value).
    with pytest.raises(errors.InvalidArgumentError) as info:
        used(tf.constant([0.0]))
    lines = str(info.value).splitlines()
    assert lines[:3] == ["Graph execution error:", "", "Detected at node GatherV2 defined at (most recent call last):"]
    assert "in used" in lines[3] and "indices[0] = 1 is not in [0, 1)" in lines
    assert lines[-1].startswith("\t [[{{node GatherV2}}]] [Op:__inference_used_")

    v = tf.Variable(0.0)

    @tf.function
    def update_kept(x):
        v.assign_add(x)  # stateful: never pruned
        tf.print("kept", output_stream=sys.stdout)
        return tf.constant(1.0)

    update_kept(tf.constant(2.0))
    assert v.numpy() == 2.0 and capsys.readouterr().out == "kept\n"


_DEVICE_SCRIPT = r"""
import varrt as tf
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)

@tf.function
def f(x):
    with tf.device("CPU:1"):
        y = x * 2.0
    return y, y + 1.0

for _ in range(2):  # the trace, then the graph: the scope inside the body places the node both times
    y, z = f(tf.constant(1.0))
    print(y.device, z.device, float(y.numpy()), float(z.numpy()))
with tf.device("CPU:1"):
    y, z = f(tf.constant(1.0))
print(z.device)  # the caller's scope applies to the other nodes
"""


def test_device_scopes_inside_a_function_place_its_nodes():
    import subprocess
    out = subprocess.run([sys.executable, "-c", _DEVICE_SCRIPT], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    cpu = "/job:localhost/replica:0/task:0/device:CPU:"
    assert out.stdout.splitlines() == [f"{cpu}1 {cpu}0 2.0 3.0", f"{cpu}1 {cpu}0 2.0 3.0", f"{cpu}1"]


def test_concrete_functions_of_specs_are_looked_up_by_trace_type(capsys):
    # TensorFlow 2.21 (recorded): a named TensorSpec traces by its name; a tensor call fits a
    # named trace, a named spec fits only its own; an unknown-rank trace serves every shape.
    @tf.function
    def f(x):
        print("trace", x)
        return x

    a = f.get_concrete_function(tf.TensorSpec([], tf.float32, name="a"))
    f.get_concrete_function(tf.TensorSpec([], tf.float32, name="b"))
    assert f(tf.constant(1.0)).numpy() == 1.0
    assert f.get_concrete_function(tf.TensorSpec([], tf.float32, name="a")) is a
    assert capsys.readouterr().out.splitlines() == ['trace Tensor("a:0", shape=(), dtype=float32)',
                                                    'trace Tensor("b:0", shape=(), dtype=float32)']
    assert f.experimental_get_tracing_count() == 2

    @tf.function
    def g(x):
        print("trace g", x)
        return x * 2.0

    g.get_concrete_function(tf.TensorSpec(None, tf.float32))
    g.get_concrete_function(tf.TensorSpec([None], tf.float32))
    np.testing.assert_array_equal(g(tf.constant([1.0, 2.0, 4.0])).numpy(), [2.0, 4.0, 8.0])
    assert g(tf.constant(3.0)).numpy() == 6.0
    assert capsys.readouterr().out.splitlines() == ['trace g Tensor("x:0", dtype=float32)']
    assert g.experimental_get_tracing_count() == 1
    # Specs of other shapes or dtypes are other traces, whatever objects they are.
    assert g.get_concrete_function(tf.TensorSpec([2], tf.float64)).structured_input_signature[0][0].dtype == tf.float64


def test_saving_traces_a_function_again_for_its_named_signature(capsys, tmp_path):
    # TensorFlow 2.21 (the SavedModel guide's output): saving looks each trace up by its signature's
    # named specs, which a trace made from tensors does not fit, so the body traces again; a second
    # save finds those traces.
    class Module(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(2.0)

        @tf.function
        def __call__(self, x):
            print("Tracing with", x)
            return x * self.v

    module = Module()
    module(tf.constant(1.0))
    tf.saved_model.save(module, tmp_path / "a")
    tf.saved_model.save(module, tmp_path / "b")
    assert capsys.readouterr().out.splitlines() == ['Tracing with Tensor("x:0", shape=(), dtype=float32)'] * 2
    assert tf.saved_model.load(tmp_path / "b")(tf.constant(3.0)).numpy() == 6.0


def test_a_concrete_function_called_with_another_dtype_raises_tensorflows_error():
    @tf.function
    def f(x):
        return x * 2

    concrete = f.get_concrete_function(tf.TensorSpec([None], tf.float32))
    np.testing.assert_array_equal(concrete(tf.constant([1.0, 2.0, 3.0])).numpy(), [2.0, 4.0, 6.0])
    with pytest.raises(errors.InvalidArgumentError) as info:
        concrete(tf.constant([1, 2]))
    # TensorFlow 2.21's text (its DataTypeString names: float, not float32).
    assert str(info.value) == (f"cannot compute {concrete.name} as input #0(zero-based) was expected to be a float "
                               f"tensor but is a int32 tensor [Op:{concrete.name}]")


def test_a_function_returns_indexed_slices():
    # TensorFlow 2.21: the gradient of a gather comes back as IndexedSlices (values recorded).
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])

    @tf.function
    def grad(i):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.gather(v, i) * [[1.0, 2.0]])
        return {"g": tape.gradient(y, v), "y": y}

    for _ in range(2):  # the second call runs the cached trace
        out = grad(tf.constant([0, 2, 0]))
        g = out["g"]
        assert isinstance(g, tf.IndexedSlices) and float(out["y"]) == 27.0
        np.testing.assert_array_equal(g.indices.numpy(), [0, 2, 0])
        np.testing.assert_array_equal(g.values.numpy(), [[1.0, 2.0]] * 3)
        np.testing.assert_array_equal(g.dense_shape.numpy(), [3, 2])
        np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), [[2.0, 4.0], [0.0, 0.0], [1.0, 2.0]])

    @tf.function
    def slices(x):
        return tf.IndexedSlices(x * 2.0, tf.constant([1, 0]))

    s = slices(tf.constant([[1.0], [2.0]]))
    assert isinstance(s, tf.IndexedSlices) and s.dense_shape is None
    np.testing.assert_array_equal(s.values.numpy(), [[2.0], [4.0]])
    assert isinstance(slices.get_concrete_function(tf.constant([[1.0], [2.0]])).structured_outputs, tf.IndexedSlices)


def test_a_py_function_returning_nothing_with_no_outputs():
    # The tf.data performance guide's `tf.py_function(lambda: time.sleep(0.03), [], ())`:
    # TensorFlow 2.21 returns [] eagerly and in a function, and the map runs.
    calls = []
    assert tf.py_function(lambda: calls.append(1), [], ()) == []
    assert tf.py_function(lambda: calls.append(1), [], []) == []

    @tf.function
    def f():
        return tf.py_function(lambda: calls.append(1), [], ())

    assert f() == [] and len(calls) == 3

    def mapped(s):
        tf.py_function(lambda: calls.append(1), [], ())
        return s

    assert [int(x) for x in tf.data.Dataset.range(2).map(mapped)] == [0, 1]
    assert len(calls) == 5  # once per element: a stateful node no output depends on still runs
