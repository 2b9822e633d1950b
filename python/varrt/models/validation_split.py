"""`fit(validation_split=...)`: the last part of the arrays becomes the validation data, in
order, as Keras 3's `array_slicing.train_validation_split` splits them (a SparseTensor by its rows)."""
import math

from varrt.base import nest
from varrt.data import sparse_rows
from varrt.data.dataset_ops import DatasetV2
from varrt.framework.sparse_tensor import SparseTensor


def train_validation_split(arrays, validation_split):
    """`(train_arrays, validation_arrays)`: the first floor(n * (1 - split)) samples, and the rest."""
    flat = nest.flatten(arrays)
    unsplitable = [type(t) for t in flat if isinstance(t, DatasetV2) or not (
        t is None or hasattr(t, "__array__") or isinstance(t, SparseTensor))]
    if unsplitable:
        raise ValueError("Argument `validation_split` is only supported for tensors or NumPy arrays."
                         f"Found incompatible type in the input: {unsplitable}")
    if all(t is None for t in flat):
        return arrays, arrays
    first = next(t for t in flat if t is not None)
    batch_dim = int(first.shape[0])
    split_at = int(math.floor(batch_dim * (1.0 - validation_split)))
    if split_at == 0 or split_at == batch_dim:
        raise ValueError(f"Training data contains {batch_dim} samples, which is not sufficient to split it into a "
                         f"validation and training set as specified by `validation_split={validation_split}`. "
                         "Either provide more data, or a different value for the `validation_split` argument.")

    def split(start, end):
        return nest.map_structure(lambda t: None if t is None else sparse_rows.rows(t, start, end)
                                  if isinstance(t, SparseTensor) else t[start:end], arrays)

    return split(0, split_at), split(split_at, batch_dim)
