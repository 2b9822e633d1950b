"""The op table's records, one file per family (ops/op_def_lib.py explains a record)."""
from varrt.ops.defs import (array_defs, control_defs, image_defs, io_defs, linalg_defs, math_defs,  # noqa: F401
                            nn_defs, parsing_defs, random_defs, segment_defs, state_defs, string_defs,
                            varrt_defs)
