"""More Keras callbacks and the learning-rate schedules in `fit`: run as `python keras_callbacks_more_cases.py
tf|varrt`, it prints one line per case (test_keras_callbacks_more.py compares varrt's with Keras 3's on TensorFlow
2.21, recorded in fixtures/keras_callbacks_more/tensorflow.out): ReduceLROnPlateau, LearningRateScheduler, CSVLogger
(the file's bytes), TerminateOnNaN, ProgbarLogger, the hooks of evaluate and predict, BackupAndRestore (an interrupted
and resumed fit against an uninterrupted one), use_ema and SwapEMAWeights, the schedules' values and configs and a
schedule stepping inside fit. What `fit` and the callbacks print is shown as a repr, byte for byte, with times
masked."""
import contextlib
import io
import json
import os
import re
import sys
import tempfile

if sys.argv[1] == "tf":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf
import numpy as np

K = tf.keras
rng = np.random.default_rng(7)
x = rng.normal(size=(36, 4)).astype(np.float32)
y = (x @ np.array([[0.5], [-1.0], [2.0], [0.25]], np.float32) + 0.3).astype(np.float32)
x_val, y_val = x[:9] * 1.5, y[:9]
kernel0 = rng.normal(size=(4, 1)).astype(np.float32)
workdir = tempfile.mkdtemp()


def model(optimizer=None, name=None):
    m = K.Sequential([K.Input(shape=(4,)), K.layers.Dense(1)], name=name)
    m.layers[0].kernel.assign(kernel0)
    m.layers[0].bias.assign(np.zeros(1, np.float32))
    m.compile(optimizer if optimizer is not None else K.optimizers.SGD(0.02), "mse")
    return m


def case(label, fn):
    try:
        print(f"{label} | {fn()}")
    except Exception as e:  # noqa: BLE001 - the error is the result being compared
        print(f"{label} | {type(e).__name__} | {' '.join(str(e).split())}")


def masked(text):
    """Printed text with its times masked: the seconds and time per step of verbose=2 lines, and of a progress bar
    (verbose=1, one batch an epoch, so that every drawing is deterministic but for its times)."""
    text = re.sub(r" - \d+s - \d+(?:s|ms|us)/step", " - Ts - T/step", text)
    text = re.sub(r"\x1b\[1m(?:\d+:)*\d+s?\x1b\[0m", "\x1b[1mT\x1b[0m", text)
    text = re.sub(r" \d+(?:s|ms|us)/step", " T/step", text)
    # A redrawing erases the previous drawing, whose width depends on its times: "\b" * width, then padding.
    return re.sub(r" *\x08+", "<erase>", re.sub(r" +(?=\n|$)", "", text))


