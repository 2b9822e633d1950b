"""function: tracing counts, the variable-creation rule, captured variables, input_signature."""
import collections

import numpy as np
import pytest

import varrt as tf

SINGLETON = "tf.function only supports singleton tf.Variables created on the first call"


def test_decorator_forms_and_wrapping():
    def doc_fn(x):
        "doc here"
        return x

    f = tf.function(doc_fn)
    assert f.__doc__ == "doc here" and f.__name__ == "doc_fn" and f.__wrapped__ is doc_fn
    assert f.python_function is doc_fn and f.input_signature is None
    assert tf.function()(doc_fn)(1).numpy() == 1
    assert tf.function(reduce_retracing=True)(doc_fn)(2).numpy() == 2


def test_variable_created_on_every_call_fails_on_first_call():
    created = []

    @tf.function
    def f(x):
        created.append(tf.Variable([1, 2, 3]))
        return x

    with pytest.raises(ValueError, match=SINGLETON):
        f(tf.constant([1]))
    assert f.experimental_get_tracing_count() == 1
    with pytest.raises(ValueError, match=SINGLETON):
        f(tf.constant([1]))
    assert f.experimental_get_tracing_count() == 1


def test_variable_created_once_counter():
    class Counter(tf.Module):
        def __init__(self):
            super().__init__()
            self.count = None
            self.body_runs = 0

        @tf.function
        def __call__(self):
            self.body_runs += 1
            if self.count is None:
                self.count = tf.Variable(0)
            return self.count.assign_add(1)

    c = Counter()
    results = [c().numpy(), c().numpy(), c().numpy()]
    assert results == [1, 2, 3]
    assert c.count.numpy() == 3
    assert c.__call__.experimental_get_tracing_count() == 2  # TensorFlow traces twice when creating
    assert c.body_runs == 2  # the Python body runs while tracing only (twice: creation), as in TensorFlow
    assert isinstance(c().numpy(), np.int32)
    # per instance
    c2 = Counter()
    assert c2().numpy() == 1 and c.count.numpy() == 4
    assert c2.__call__.experimental_get_tracing_count() == 2
    assert c.__call__ is c.__call__ and c.__call__ is not c2.__call__
    assert c.variables == (c.count,)


def test_first_call_undo_restores_existing_variables():
    outside = tf.Variable(10.0)
    holder = {}

    @tf.function
    def f():
        if "v" not in holder:
            holder["v"] = tf.Variable(1.0)
        outside.assign_add(1.0)
        holder["v"].assign_add(5.0)
        return outside + holder["v"]

    assert f().numpy() == pytest.approx(11.0 + 6.0)  # each update happened once
    assert outside.numpy() == 11.0 and holder["v"].numpy() == 6.0
    assert f().numpy() == pytest.approx(12.0 + 11.0)


def test_creating_variables_on_a_later_call():
    state = {"make": False}

    @tf.function
    def late(x):
        if state["make"]:
            tf.Variable(1.0)
        return x + 1

    assert late(tf.constant(1)).numpy() == 2
    state["make"] = True
    with pytest.raises(ValueError, match="Creating variables on a non-first call to a function decorated with "
                                         "tf.function."):
        late(tf.constant(2.0))
    assert late.experimental_get_tracing_count() == 2


def test_captured_variables_read_at_call_time():
    w = tf.Variable(tf.constant([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 3.0]]))

    @tf.function
    def compute_z(x):
        return tf.matmul(w, x)

    x = tf.constant([[1], [2], [3]], dtype=tf.float32)
    np.testing.assert_array_equal(compute_z(x).numpy(), [[1.0], [4.0], [9.0]])
    w.assign_add(tf.ones((3, 3)))
    np.testing.assert_array_equal(compute_z(x).numpy(), [[7.0], [10.0], [15.0]])
    assert compute_z.experimental_get_tracing_count() == 1


