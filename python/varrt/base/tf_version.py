"""What tf.version reports: the TensorFlow release whose API varrt implements (2.21.0) and the
GraphDef versions of its graphs; varrt's own version is `varrt.__version__`."""
VERSION = "2.21.0"
GIT_VERSION = "varrt"  # no TensorFlow build: TensorFlow's is its git describe
COMPILER_VERSION = "varrt"
GRAPH_DEF_VERSION = 2474
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0
