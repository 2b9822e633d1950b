"""`tf.data`: input pipelines (dataset_ops.py), run eagerly. The package is also the `tf.data`
namespace, as varrt/losses and varrt/optimizers are tf.losses and tf.optimizers."""
from varrt.data import experimental
from varrt.data.dataset_ops import (AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset, DatasetV2, Iterator,
                                    NumpyIterator)
from varrt.data.dataset_spec import DatasetSpec

__all__ = ["AUTOTUNE", "Dataset", "DatasetSpec", "DatasetV2", "INFINITE_CARDINALITY", "Iterator", "NumpyIterator",
           "UNKNOWN_CARDINALITY", "experimental"]
