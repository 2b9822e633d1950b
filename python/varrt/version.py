"""`varrt.version`: TensorFlow's tf.version (the API release varrt implements)."""
from varrt.base.tf_version import (COMPILER_VERSION, GIT_VERSION, GRAPH_DEF_VERSION,  # noqa: F401
                                   GRAPH_DEF_VERSION_MIN_CONSUMER, GRAPH_DEF_VERSION_MIN_PRODUCER, VERSION)
