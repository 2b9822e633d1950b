"""`Normalization` (keras/src/layers/preprocessing/normalization.py): `(x - mean) /
max(sqrt(variance), epsilon)` per position of the kept `axis`, the statistics given or learned
by `adapt` (arrays, tensors, batched `tf.data` datasets or iterables of batches). Adapted
statistics live in three non-trainable Keras variables (`mean`, `variance` and Keras's legacy
`count`), saved in `.keras` files and checkpoints; the call uses constant copies of them
reshaped for broadcasting (`finalize_state`, run after `adapt` and after loading)."""
import itertools
import math

import numpy as np

from varrt.data.dataset_ops import DatasetV2
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.layers.data_layer import DataLayer, to_dtype
from varrt.layers.keras_variable import KerasVariable
from varrt.ops import array_ops, math_ops, reduction_ops

_EPSILON = 1e-7  # Keras's backend.epsilon()


def _statistics_dtypes(dtype):
    """Keras's ops.mean and ops.var on TensorFlow: computed in at least float32; an integer
    input gives float32 results, a float input its own dtype."""
    compute = "float64" if dtype == "float64" else "float32"
    return compute, (compute if not dtype.startswith("float") and dtype != "bfloat16" else dtype)


def _mean(x, axis):
    compute, result = _statistics_dtypes(x.dtype.name)
    return math_ops.cast(reduction_ops.reduce_mean(math_ops.cast(x, compute), axis=axis), result)


def _variance(x, axis):
    compute, result = _statistics_dtypes(x.dtype.name)
    return math_ops.cast(reduction_ops.reduce_variance(math_ops.cast(x, compute), axis=axis), result)


def _first_of(batch):
    """Keras's `_extract_batch`: the inputs of an `(x, y)` or `(x, y, sample_weight)` element."""
    return batch[0] if isinstance(batch, tuple) else batch


