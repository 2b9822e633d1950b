"""tf.GradientTape's semantics, each checked against TensorFlow 2.21 (the values and messages
in the assertions are what TensorFlow printed for the same code)."""
import numpy as np
import pytest

import varrt as tf


def values(x):
    return tf.convert_to_tensor(x).numpy().tolist()


@pytest.fixture
def x():
    return tf.constant([1.0, 2.0])


def test_watched_tensor_and_one_shot_tape(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    assert values(tape.gradient(y, x)) == [2.0, 4.0]
    with pytest.raises(RuntimeError, match=r"^A non-persistent GradientTape can only be used to compute one set of "
                                           r"gradients \(or jacobians\)$"):
        tape.gradient(y, x)


def test_trainable_variables_read_inside_are_watched():
    w, b = tf.Variable(2.0), tf.Variable(1.0)
    frozen = tf.Variable(1.0, trainable=False)
    xs, ys = tf.constant([1.0, 2.0, 3.0]), tf.constant([3.0, 6.0, 7.0])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w * xs + b - ys)) * frozen
    gw, gb, gf = tape.gradient(loss, [w, b, frozen])
    np.testing.assert_allclose([gw.numpy(), gb.numpy()], [-4 / 3, -2 / 3], rtol=1e-6)
    assert gf is None
    assert tape.watched_variables() == (w, b)


def test_watch_accessed_variables_false():
    v = tf.Variable(3.0)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        y = v * 2
    assert tape.gradient(y, v) is None and tape.watched_variables() == ()
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(v)
        y = v * 2
    assert values(tape.gradient(y, v)) == 2.0


def test_gradients_do_not_flow_through_assign_but_through_later_reads():
    v = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = v.assign_add(1.0) * 2  # TensorFlow: 2.0 (the product reads the variable)
    assert values(tape.gradient(y, v)) == 2.0
    with tf.GradientTape() as tape:
        v.assign(5.0)
        y = v * 2
    assert values(tape.gradient(y, v)) == 2.0
    assert v.numpy() == 5.0


