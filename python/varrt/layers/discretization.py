"""`Discretization` (keras/src/layers/preprocessing/discretization.py): each value's bucket
among sorted `bin_boundaries` (TensorFlow's Bucketize: `boundaries[i-1] <= x < boundaries[i]`
gives i), as an int32 index or encoded (one-hot, multi-hot, count). `adapt` finds `num_bins`
boundaries from approximate quantiles, with Keras's NumPy summaries (`quantile_summary.py`)."""
import numpy as np

from varrt.data.dataset_ops import DatasetV2
from varrt.framework.tensor import Tensor, convert_to_tensor
from varrt.layers import quantile_summary
from varrt.layers.argument_validation import validate_string_arg
from varrt.layers.categorical_encoding import encode_categorical_inputs
from varrt.layers.data_layer import DataLayer
from varrt.layers.keras_tensor import KerasTensor
from varrt.layers.keras_variable import KerasVariable
from varrt.ops import array_ops, math_ops, search_ops

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count")


def digitize(x, bins):
    """Keras's ops.digitize on TensorFlow (Bucketize): the int32 bucket of each value, the
    boundaries compared as floats, integers of at most 16 bits widened first."""
    x = convert_to_tensor(x)
    bins = [float(b) for b in bins]
    if x.dtype.name in ("bool", "int8", "int16", "uint8", "uint16"):
        x = math_ops.cast(x, "int32")
    elif x.dtype.name == "uint32":
        x = math_ops.cast(x, "int64")
    elif x.dtype.name in ("bfloat16", "float16"):
        x = math_ops.cast(x, "float32")
    # Bucketize's boundaries are floats; x is compared with them as its own type does (float32
    # for float32 inputs, exact for integers in float64).
    compare = "float32" if x.dtype.name == "float32" else "float64"
    boundaries = array_ops.reshape(convert_to_tensor(np.asarray(bins, dtype=compare).reshape(-1)), [1, -1])
    flat = array_ops.reshape(math_ops.cast(x, compare), [1, -1])
    indices = search_ops.searchsorted(boundaries, flat, side="right", out_type="int32")
    return array_ops.reshape(indices, array_ops.shape(x))


class Discretization(DataLayer):
    """Buckets continuous features by ranges (`tf.keras.layers.Discretization`).

    Args:
        bin_boundaries: The sorted boundaries (n boundaries give n + 1 buckets), or None with
            `num_bins`.
        num_bins: The number of buckets `adapt` finds boundaries for.
        epsilon: The error tolerance of `adapt`'s quantiles.
        output_mode: "int" (the bucket index, int32), "one_hot", "multi_hot" or "count".
        sparse: Whether to return a SparseTensor (varrt: only False).
        dtype, name: `Layer`'s arguments.
    """

    def __init__(self, bin_boundaries=None, num_bins=None, epsilon=0.01, output_mode="int", sparse=False,
                 dtype=None, name=None):
        super().__init__(name=name, dtype=dtype)
        if sparse and output_mode == "int":
            raise ValueError("`sparse=True` may only be used if `output_mode` is `'one_hot'`, `'multi_hot'`, or "
                             f"`'count'`. Received: sparse={sparse} and output_mode={output_mode}")
        validate_string_arg(output_mode, _OUTPUT_MODES, type(self).__name__, "output_mode")
        if sparse:
            raise NotImplementedError("varrt's Discretization does not implement sparse=True yet (its outputs "
                                      "are dense tensors).")
        if num_bins is not None and num_bins < 0:
            raise ValueError(f"`num_bins` must be greater than or equal to 0. Received: `num_bins={num_bins}`")
        if num_bins is not None and bin_boundaries is not None:
            raise ValueError("Both `num_bins` and `bin_boundaries` should not be set. Received: "
                             f"`num_bins={num_bins}` and `bin_boundaries={bin_boundaries}`")
        if num_bins is None and bin_boundaries is None:
            raise ValueError("You need to set either `num_bins` or `bin_boundaries`.")
        self.bin_boundaries = bin_boundaries
        self.num_bins = num_bins
        self.epsilon = epsilon
        self.output_mode = output_mode
        self.sparse = sparse
        self.summary = None if self.bin_boundaries else quantile_summary.empty()

    @property
    def input_dtype(self):
        return "float32"  # Keras's backend.floatx()

    @property
    def output_dtype(self):
        return self.compute_dtype if self.output_mode != "int" else "int32"

    def adapt(self, data, steps=None):
        """Finds `num_bins` boundaries from the quantiles of `data` (an array, a tensor, a batched
        `tf.data.Dataset` or an iterable of batches; `steps` batches at most)."""
        if self.num_bins is None:
            raise ValueError("Cannot adapt a Discretization layer that has been initialized with `bin_boundaries`, "
                             "use `num_bins` instead.")
        self.reset_state()
        if isinstance(data, DatasetV2):
            if steps is not None:
                data = data.take(steps)
            for batch in data:
                self.update_state(batch)
        elif hasattr(data, "__iter__") and not isinstance(data, (np.ndarray, Tensor, KerasVariable)):
            for i, batch in enumerate(data):
                if steps is not None and i >= steps:
                    break
                self.update_state(batch)
        else:
            self.update_state(data)
        self.finalize_state()

    def update_state(self, data):
        summary = quantile_summary.summarize(np.array(data).astype("float32"), self.epsilon)
        self.summary = quantile_summary.merge_summaries(summary, self.summary, self.epsilon)

    def finalize_state(self):
        if self.num_bins is None:
            return
        self.bin_boundaries = quantile_summary.get_bin_boundaries(self.summary, self.num_bins).tolist()

    def reset_state(self):
        if self.num_bins is None:
            return
        self.summary = quantile_summary.empty()

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return input_shape
        depth = len(self.bin_boundaries) + 1 if self.bin_boundaries is not None else self.num_bins
        if self.output_mode == "one_hot":
            if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
                return tuple(input_shape[:-1]) + (depth,)
            return tuple(input_shape) + (depth,)
        if input_shape and len(input_shape) >= 2:
            return (input_shape[0],) + tuple(input_shape[2:]) + (depth,)
        return (depth,)

    def compute_output_spec(self, inputs):
        return KerasTensor(self.compute_output_shape(inputs.shape), dtype=self.output_dtype)

    def load_own_variables(self, store):
        if len(store) == 1:  # Keras's legacy format kept the summary as a variable
            self.summary = store["0"]

    def call(self, inputs):
        if self.bin_boundaries is None:
            raise ValueError("You need to either pass the `bin_boundaries` argument at construction time or call "
                             "`adapt(dataset)` before you can start using the `Discretization` layer.")
        indices = digitize(inputs, self.bin_boundaries)
        return encode_categorical_inputs(indices, self.output_mode, len(self.bin_boundaries) + 1, self.output_dtype)

    def get_config(self):
        return {"bin_boundaries": self.bin_boundaries, "num_bins": self.num_bins, "epsilon": self.epsilon,
                "output_mode": self.output_mode, "sparse": self.sparse, "name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        if config.get("bin_boundaries") is not None and config.get("num_bins") is not None:
            # After adapt both are set, which __init__ refuses: the boundaries are applied after.
            config = dict(config)
            bin_boundaries = config.pop("bin_boundaries")
            discretization = cls(**config)
            discretization.bin_boundaries = bin_boundaries
            return discretization
        return cls(**config)
