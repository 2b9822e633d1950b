"""The four ways the op database runs an entry's call, written once for either framework (`tf` is
TensorFlow or varrt): eagerly; in a tf.function traced once with an input_signature whose batch
dimension is None; in a TensorFlow 1 Session fed through [None, ...] placeholders; and its
gradients (GradientTape eagerly, tf.compat.v1.gradients in the TF1 graph). Results are
op_db_values.encode() dicts, so TensorFlow's can be stored and varrt's compared with them.

Gradients flow from every floating output with that output's own values as the upstream
gradient (the gradient of sum(output**2 / 2), with no op added): an upstream that varies by
element, so a gradient that ignores its upstream values (softmax's, under an upstream of ones,
is all zeros) cannot pass by accident.
"""
from op_db import BATCH_SIZES
from op_db_values import encode, encode_tensor


def as_list(out):
    return list(out) if isinstance(out, (list, tuple)) else [out]


def static_shape(shape):
    """A static shape as JSON: a list with None for unknown dimensions, or None for unknown rank."""
    return None if shape.rank is None else list(shape.as_list())


def first_line(error):
    text = str(error)
    return text.splitlines()[0] if text else ""


def _dtype(tf, name):
    return getattr(tf, name)


def _targets(outs):
    return [o for o in outs if o.dtype.is_floating]


def graph_gradients(tf, outs, xs):
    """tf.compat.v1.gradients of the outputs, as the module docstring says, densified."""
    ys = _targets(outs)
    return [_dense(tf, g) for g in tf.compat.v1.gradients(ys, xs, grad_ys=ys)]


def _dense(tf, g):
    # A gather's gradient is IndexedSlices in both frameworks; the database compares it dense.
    return tf.convert_to_tensor(g) if g is not None and hasattr(g, "indices") else g


def eager(tf, entry, batch):
    """[encoded output] of the call run eagerly on the entry's inputs at `batch`."""
    args = [tf.constant(a) for a in entry.inputs(batch)]
    return [encode_tensor(o) for o in as_list(entry.fn(tf, *args))]


def traced(tf, entry, batches):
    """(static output shapes seen while tracing, {batch: [encoded output]}): one tf.function,
    traced once through its input_signature, called at every batch size."""
    static = []

    def call(*args):
        outs = as_list(entry.fn(tf, *args))
        static[:] = [static_shape(o.shape) for o in outs]
        return outs

    # Named parameters, as user code has them (a *args function checks the same signature).
    body = {1: lambda a: call(a), 2: lambda a, b: call(a, b), 3: lambda a, b, c: call(a, b, c)}[len(entry.args)]
    signature = [tf.TensorSpec(a.static_shape(), _dtype(tf, a.dtype)) for a in entry.args]
    fn = tf.function(body, input_signature=signature)
    results = {}
    for batch in batches:
        results[batch] = [encode_tensor(o) for o in as_list(fn(*[tf.constant(a) for a in entry.inputs(batch)]))]
    return static, results


def tape_gradients(tf, entry, batch):
    """[encoded gradient or None] with respect to each differentiable input, by GradientTape."""
    args = [tf.constant(a) for a in entry.inputs(batch)]
    xs = [args[i] for i in entry.differentiable()]
    with tf.GradientTape() as tape:
        for x in xs:
            tape.watch(x)
        ys = _targets(as_list(entry.fn(tf, *args)))
    grads = tape.gradient(ys, xs, output_gradients=ys)
    return [None if g is None else encode_tensor(_dense(tf, g)) for g in grads]


def traced_tape_gradients(tf, entry, batches):
    """{batch: [encoded gradient or None]}: GradientTape inside one tf.function traced once with an
    unknown batch dimension, called at every batch size."""
    def call(*args):
        xs = [args[i] for i in entry.differentiable()]
        with tf.GradientTape() as tape:
            for x in xs:
                tape.watch(x)
            ys = _targets(as_list(entry.fn(tf, *args)))
        grads = tape.gradient(ys, xs, output_gradients=ys)
        # None cannot leave a tf.function: a placeholder scalar, and the positions that had one.
        return [tf.zeros([]) if g is None else _dense(tf, g) for g in grads], [g is None for g in grads]

    none_at = []

    def body(*args):
        grads, nones = call(*args)
        none_at[:] = nones
        return grads

    signature = [tf.TensorSpec(a.static_shape(), _dtype(tf, a.dtype)) for a in entry.args]
    fn = tf.function({1: lambda a: body(a), 2: lambda a, b: body(a, b),
                      3: lambda a, b, c: body(a, b, c)}[len(entry.args)], input_signature=signature)
    results = {}
    for batch in batches:
        grads = fn(*[tf.constant(a) for a in entry.inputs(batch)])
        results[batch] = [None if none else encode_tensor(g) for g, none in zip(grads, none_at)]
    return results


def session(tf, entry, batches, gradients):
    """The call built once in a TF1 graph over [None, ...] placeholders and run in a Session at
    every batch size: {"static": output shapes, "grad_static": gradient shapes (None: no gradient),
    batch: {"outputs": [...], "grads": [...]}}."""
    with tf.Graph().as_default():
        phs = [tf.compat.v1.placeholder(_dtype(tf, a.dtype), a.static_shape()) for a in entry.args]
        outs = as_list(entry.fn(tf, *phs))
        grads = []
        if gradients:
            grads = graph_gradients(tf, outs, [phs[i] for i in entry.differentiable()])
        result = {"static": [static_shape(o.shape) for o in outs],
                  "grad_static": [None if g is None else static_shape(g.shape) for g in grads]}
        present = [g for g in grads if g is not None]
        with tf.compat.v1.Session() as sess:
            for batch in batches:
                values = sess.run(outs + present, {p: v for p, v in zip(phs, entry.inputs(batch))})
                got = [encode(v, t.dtype.name) for v, t in zip(values, outs + present)]
                it = iter(got[len(outs):])
                result[batch] = {"outputs": got[:len(outs)], "grads": [None if g is None else next(it) for g in grads]}
    return result


def dtype_error_eager(tf, entry):
    """[error type, first line] of the call eagerly on inputs of the dtype it refuses, or None."""
    try:
        args = [tf.constant(a) for a in entry.inputs(BATCH_SIZES[0], entry.refuses)]
        entry.fn(tf, *args)
    except Exception as e:  # noqa: BLE001 (the error is the result)
        return [type(e).__name__, first_line(e)]
    return None


def dtype_error_graph(tf, entry):
    """[error type, first line] of building the call in a TF1 graph on placeholders of the refused dtype."""
    with tf.Graph().as_default():
        try:
            phs = [tf.compat.v1.placeholder(_dtype(tf, d), a.static_shape())
                   for a, d in zip(entry.args, entry.input_dtypes(entry.refuses))]
            entry.fn(tf, *phs)
        except Exception as e:  # noqa: BLE001 (the error is the result)
            return [type(e).__name__, first_line(e)]
    return None
