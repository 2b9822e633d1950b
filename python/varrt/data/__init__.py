"""`tf.data`: input pipelines (dataset_ops.py), run eagerly. The package is also the `tf.data`
namespace, as varrt/losses and varrt/optimizers are tf.losses and tf.optimizers."""
from varrt.data import experimental
from varrt.data.constants import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from varrt.data.dataset_ops import Dataset, DatasetV2
from varrt.data.dataset_spec import DatasetSpec
from varrt.data.iterators import Iterator, NumpyIterator
from varrt.data.options import Options, ThreadingOptions
from varrt.data.text_line_dataset import TextLineDatasetV2 as TextLineDataset
from varrt.data.tfrecord_dataset import TFRecordDatasetV2 as TFRecordDataset

__all__ = ["AUTOTUNE", "Dataset", "DatasetSpec", "DatasetV2", "INFINITE_CARDINALITY", "Iterator", "NumpyIterator", "Options", "ThreadingOptions",
           "TextLineDataset", "TFRecordDataset", "UNKNOWN_CARDINALITY", "experimental"]
