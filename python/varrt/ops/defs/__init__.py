"""The op table's records, one file per family (ops/op_def_lib.py explains a record)."""
from varrt.ops.defs import (array_defs, control_defs, io_defs, linalg_defs, math_defs, nn_defs,  # noqa: F401
                            parsing_defs, random_defs, state_defs, varrt_defs)
