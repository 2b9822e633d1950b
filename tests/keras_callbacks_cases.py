"""Keras callbacks and validation splits in `fit`: run as `python keras_callbacks_cases.py tf|varrt`, it prints what
each case's callbacks saw and did (hooks called with which batch and epoch numbers and log keys,
when EarlyStopping stopped, its messages, the weights it restored), so the same program under
Keras 3 on TensorFlow and under varrt can be compared (test_keras_callbacks.py)."""
import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import varrt as tf
import numpy as np

rng = np.random.default_rng(0)
x = rng.normal(size=(40, 3)).astype(np.float32)
y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
x_val, y_val = x[:10] + 0.5, y[:10]
kernel0 = rng.normal(size=(3, 1)).astype(np.float32)


def model():
    m = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
    m.layers[0].kernel.assign(kernel0)
    m.layers[0].bias.assign(np.zeros(1, np.float32))
    m.compile(tf.keras.optimizers.SGD(0.05), "mse")
    return m


def case(label, fn):
    try:
        print(f"{label} | {fn()}")
    except Exception as e:  # noqa: BLE001 - the error is the result being compared
        print(f"{label} | {type(e).__name__} | {' '.join(str(e).split())}")


def hooks():
    calls = []
    cb = tf.keras.callbacks.LambdaCallback(
        on_train_begin=lambda logs: calls.append(("train_begin", sorted(logs))),
        on_epoch_begin=lambda epoch, logs: calls.append(("epoch_begin", epoch)),
        on_train_batch_end=lambda batch, logs: calls.append(("batch_end", batch, sorted(logs))),
        on_epoch_end=lambda epoch, logs: calls.append(("epoch_end", epoch, sorted(logs))),
        on_train_end=lambda logs: calls.append(("train_end", sorted(logs))))
    model().fit(x, y, batch_size=16, epochs=2, verbose=0, shuffle=False, validation_data=(x_val, y_val),
                callbacks=[cb])
    return calls


def early(**kwargs):
    stopper = tf.keras.callbacks.EarlyStopping(**kwargs)
    m = model()
    h = m.fit(x, y, batch_size=8, epochs=40, verbose=0, shuffle=False, validation_data=(x_val, y_val),
              callbacks=[stopper])
    return (len(h.history["loss"]), stopper.stopped_epoch, stopper.wait,
            np.round(m.layers[0].kernel.numpy().ravel(), 4).tolist())


class Counting(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.batches = 0

    def on_train_batch_end(self, batch, logs=None):
        self.batches += 1
        if batch == 2:
            self.model.stop_training = True


def stop_in_batch():
    c = Counting()
    h = model().fit(x, y, batch_size=8, epochs=3, verbose=0, shuffle=False, callbacks=[c])
    return c.batches, len(h.history["loss"]), c.params


case("hooks", hooks)
case("early stopping on val_loss", lambda: early(patience=2, min_delta=0.01, verbose=1))
case("early stopping on loss", lambda: early(monitor="loss", patience=1, min_delta=0.5))
case("early stopping restoring", lambda: early(patience=3, min_delta=0.05, restore_best_weights=True, verbose=1))
case("early stopping from epoch", lambda: early(patience=1, min_delta=0.5, start_from_epoch=5))
case("early stopping baseline", lambda: early(monitor="val_loss", baseline=0.001, patience=2))
case("early stopping unknown direction", lambda: early(monitor="val_custom"))
case("early stopping max mode", lambda: early(monitor="loss", mode="max", patience=0))
case("stop inside an epoch", stop_in_batch)


def split(fraction, n=40):
    m = model()
    h = m.fit(x[:n], y[:n], batch_size=8, epochs=2, verbose=0, shuffle=False, validation_split=fraction)
    return {k: np.round(v, 5).tolist() for k, v in sorted(h.history.items())}


case("validation split", lambda: split(0.25))
case("validation split uneven", lambda: split(0.3, n=37))
case("validation split too small", lambda: split(0.5, n=1))
