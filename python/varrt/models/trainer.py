"""Keras 3's Trainer on the TensorFlow backend (keras/src/trainers/trainer.py and
keras/src/backend/tensorflow/trainer.py): `compile`, `fit`, `evaluate`, `predict` and the
`*_on_batch` methods of a Model.

A training step runs the model under a GradientTape, computes the compiled loss plus the
model's added losses, updates the "loss" tracker (a `Mean` weighted by the batch size, so an
epoch's loss is the mean over its samples), applies the gradients with the optimizer and
updates the compiled metrics. The steps are traced with `tf.function` unless
`run_eagerly=True`. Logs are Python floats by sorted name, as Keras's."""
import numpy as np

from varrt.autodiff.backprop import GradientTape
from varrt.base import nest
from varrt.base.dtypes import float32, int32
from varrt.framework import distribution_context
from varrt.framework.sparse_tensor import SparseTensor
from varrt.framework.tensor import convert_to_tensor
from varrt.losses.loss import scale_loss_for_distribution, unscale_loss_for_distribution
from varrt.metrics.compile_metrics import CompileMetrics
from varrt.metrics.reduction_metrics import Mean
from varrt.models import identifiers
from varrt.models.batches import batches, unpack
from varrt.models.compile_loss import CompileLoss
from varrt.models.callback import pythonify_logs
from varrt.models.callback_list import CallbackList
from varrt.models.sparse_step import ComponentStep
from varrt.models.validation_split import train_validation_split
from varrt.ops import array_ops, math_ops, reduction_ops

_NOT_COMPILED = "You must call `compile()` before using the model."


def _refuse(**arguments):
    """Keras arguments varrt's trainer does not implement yet: an error naming them."""
    for name, (value, default) in arguments.items():
        if value is not default and value != default:
            raise NotImplementedError(f"varrt's Keras models do not support `{name}` yet (received {name}={value!r}).")


def _rows_of(x):
    """The number of rows of the first of `x`'s arrays (a SparseTensor's first dimension)."""
    first = nest.flatten(x)[0]
    return int(first.shape[0]) if isinstance(first, SparseTensor) else len(first)


def _batch_size_of(x):
    first = next(t for t in nest.flatten(x) if t is not None)
    if isinstance(first, SparseTensor):  # tf.shape of a SparseTensor: its dense shape, as int32
        return math_ops.cast(first.dense_shape[0], int32)
    return array_ops.shape(first)[0]


def _current_strategy():
    """The strategy whose scope or replica this thread is in, or None (the default strategy,
    which lives in distribute/, a layer above)."""
    return distribution_context.current_strategy()


class _ReplicatedStep:
    """A step under the model's strategy (Keras's `one_step_on_data` with `strategy.run`): each
    batch split across the replicas as a distributed dataset splits it, the step run in each
    replica, the replicas' logs averaged ("mean") or their outputs concatenated ("concat"). It
    runs eagerly: varrt does not trace a step whose replicas merge (the optimizer's update)."""

    def __init__(self, strategy, step, reduction):
        self._strategy = strategy
        self._step = step
        self._reduction = reduction

    def __call__(self, data):
        outputs = self._strategy.run(self._step, args=(self._strategy._split_batch(data),))
        return nest.map_structure(self._reduce, outputs)

    def _reduce(self, value):
        local = self._strategy.experimental_local_results(value)
        if len(local) == 1:
            return local[0]
        if self._reduction == "concat":
            return array_ops.concat(list(local), axis=0)
        return reduction_ops.reduce_mean(array_ops.stack(list(local)), axis=0)