def test_tracing_counts_follow_tensorflow():
    @tf.function
    def g(x, k=1):
        return x * k

    expected = [(tf.constant(1), 1), (tf.constant(2), 1), (tf.constant([1, 2]), 2), (tf.constant([3, 4]), 2),
                (tf.constant(1.0), 3), (1, 4), (2, 5), (1, 5), (2.0, 5), (np.array(1), 6), (np.array(2), 6),
                (np.array([1, 2]), 7)]
    for arg, count in expected:
        g(arg)
        assert g.experimental_get_tracing_count() == count, arg
    g(tf.constant(1), k=3)
    assert g.experimental_get_tracing_count() == 8
    g(tf.constant(1), 3)  # the same call, positionally
    assert g.experimental_get_tracing_count() == 8
    v1, v2, v3 = tf.Variable(1.0), tf.Variable(2.0), tf.Variable([1.0])
    g(v1)
    g(v2)  # same dtype and shape: no retrace
    assert g.experimental_get_tracing_count() == 9
    g(v3)
    assert g.experimental_get_tracing_count() == 10
    g([1, 2])
    g([1, 3])  # Python values are part of the signature
    assert g.experimental_get_tracing_count() == 12


def test_defaults_and_keywords_share_traces():
    @tf.function
    def kw(a, b=2, *args, **kws):
        return a + b

    kw(1), kw(1, 2), kw(a=1, b=2)
    assert kw.experimental_get_tracing_count() == 1
    kw(1, 2, 3)
    assert kw.experimental_get_tracing_count() == 2


def test_failed_calls_do_not_count():
    @tf.function
    def bad(x):
        raise KeyError("boom")

    with pytest.raises(KeyError):
        bad(1)
    assert bad.experimental_get_tracing_count() == 0


def test_outputs_converted_like_tensorflow():
    v = tf.Variable(1.0)
    P = collections.namedtuple("P", "a b")

    @tf.function
    def h(x):
        return x

    assert isinstance(h(v), tf.Tensor) and h(v).numpy() == 1.0
    assert h(3).dtype == tf.int32
    assert h(None) is None
    out = h([tf.constant(1), 2])
    assert isinstance(out, list) and [t.numpy() for t in out] == [1, 2] and isinstance(out[1], tf.Tensor)
    d = h({"a": tf.constant(1)})
    assert list(d) == ["a"] and d["a"].numpy() == 1
    assert h("abc").dtype == tf.string
    assert h(np.array([1.0])).dtype == tf.float64
    p = h(P(1, 2.0))
    assert isinstance(p, P) and p.b.dtype == tf.float32

    class O:
        pass

    with pytest.raises(TypeError, match="found return value of type O, which is not a Tensor or ExtensionType"):
        h(O())
    before = h.experimental_get_tracing_count()
    with pytest.raises(TypeError):
        h(O())
    assert h.experimental_get_tracing_count() == before


def test_returning_an_assign_gives_a_tensor():
    v = tf.Variable(1.0)

    @tf.function
    def ra():
        return v.assign_add(1.0)

    r = ra()
    assert isinstance(r, tf.Tensor) and r.numpy() == 2.0
    v.assign(10.0)
    assert r.numpy() == 2.0  # the result is a value, not the variable


def test_input_signature():
    @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
    def s(x):
        return x * 2

    np.testing.assert_array_equal(s(tf.constant([1.0, 2.0])).numpy(), [2.0, 4.0])
    assert s([1.0, 2.0]).dtype == tf.float32
    assert s([1, 2]).dtype == tf.float32  # Python values are converted to the spec's dtype
    assert s(np.array([1.0, 2.0])).dtype == tf.float32
    assert s(x=[3.0]).numpy().tolist() == [6.0]
    assert s.experimental_get_tracing_count() == 1
    assert s.input_signature == (tf.TensorSpec(shape=(None,), dtype=tf.float32, name=None),)
    with pytest.raises(TypeError, match=r"Binding inputs to tf.function failed due to `Can not cast "
                                        r"TensorSpec\(shape=\(2,\), dtype=tf.int32, name=None\) to "
                                        r"TensorSpec\(shape=\(None,\), dtype=tf.float32, name=None\)`"):
        s(tf.constant([1, 2]))
    with pytest.raises(TypeError, match="Can not cast TensorSpec\\(shape=\\(\\), dtype=tf.float32"):
        s(tf.constant(1.0))
    with pytest.raises(TypeError, match="Can not cast TensorSpec\\(shape=\\(1, 1\\)"):
        s(tf.constant([[1.0]]))
    with pytest.raises(TypeError, match="`too many positional arguments`"):
        s(tf.constant([1.0]), tf.constant([1.0]))
    with pytest.raises(TypeError, match="`missing a required argument: 'x'`. Received args: \\(\\) and kwargs: "
                                        "\\{\\} for signature: \\(x: TensorSpec"):
        s()
    assert s.experimental_get_tracing_count() == 1