class Normalization(DataLayer):
    """Normalizes continuous features (`tf.keras.layers.Normalization`).

    Args:
        axis: The axis or axes that keep separate statistics (None: one mean and variance for
            everything); the others are reduced over.
        mean, variance: The statistics, given instead of learned by `adapt` (both or neither);
            broadcast to the kept axes.
        invert: Apply the inverse: `mean + x * sqrt(variance)`.
        **kwargs: `Layer`'s arguments.
    """

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        if axis is None:
            axis = ()
        elif isinstance(axis, int):
            axis = (axis,)
        else:
            axis = tuple(axis)
        self.axis = axis
        self.input_mean = mean
        self.input_variance = variance
        self.invert = invert
        self.supports_masking = True
        self._build_input_shape = None
        self.mean = None
        if (mean is not None) != (variance is not None):
            raise ValueError("When setting values directly, both `mean` and `variance` must be set. Received: "
                             f"mean={mean} and variance={variance}")
        if mean is not None:
            if np.shape(mean) != np.shape(variance):
                raise ValueError("When setting values directly, `mean` and `variance` must have the same shape. "
                                 f"Received: mean shape {np.shape(mean)} and variance shape {np.shape(variance)}")
            if len(np.shape(mean)) > len(self.axis):
                raise ValueError(f"The rank of `mean` must be less than or equal to the number of axes "
                                 f"({len(self.axis)}). Received: mean shape {np.shape(mean)} for axis {self.axis}")

    def build(self, input_shape):
        if input_shape is None:
            return
        ndim = len(input_shape)
        self._build_input_shape = input_shape
        if any(a < -ndim or a >= ndim for a in self.axis):
            raise ValueError("All `axis` values must be in the range [-ndim, ndim). Received inputs with "
                             f"ndim={ndim}, while axis={self.axis}")
        self._keep_axis = tuple(sorted(d if d >= 0 else d + ndim for d in self.axis))
        for d in self._keep_axis:
            if input_shape[d] is None:
                raise ValueError(f"All `axis` values to be kept must have a known shape. Received axis={self.axis}, "
                                 f"inputs.shape={input_shape}, with unknown axis at index {d}")
        self._reduce_axis = tuple(d for d in range(ndim) if d not in self._keep_axis)
        self._broadcast_shape = [input_shape[d] if d in self._keep_axis else 1 for d in range(ndim)]
        self._mean_and_var_shape = tuple(input_shape[d] for d in self._keep_axis)
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(name="mean", shape=self._mean_and_var_shape, initializer="zeros",
                                              trainable=False)
            self.adapt_variance = self.add_weight(name="variance", shape=self._mean_and_var_shape,
                                                  initializer="ones", trainable=False)
            # Keras keeps it for older saved models.
            self.count = self.add_weight(name="count", shape=(), dtype="int", initializer="zeros", trainable=False)
            self.built = True
            self.finalize_state()
        else:
            mean = convert_to_tensor(self.input_mean)
            variance = convert_to_tensor(self.input_variance)
            if mean.shape.rank:
                # Keras aligns the given statistics with the kept axes from the right.
                expanded = [1] * ndim
                for i in range(1, mean.shape.rank + 1):
                    expanded[self._keep_axis[-i]] = mean.shape[-i]
                mean = array_ops.reshape(mean, expanded)
                variance = array_ops.reshape(variance, expanded)
            mean = array_ops.broadcast_to(mean, self._broadcast_shape)
            variance = array_ops.broadcast_to(variance, self._broadcast_shape)
            self.mean = math_ops.cast(mean, self.compute_dtype)
            self.variance = math_ops.cast(variance, self.compute_dtype)
            self.built = True

    def adapt(self, data):
        """Computes the mean and variance of `data` along the reduced axes: a NumPy array, a
        tensor, a `tf.data.Dataset` (batched; an unbatched one of vectors is batched by 128) or
        an iterable of batches."""
        data_is_iterable = False
        if isinstance(data, (np.ndarray, Tensor, KerasVariable)):
            input_shape = tuple(data.shape)
        elif isinstance(data, DatasetV2):
            input_shape = self._dataset_input_shape(data)
            if len(input_shape) == 1:
                data = data.batch(128)
                input_shape = self._dataset_input_shape(data)
        elif hasattr(data, "__iter__"):
            data_is_iterable = True
            data_iter = iter(data)
            first_batch = next(data_iter, None)
            if first_batch is None:
                raise ValueError("adapt() received an empty iterable (no batches). Expected at least one batch. Pass "
                                 "a non-empty iterable of arrays or tensors, e.g. layer.adapt([x]) or "
                                 "layer.adapt(list_of_batches).")
            first_batch = _first_of(first_batch)
            input_shape = getattr(first_batch, "shape", None)
            if input_shape is None:
                raise TypeError("adapt() expects an iterable that yields arrays or tensors with a `.shape` attribute "
                                "(e.g. numpy arrays or backend tensors). Got an element of type "
                                f"{type(first_batch).__name__}. Ensure each yielded element is array-like with a "
                                "`.shape` attribute.")
            input_shape = tuple(input_shape)
            data = itertools.chain([first_batch], data_iter)
        else:
            raise TypeError(f"Unsupported data type: {type(data)}. `adapt` supports `np.ndarray`, backend tensors, "
                            "`tf.data.Dataset`, `keras.utils.PyDataset`, and iterables of batches (e.g. list, "
                            "generator).")
        if not self.built:
            self.build(input_shape)
        else:
            for d in self._keep_axis:
                if input_shape[d] != self._build_input_shape[d]:
                    raise ValueError(f"The layer was built with input_shape={self._build_input_shape}, but adapt() is "
                                     f"being called with data with an incompatible shape, data.shape={input_shape}")
        if isinstance(data, np.ndarray):
            total_mean = np.mean(data, axis=self._reduce_axis)
            total_var = np.var(data, axis=self._reduce_axis)
        elif isinstance(data, (Tensor, KerasVariable)):
            data = convert_to_tensor(data)
            total_mean = _mean(data, self._reduce_axis)
            total_var = _variance(data, self._reduce_axis)
        else:
            total_mean, total_var = self._batched_moments(data)
        self.adapt_mean.assign(total_mean)
        self.adapt_variance.assign(total_var)
        self.finalize_state()

    @staticmethod
    def _dataset_input_shape(dataset):
        spec = dataset.element_spec
        spec = spec[0] if isinstance(spec, tuple) else spec
        return tuple(spec.shape)

    def _batched_moments(self, batches):
        """Keras's running mean and variance over batches (the lack-of-fit sum of squares)."""
        total_mean = array_ops.zeros(self._mean_and_var_shape)
        total_var = array_ops.zeros(self._mean_and_var_shape)
        total_count = 0
        for batch in batches:
            batch = to_dtype(_first_of(batch), self.compute_dtype)
            for d in self._keep_axis:
                batch_dim, expected = batch.shape[d], self._build_input_shape[d]
                if batch_dim is not None and expected is not None and batch_dim != expected:
                    raise ValueError(f"adapt() yielded a batch with incompatible shape. Expected "
                                     f"{self._build_input_shape}, got {tuple(batch.shape)}.")
            batch_mean = _mean(batch, self._reduce_axis)
            batch_var = _variance(batch, self._reduce_axis)
            batch_count = math.prod(batch.shape[d] for d in self._reduce_axis) if self._reduce_axis else 1
            total_count += batch_count
            batch_weight = float(batch_count) / total_count
            existing_weight = 1.0 - batch_weight
            new_total_mean = total_mean * existing_weight + batch_mean * batch_weight
            total_var = ((total_var + (total_mean - new_total_mean) ** 2) * existing_weight
                         + (batch_var + (batch_mean - new_total_mean) ** 2) * batch_weight)
            total_mean = new_total_mean
        return total_mean, total_var

    def finalize_state(self):
        """The constants the call uses, from the adapted variables (after `adapt` or loading)."""
        if self.input_mean is not None or not self.built:
            return
        self.mean = math_ops.cast(array_ops.reshape(self.adapt_mean.value, self._broadcast_shape),
                                  self.compute_dtype)
        self.variance = math_ops.cast(array_ops.reshape(self.adapt_variance.value, self._broadcast_shape),
                                      self.compute_dtype)

    def call(self, inputs):
        if self.mean is None:
            raise ValueError("You must call `.build(input_shape)` on the layer before using it.")
        inputs = to_dtype(inputs, self.compute_dtype)
        scale = math_ops.maximum(math_ops.sqrt(self.variance), _EPSILON)
        if self.invert:
            return self.mean + inputs * scale
        return (inputs - self.mean) / scale

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis, "invert": self.invert, "mean": np.array(self.input_mean).tolist(),
                       "variance": np.array(self.input_variance).tolist()})
        return config

    def load_own_variables(self, store):
        super().load_own_variables(store)
        self.finalize_state()

    def get_build_config(self):
        if self._build_input_shape:
            return {"input_shape": self._build_input_shape}
        return None

    def build_from_config(self, config):
        if config:
            self.build(config["input_shape"])
