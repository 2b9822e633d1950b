"""tf.keras.optimizers: one fused core op per step for all variables (a multi-tensor apply), the
same op eagerly and inside tf.function. A traced step reads the learning rate and `iterations`
each run, so a function called N times takes N different steps, bit for bit the eager ones and
Keras's under TensorFlow (tests/fixtures/keras.npz, recorded by record_optimizers.py); a failed
step changes no variable, slot or counter, traced too."""
import numpy as np
import pytest

import os
import subprocess

import varrt as tf
from ckpt_helpers import required_tf_python
from conftest import REPO
from keras_fused_cases import OPTIMIZERS, TF_SHAPES, TF_STEPS, TF_TRACED_IS_EAGER
from op_checks import logged_ops
from optimizer_cases import HERE
from test_optimizers_keras import MAKE, REC, same

K = tf.keras.optimizers

# Mixed shapes and dtypes in one step: a scalar, a 0-size variable, one large enough to be split
# over the thread pool, float32 and float64 side by side.
SHAPES = [((), np.float32), ((0, 3), np.float32), ((3, 4), np.float64), ((70000,), np.float32), ((5,), np.float64)]
STEPS = 5


def _model():
    rng = np.random.default_rng(0)
    return [tf.Variable(rng.standard_normal(shape).astype(dtype)) for shape, dtype in SHAPES]


def _grads(step):
    rng = np.random.default_rng(100 + step)
    return [tf.constant(rng.standard_normal(shape).astype(dtype)) for shape, dtype in SHAPES]


def _state(variables, opt):
    return [v.numpy() for v in variables] + [v.numpy() for v in opt.variables]


def _run(make, traced):
    variables = _model()
    opt = make(tf)

    def step(grads):
        opt.apply_gradients(zip(grads, variables))

    fn = tf.function(step) if traced else step
    for i in range(STEPS):
        fn(_grads(i))
    return variables, opt


@pytest.mark.parametrize("name", sorted(OPTIMIZERS))
def test_traced_steps_are_the_eager_steps_bit_for_bit(name):
    make, _ = OPTIMIZERS[name]
    eager_vars, eager_opt = _run(make, traced=False)
    traced_vars, traced_opt = _run(make, traced=True)
    assert int(traced_opt.iterations.numpy()) == int(eager_opt.iterations.numpy()) == STEPS
    for i, (a, b) in enumerate(zip(_state(traced_vars, traced_opt), _state(eager_vars, eager_opt))):
        assert a.dtype == b.dtype and same(a, b), i


@pytest.mark.parametrize("case", sorted(MAKE))
def test_traced_steps_bit_identical_to_keras(case):
    var, var2 = tf.Variable(REC[f"{case}/init"]), tf.Variable(REC[f"{case}/init2"])
    opt = MAKE[case]()

    @tf.function
    def step(g, g2):
        opt.apply_gradients([(g, var), (g2, var2)])

    for i, (g, g2) in enumerate(zip(REC[f"{case}/grads"], REC[f"{case}/grads2"])):
        step(tf.constant(g), tf.constant(g2))
        assert same(var.numpy(), REC[f"{case}/var/{i}"]), i
        assert same(var2.numpy(), REC[f"{case}/var2/{i}"]), i
        for j, v in enumerate(opt.variables):
            assert same(v.numpy(), REC[f"{case}/opt/{j}/{i}"]), (j, i)


@pytest.mark.parametrize("name", sorted(OPTIMIZERS))
def test_a_traced_step_is_one_fused_node_for_all_variables(name):
    make, op = OPTIMIZERS[name]
    variables = _model()
    opt = make(tf)
    step = tf.function(lambda grads: opt.apply_gradients(zip(grads, variables)))
    ops = [o.type for o in step.get_concrete_function(_grads(0)).graph.get_operations()]
    assert ops.count(op) == 1, ops
    # Besides the update: reads of the rate and counter, the counter's increment, and for a
    # schedule its few scalar ops; nothing per variable (Keras runs ~12 elementwise ops each).
    assert len([o for o in ops if o != "Placeholder"]) <= 12, ops


@pytest.mark.parametrize("name", sorted(OPTIMIZERS))
def test_an_eager_step_is_one_fused_op_for_all_variables(name):
    make, op = OPTIMIZERS[name]
    variables = _model()
    opt = make(tf)
    opt.build(variables)
    grads = _grads(0)
    _, ops = logged_ops(lambda: opt.apply_gradients(zip(grads, variables)))
    assert ops.count(op) == 1, ops


@pytest.mark.parametrize("traced", [False, True])
def test_a_failed_step_changes_nothing(traced):
    variables = [tf.Variable(np.ones(3, np.float32)), tf.Variable(np.ones(2, np.float32))]
    opt = K.Adam(0.1)

    def step(g0, g1):
        opt.apply_gradients([(g0, variables[0]), (g1, variables[1])])

    if traced:
        step = tf.function(step, input_signature=[tf.TensorSpec([None], tf.float32)] * 2)
    step(tf.constant([1.0, 2.0, 3.0]), tf.constant([1.0, 2.0]))
    before = _state(variables, opt)
    # The second gradient has the wrong size: only known when the step runs.
    with pytest.raises(tf.errors.InvalidArgumentError, match="var and grad do not have the same shape"):
        step(tf.constant([1.0, 2.0, 3.0]), tf.constant([1.0, 2.0, 3.0]))
    after = _state(variables, opt)
    assert all(same(a, b) for a, b in zip(before, after))
    assert int(opt.iterations.numpy()) == 1


