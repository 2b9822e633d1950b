"""Keras 3's `TensorBoard` callback (keras/src/callbacks/tensorboard.py) over varrt's tf.summary:
`train/` and `validation/` event files under `log_dir` with the epoch's logs (`epoch_<name>`, the
optimizer's `epoch_learning_rate`), the validation logs against the optimizer's iterations
(`evaluation_<name>_vs_iterations`), per-batch logs (`batch_<name>`) every `update_freq` batches,
the weights' histograms (and images) every `histogram_freq` epochs and, with `write_graph`, the
model's JSON config (the "keras" summary). Not in varrt: the profiler (`profile_batch`) and the
embedding projector (`embeddings_freq`), which raise NotImplementedError; the training function's
graph, which `write_graph` does not write (varrt has no GraphDef of it)."""
import json
import os
import sys
import time

import numpy as np

from varrt import summary
from varrt.models.callback import Callback
from varrt.models.learning_rate_log import current_learning_rate
from varrt.saving import serialization_lib
from varrt.summary.plugin_metadata import summary_metadata


def _model_json(model):
    """Keras's model.to_json(): the model's serialized config as JSON."""
    return json.dumps(serialization_lib.serialize_keras_object(model), default=_json_type)


def _json_type(obj):
    if hasattr(obj, "get_config"):
        return {"class_name": obj.__class__.__name__, "config": obj.get_config()}
    if type(obj).__module__ == np.__name__:
        return obj.tolist() if isinstance(obj, np.ndarray) else obj.item()
    if callable(obj):
        return obj.__name__
    if type(obj).__name__ == type.__name__:
        return obj.__name__
    raise TypeError(f"Unable to serialize {obj} to JSON. Unrecognized type {type(obj)}.")


def keras_model_summary(name, data, step=None):
    """Writes a Keras model's JSON config as a summary TensorBoard's graph dashboard shows (Keras's
    keras_model_summary: plugin "graph_keras_model", content b"1")."""
    json_string = _model_json(data)
    with summary.experimental.summary_scope(name, "graph_keras_model", [data, step]) as (tag, _):
        return summary.write(tag=tag, tensor=json_string, step=step,
                             metadata=summary_metadata("graph_keras_model", content=b"1"))


