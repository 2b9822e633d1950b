"""tf.keras.utils.set_random_seed: run as `python keras_set_random_seed_program.py tf|varrt`, it
seeds once and prints a Dense layer's initial kernel, a tf.random draw, NumPy's and Python's next
numbers, a Dropout mask and the error for a float seed (test_keras_set_random_seed.py compares the
output with TensorFlow's)."""
import sys
import numpy as np
if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import varrt as tf
tf.keras.utils.set_random_seed(1234)
layer = tf.keras.layers.Dense(3)
layer.build((None, 4))
print(np.asarray(layer.kernel).tolist())
print(tf.random.uniform([2]).numpy().tolist(), np.random.rand(), __import__('random').random())
d = tf.keras.layers.Dropout(0.5)
print(d(tf.ones([2, 4]), training=True).numpy().tolist())
try: tf.keras.utils.set_random_seed(1.5)
except Exception as e: print(type(e).__name__, e)