def test_input_signature_nested_and_method():
    class M(tf.Module):
        @tf.function(input_signature=[(tf.TensorSpec([2], tf.int32), tf.TensorSpec([], tf.int32))])
        def f(self, pair):
            a, b = pair
            return a * b

    m = M()
    assert m.f((tf.constant([1, 2]), 3)).numpy().tolist() == [3, 6]
    with pytest.raises(TypeError, match="Binding inputs"):
        m.f((tf.constant([1, 2, 3]), 3))


def test_input_signature_validation():
    with pytest.raises(TypeError, match="input_signature must be a possibly nested sequence of TensorSpec objects, "
                                        "got invalid args \\[1\\]"):
        tf.function(lambda x: x, input_signature=[1])
    with pytest.raises(TypeError, match="input_signature must be either a tuple or a list"):
        tf.function(lambda x: x, input_signature=tf.TensorSpec([1]))


def test_reduce_retracing_widens_shapes():
    @tf.function(reduce_retracing=True)
    def r(x):
        return x

    counts = []
    for a in [tf.constant([1]), tf.constant([1, 2]), tf.constant([1, 2, 3]), tf.constant([[1]]),
              tf.constant([[1, 2]])]:
        r(a)
        counts.append(r.experimental_get_tracing_count())
    assert counts == [1, 2, 2, 3, 3]
    r(tf.constant([1.0]))  # another dtype is never widened away
    assert r.experimental_get_tracing_count() == 4


def test_tensor_spec():
    spec = tf.TensorSpec([None, 3])
    assert repr(spec) == "TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)"
    assert repr(tf.TensorSpec(shape=(2,), dtype=tf.int32, name="x")) == \
        "TensorSpec(shape=(2,), dtype=tf.int32, name='x')"
    assert (spec.shape, spec.dtype, spec.name) == (tf.TensorShape([None, 3]), tf.float32, None)
    assert tf.TensorSpec([2]) == tf.TensorSpec([2], tf.float32) and tf.TensorSpec([2]) != tf.TensorSpec([3])
    assert hash(tf.TensorSpec([2])) == hash(tf.TensorSpec([2]))
    assert tf.TensorSpec([None]).is_compatible_with(tf.constant([1.0, 2.0]))
    assert not tf.TensorSpec([None]).is_compatible_with(tf.constant([1, 2]))
    assert tf.TensorSpec.from_tensor(tf.constant([1, 2])) == tf.TensorSpec([2], tf.int32)
    assert tf.TensorSpec(None).is_compatible_with(tf.constant([[1.0]]))


def test_get_concrete_function_calls_through():
    @tf.function(input_signature=[tf.TensorSpec([None])])
    def s(x):
        return x * 2

    cf = s.get_concrete_function()
    assert cf(tf.constant([1.0])).numpy().tolist() == [2.0]
    (spec,), kwargs = cf.structured_input_signature
    assert kwargs == {} and spec.shape.as_list() == [None] and spec.dtype == tf.float32
    assert spec.name == "x"  # TensorFlow names the traced argument after the parameter


def test_nested_functions_share_the_creation_rule():
    holder = {}

    @tf.function
    def inner():
        if "v" not in holder:
            holder["v"] = tf.Variable(2.0)
        return holder["v"].assign_add(1.0)

    @tf.function
    def outer():
        return inner() * 10.0

    assert outer().numpy() == 30.0
    assert outer().numpy() == 40.0


