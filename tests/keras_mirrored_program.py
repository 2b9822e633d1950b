"""Keras 3's compile/fit/evaluate/predict under MirroredStrategy's scope (4 and 1 logical CPU
replicas) and OneDeviceStrategy, against the same model trained without a strategy: run under
TensorFlow 2.21 (by tests/tools/record_keras_program.py, into tests/fixtures/keras_mirrored/)
and under varrt (by tests/test_keras_mirrored.py).

    python keras_mirrored_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers. Global batches of 12 split 3 per replica, the last (20 - 12 = 8) 2 each;
TensorFlow needs the first batch to split evenly (its symbolic build averages the replicas'
first batches)."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

keras = tf.keras
out_dir = sys.argv[2]
results = {}
rs = np.random.RandomState(11)


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


cpu = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpu[0], [tf.config.LogicalDeviceConfiguration()] * 4)

X = rs.rand(20, 5).astype("float32")
Y = rs.randint(0, 3, size=(20,))


def make(optimizer):  # optimizer: a factory, so the optimizer is made in the strategy's scope (TensorFlow's rule)
    model = keras.Sequential([
        keras.Input((5,)),
        keras.layers.Dense(6, activation="tanh", kernel_initializer=keras.initializers.GlorotUniform(seed=1)),
        keras.layers.Dense(3, kernel_initializer=keras.initializers.GlorotUniform(seed=2),
                           kernel_regularizer=keras.regularizers.L2(0.01)),
    ])
    model.compile(optimizer=optimizer(), loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    return model


def train(case, strategy, optimizer):
    if strategy is None:
        model = make(optimizer)
    else:
        with strategy.scope():
            model = make(optimizer)
    history = model.fit(X, Y, batch_size=12, epochs=3, shuffle=False, verbose=0)
    for name in sorted(history.history):
        record_num(f"{case}.history.{name}", history.history[name], 1e-5)
    record_num(f"{case}.weights", np.concatenate([w.ravel() for w in model.get_weights()]), 1e-5)
    record_num(f"{case}.evaluate", model.evaluate(X, Y, batch_size=8, verbose=0), 1e-5)
    record_num(f"{case}.predict", model.predict(X[:7], batch_size=4, verbose=0), 1e-5)
    record(f"{case}.iterations", int(model.optimizer.iterations.numpy()))
    return model


four = tf.distribute.MirroredStrategy(["cpu:0", "cpu:1", "cpu:2", "cpu:3"])
model = train("mirrored4.sgd", four, lambda: keras.optimizers.SGD(0.5))
record("mirrored4.kernel_type", type(model.layers[0].kernel.value).__name__)
train("mirrored4.adam", four, lambda: keras.optimizers.Adam(0.05))
train("mirrored1.adam", tf.distribute.MirroredStrategy(["cpu:2"]), lambda: keras.optimizers.Adam(0.05))
train("one_device.adam", tf.distribute.OneDeviceStrategy("cpu:1"), lambda: keras.optimizers.Adam(0.05))
train("no_strategy.adam", None, lambda: keras.optimizers.Adam(0.05))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
