"""The models tests/test_saved_model_saver.py exports with varrt and
tests/tools/record_saved_model_saver.py with TensorFlow (the module `tf` given): the same
variables and functions in either library."""
import numpy as np

X = [[1.0, 1.0, 1.0, 1.0]]  # what saved_model_cli run is given: --input_exprs 'x=[[1.0,1.0,1.0,1.0]]'
BATCH = (np.arange(12, dtype=np.float32).reshape(3, 4) - 5) / 3  # the TensorFlow 1 session's feed


def dense4(tf):
    class Dense4(tf.Module):
        def __init__(self):
            super().__init__()
            self.kernel = tf.Variable(np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3), name="kernel")
            self.bias = tf.Variable([0.25, -0.5, 1.0], name="bias")
            self.steps = tf.Variable(7, dtype=tf.int64, name="steps")

        @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32, name="x")])
        def __call__(self, x):
            return {"y": tf.nn.relu(tf.matmul(x, self.kernel) + self.bias), "steps": self.steps + 0}
    return Dense4()


def keras_mlp(tf):
    keras = tf.keras
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="relu"), keras.layers.Dense(2)])
    model.set_weights([np.linspace(-1, 1, w.numpy().size, dtype=np.float32).reshape(w.shape) for w in model.weights])
    return model
