"""`tf.data.experimental`: the constants, `cardinality`, and the transformations TensorFlow
offers as functions for `Dataset.apply` (`assert_cardinality`, `scan`, `unique`, ...)."""
from varrt.data.constants import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY  # noqa: F401
from varrt.data.experimental_ops import (assert_cardinality, cardinality, choose_from_datasets,  # noqa: F401
                                         enumerate_dataset, get_structure, sample_from_datasets, scan, take_while,
                                         unbatch, unique)
from varrt.data.csv_dataset import CsvDatasetV2 as CsvDataset  # noqa: F401
