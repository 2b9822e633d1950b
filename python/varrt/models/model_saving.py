"""What a Keras model adds for saving (keras/src/models/model.py and trainers/trainer.py):
`save`, `save_weights`, `load_weights`; the compile config `model.save()` writes and
`load_model(compile=True)` compiles from (with the optimizer built, so its saved state loads
and training resumes where it stopped); and `build_from_config` for a model whose `build` is
Keras's default, which runs the model once on inputs of the recorded shape to create its
sublayers' variables (Keras runs it symbolically; varrt on zeros, values unused)."""
import functools
import inspect
import warnings

import numpy as np

from varrt.base import nest

from varrt.framework.tensor_spec import TensorSpec
from varrt.graph.function import function
from varrt.layers.layer import Layer
from varrt.models import export_archive
from varrt.models.trainer import Trainer
from varrt.saving import saving_api, serialization_lib


# The arguments of `compile` a saved model's compile config holds (Keras's SerializableDict).
_COMPILE_CONFIG = ("optimizer", "loss", "loss_weights", "metrics", "weighted_metrics", "run_eagerly",
                   "steps_per_execution", "jit_compile")

_EXPORT_FORMATS = ("tf_saved_model", "onnx", "openvino", "litert", "torch")


class ModelSaving:
    """The saving methods of `Model` (mixed into it)."""

    def save(self, filepath, overwrite=True, zipped=None, **kwargs):
        """Saves the model as a `.keras` archive (config, weights, optimizer state);
        `tf.keras.models.save_model`."""
        return saving_api.save_model(self, filepath, overwrite=overwrite, zipped=zipped, **kwargs)

    def export(self, filepath, format="tf_saved_model", verbose=None, input_signature=None, **kwargs):
        """Exports the model's forward pass (its `__call__`) as a SavedModel for inference, the
        endpoint "serve" (also the "serving_default" signature); `tf.saved_model.load(filepath).serve(x)`.

        Args:
            filepath: Where to write the SavedModel.
            format: "tf_saved_model" (Keras's other formats need other runtimes).
            verbose: Whether to print the endpoints (default True).
            input_signature: The inputs' specs (`tf.TensorSpec`, `keras.InputSpec` or
                KerasTensors); by default the model's inputs with a free batch dimension.
        """
        if format not in _EXPORT_FORMATS:
            raise ValueError(f"Unrecognized format={format}. Supported formats are: {list(_EXPORT_FORMATS)}.")
        if format != "tf_saved_model":
            raise NotImplementedError(f"model.export: varrt exports only format='tf_saved_model', not {format!r}")
        export_archive.export_saved_model(self, filepath, verbose, input_signature=input_signature, **kwargs)

    def _default_save_signature(self):
        """The function `tf.saved_model.save(model)` serves as "serving_default" (Keras's
        TFLayer._default_save_signature): the model called on its inputs' specs, or on the shapes
        it was built with; None when it has neither."""
        inputs = getattr(self, "_functional", None)
        inputs = inputs.input if inputs is not None else vars(self).get("_inputs_struct")
        if inputs is not None:
            signature = (nest.map_structure(lambda x: TensorSpec(x.shape, x.dtype), inputs),)
        elif getattr(self, "_build_shapes_dict", None):
            signature = tuple(TensorSpec(shape, self.input_dtype) for shape in self._build_shapes_dict.values())
        else:
            return None

        def serving_default(inputs):
            return self(inputs)
        return function(serving_default, input_signature=signature, autograph=False)

    def save_weights(self, filepath, overwrite=True, max_shard_size=None):
        """Saves the model's and its optimizer's variables to a `.weights.h5` file."""
        return saving_api.save_weights(self, filepath, overwrite=overwrite, max_shard_size=max_shard_size)

    def load_weights(self, filepath, skip_mismatch=False, **kwargs):
        """Loads the variables in a `.weights.h5` file or `.keras` archive into the (built)
        model. With `skip_mismatch=True` the layers that do not match are left as they are,
        with a warning; otherwise a ValueError lists them (the others are loaded)."""
        saving_api.load_weights(self, filepath, skip_mismatch=skip_mismatch, **kwargs)

    @functools.wraps(Trainer.compile)
    def compile(self, *args, **kwargs):
        super().compile(*args, **kwargs)
        arguments = inspect.signature(Trainer.compile).bind(self, *args, **kwargs)
        arguments.apply_defaults()
        config = {name: arguments.arguments[name] for name in _COMPILE_CONFIG}
        config["optimizer"] = self.optimizer  # resolved from a name, as Keras records it
        # Keras resolves jit_compile="auto" to False on a machine with only CPUs, and to False
        # when run eagerly.
        jit_compile = config["jit_compile"]
        config["jit_compile"] = False if jit_compile == "auto" else bool(jit_compile and not config["run_eagerly"])
        self._compile_config = config

    def get_compile_config(self):
        """The arguments `compile` was given, serialized ({} before `compile`)."""
        if self.compiled and getattr(self, "_compile_config", None) is not None:
            return serialization_lib.serialize_dict(self._compile_config)
        return {}

    def compile_from_config(self, config):
        """Compiles the model as `get_compile_config()` says, and builds the optimizer."""
        if type(self).compile is not ModelSaving.compile:
            warnings.warn("`compile()` was not called as part of model loading because the model's `compile()` "
                          "method is custom. All subclassed Models that have `compile()` overridden should also "
                          "override `get_compile_config()` and `compile_from_config(config)`. Alternatively, you can "
                          "call `compile()` manually after loading.", stacklevel=2)
            return
        config = serialization_lib.deserialize_keras_object(config)
        self.compile(**config)
        if self.optimizer is not None and self.built:
            self.optimizer.build(self.trainable_variables)

    def build_from_config(self, config):
        """Builds the model for the shapes `get_build_config()` recorded."""
        if not config:
            return
        status = False
        if "input_shape" in config:
            if type(self).build is Layer.build:
                status = self._build_by_run(config["input_shape"])
            else:
                try:
                    self.build(config["input_shape"])
                    status = True
                except Exception:  # noqa: BLE001  (Keras warns instead)
                    pass
        if not status:
            warnings.warn(f"Model '{self.name}' had a build config, but the model cannot be built automatically in "
                          "`build_from_config(config)`. You should implement `def build_from_config(self, config)`, "
                          "and you might also want to implement the method  that generates the config at saving "
                          "time, `def get_build_config(self)`. The method `build_from_config()` is meant to create "
                          "the state of the model (i.e. its variables) upon deserialization.", stacklevel=2)

    def _build_by_run(self, input_shape):
        shape = [1 if d is None else d for d in input_shape]
        try:
            self(np.zeros(shape, self.compute_dtype))
        except Exception:  # noqa: BLE001  (Keras warns instead)
            return False
        return True