class Trainer:
    """The training methods of `tf.keras.Model` (mixed into Model)."""

    def _init_trainer(self):
        self.compiled = False
        self.optimizer = None
        self.loss = None
        self._compile_loss = None
        self._compile_metrics = None
        self._loss_tracker = None
        self.run_eagerly = False
        self.history = None
        self.stop_training = False
        self.stop_evaluating = False
        self.stop_predicting = False
        self._functions = {}
        self._initial_epoch = None
        # The strategy whose scope the model was made in (Keras's `distribute_strategy`), or None.
        self._distribute_strategy = distribution_context.current_strategy()

    # --- compile ------------------------------------------------------------------------

    def compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None, weighted_metrics=None,
                run_eagerly=False, steps_per_execution=1, jit_compile="auto", auto_scale_loss=True):
        """Configures the model for training: the optimizer and loss (objects or Keras's names),
        `metrics` (not weighted by sample weights) and `weighted_metrics` (weighted): metric
        objects, functions or Keras's names ("accuracy", "mse", "auc", ...), a list, or per
        output a list or dict by output name."""
        _refuse(steps_per_execution=(steps_per_execution, 1))
        self.optimizer = identifiers.get_optimizer(optimizer)
        self.loss = loss
        self.loss_weights = loss_weights
        self._compile_loss = None  # resolved by the first step, as Keras builds its CompileLoss
        self._compile_metrics = None
        if metrics is not None or weighted_metrics is not None:
            self._compile_metrics = CompileMetrics(metrics, weighted_metrics,
                                                   output_names=getattr(self, "output_names", None))
        self._loss_tracker = Mean(name="loss")
        self.run_eagerly = run_eagerly
        self.jit_compile = jit_compile
        self.compiled = True
        self._functions = {}

    @property
    def metrics(self):
        """The loss tracker ("loss"), then the compiled metrics as one ("compile_metrics")."""
        out = [self._loss_tracker] if self._loss_tracker is not None else []
        out += [self._compile_metrics] if self._compile_metrics is not None else []
        return out + (self._compile_loss.metrics if self._compile_loss is not None else [])

    @property
    def metrics_names(self):
        """The names of `metrics` ("loss" first)."""
        return [m.name for m in self.metrics]

    def reset_metrics(self):
        """Resets the loss tracker and the metrics (each pass of fit and evaluate starts so)."""
        for m in self.metrics:
            m.reset_state()

    def _assert_compiled(self):
        if not self.compiled:
            raise ValueError(_NOT_COMPILED)

    # --- one step -----------------------------------------------------------------------

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        """The compiled loss of `y` and `y_pred` plus the model's added losses."""
        losses = []
        self._resolve_loss()
        if self._compile_loss is not None:
            y_true = nest.map_structure(convert_to_tensor, y) if y is not None else None
            loss = self._compile_loss(y_true, y_pred, sample_weight)
            if loss is not None:
                losses.append(math_ops.cast(loss, float32))
        for loss in self.losses:
            loss = loss if loss.dtype.is_floating else math_ops.cast(loss, float32)
            losses.append(scale_loss_for_distribution(reduction_ops.reduce_sum(loss)))
        if not losses:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        return losses[0] if len(losses) == 1 else reduction_ops.reduce_sum(array_ops.stack(losses))

    def _resolve_loss(self):
        if self._compile_loss is None and self.loss is not None:
            self._compile_loss = CompileLoss(self.loss, self.loss_weights,
                                             output_names=getattr(self, "output_names", None))

    def _call_model(self, x, training):
        if "training" in self._call_parameters:
            return self(x, training=training)
        return self(x)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        """Updates the compiled metrics with a batch's targets and predictions (`metrics`
        unweighted, `weighted_metrics` weighted by `sample_weight`) and returns every metric's
        result by name (`get_metrics_result`); `x` is not used."""
        del x
        if self._compile_metrics is not None:
            self._compile_metrics.update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def train_step(self, data):
        """One training step on a batch `(x, y, sample_weight)`; returns the logs (the running results)."""
        x, y, sample_weight = unpack(data)
        with GradientTape() as tape:
            y_pred = self._call_model(x, training=True)
            loss = self.compute_loss(x, y, y_pred, sample_weight, training=True)
            self._loss_tracker.update_state(unscale_loss_for_distribution(loss), sample_weight=_batch_size_of(x))
        trainable_weights = self.trainable_weights
        if trainable_weights:
            gradients = tape.gradient(loss, trainable_weights)
            self.optimizer.apply_gradients(zip(gradients, trainable_weights))
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def test_step(self, data):
        """One evaluation step on a batch; returns the logs (the running results)."""
        x, y, sample_weight = unpack(data)
        y_pred = self._call_model(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        self._loss_tracker.update_state(unscale_loss_for_distribution(loss), sample_weight=_batch_size_of(x))
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def predict_step(self, data):
        """The model's outputs on a batch (its `x`)."""
        x, _, _ = unpack(data)
        return self._call_model(x, training=False)

    def get_metrics_result(self):
        """The results of `metrics` by name, a compiled-metrics dict spread into it."""
        out = {}
        for m in self.metrics:
            result = m.result()
            if isinstance(result, dict):
                out.update(result)
            else:
                out[m.name] = result
        return out

    def _flatten_metrics_in_order(self, logs):
        """The logs as a list: "loss", the compiled metrics in their order, then the rest by
        name; a single value alone (Keras's `_flatten_metrics_in_order`)."""
        names = []
        for m in self.metrics:
            names += [sub.name for sub in m.metrics or []] if isinstance(m, CompileMetrics) else [m.name]
        results = [logs[name] for name in names if name in logs]
        results += [logs[k] for k in sorted(logs) if k not in names]
        return results[0] if len(results) == 1 else results

    @property
    def distribute_strategy(self):
        """The strategy the model was made under, else the current one."""
        return self._distribute_strategy or _current_strategy()

    def _step_function(self, kind):
        """The step `kind` ("train", "test", "predict"), traced once per model unless run eagerly."""
        step = getattr(self, kind + "_step")
        if self._distribute_strategy is not None:
            return _ReplicatedStep(self._distribute_strategy, step, "concat" if kind == "predict" else "mean")
        if self.run_eagerly:
            return step
        if kind not in self._functions:
            # As Keras: a partial last batch relaxes the trace to any batch size, not a new trace per size.
            self._functions[kind] = ComponentStep(step)  # tf.function's, SparseTensors passed as their components
        return self._functions[kind]

    def _build_for(self, data):
        """Creates the model's and the optimizer's variables before the first traced step (Keras's
        symbolic build), so that a retrace for a partial last batch creates none; in the model's
        strategy's scope, as Keras builds."""
        if self._distribute_strategy is not None:
            with self._distribute_strategy.scope():
                self._build_unscoped(data)
        else:
            self._build_unscoped(data)

    def _build_unscoped(self, data):
        x, y, sample_weight = unpack(data)
        self._resolve_loss()
        if not self.built:
            self._call_model(x, training=False)
        if self.optimizer is not None and not self.optimizer.built:
            self.optimizer.build(self.trainable_variables)
        # The compiled loss builds on the first step (inside its trace for a traced step: its
        # trackers are made there, once); the metrics here, from an eager call.
        if self._compile_metrics is not None and not self._compile_metrics.built and y is not None:
            self._compile_metrics.build(nest.map_structure(convert_to_tensor, y), self._call_model(x, training=False))


    # --- fit ----------------------------------------------------------------------------

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1):
        """Trains the model for `epochs` epochs on `x` and `y` (arrays) or on `x` a Dataset of
        batches; returns the `History` of each epoch's logs."""
        self._assert_compiled()
        _refuse(class_weight=(class_weight, None), steps_per_epoch=(steps_per_epoch, None),
                validation_steps=(validation_steps, None), validation_freq=(validation_freq, 1))
        if validation_split and validation_data is None:
            (x, y, sample_weight), validation_data = train_validation_split((x, y, sample_weight), validation_split)
        data = batches(x, y, sample_weight, batch_size, shuffle)
        # Keras's order: the given callbacks, then History and the progress bar, unless given.
        callback_list = CallbackList(callbacks, add_history=True, add_progbar=verbose != 0, model=self,
                                     verbose=verbose, epochs=epochs, steps=data.num_batches)
        self.stop_training = False
        callback_list.on_train_begin()
        train = None
        training_logs = None
        # BackupAndRestore sets `_initial_epoch` when it restores; as Keras, it is kept for later fits.
        for epoch in range(self._initial_epoch or initial_epoch, epochs):
            self.reset_metrics()
            callback_list.on_epoch_begin(epoch)
            logs = {}
            step = 0
            for batch in data.epoch():
                if train is None:
                    self._build_for(batch)
                    train = self._step_function("train")
                callback_list.on_train_batch_begin(step)
                logs = train(batch)
                callback_list.on_train_batch_end(step, logs)
                step += 1
                if self.stop_training:
                    break
            epoch_logs = pythonify_logs(self.get_metrics_result() if step else logs)
            if validation_data is not None:
                val_x, val_y, val_sample_weight = unpack(validation_data)
                val_logs = self.evaluate(val_x, val_y, sample_weight=val_sample_weight,
                                         batch_size=validation_batch_size or batch_size,
                                         callbacks=callback_list, return_dict=True)
                epoch_logs.update({"val_" + k: v for k, v in val_logs.items()})
                epoch_logs = pythonify_logs(epoch_logs)
            callback_list.on_epoch_end(epoch, epoch_logs)
            training_logs = epoch_logs
            if self.stop_training:
                break
        if epochs > 0:
            self.optimizer.finalize_variable_values(self.trainable_weights)  # use_ema: the averages
        callback_list.on_train_end(training_logs)
        return self.history

    # --- evaluate and predict -----------------------------------------------------------

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None,
                 callbacks=None, return_dict=False, **kwargs):
        """The loss and metrics on `x` and `y`: a float when there is only the loss, else a
        list ("loss", then the metrics in their order), or a dict with `return_dict=True`."""
        self._assert_compiled()
        _refuse(steps=(steps, None))
        if kwargs:
            raise ValueError(f"Arguments not recognized: {kwargs}")
        data = batches(x, y, sample_weight, batch_size, shuffle=False)
        callbacks = self._callback_list(callbacks, verbose, data)
        self.stop_evaluating = False
        callbacks.on_test_begin()
        self.reset_metrics()
        test, step, logs = None, 0, {}
        for batch in data.epoch():
            if test is None:
                self._build_for(batch)
                test = self._step_function("test")
            callbacks.on_test_batch_begin(step)
            logs = test(batch)
            callbacks.on_test_batch_end(step, logs)
            step += 1
            if self.stop_evaluating:
                break
        logs = pythonify_logs(self.get_metrics_result() if step else logs)
        callbacks.on_test_end(logs)
        return logs if return_dict else self._flatten_metrics_in_order(logs)

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        """The model's outputs on `x`, batch by batch, concatenated into NumPy arrays."""
        _refuse(steps=(steps, None))
        data = batches(x, None, None, batch_size, shuffle=False)
        callbacks = self._callback_list(callbacks, verbose, data)
        self.stop_predicting = False
        callbacks.on_predict_begin()
        predict, outputs, step = None, [], 0
        for batch in data.epoch():
            if predict is None:
                self._build_for(batch)
                predict = self._step_function("predict")
            callbacks.on_predict_batch_begin(step)
            batch_outputs = predict(batch)
            outputs.append(nest.map_structure(lambda t: t.numpy(), batch_outputs))
            callbacks.on_predict_batch_end(step, {"outputs": batch_outputs})
            step += 1
            if self.stop_predicting:
                break
        callbacks.on_predict_end()
        if not outputs:
            raise ValueError("Unexpected result of `predict_function` (Empty batch_outputs). Please use "
                             "`Model.compile(..., run_eagerly=True)`, or `tf.config.run_functions_eagerly(True)` "
                             "for more information of where went wrong, or file a issue/bug to `keras`.")
        return nest.map_structure(lambda *parts: np.concatenate(parts), *outputs)

    def _callback_list(self, callbacks, verbose, data):
        """`evaluate`'s and `predict`'s callbacks: fit's list as it is (validation), else the
        given ones and a progress bar unless verbose=0."""
        if isinstance(callbacks, CallbackList):
            return callbacks
        return CallbackList(callbacks, add_progbar=verbose != 0, model=self, verbose=verbose, epochs=1,
                            steps=data.num_batches)

    # --- one batch ----------------------------------------------------------------------

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        """One training step on one batch; its loss and metrics (the metrics are reset first)."""
        self._assert_compiled()
        _refuse(class_weight=(class_weight, None))
        batch = next(batches(x, y, sample_weight, batch_size=_rows_of(x)).epoch())
        self._build_for(batch)
        self.reset_metrics()
        return self._batch_result(self._step_function("train")(batch), return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        """The loss and metrics on one batch (the metrics are reset first)."""
        self._assert_compiled()
        batch = next(batches(x, y, sample_weight, batch_size=_rows_of(x)).epoch())
        self._build_for(batch)
        self.reset_metrics()
        return self._batch_result(self._step_function("test")(batch), return_dict)

    def predict_on_batch(self, x):
        """The model's outputs on one batch, as NumPy arrays."""
        batch = next(batches(x, None, None, batch_size=_rows_of(x)).epoch())
        self._build_for(batch)
        return nest.map_structure(lambda t: t.numpy(), self._step_function("predict")(batch))

    def _batch_result(self, logs, return_dict):
        logs = pythonify_logs(logs)
        return logs if return_dict else self._flatten_metrics_in_order(logs)
