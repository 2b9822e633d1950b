"""The op table's records, one file per family (ops/op_def_lib.py explains a record)."""
from varrt.ops.defs import (array_defs, control_defs, io_defs, math_defs, nn_defs, random_defs,  # noqa: F401
                            image_defs, state_defs, varrt_defs)
