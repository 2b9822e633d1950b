"""Op implementations behind the public namespaces (tf.add, tf.matmul, slicing, operators,
indexed updates) and their helpers."""

# The op table's records (ops/defs) register themselves with op_def_lib when they load. Loading
# them with this package means every lookup sees the whole table, while op_def_lib imports
# nothing above it (it used to import the records on first lookup: a circle).
from varrt.ops import defs  # noqa: E402,F401
