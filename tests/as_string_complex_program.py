"""tf.strings.as_string (every dtype, precision, scientific, shortest, width, fill and their
errors) and tf.complex (broadcasting, inf and nan parts, dtype errors, gradient, raw op, traced):
run as `python as_string_complex_program.py tf|varrt`, it prints one line per case
(test_as_string_complex.py compares the output with TensorFlow's recorded one)."""
import sys
if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import varrt as tf


def t(label, f):
    try:
        print(label, '|', repr(f()))
    except Exception as e:  # noqa: BLE001 - the outcome is what is compared
        print(label, '|', type(e).__name__, ' '.join(str(e).split())[:250])


vals = {'float32': [3.14159, -0.5, 1e10, float('nan'), float('inf'), -float('inf'), 0.0, 1e-7],
        'float64': [3.14159, -2.5e-300, 123456789.125],
        'float16': [1.5, -2.25], 'bfloat16': [1.5, 3.0],
        'int8': [-5, 127], 'int16': [300, -7], 'int32': [42, -1], 'int64': [2**40, -3], 'uint8': [200, 1], 'uint16': [65535, 2], 'uint32': [4000000000, 1], 'uint64': [2**63, 5],
        'bool': [True, False], 'complex64': [1+2j, -0.5-1j], 'complex128': [1+2j, 3.25j], 'string': ['a', 'bc']}
for d, v in vals.items():
    x = tf.constant(v, dtype=d)
    t(d, lambda: tf.strings.as_string(x))
    t(d + ' p3', lambda: tf.strings.as_string(x, precision=3))
    t(d + ' sci', lambda: tf.strings.as_string(x, scientific=True))
    t(d + ' short', lambda: tf.strings.as_string(x, shortest=True))
    t(d + ' w8', lambda: tf.strings.as_string(x, width=8))
    t(d + ' w8 f0', lambda: tf.strings.as_string(x, width=8, fill='0'))
    t(d + ' w8 f-', lambda: tf.strings.as_string(x, width=8, fill='-'))
    t(d + ' w6 fsp p2', lambda: tf.strings.as_string(x, width=6, fill=' ', precision=2))
x = tf.constant([1.5])
t('both', lambda: tf.strings.as_string(x, scientific=True, shortest=True))
t('fill2', lambda: tf.strings.as_string(x, fill='ab', width=5))
t('fill no width', lambda: tf.strings.as_string(x, fill='0'))
t('tf.as_string', lambda: tf.as_string([[1, 2], [3, 4]]))
t('dtypes alias', lambda: tf.dtypes.as_string(7) if hasattr(tf.dtypes, 'as_string') else 'n/a')
t('complex', lambda: tf.complex(tf.constant([1., 2.]), tf.constant([3., 4.])))
t('complex64 bcast', lambda: tf.complex(tf.constant([[1.], [2.]]), tf.constant([3., 4., 5.])))
t('complex128', lambda: tf.complex(tf.constant(1., tf.float64), tf.constant([3., -0.0], tf.float64)))
t('complex inf nan', lambda: tf.complex(tf.constant([float('inf'), float('nan')]), tf.constant([float('inf'), 0.])))
t('complex mixed', lambda: tf.complex(tf.constant(1.), tf.constant(1., tf.float64)))
t('complex int', lambda: tf.complex(1, 2))
t('complex py', lambda: tf.complex(1., 2.))
t('complex shapes', lambda: tf.complex(tf.constant([1., 2.]), tf.constant([3., 4., 5.])))
t('complex half', lambda: tf.complex(tf.constant(1., tf.float16), tf.constant(1., tf.float16)))
def g():
    a = tf.constant([[1., 2.], [3., 4.]]); b = tf.constant([0.5, -1.])
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        z = tf.complex(a, b)
        y = tf.reduce_sum(tf.abs(z) ** 2 + tf.math.real(z * z))
    return [g.numpy().tolist() for g in tape.gradient(y, [a, b])]
t('complex grad', g)
t('raw', lambda: tf.raw_ops.Complex(real=tf.constant([1.]), imag=tf.constant([2.]), Tout=tf.complex64))
t('raw as_string', lambda: tf.raw_ops.AsString(input=tf.constant([1.5]), precision=1))
f = tf.function(lambda a, b: tf.complex(a, b))
t('traced', lambda: f(tf.constant([1., 2.]), tf.constant([3., 4.])))
g = tf.function(lambda x: tf.strings.as_string(x, precision=2, width=7, fill="0"))
t('traced as_string', lambda: g(tf.constant([1.5, -2.25, float("nan")])))
