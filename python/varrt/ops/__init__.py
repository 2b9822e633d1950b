"""Op implementations behind the public namespaces (tf.add, tf.matmul, slicing, operators,
indexed updates) and their helpers."""

# The op table's records (ops/defs) register themselves with op_def_lib when they load. Loading
# them with this package means every lookup sees the whole table, while op_def_lib imports
# nothing above it (it used to import the records on first lookup: a circle).
from varrt.ops import defs  # noqa: E402,F401

# Before any op module: each implementation gets its docstring's Args/Returns/Raises from its
# record as it registers (op_def_lib.IMPLEMENTATION_HOOKS).
from varrt.ops import op_docs  # noqa: E402,F401

# Tensor and Variable (framework/, the layer below) get their operators, `[...]`, indexed updates
# and IndexedSlices its conversion from these modules, which install them when they load: loading
# them with this package means no tensor is ever used without them.
from varrt.ops import overloads, scatter_ops, slicing, variable_indexing  # noqa: E402,F401

# A list holding graph tensors converts by a Pack (TensorFlow's auto-packing), installed the same way.
from varrt.ops import autopacking  # noqa: E402,F401
