"""`tf.data.experimental`: the constants, `cardinality`, `assert_cardinality` and `scan`."""
from varrt.data.dataset_ops import (AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY,  # noqa: F401
                                    assert_cardinality, cardinality, scan)
