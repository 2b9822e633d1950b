"""tf.function lets go of what it traced (issue 23, item 6): a function, its closure and its traces
are freed with the last reference to the tf.function, as in TensorFlow 2.21."""
import functools
import gc
import weakref

import numpy as np

import varrt as tf


class Payload:
    """Something big a traced function closes over (weak-referenceable, unlike an ndarray's data)."""

    def __init__(self, n):
        self.data = np.ones(n, np.float32)


def _closure_function(payload):
    def step(x):
        if x > 0:  # converted by AutoGraph: the converted function is cached for the original
            x = x + float(payload.data[0])
        return x
    return step


def test_traced_functions_and_their_closures_are_freed():
    alive = []
    for i in range(10):
        payload = Payload(1_000_000)
        step = _closure_function(payload)
        f = tf.function(step)
        assert f(tf.constant(1.0)).numpy() == 2.0
        f(tf.constant(-1.0, tf.float64))  # a second trace
        alive.append((weakref.ref(payload), weakref.ref(step), weakref.ref(f)))
        del payload, step, f
    gc.collect()
    # Before the fix all 10 functions and payloads (40 MB each here, 621 MB in the report) stayed.
    assert [sum(r() is not None for r in refs) for refs in zip(*alive)] == [0, 0, 0]


def test_methods_modules_nested_functions_and_signatures_are_freed():
    alive = []
    for i in range(5):
        payload = Payload(1000)

        class Model(tf.Module):
            def __init__(self):
                super().__init__()
                self.v = None
                self.payload = payload

            @tf.function
            def __call__(self, x):
                if self.v is None:
                    self.v = tf.Variable(tf.ones([3]))
                if tf.reduce_sum(x) > 0:
                    x = x * self.v
                return x

        model = Model()
        model(tf.constant([1.0, 2.0, 3.0]))
        inner = tf.function(_closure_function(payload))

        @tf.function
        def outer(x):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = inner(x) * x
            return tape.gradient(y, x)

        outer(tf.constant(3.0))
        signed = tf.function(_closure_function(payload), input_signature=[tf.TensorSpec([], tf.float32)])
        concrete = signed.get_concrete_function()
        concrete(tf.constant(1.0))
        alive += [weakref.ref(o) for o in (payload, model, inner, outer, signed, concrete)]
        del payload, Model, model, inner, outer, signed, concrete
    gc.collect()
    assert sum(r() is not None for r in alive) == 0


def test_a_wrapper_copying_a_converted_functions_attributes_is_converted_itself():
    # functools.wraps copies __dict__, and so the cached conversion of the wrapped function: the
    # wrapper must still run its own body.
    def base(x):
        if x > 0:
            x = x + 1.0
        return x

    assert tf.function(base)(tf.constant(1.0)).numpy() == 2.0

    @functools.wraps(base)
    def wrapper(x):
        if x > 0:
            x = x * 10.0
        return x

    assert tf.function(wrapper)(tf.constant(2.0)).numpy() == 20.0
    assert tf.function(base)(tf.constant(2.0)).numpy() == 3.0


def test_an_unhashable_instances_traces_go_with_it():
    # A Module defining __eq__ without __hash__ (a dataclass, say) is cached by id: its bound
    # function, with the traces holding its variables, must not outlive it.
    class Model(tf.Module):
        __hash__ = None

        def __init__(self):
            super().__init__()
            self.v = tf.Variable(np.ones(1000, np.float32))

        def __eq__(self, other):
            return self is other

        @tf.function
        def scale(self, x):
            return x * self.v

    kept = []
    for i in range(4):
        model = Model()
        assert model.scale(tf.constant(2.0)).numpy()[0] == 2.0
        kept.append(weakref.ref(model.v))
        del model
    gc.collect()
    assert sum(r() is not None for r in kept) == 0
