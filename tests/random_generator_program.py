"""tf.random.Generator's state as the random-numbers guide uses it: run as `python
random_generator_program.py tf|varrt`, it prints the state variable as it advances, a checkpoint
of a generator restored mid-stream, draws inside a tf.function, an assigned state and
tf.random.Algorithm (test_random_generator_state.py compares with TensorFlow's recorded output)."""
import sys
if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import varrt as tf


def t(label, f):
    try:
        print(label, '|', f())
    except Exception as e:  # noqa: BLE001 - the outcome is what is compared
        print(label, '|', type(e).__name__, str(e)[:200])


g = tf.random.Generator.from_seed(1, alg=tf.random.Algorithm.PHILOX)
t('alg', lambda: (g.algorithm, tf.random.Algorithm.PHILOX, repr(tf.random.Algorithm.THREEFRY), tf.random.Algorithm.AUTO_SELECT.value, list(tf.random.Algorithm)))
t('create', lambda: tf.random.create_rng_state(1, tf.random.Algorithm.PHILOX))
t('state', lambda: repr(g.state))
g.normal([3])
t('state after', lambda: repr(g.state))
t('state name', lambda: g.state.name)
t('trainable', lambda: g.state.trainable)
t('vars', lambda: [v.name for v in tf.Module().variables])
m = tf.Module(); m.g = g
t('module vars', lambda: [v.name for v in m.variables])
import os  # noqa: E402
import tempfile  # noqa: E402

d = tempfile.mkdtemp()
cp = tf.train.Checkpoint(generator=g)
print(g.normal([]))
path = cp.write(os.path.join(d, "ck"))
a = g.normal([]); b = g.normal([])
print(a, b)
cp.restore(path)
print(g.normal([]), g.normal([]))
t('ckpt vars', lambda: [n for n, s in tf.train.list_variables(path)])
g2 = tf.random.Generator.from_seed(7)
@tf.function
def f():
    return g2.normal([2])
print(f(), f(), g2.state.numpy())
g3 = tf.random.Generator(state=[1, 2, 3], alg='philox')
t('ctor state', lambda: g3.state.numpy())
t('key', lambda: g3.key)
g3.state.assign([5, 0, 0])
t('after assign', lambda: g3.normal([2]))
t('g5', lambda: tf.random.Generator.from_seed(5).normal([2]))
