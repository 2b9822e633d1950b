"""The facts a shape function needs reach it from the public ops: each op below is run
eagerly while an observe hook records its node as the graph recorder sees it (op, inputs,
attributes), and the table's shape function, given only the inputs' static shapes and those
attributes (no input values), must give the shape the op produced. An input TensorFlow reads as
a constant (Reshape's shape, Fill's dims, a random op's shape, ...) is an attribute under
TensorFlow's input name."""
import numpy as np
import pytest

import varrt as tf
from varrt import _C
from varrt.ops import op_def_lib
from varrt.ops.shape_fns import ShapeContext


def recorded(fn, op):
    """Runs fn() and returns its output and the last node of `op` it ran."""
    nodes = []

    def observe(name, device, inputs, outputs, attrs, resource):
        if name == op:
            nodes.append((inputs, outputs, dict(attrs or {})))
    hook = _C.push_dispatch_hook("observe", observe)
    try:
        result = fn()
    finally:
        _C.pop_dispatch_hook(hook)
    assert nodes, f"{op} did not run"
    return result, nodes[-1]


def static_shapes(fn, op):
    """(the shapes the op produced, the shapes its shape function gives for the recorded node)."""
    _, (inputs, outputs, attrs) = recorded(fn, op)
    ctx = ShapeContext(op, attrs, [t.shape for t in inputs], [t.dtype for t in inputs], lambda i: None,
                       len(outputs))
    got = op_def_lib.get(op).shape_fn(ctx)
    got = got if isinstance(got, list) else [got]
    return [t.shape.as_list() for t in outputs], [s.as_list() for s in got]


x = tf.ones([2, 3])

CASES = {
    "Reshape -1": ("Reshape", lambda: tf.reshape(x, [3, -1])),
    "Reshape": ("Reshape", lambda: tf.reshape(x, [6])),
    "Reshape of a tensor shape": ("Reshape", lambda: tf.reshape(x, tf.constant([1, 6]))),
    "Fill": ("Fill", lambda: tf.fill([2, 4], 1.0)),
    "ones": ("Fill", lambda: tf.ones([3, 1])),
    "BroadcastTo": ("BroadcastTo", lambda: tf.broadcast_to(tf.ones([3]), [2, 3])),
    "ExpandDims": ("ExpandDims", lambda: tf.expand_dims(x, 1)),
    "ExpandDims -1": ("ExpandDims", lambda: tf.expand_dims(x, -1)),
    "Squeeze axis": ("Squeeze", lambda: tf.squeeze(tf.ones([1, 2, 1]), [0])),
    "Squeeze": ("Squeeze", lambda: tf.squeeze(tf.ones([1, 2, 1]))),
    "OneHot": ("OneHot", lambda: tf.one_hot([0, 2], 3)),
    "OneHot axis 0": ("OneHot", lambda: tf.one_hot([0, 2], 4, axis=0)),
    "ArgMax": ("ArgMax", lambda: tf.argmax(x, 1)),
    "ArgMin of axis None": ("ArgMin", lambda: tf.argmin(x)),
    "RandomUniform": ("RandomUniform", lambda: tf.random.uniform([2, 4])),
    "RandomUniformInt": ("RandomUniformInt", lambda: tf.random.uniform([5], maxval=9, dtype=tf.int32)),
    "RandomStandardNormal": ("RandomStandardNormal", lambda: tf.random.normal([3, 1])),
    "TruncatedNormal": ("TruncatedNormal", lambda: tf.random.truncated_normal([4])),
    "StatelessRandomUniformV2": ("StatelessRandomUniformV2", lambda: tf.random.stateless_uniform([2, 3], [1, 2])),
    "StatelessRandomNormalV2": ("StatelessRandomNormalV2", lambda: tf.random.stateless_normal([3], [1, 2])),
    "StatelessRandomUniformIntV2": ("StatelessRandomUniformIntV2",
                                    lambda: tf.random.stateless_uniform([2], [1, 2], maxval=5, dtype=tf.int32)),
    "StatefulUniformInt": ("StatefulUniformInt",
                           lambda: tf.random.Generator.from_seed(1).uniform([3, 1], maxval=5, dtype=tf.int32)),
    "StatefulUniform": ("StatefulUniform", lambda: tf.random.Generator.from_seed(1).uniform([2, 2])),
    "StatefulUniformFullInt": ("StatefulUniformFullInt",
                               lambda: tf.random.Generator.from_seed(1).uniform_full_int([3], tf.int64)),
    "StridedSlice of iteration": ("StridedSlice", lambda: list(x)),
    "Transpose": ("Transpose", lambda: tf.transpose(x)),
    "Tile": ("Tile", lambda: tf.tile(x, [2, 1])),
    "ConcatV2": ("ConcatV2", lambda: tf.concat([x, x], 1)),
    "Pack": ("Pack", lambda: tf.stack([x, x], axis=1)),
    "Unpack": ("Unpack", lambda: tf.unstack(x, axis=1)),
    "GatherV2": ("GatherV2", lambda: tf.gather(x, [1, 0, 1], axis=1)),
    "Sum": ("Sum", lambda: tf.reduce_sum(x, 0, keepdims=True)),
    "All of axis None": ("All", lambda: tf.reduce_all(x > 0)),
    "EuclideanNorm of axis None": ("EuclideanNorm", lambda: tf.math.reduce_euclidean_norm(x)),
    "Mean of axis None (variance)": ("Mean", lambda: tf.math.reduce_variance(x)),
    "Cumsum": ("Cumsum", lambda: tf.cumsum(x, 1)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_recorded_node_gives_its_shape_function_what_it_needs(name):
    op, fn = CASES[name]
    produced, inferred = static_shapes(fn, op)
    assert inferred == produced
    assert all(None not in s for s in inferred)


def test_a_random_op_draws_the_shape_it_records():
    out, (_, _, attrs) = recorded(lambda: tf.random.uniform([2, 5]), "RandomUniform")
    assert attrs["shape"] == (2, 5) and np.shape(out) == (2, 5)