def test_nested_sources_keep_their_structure(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    grads = tape.gradient(y, {"b": x, "a": [x, x]})
    assert sorted(grads) == ["a", "b"] and values(grads["b"]) == [2.0, 4.0]
    assert [values(g) for g in grads["a"]] == [[2.0, 4.0], [2.0, 4.0]]
    assert values(tape.gradient([y, y], x)) == [4.0, 8.0]  # targets are summed


def test_module_trainable_variables_as_sources():
    class Linear(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[1.0], [2.0]])
            self.b = tf.Variable([0.5])

        def __call__(self, x):
            return tf.matmul(x, self.w) + self.b

    model = Linear()
    inputs = tf.constant([[1.0, 1.0], [2.0, 0.0]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(inputs))
    grads = tape.gradient(loss, model.trainable_variables)
    got = {id(v): values(g) for v, g in zip(model.trainable_variables, grads)}
    assert got == {id(model.w): [[3.0], [1.0]], id(model.b): [2.0]}


def test_output_gradients_and_broadcasting_like_tensorflow(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(x)
    assert values(tape.gradient(y, x, output_gradients=2.0)) == [2.0, 2.0]
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    assert values(tape.gradient(y, x, output_gradients=tf.constant(2.0))) == [4.0, 8.0]
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Incompatible shapes: \[3\] vs. \[2\] \[Op:Mul\]"):
        tape.gradient(y, x, output_gradients=tf.constant([1.0, 2.0, 3.0]))


def test_unconnected_gradients(x):
    v = tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as tape:
        y = v * 2
    assert tape.gradient(y, x) is None
    assert values(tape.gradient(y, x, unconnected_gradients=tf.UnconnectedGradients.ZERO)) == [0.0, 0.0]
    assert values(tape.gradient(y, x, unconnected_gradients="zero")) == [0.0, 0.0]
    assert str(tf.UnconnectedGradients.ZERO) == "UnconnectedGradients.ZERO"


def test_stop_recording_and_reset():
    v = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        with tape.stop_recording():
            y = v * 2
    assert tape.gradient(y, v) is None
    with pytest.raises(RuntimeError, match="^Trying to stop recording a tape which is not recording.$"):
        with tf.GradientTape().stop_recording():
            pass
    with tf.GradientTape(persistent=True) as tape:
        y = v * v
        tape.reset()
        z = v * 3
    assert tape.gradient(y, v) is None and values(tape.gradient(z, v)) == 3.0


def test_reentering_an_active_tape():
    tape = tf.GradientTape()
    with pytest.raises(ValueError, match="^Tape is still recording, This can happen if you try to re-enter an "
                                         "already-active tape.$"):
        with tape:
            with tape:
                pass


def test_watch_refuses_python_values_and_warns_for_integers(capsys):
    with pytest.raises(ValueError, match="^Passed in object 3.0 of type 'float', not tf.Tensor or tf.Variable or "
                                         "ExtensionType.$"):
        with tf.GradientTape() as tape:
            tape.watch(3.0)
    i = tf.constant(3)
    with tf.GradientTape() as tape:
        tape.watch(i)
        y = i * i
    assert "WARNING:tensorflow:The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.int32" in \
        capsys.readouterr().err
    assert tape.gradient(y, i) is None
    assert capsys.readouterr().err == ""  # gradient() stays quiet (TensorFlow only vlogs)


def test_integer_target_gives_none():
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.cast(x, tf.int32) * 2
    assert tape.gradient(y, x) is None


def test_source_is_target_and_stop_gradient(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.stop_gradient(x) * x
    assert values(tape.gradient(x, x)) == [1.0, 1.0]
    assert values(tape.gradient(y, x)) == [1.0, 2.0]
    v = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        v * 2
    assert values(tape.gradient(v, v)) == 1.0


def test_gather_gives_indexed_slices_in_tensorflow_order():
    g = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(g, [1])) + tf.reduce_sum(tf.gather(g, [0, 1]))
    grad = tape.gradient(y, g)
    assert isinstance(grad, tf.IndexedSlices)
    assert values(grad.indices) == [1, 0, 1] and values(grad.dense_shape) == [2, 2]
    assert values(grad.values) == [[1.0, 1.0]] * 3
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(g * 1.0) + tf.reduce_sum(tf.gather(g, [1]))
    assert values(tape.gradient(y, g)) == [[1.0, 1.0], [2.0, 2.0]]  # dense + sparse: dense


def test_second_derivative_with_nested_tapes():
    x = tf.constant(2.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x * x
        dy = inner.gradient(y, x)
    assert values(dy) == 12.0
    assert values(outer.gradient(dy, x)) == 12.0


def test_persistent_tape_gradient_inside_its_context_records_and_warns(capsys):
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        dy = tape.gradient(y, x)
    assert "Calling GradientTape.gradient on a persistent tape inside its context" in capsys.readouterr().err
    assert values(tape.gradient(dy, x)) == 2.0


def test_jacobian_and_batch_jacobian():
    xb = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(xb)
        y = xb * xb
    assert values(tape.batch_jacobian(y, xb)) == [[[2.0, 0.0], [0.0, 4.0]], [[6.0, 0.0], [0.0, 8.0]]]
    with tf.GradientTape() as tape:
        tape.watch(xb)
        y = tf.reduce_sum(xb * xb, axis=1)
    assert values(tape.jacobian(y, xb)) == [[[2.0, 4.0], [0.0, 0.0]], [[0.0, 0.0], [6.0, 8.0]]]
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reshape(x * [1.0, 2.0], [2, 1])
    assert values(tape.jacobian(y, x)) == [[1.0], [2.0]]


def test_jacobian_with_respect_to_a_keras_layers_kernel():
    # The advanced-autodiff guide's `tape.jacobian(y, layer.kernel)`: a Keras variable is a source
    # as a tf.Variable is (it failed with "'KerasVariable' object has no attribute '_id'").
    layer = tf.keras.layers.Dense(3, kernel_initializer="ones", bias_initializer="zeros")
    x = tf.constant([[1.0, 2.0], [3.0, 5.0], [7.0, 11.0], [13.0, 17.0]])
    with tf.GradientTape(persistent=True) as tape:
        y = layer(x)
    jac = tape.jacobian(y, layer.kernel)
    assert jac.shape == (4, 3, 2, 3)
    # d y[b, j] / d kernel[i, k] = x[b, i] when j == k (TensorFlow 2.21 prints the same).
    expected = [[[[x_bi if j == k else 0.0 for k in range(3)] for x_bi in row] for j in range(3)]
                for row in [[1.0, 2.0], [3.0, 5.0], [7.0, 11.0], [13.0, 17.0]]]
    assert values(jac) == expected
    assert values(tape.jacobian(y, [layer.bias])[0][2]) == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]


def test_custom_gradient():
    @tf.custom_gradient
    def scaled(x):
        def grad(upstream):
            return upstream * 100
        return x * 2, grad

    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = scaled(x) * 3
    assert values(tape.gradient(y, x)) == 300.0
    assert values(scaled(x)) == 4.0  # without a tape: the function's value


def test_custom_gradient_with_variables():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def times_v(x):
        def grad(upstream, variables):
            return upstream * 10, [upstream * 7 for _ in variables]
        return x * v, grad

    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = times_v(x)
    gx, gv = tape.gradient(y, [x, v])
    assert values(gx) == 10.0 and values(gv) == 7.0

    @tf.custom_gradient
    def no_variables_arg(x):
        return x * v, lambda upstream: upstream

    with pytest.raises(TypeError, match="must accept keyword argument 'variables'"):
        with tf.GradientTape() as tape:
            tape.watch(x)
            no_variables_arg(x)


def test_an_op_without_a_gradient_raises_lookup_error():
    from varrt.ops.gradients.registry import RegisterGradient, registered_ops
    assert "MatMul" in registered_ops()
    x = tf.constant(1.0)

    @tf.custom_gradient
    def unregistered(x):
        return x, None

    with pytest.raises(LookupError, match="^gradient registry has no entry for: NoSuchOp$"):
        from varrt.ops.gradients import registry
        registry.get_gradient_function("NoSuchOp")
    with pytest.raises(KeyError, match="Registering two gradient with name 'MatMul'"):
        RegisterGradient("MatMul")(lambda op, grad: grad)
    assert values(unregistered(x)) == 1.0


def test_recording_costs_nothing_outside_a_tape():
    from varrt.autodiff import tape as tape_lib
    with tf.GradientTape():
        assert tape_lib.could_possibly_record()
    assert not tape_lib.could_possibly_record()


def test_a_collected_variable_is_never_named_by_its_resource():
    import gc
    v = tf.Variable(1.0)
    unread = v.assign(2.0)  # an UnreadVariable: shares the resource, outlives the Variable
    del v
    gc.collect()
    with tf.GradientTape() as tape:
        y = unread * 3.0
    assert tape.watched_variables() == ()  # nothing names the resource any more (no dangling object)
    with tf.GradientTape() as tape:
        tape.watch(unread)
        y = unread * 3.0
    assert values(tape.gradient(y, unread)) == 3.0


def test_an_op_without_a_gradient_on_the_path_raises_lookup_error():
    # TensorFlow 2.21 for tf.unique: "LookupError: gradient registry has no entry for: Unique".
    from varrt.ops import op_util
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = op_util.run("OpWithoutGradient", lambda a, out=None: np.copyto(out, a), (x,), tf.float32, (2,))
        z = x * 2.0  # not downstream of it: unaffected
    with pytest.raises(LookupError, match="^gradient registry has no entry for: OpWithoutGradient$"):
        tape.gradient(y, x)
    assert values(tape.gradient(z, x)) == [2.0, 2.0]


def test_a_finished_one_shot_tape_holds_no_reads_so_the_update_is_in_place():
    # The tape records the read of `v`; once gradient() has run, a non-persistent tape must let
    # it go, or the optimizer step that follows copies the variable (copy-on-write).
    v = tf.Variable(np.ones(1 << 16, np.float32))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v * v)
    delta = 0.1 * tape.gradient(loss, v)
    before = tf.experimental.memory_stats()["num_allocs"]
    v.assign_sub(delta)
    assert tf.experimental.memory_stats()["num_allocs"] == before  # in place: nothing holds v's buffer
    assert [x.name for x in tape.watched_variables()] == [v.name]  # still answers
    np.testing.assert_allclose(v.numpy(), np.full(1 << 16, 0.8, np.float32))