def test_a_traced_step_reads_the_current_learning_rate():
    def run(traced):
        v = tf.Variable(np.ones(4, np.float32))
        opt = K.SGD(0.5, momentum=0.9)
        step = lambda g: opt.apply_gradients([(g, v)])  # noqa: E731
        step = tf.function(step) if traced else step
        for rate in (0.5, 0.25, 0.125):
            opt.learning_rate = rate
            step(tf.constant(np.full(4, 0.3, np.float32)))
        return v.numpy()

    assert same(run(True), run(False))


def check_against_keras_traced(want):
    """varrt's traced steps against Keras's traced under TensorFlow (`want`: run_keras_traced.py's
    output): bit for bit where TensorFlow's graph keeps Keras's arithmetic, else within an ulp
    or two (there varrt keeps it, and equals Keras's eager steps bit for bit)."""
    for name, (make, _) in OPTIMIZERS.items():
        variables = [tf.Variable(want[f"init/{i}"]) for i in range(len(TF_SHAPES))]
        opt = make(tf)
        step = tf.function(lambda grads: opt.apply_gradients(zip(grads, variables)))  # noqa: B023
        for s in range(TF_STEPS):
            step([tf.constant(want[f"grad/{s}/{i}"]) for i in range(len(variables))])
        for i, v in enumerate(variables + opt.variables):
            if name in TF_TRACED_IS_EAGER:
                assert same(v.numpy(), want[f"{name}/{i}"]), (name, i)
            else:
                np.testing.assert_allclose(v.numpy(), want[f"{name}/{i}"], rtol=1e-6, err_msg=f"{name} {i}")


def test_traced_steps_match_keras_traced_under_tensorflow_recorded():
    check_against_keras_traced(np.load(f"{HERE}/keras_traced.npz"))


def test_traced_steps_match_keras_traced_under_tensorflow_live(tmp_path):
    python = required_tf_python()
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2")
    result = subprocess.run([python, str(REPO / "tests" / "tools" / "run_keras_traced.py"), str(tmp_path / "out.npz")],
                            capture_output=True, text=True, env=env, timeout=900)
    assert result.returncode == 0, result.stderr[-4000:]
    check_against_keras_traced(np.load(tmp_path / "out.npz"))


@pytest.mark.parametrize("options", [dict(clipnorm=0.5), dict(global_clipnorm=0.5), dict(clipvalue=0.1)])
def test_clipping_and_constraints_traced_as_eagerly(options):
    def run(traced):
        w = tf.Variable(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3),
                        constraint=lambda x: tf.clip_by_value(x, -0.95, 0.95))
        b = tf.Variable(np.zeros(3, np.float32))
        opt = K.Adam(0.05, **options)
        x = tf.constant(np.arange(8, dtype=np.float32).reshape(4, 2) / 4)

        def step():
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.square(tf.matmul(x, w) + b))
            opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))

        step = tf.function(step) if traced else step
        for _ in range(STEPS):
            step()
        return [w.numpy(), b.numpy()]

    eager, traced = run(False), run(True)
    assert (np.abs(eager[0]) <= np.float32(0.95)).all()  # the constraint held
    # Eager clipping runs in NumPy, traced as TensorFlow's graph ops: sums may round apart.
    for e, t in zip(eager, traced):
        np.testing.assert_allclose(t, e, rtol=1e-6, atol=1e-7)


def test_indexed_slices_gradients_traced_as_eagerly():
    def run(traced):
        table = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
        opt = K.Adam(0.1)

        def step(ids):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.square(tf.gather(table, ids)))
            grads = tape.gradient(loss, [table])
            assert isinstance(grads[0], tf.IndexedSlices)
            opt.apply_gradients(zip(grads, [table]))

        step = tf.function(step) if traced else step
        for ids in ([0, 2, 2], [3, 1, 3], [1, 1, 0]):
            step(tf.constant(ids))
        return table.numpy()

    assert same(run(True), run(False))


_THREADS_SCRIPT = """
import hashlib, numpy as np, varrt as tf
rng = np.random.default_rng(5)
shapes = [(10000,)] * 30 + [(300000,), (), (0,), (7, 9)]  # small ones spread over the pool, a large one split
vs = [tf.Variable(rng.standard_normal(s).astype(np.float32)) for s in shapes]
opt = tf.keras.optimizers.Adam(0.01, amsgrad=True)
for _ in range(3):
    opt.apply_gradients(zip([tf.constant(rng.standard_normal(s).astype(np.float32)) for s in shapes], vs))
print(hashlib.sha256(b"".join(v.numpy().tobytes() for v in vs + opt.variables)).hexdigest())
"""


def test_results_do_not_depend_on_the_number_of_threads():
    import sys
    digests = set()
    for threads in ("1", "2", "3"):
        env = dict(os.environ, VARRT_NUM_THREADS=threads)
        result = subprocess.run([sys.executable, "-c", _THREADS_SCRIPT], capture_output=True, text=True, env=env,
                                timeout=600)
        assert result.returncode == 0, result.stderr[-2000:]
        digests.add(result.stdout.strip())
    assert len(digests) == 1
