"""`tf.data.experimental`: the constants, `cardinality`, and the transformations TensorFlow
offers as functions for `Dataset.apply` (`assert_cardinality`, `scan`, `unique`, ...)."""
from varrt.data.constants import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY  # noqa: F401
from varrt.data.experimental_ops import (assert_cardinality, bucket_by_sequence_length, cardinality,  # noqa: F401
                                         choose_from_datasets, dense_to_ragged_batch, enumerate_dataset,
                                         get_structure, group_by_window, sample_from_datasets, scan, take_while,
                                         unbatch, unique)
from varrt.data.csv_dataset import CsvDatasetV2 as CsvDataset  # noqa: F401
from varrt.data.make_csv_dataset import make_csv_dataset  # noqa: F401
from varrt.data.options import (AutoShardPolicy, AutotuneAlgorithm, AutotuneOptions, DistributeOptions,  # noqa: F401
                                ExternalStatePolicy, OptimizationOptions, ThreadingOptions)
