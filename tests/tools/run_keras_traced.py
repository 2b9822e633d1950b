"""Runs the Keras 3 optimizer cases of tests/keras_fused_cases.py inside tf.function under
TensorFlow and writes their inputs and, after the last step, every variable and optimizer
variable ("name/i") to OUT.npz. Run with the TensorFlow interpreter (VARRT_TF_PYTHON); its output
is tests/fixtures/optimizers/keras_traced.npz (re-record: python run_keras_traced.py THAT_PATH).
"""
import pathlib
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tests/
from keras_fused_cases import OPTIMIZERS, TF_SHAPES, TF_STEPS, tf_inputs  # noqa: E402


def main(out):
    data = tf_inputs()
    result = dict(data)
    for name, (make, _) in OPTIMIZERS.items():
        variables = [tf.Variable(data[f"init/{i}"]) for i in range(len(TF_SHAPES))]
        opt = make(tf)

        @tf.function
        def step(grads):
            opt.apply_gradients(zip(grads, variables))

        for s in range(TF_STEPS):
            step([tf.constant(data[f"grad/{s}/{i}"]) for i in range(len(variables))])
        for i, v in enumerate(list(variables) + list(opt.variables)):
            result[f"{name}/{i}"] = v.numpy()
    np.savez(out, **result)


if __name__ == "__main__":
    main(sys.argv[1])