def printed(fn):
    """(what `fn` printed, masked, as a repr; what it returned)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        value = fn()
    return repr(masked(out.getvalue())), value


def rounded(values, digits=5):
    return np.round(np.asarray(values, np.float64), digits).tolist()


def history_of(h):
    return {k: rounded(v) for k, v in sorted(h.history.items())}


def weights_of(m):
    return rounded(np.concatenate([w.numpy().ravel() for w in m.weights]))


# --- ReduceLROnPlateau --------------------------------------------------------------------------------------------

def plateau(epochs=7, fit_verbose=2, batch_size=12, optimizer=None, **kwargs):
    m = model(optimizer)
    reduce = K.callbacks.ReduceLROnPlateau(**kwargs)
    text, h = printed(lambda: m.fit(x, y, batch_size=batch_size, epochs=epochs, verbose=fit_verbose, shuffle=False,
                                    validation_data=(x_val, y_val), callbacks=[reduce]))
    return text, history_of(h), reduce.wait, reduce.cooldown_counter, rounded(reduce.best)


case("plateau on val_loss", lambda: plateau(factor=0.5, patience=1, min_delta=0.3, verbose=1))
case("plateau on loss with cooldown", lambda: plateau(monitor="loss", factor=0.2, patience=1, min_delta=1.0,
                                                      cooldown=2, verbose=1))
case("plateau min_lr", lambda: plateau(monitor="loss", factor=0.1, patience=0, min_lr=0.0005, verbose=1, epochs=5))
case("plateau quiet", lambda: plateau(factor=0.5, patience=2, min_delta=0.5, verbose=0, epochs=6))
case("plateau max mode", lambda: plateau(monitor="val_loss", mode="max", factor=0.5, patience=1, verbose=1,
                                         epochs=4))
case("plateau progress bar", lambda: plateau(factor=0.5, patience=0, min_delta=10.0, verbose=1, epochs=3,
                                             batch_size=36, fit_verbose=1))


def plateau_by_hand(values, **kwargs):
    """ReduceLROnPlateau's hooks called with the given losses: Keras compares them in float32 (ops.less), so 1 - 1e-9
    is no improvement on 1."""
    m = model()
    reduce = K.callbacks.ReduceLROnPlateau(monitor="loss", patience=1, **kwargs)
    reduce.set_model(m)
    reduce.on_train_begin()
    seen = []
    for epoch, value in enumerate(values):
        logs = {"loss": value}
        reduce.on_epoch_end(epoch, logs)
        seen.append((logs["learning_rate"], reduce.wait, reduce.best))
    return seen


case("plateau compares in float32", lambda: plateau_by_hand([1.0, 1.0 - 1e-9, 1.0 - 1e-7, 0.5], min_delta=0))
case("plateau empty logs", lambda: (lambda m, r: (r.set_model(m), r.on_train_begin(), r.on_epoch_end(0, {}),
                                                  r.wait))(model(), K.callbacks.ReduceLROnPlateau(monitor="loss")))


def plateau_on_accuracy(monitor, metrics):
    m = K.Sequential([K.Input(shape=(4,)), K.layers.Dense(1, activation="sigmoid")])
    m.layers[0].kernel.assign(kernel0)
    m.compile(K.optimizers.SGD(0.1), "binary_crossentropy", metrics=metrics)
    labels = (y > 0.5).astype(np.float32)
    reduce = K.callbacks.ReduceLROnPlateau(monitor=monitor, patience=1, factor=0.5, verbose=1)
    stop = K.callbacks.EarlyStopping(monitor=monitor, patience=3, verbose=1)
    text, h = printed(lambda: m.fit(x, labels, batch_size=12, epochs=8, verbose=0, shuffle=False,
                                    validation_data=(x_val, labels[:9]), callbacks=[reduce, stop]))
    return text, history_of(h), reduce.best, stop.best


case("plateau and early stopping on val_accuracy", lambda: plateau_on_accuracy("val_accuracy", ["accuracy"]))
case("plateau on accuracy not compiled", lambda: plateau_on_accuracy("accuracy", None))
case("plateau factor too big", lambda: K.callbacks.ReduceLROnPlateau(factor=1.0))
case("plateau unknown direction", lambda: plateau(monitor="val_mystery", epochs=1))
case("plateau with a schedule", lambda: plateau(
    optimizer=K.optimizers.SGD(K.optimizers.schedules.ExponentialDecay(0.02, 3, 0.5)), monitor="loss",
    patience=0, min_delta=100.0, epochs=2))


# --- LearningRateScheduler ----------------------------------------------------------------------------------------

def scheduled(schedule, optimizer=None, epochs=4, verbose=0, fit_verbose=2, batch_size=10):
    m = model(optimizer)
    lrs = []
    seen = K.callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: lrs.append(
        (epoch, sorted(logs), float(np.asarray(m.optimizer.learning_rate)))))
    scheduler = K.callbacks.LearningRateScheduler(schedule, verbose=verbose)
    text, h = printed(lambda: m.fit(x, y, batch_size=batch_size, epochs=epochs, verbose=fit_verbose, shuffle=False,
                                    callbacks=[scheduler, seen]))
    return text, history_of(h), lrs


case("scheduler halving", lambda: scheduled(lambda epoch, lr: lr if epoch < 2 else lr * 0.5, verbose=1))
case("scheduler by epoch only", lambda: scheduled(lambda epoch: 0.05 / (epoch + 1), fit_verbose=0))
case("scheduler numpy float", lambda: scheduled(lambda epoch, lr: np.float32(0.01 * (epoch + 1)), verbose=1,
                                                epochs=2))
case("scheduler not a float", lambda: scheduled(lambda epoch, lr: 1, epochs=1))
case("scheduler returns a tensor", lambda: scheduled(lambda epoch, lr: tf.constant(0.5), epochs=1))
case("scheduler with a schedule", lambda: scheduled(
    lambda epoch, lr: lr, optimizer=K.optimizers.SGD(K.optimizers.schedules.InverseTimeDecay(0.02, 2, 0.5)),
    epochs=1))
case("scheduler progress bar", lambda: scheduled(lambda epoch, lr: lr * 0.9, verbose=1, epochs=3, fit_verbose=1,
                                                batch_size=36))


# --- CSVLogger ----------------------------------------------------------------------------------------------------

def csv_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def frozen_model():
    """A model whose losses are computed exactly (integer inputs and weights, batches of 8, nothing trained), so that
    the CSV file's full-precision numbers are TensorFlow's to the bit."""
    m = K.Sequential([K.Input(shape=(4,)), K.layers.Dense(1)])
    m.layers[0].kernel.assign(np.array([[1.0], [-2.0], [0.0], [3.0]], np.float32))
    m.layers[0].bias.assign(np.array([0.5], np.float32))
    m.layers[0].trainable = False
    m.compile(K.optimizers.SGD(0.02), "mse")
    return m


x_int = np.round(x * 2)
y_int = np.round(y * 3)
x_int_val, y_int_val = x_int[:8] - 1, y_int[:8] + 1


def csv_logged(name, fits, **kwargs):
    path = os.path.join(workdir, name)
    logger = K.callbacks.CSVLogger(path, **kwargs)
    m = frozen_model()
    for extra, fit_kwargs in fits:
        m.fit(x_int[:32], y_int[:32], batch_size=8, verbose=0, shuffle=False, callbacks=[*extra, logger],
              **fit_kwargs)
    return csv_bytes(path)


case("csv with validation", lambda: csv_logged("a.csv", [([], dict(epochs=3,
                                                                   validation_data=(x_int_val, y_int_val)))]))
case("csv without validation", lambda: csv_logged("b.csv", [([], dict(epochs=2))]))
case("csv separator and append", lambda: csv_logged("c.csv", [([], dict(epochs=2)), ([], dict(epochs=4,
                                                                                            initial_epoch=2))],
                                                    separator=";", append=True))
case("csv overwrites", lambda: csv_logged("c.csv", [([], dict(epochs=1))]))
case("csv with a learning rate", lambda: csv_logged(
    "d.csv", [([K.callbacks.ReduceLROnPlateau(monitor="loss", patience=0, min_delta=0.5, factor=0.5)],
               dict(epochs=3, validation_data=(x_int_val, y_int_val)))]))


def csv_before_scheduler():
    path = os.path.join(workdir, "e.csv")
    frozen_model().fit(x_int[:32], y_int[:32], batch_size=8, epochs=2, verbose=0, shuffle=False, callbacks=[
        K.callbacks.CSVLogger(path), K.callbacks.LearningRateScheduler(lambda epoch, lr: lr / 2)])
    return csv_bytes(path)


case("csv logger before the learning rate", csv_before_scheduler)


# --- TerminateOnNaN -----------------------------------------------------------------------------------------------

y_nan = y.copy()
y_nan[20] = np.nan


def terminated(**kwargs):
    m = model()
    text, h = printed(lambda: m.fit(x, y_nan, batch_size=8, epochs=3, verbose=0, shuffle=False,
                                    callbacks=[K.callbacks.TerminateOnNaN(**kwargs)]))
    return text, h.epoch, history_of(h)


case("terminate on nan", terminated)
case("terminate on nan raising", lambda: terminated(raise_error=True))
case("terminate on inf", lambda: (lambda m: (printed(lambda: m.fit(
    x * 1e30, y, batch_size=12, epochs=2, verbose=0, shuffle=False, callbacks=[K.callbacks.TerminateOnNaN()]))[0],
    m.stop_training))(model()))


# --- ProgbarLogger ------------------------------------------------------------------------------------------------

def progbar_first(verbose):
    m = model()
    callbacks = [K.callbacks.ProgbarLogger(),
                 K.callbacks.ReduceLROnPlateau(monitor="loss", patience=0, min_delta=5.0, verbose=1)]
    text, h = printed(lambda: m.fit(x, y, batch_size=36, epochs=2, verbose=verbose, shuffle=False,
                                    callbacks=callbacks))
    return text, history_of(h), callbacks[0].params


case("progbar logger first, verbose 2", lambda: progbar_first(2))
case("progbar logger first, verbose 1", lambda: progbar_first(1))
case("progbar logger first, verbose 0", lambda: progbar_first(0))


class Params(K.callbacks.Callback):
    def on_train_begin(self, logs=None):
        print("params", self.params)


case("params with verbose auto", lambda: printed(lambda: model().fit(x, y, batch_size=36, shuffle=False,
                                                                     callbacks=[Params()]))[0])


class Hooks(K.callbacks.Callback):
    """Records the hooks of evaluation and prediction, with their batch numbers and log names."""

    def __init__(self):
        super().__init__()
        self.calls = []

    def on_test_begin(self, logs=None):
        self.calls.append(("test_begin", sorted(logs or {})))

    def on_test_batch_begin(self, batch, logs=None):
        self.calls.append(("test_batch_begin", batch))

    def on_test_batch_end(self, batch, logs=None):
        self.calls.append(("test_batch_end", batch, sorted(logs or {})))

    def on_test_end(self, logs=None):
        self.calls.append(("test_end", sorted(logs or {}), rounded(logs["loss"])))

    def on_predict_begin(self, logs=None):
        self.calls.append(("predict_begin", sorted(logs or {})))

    def on_predict_batch_end(self, batch, logs=None):
        self.calls.append(("predict_batch_end", batch, sorted(logs), np.asarray(logs["outputs"]).shape))

    def on_predict_end(self, logs=None):
        self.calls.append(("predict_end", sorted(logs or {})))

    def on_epoch_end(self, epoch, logs=None):
        self.calls.append(("epoch_end", epoch))


def validation_hooks():
    hooks = Hooks()
    text, _ = printed(lambda: model().fit(x, y, batch_size=18, epochs=2, verbose=2, shuffle=False,
                                          validation_data=(x_val, y_val), validation_batch_size=4,
                                          callbacks=[hooks]))
    return text, hooks.calls, hooks.params


def evaluate_and_predict_hooks(verbose):
    hooks = Hooks()
    m = model()
    text, value = printed(lambda: (m.evaluate(x, y, batch_size=15, verbose=verbose, callbacks=[hooks]),
                                   m.predict(x_val, batch_size=4, verbose=verbose, callbacks=[hooks]).shape))
    return text, rounded(value[0]), value[1], hooks.calls, hooks.params


case("hooks of fit's validation", validation_hooks)
case("hooks of evaluate and predict", lambda: evaluate_and_predict_hooks(0))
case("hooks of evaluate and predict, verbose 2", lambda: evaluate_and_predict_hooks(2))


def callback_list_by_hand():
    calls = []
    lam = K.callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: calls.append((epoch, logs)))
    m = model()
    callbacks = K.callbacks.CallbackList([lam], add_history=True, add_progbar=True, model=m, epochs=2, verbose=2,
                                         steps=3)
    text, _ = printed(lambda: (callbacks.on_train_begin(), callbacks.on_epoch_begin(0),
                               [callbacks.on_train_batch_end(b, {"loss": tf.constant(1.5 + b)}) for b in range(3)],
                               callbacks.on_epoch_end(0, {"loss": tf.constant(2.5), "b": np.float32(2)}),
                               callbacks.on_train_end()))
    return (text, calls, [type(c).__name__ for c in callbacks.callbacks], lam.params, m.history.history,
            m.history is callbacks.callbacks[1])


case("callback list by hand", callback_list_by_hand)


class StopAt(K.callbacks.Callback):
    def on_test_batch_end(self, batch, logs=None):
        if batch == 1:
            self.model.stop_evaluating = True

    def on_predict_batch_end(self, batch, logs=None):
        if batch == 2:
            self.model.stop_predicting = True


def stopped_early():
    m = model()
    text, value = printed(lambda: (m.evaluate(x, y, batch_size=7, verbose=2, callbacks=[StopAt()]),
                                   m.predict(x, batch_size=5, verbose=0, callbacks=[StopAt()]).shape))
    return text, rounded(value[0]), value[1], m.stop_evaluating, m.stop_predicting


case("evaluate and predict stopped by a callback", stopped_early)


# --- BackupAndRestore ---------------------------------------------------------------------------------------------

class Interrupt(K.callbacks.Callback):
    def __init__(self, epoch, batch=None):
        super().__init__()
        self.epoch, self.batch, self.current = epoch, batch, None

    def on_epoch_begin(self, epoch, logs=None):
        self.current = epoch
        if self.batch is None and epoch == self.epoch:
            raise RuntimeError(f"interrupted at epoch {epoch}")

    def on_train_batch_end(self, batch, logs=None):
        if self.current == self.epoch and batch == self.batch:
            raise RuntimeError(f"interrupted at epoch {self.epoch} after batch {batch}")


def optimizer_state(m):
    return [rounded(v.numpy().ravel(), 6) for v in m.optimizer.variables]


def backup(name, interrupt, epochs=5, **kwargs):
    backup_dir = os.path.join(workdir, name)
    fit = dict(batch_size=10, epochs=epochs, verbose=0, shuffle=False, validation_data=(x_val, y_val))
    reference = model(K.optimizers.Adam(0.05))
    reference.fit(x, y, **fit)
    m = model(K.optimizers.Adam(0.05))
    try:
        m.fit(x, y, callbacks=[K.callbacks.BackupAndRestore(backup_dir, **kwargs), interrupt], **fit)
    except RuntimeError as e:
        interrupted = str(e)
    left = sorted(os.listdir(backup_dir)) if os.path.isdir(backup_dir) else None
    with open(os.path.join(backup_dir, "training_metadata.json")) as f:
        metadata = json.load(f)
    resumed = model(K.optimizers.Adam(0.05))
    h = resumed.fit(x, y, callbacks=[K.callbacks.BackupAndRestore(backup_dir, **kwargs)], **fit)
    same = [np.array_equal(a.numpy(), b.numpy()) for a, b in zip(resumed.weights + resumed.optimizer.variables,
                                                                  reference.weights + reference.optimizer.variables)]
    return (interrupted, "training_metadata.json" in left, metadata, h.epoch, history_of(h), weights_of(resumed),
            optimizer_state(resumed), same, os.path.exists(backup_dir))


case("backup per epoch", lambda: backup("b1", Interrupt(3)))
case("backup every 2 batches", lambda: backup("b2", Interrupt(2, batch=2), save_freq=2))
case("backup every 5 batches", lambda: backup("b3", Interrupt(1, batch=1), save_freq=5, epochs=3))


def backup_kept():
    backup_dir = os.path.join(workdir, "b4")
    m = model()
    h1 = m.fit(x, y, batch_size=12, epochs=2, verbose=0, shuffle=False,
               callbacks=[K.callbacks.BackupAndRestore(backup_dir, delete_checkpoint=False)])
    kept = os.path.isdir(backup_dir)
    with open(os.path.join(backup_dir, "training_metadata.json")) as f:
        metadata = f.read()
    again = model()
    h2 = again.fit(x, y, batch_size=12, epochs=4, verbose=0, shuffle=False,
                   callbacks=[K.callbacks.BackupAndRestore(backup_dir)])
    h3 = again.fit(x, y, batch_size=12, epochs=4, verbose=0, shuffle=False)
    return h1.epoch, kept, metadata, h2.epoch, weights_of(again), h3.epoch, os.path.exists(backup_dir)


case("backup kept and reused", backup_kept)
case("backup empty dir", lambda: K.callbacks.BackupAndRestore(""))
case("backup bad save_freq", lambda: K.callbacks.BackupAndRestore(os.path.join(workdir, "b5"), save_freq="batch"))


def backup_unbuilt():
    m = K.Sequential([K.layers.Dense(1)], name="unbuilt")
    m.compile(K.optimizers.SGD(0.1), "mse")
    m.fit(x, y, verbose=0, callbacks=[K.callbacks.BackupAndRestore(os.path.join(workdir, "b6"))])


case("backup unbuilt model", backup_unbuilt)


# --- Moving averages: use_ema and SwapEMAWeights ------------------------------------------------------------------

def ema_fit(callbacks=(), epochs=3, optimizer=None, **fit_kwargs):
    m = model(optimizer or K.optimizers.Adam(0.05, use_ema=True, ema_momentum=0.8))
    text, h = printed(lambda: m.fit(x, y, batch_size=10, epochs=epochs, verbose=2, shuffle=False,
                                    callbacks=list(callbacks), **fit_kwargs))
    return m, text, history_of(h)


def ema_case(**kwargs):
    m, text, history = ema_fit(**kwargs)
    return text, history, weights_of(m), optimizer_state_names(m), optimizer_state(m)


def optimizer_state_names(m):
    # Without ":0": Keras's optimizer variables are Keras variables, varrt's are tf.Variables (named "...:0").
    return [v.name.removesuffix(":0") for v in m.optimizer.variables]


case("ema weights after fit", lambda: ema_case())
case("ema overwrite frequency", lambda: ema_case(optimizer=K.optimizers.SGD(0.05, use_ema=True, ema_momentum=0.5,
                                                                            ema_overwrite_frequency=3)))
case("ema swapped for validation", lambda: ema_case(callbacks=[K.callbacks.SwapEMAWeights()],
                                                    validation_data=(x_val, y_val)))
case("ema swapped on epochs", lambda: ema_case(callbacks=[K.callbacks.SwapEMAWeights(swap_on_epoch=True)],
                                               validation_data=(x_val, y_val)))


def ema_evaluate_and_predict():
    m, _, _ = ema_fit(epochs=2)
    m.train_on_batch(x[:10], y[:10])  # after fit the weights are the averages; one more step parts them
    swap = K.callbacks.SwapEMAWeights()
    swap.set_model(m)
    before = weights_of(m)
    loss = m.evaluate(x_val, y_val, verbose=0, callbacks=[swap])
    after_evaluate = weights_of(m)
    predicted = rounded(m.predict(x_val[:3], verbose=0, callbacks=[swap]).ravel())
    averages = [rounded(a.numpy().ravel()) for a in m.optimizer._model_variables_moving_average]
    return before, rounded(loss), after_evaluate, predicted, weights_of(m), averages


case("ema swapped by evaluate and predict", ema_evaluate_and_predict)
case("ema without use_ema", lambda: ema_case(callbacks=[K.callbacks.SwapEMAWeights()], optimizer=K.optimizers.SGD(0.1),
                                             validation_data=(x_val, y_val)))


def ema_eagerly():
    var = tf.Variable([1.0, 2.0, -3.0])
    opt = K.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.6, ema_overwrite_frequency=3)
    seen = []
    for step in range(4):
        opt.apply_gradients([(tf.constant([1.0, -0.5, 2.0]) * (step + 1), var)])
        seen.append((rounded(var.numpy(), 6), rounded(opt._model_variables_moving_average[0].numpy(), 6)))
    return seen


case("ema applied eagerly", ema_eagerly)
case("ema momentum out of range", lambda: K.optimizers.Adam(use_ema=True, ema_momentum=1.5))
case("ema overwrite frequency not an integer", lambda: K.optimizers.SGD(use_ema=True, ema_overwrite_frequency=0.5))
case("ema config", lambda: {k: v for k, v in K.optimizers.RMSprop(use_ema=True, ema_momentum=0.7,
                                                                  ema_overwrite_frequency=4).get_config().items()
                            if k.startswith("ema") or k == "use_ema"})


# --- Learning-rate schedules --------------------------------------------------------------------------------------

def rates(values):
    """Learning rates to 7 decimals: TensorFlow's float32 pow and cos (Eigen's) and NumPy's (libm) differ in the last
    bit at some arguments."""
    return rounded([float(np.asarray(v)) for v in values], 7)


S = K.optimizers.schedules
steps = [0, 1, 2, 3, 5, 7, 8, 11, 13, 20, 26]
schedules = {
    "exponential": S.ExponentialDecay(0.3, decay_steps=4, decay_rate=0.7),
    "exponential staircase": S.ExponentialDecay(0.3, 4, 0.7, staircase=True, name="stairs"),
    "piecewise": S.PiecewiseConstantDecay([3, 8], [0.4, 0.2, 0.05]),
    "polynomial": S.PolynomialDecay(0.3, decay_steps=9, end_learning_rate=0.01, power=2.0),
    "polynomial cycle": S.PolynomialDecay(0.3, 6, end_learning_rate=0.02, power=0.5, cycle=True),
    "polynomial linear": S.PolynomialDecay(0.25, 10),
    "inverse time": S.InverseTimeDecay(0.3, 3, 0.6),
    "inverse time staircase": S.InverseTimeDecay(0.3, 3, 0.6, staircase=True),
    "cosine": S.CosineDecay(0.3, decay_steps=11, alpha=0.1),
    "cosine warmup": S.CosineDecay(0.0, 12, alpha=0.05, warmup_target=0.4, warmup_steps=5),
    "cosine warmup from 0.1": S.CosineDecay(0.1, 6, warmup_target=0.2, warmup_steps=3, name="warm"),
    "cosine restarts": S.CosineDecayRestarts(0.3, first_decay_steps=4),
    "cosine restarts t_mul 1": S.CosineDecayRestarts(0.3, 3, t_mul=1.0, m_mul=0.8, alpha=0.1),
    "cosine restarts t_mul 1.5": S.CosineDecayRestarts(0.2, 5, t_mul=1.5, m_mul=0.5, alpha=0.02),
}
for label, schedule in schedules.items():
    case(f"schedule {label}", lambda s=schedule: (
        rates(s(step) for step in steps), s.get_config(), type(s).from_config(s.get_config()).get_config()))
case("schedule output", lambda: [str(schedules["exponential"](2)), repr(schedules["piecewise"](tf.constant(4))),
                                 repr(schedules["cosine restarts"](9))])
case("schedule step tensor", lambda: rates(s(tf.constant(5, dtype=tf.int64)) for s in schedules.values()))
case("schedule bad decay_steps", lambda: S.PolynomialDecay(0.1, 0))
case("schedule bad cosine decay_steps", lambda: S.CosineDecay(0.1, -1))
case("schedule bad restarts", lambda: S.CosineDecayRestarts(0.1, 0))
case("schedule bad piecewise", lambda: S.PiecewiseConstantDecay([1, 2], [0.1]))
case("schedule base", lambda: S.LearningRateSchedule()(1))


def schedule_in_fit(schedule, optimizer=K.optimizers.SGD, epochs=3):
    opt = optimizer(schedule)
    m = model(opt)
    seen = []
    watch = K.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: seen.append(
        (int(m.optimizer.iterations.numpy()), rates([m.optimizer.learning_rate])[0])))
    h = m.fit(x, y, batch_size=8, epochs=epochs, verbose=0, shuffle=False, callbacks=[watch])
    return seen, history_of(h), weights_of(m), int(opt.iterations.numpy())


case("fit with cosine warmup", lambda: schedule_in_fit(S.CosineDecay(0.0, 8, warmup_target=0.05, warmup_steps=4)))
case("fit with polynomial decay", lambda: schedule_in_fit(S.PolynomialDecay(0.05, 7, 0.001), K.optimizers.Adam))
case("fit with restarts", lambda: schedule_in_fit(S.CosineDecayRestarts(0.04, 3, t_mul=2.0), K.optimizers.RMSprop, 2))
case("fit with piecewise", lambda: schedule_in_fit(S.PiecewiseConstantDecay([4, 9], [0.05, 0.02, 0.01])))
case("optimizer config with a schedule", lambda: K.optimizers.SGD(S.CosineDecay(0.1, 5)).get_config()["learning_rate"])


class HalvingEvery(S.LearningRateSchedule):
    def __init__(self, rate, every):
        self.rate, self.every = rate, every

    def __call__(self, step):
        return self.rate * 0.5 ** tf.math.floor(tf.cast(step, "float32") / self.every)

    def get_config(self):
        return {"rate": self.rate, "every": self.every}


case("schedule serialize", lambda: [S.serialize(S.PiecewiseConstantDecay([2], [0.1, 0.01])), S.serialize(
    HalvingEvery(0.2, 3)), S.deserialize(S.serialize(HalvingEvery(0.2, 3)), {"HalvingEvery": HalvingEvery}).every,
    S.deserialize(S.serialize(S.InverseTimeDecay(0.1, 2, 0.5))).get_config()])
case("optimizer from config with a schedule", lambda: (lambda o: (type(o._learning_rate).__name__, rates(
    [o.learning_rate]), o.get_config()["learning_rate"]))(K.optimizers.Adam.from_config(
        K.optimizers.Adam(S.PolynomialDecay(0.1, 4, cycle=True)).get_config())))
case("fit with a schedule of ours", lambda: schedule_in_fit(HalvingEvery(0.04, 4), epochs=2))