class TensorBoard(Callback):
    """Enable visualizations for TensorBoard: writes the event files `tensorboard --logdir`
    reads, as Keras 3 writes them.

    Args:
        log_dir: the path of the directory where to save the log files to be parsed by TensorBoard.
        histogram_freq: frequency (in epochs) at which to compute weight histograms for the layers
            of the model. If set to 0, histograms won't be computed.
        write_graph: whether to write the model's JSON config (TensorBoard's Keras graph); varrt
            does not write the training function's graph.
        write_images: whether to write model weights to visualize as image in TensorBoard.
        write_steps_per_second: whether to log the training steps per second.
        update_freq: `"batch"` or `"epoch"` or integer. When using `"epoch"`, writes the losses and
            metrics to TensorBoard after every epoch; an integer N, after every N batches.
        profile_batch: 0 (varrt has no profiler: anything else raises NotImplementedError).
        embeddings_freq: 0 (varrt has no embedding projector: anything else raises NotImplementedError).
        embeddings_metadata: unused with `embeddings_freq=0`.
    """

    def __init__(self, log_dir="logs", histogram_freq=0, write_graph=True, write_images=False,
                 write_steps_per_second=False, update_freq="epoch", profile_batch=0, embeddings_freq=0,
                 embeddings_metadata=None):
        super().__init__()
        self.log_dir = str(log_dir)
        self.histogram_freq = histogram_freq
        self.write_graph = write_graph
        self.write_images = write_images
        self.write_steps_per_second = write_steps_per_second
        self.update_freq = 1 if update_freq == "batch" else update_freq
        self.embeddings_freq = embeddings_freq
        self.embeddings_metadata = embeddings_metadata
        if embeddings_freq:
            raise NotImplementedError("varrt has no TensorBoard embedding projector "
                                      f"(TensorBoard(embeddings_freq={embeddings_freq}))")
        self._init_profile_batch(profile_batch)
        self._global_train_batch = 0
        self._global_test_batch = 0
        self._previous_epoch_iterations = 0
        self._train_accumulated_time = 0
        self._batch_start_time = 0
        self._writers = {}
        self._prev_summary_state = []

    def _init_profile_batch(self, profile_batch):
        message = ("profile_batch must be a non-negative integer or 2-tuple of positive integers. A pair of positive "
                   f"integers signifies a range of batches to profile. Found: {profile_batch}")
        if isinstance(profile_batch, str):
            profile_batch = [int(p) for p in str(profile_batch).split(",")]
        if isinstance(profile_batch, int):
            start, stop = profile_batch, profile_batch
        elif isinstance(profile_batch, (tuple, list)) and len(profile_batch) == 2:
            start, stop = profile_batch
        else:
            raise ValueError(message)
        if start < 0 or stop < start:
            raise ValueError(message)
        if not (start == 0 and stop == 0):
            raise NotImplementedError(f"varrt has no profiler (TensorBoard(profile_batch={profile_batch}))")

    def set_model(self, model):
        """Sets Keras model and writes its JSON config if `write_graph`."""
        self._model = model
        self._log_write_dir = self.log_dir
        self._train_dir = os.path.join(self._log_write_dir, "train")
        self._val_dir = os.path.join(self._log_write_dir, "validation")
        self._writers = {}
        if self.write_graph:
            self._write_keras_model_summary()

    @property
    def _train_writer(self):
        if "train" not in self._writers:
            self._writers["train"] = summary.create_file_writer(self._train_dir)
        return self._writers["train"]

    @property
    def _val_writer(self):
        if "val" not in self._writers:
            self._writers["val"] = summary.create_file_writer(self._val_dir)
        return self._writers["val"]

    def _write_keras_model_summary(self):
        with self._train_writer.as_default():
            if self.model.__class__.__name__ in ("Functional", "Sequential"):
                keras_model_summary("keras", self.model, step=0)

    def _push_writer(self, writer, step):
        """Sets the default writer for custom batch-level summaries."""
        if self.update_freq == "epoch":
            return

        def should_record():
            return step % self.update_freq == 0

        context = (writer.as_default(step), summary.record_if(should_record))
        self._prev_summary_state.append(context)
        context[0].__enter__()
        context[1].__enter__()

    def _pop_writer(self):
        if self.update_freq == "epoch":
            return
        previous = self._prev_summary_state.pop()
        previous[1].__exit__(*sys.exc_info())
        previous[0].__exit__(*sys.exc_info())

    def _close_writers(self):
        for writer in self._writers.values():
            writer.close()

    def on_train_begin(self, logs=None):
        self._global_train_batch = 0
        self._previous_epoch_iterations = 0
        self._push_writer(self._train_writer, self._global_train_batch)

    def on_train_end(self, logs=None):
        self._pop_writer()
        self._close_writers()

    def on_test_begin(self, logs=None):
        self._push_writer(self._val_writer, self._global_test_batch)

    def on_test_end(self, logs=None):
        if self.model.optimizer and hasattr(self.model.optimizer, "iterations"):
            with self._val_writer.as_default():
                for name, value in logs.items():
                    summary.scalar(f"evaluation_{name}_vs_iterations", value, step=self.model.optimizer.iterations)
        self._pop_writer()

    def on_train_batch_begin(self, batch, logs=None):
        self._global_train_batch += 1
        if self.update_freq != "epoch":
            self._pop_writer()
            self._push_writer(self._train_writer, self._global_train_batch)
        if self.write_steps_per_second:
            self._batch_start_time = time.time()

    def on_train_batch_end(self, batch, logs=None):
        if self.write_steps_per_second:
            batch_run_time = time.time() - self._batch_start_time
            summary.scalar("batch_steps_per_second", 1.0 / batch_run_time, step=self._global_train_batch)
        if isinstance(logs, dict):
            for name, value in logs.items():
                summary.scalar(f"batch_{name}", value, step=self._global_train_batch)

    def on_test_batch_begin(self, batch, logs=None):
        self._global_test_batch += 1
        if self.update_freq != "epoch":
            self._pop_writer()
            self._push_writer(self._val_writer, self._global_test_batch)

    def on_epoch_begin(self, epoch, logs=None):
        if self.write_steps_per_second:
            self._previous_epoch_iterations = float(np.asarray(self.model.optimizer.iterations))
            self._epoch_start_time = time.time()

    def on_epoch_end(self, epoch, logs=None):
        """Runs metrics and histogram summaries at epoch end."""
        self._log_epoch_metrics(epoch, logs)
        if self.histogram_freq and epoch % self.histogram_freq == 0:
            self._log_weights(epoch)

    def _collect_learning_rate(self, logs):
        optimizer = self.model.optimizer
        if optimizer is not None and hasattr(optimizer, "learning_rate"):
            logs["learning_rate"] = current_learning_rate(optimizer)
        return logs

    def _compute_steps_per_second(self):
        iterations = float(np.asarray(self.model.optimizer.iterations))
        elapsed = np.float32(time.time() - self._epoch_start_time)
        return float((np.float32(iterations) - np.float32(self._previous_epoch_iterations)) / elapsed)

    def _log_epoch_metrics(self, epoch, logs):
        if not logs:
            return
        train_logs = {k: v for k, v in logs.items() if not k.startswith("val_")}
        val_logs = {k: v for k, v in logs.items() if k.startswith("val_")}
        train_logs = self._collect_learning_rate(train_logs)
        if self.write_steps_per_second:
            train_logs["steps_per_second"] = self._compute_steps_per_second()
        if train_logs:
            with self._train_writer.as_default():
                for name, value in train_logs.items():
                    summary.scalar(f"epoch_{name}", value, step=epoch)
        if val_logs:
            with self._val_writer.as_default():
                for name, value in val_logs.items():
                    summary.scalar(f"epoch_{name[4:]}", value, step=epoch)

    def _log_weights(self, epoch):
        with self._train_writer.as_default():
            for layer in self.model.layers:
                for weight in layer.weights:
                    weight_name = weight.path.replace(":", "_")
                    summary.histogram(f"{weight_name}/histogram", weight, step=epoch)
                    if self.write_images:
                        self._log_weight_as_image(weight, f"{weight_name}/image", epoch)
            self._train_writer.flush()

    def _log_weight_as_image(self, weight, weight_name, epoch):
        w_img = np.squeeze(np.asarray(weight))
        shape = w_img.shape
        if len(shape) == 1:  # a bias
            w_img = w_img.reshape([1, shape[0], 1, 1])
        elif len(shape) == 2:  # a Dense kernel
            if shape[0] > shape[1]:
                w_img = w_img.T
                shape = w_img.shape
            w_img = w_img.reshape([1, shape[0], shape[1], 1])
        elif len(shape) == 3:  # a convolution's kernel, channels last
            w_img = np.transpose(w_img, [2, 0, 1])
            shape = w_img.shape
            w_img = w_img.reshape([shape[0], shape[1], shape[2], 1])
        if w_img.ndim == 4 and w_img.shape[-1] in (1, 3, 4):
            summary.image(weight_name, w_img, step=epoch)
