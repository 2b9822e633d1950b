# The example this project started from, on Keras 3 (TensorFlow 2.21): a layer tracks only
# the Keras variables it makes, so plain tf.Variables are not among its variables; a Dense
# names, prints and counts its own.
from _impl import tf, np

class MyLayer(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.my_var = tf.Variable(100.0)
        self.my_other_var_list = [tf.Variable(x) for x in range(2)]

m = MyLayer()
print([v.numpy() for v in m.variables])
print(m.name, m.built, len(m.trainable_variables))

d = tf.keras.layers.Dense(3, kernel_initializer="ones", bias_initializer="zeros")
print(d)
y = d(np.arange(8, dtype=np.float32).reshape(2, 4))
print(d)
print(y)
for w in d.weights:
    print(w)
print(d.count_params(), [v.path for v in d.trainable_variables])
d.trainable = False
print(d.trainable_weights, [v.path for v in d.non_trainable_weights])