def test_method_on_unhashable_instance():
    class U:
        __hash__ = None

        def __init__(self):
            self.v = tf.Variable(1.0)

        @tf.function
        def get(self, x):
            return self.v * x

    u = U()
    assert u.get(2.0).numpy() == 2.0 and u.get is u.get


def test_instances_are_not_kept_alive():
    import gc
    import weakref

    class M(tf.Module):
        @tf.function
        def f(self):
            return 1

    m = M()
    m.f()
    ref = weakref.ref(m)
    del m
    gc.collect()
    assert ref() is None


def test_first_call_bookkeeping_is_not_logged(capfd):
    from varrt import _C
    keep = tf.Variable(5.0)  # noqa: F841 - a live variable the snapshot reads
    holder = {}

    @tf.function
    def f():
        if "v" not in holder:
            holder["v"] = tf.Variable(1.0)
        return holder["v"].assign_add(1.0)

    capfd.readouterr()
    _C.set_log_device_placement(True)
    try:
        assert f().numpy() == 2.0
    finally:
        _C.set_log_device_placement(False)
    lines = capfd.readouterr().err.splitlines()
    ops = [line.split()[2] for line in lines if line.startswith("Executing op")]
    # The variable is created eagerly while tracing (logged); the traced graph's nodes are listed
    # once, as TensorFlow's placer lists them, and the call is one op, __inference_f_<n>.
    assert ops.count("VarHandleOp") == 1
    assert ops.count("AssignAddVariableOp") == 0
    assert len([op for op in ops if op.startswith("__inference_f_")]) == 1
    device = "/job:localhost/replica:0/task:0/device:CPU:0"
    assert f"AssignAddVariableOp: (AssignAddVariableOp): {device}" in lines
    capfd.readouterr()
    _C.set_log_device_placement(True)
    try:
        assert f().numpy() == 3.0
    finally:
        _C.set_log_device_placement(False)
    lines = capfd.readouterr().err.splitlines()
    assert [line.split()[2] for line in lines if line.startswith("Executing op")][0].startswith("__inference_f_")
    assert not any("(AssignAddVariableOp)" in line for line in lines)  # the nodes only on the first call


def test_first_call_that_creates_variables_updates_existing_state_exactly_once():
    total = tf.Variable(10)
    holder = {}

    @tf.function
    def step():
        if "v" not in holder:
            holder["v"] = tf.Variable(100)
        total.assign_add(1)
        holder["v"].assign_add(5)
        return total.read_value()

    assert step().numpy() == 11  # the first run's updates were rolled back, the second's kept
    assert holder["v"].numpy() == 105  # a created variable restarts from its initial value
    assert step().numpy() == 12 and holder["v"].numpy() == 110


def test_update_journal_rolls_back_only_what_it_recorded():
    a = tf.Variable([1.0, 2.0])
    b = tf.Variable([3.0])
    view = np.asarray(a)
    with tf._C.UpdateJournal() as journal:
        a.assign_add([1.0, 1.0])
        a.assign([9.0, 9.0])
        created = tf.Variable([7.0])
        created.assign([8.0])
    b.assign([4.0])  # after the block: not recorded
    assert len(journal) == 2
    journal.rollback()
    assert a.numpy().tolist() == [1.0, 2.0] and view.tolist() == [1.0, 2.0]
    assert created.numpy().tolist() == [7.0] and b.numpy().tolist() == [4.0]


def test_an_input_signature_fills_star_args_one_spec_each():
    # TensorFlow's rule: specs past the named positional parameters bind to *args, one each
    # (varrt bound them all to the first spec).
    f = tf.function(lambda *a: [t * 2 for t in a],
                    input_signature=[tf.TensorSpec([2], tf.float32), tf.TensorSpec([], tf.int32)])
    doubled = f(tf.constant([1.0, 2.0]), tf.constant(3))
    assert [t.numpy().tolist() for t in doubled] == [[2.0, 4.0], 6]
    g = tf.function(lambda x, *rest: x + len(rest),
                    input_signature=[tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)])
    assert g(tf.constant(1.0), tf.constant(2.0)).numpy() == 2.0
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed"):
        f(tf.constant([1.0, 2.0]))
