"""`tf.raw_ops.X`: op X's record (ops/defs) turned into TensorFlow's keyword-only Python function.

The arguments follow TensorFlow's generated wrappers: the inputs, then the attributes it cannot
infer from them (required ones first, then those with defaults), then `name`; inputs and
attributes keep their registry names unless the record's `api_names` says how TensorFlow's
api_def renames them (`reduction_indices` -> `axis`). The function's name is the op's in snake
case, with "_" before the names TensorFlow reserves (`_sum`, `_abs`, but `round`), as it names it, so
argument errors read like TensorFlow's. It calls the function registered with
`op_def_lib.implements` beside the op's implementation, with every argument by keyword.
"""
import keyword
import re

from varrt.ops import op_def_lib, op_docs
from varrt.ops.op_arguments import _NO_DEFAULT, python_arguments  # noqa: F401  (tests and the stub generator ask here)


# TensorFlow's python_op_gen puts "_" before these names (its IsPythonReserved keywords and its
# IsOpWithUnderscorePrefix list: Python 2's lowercase builtins except "round", and five op names).
_KEYWORDS = frozenset(keyword.kwlist) | {"exec", "print"}
_UNDERSCORED = frozenset((
    "abs all any apply bin bool buffer bytearray bytes callable chr classmethod cmp coerce compile complex copyright "
    "credits delattr dict dir divmod enumerate eval execfile exit file filter float format frozenset getattr globals "
    "hasattr hash help hex id input int intern isinstance issubclass iter len license list locals long map max "
    "memoryview min next object oct open ord pow print property quit range raw_input reduce reload repr reversed set "
    "setattr slice sorted staticmethod str sum super tuple type unichr unicode vars xrange zip fused_batch_norm "
    "histogram_fixed_width stack batch_norm_with_global_normalization clip_by_value").split())


def python_function_name(op_name):
    """TensorFlow's Python name of an op: "BatchMatMulV2" -> "batch_mat_mul_v2", "Sum" -> "_sum",
    "Conv2DBackpropInput" -> "conv2d_backprop_input" (a digit joins the capital after it)."""
    snake = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])", "_", op_name).lower()
    return "_" + snake if snake in _KEYWORDS or snake in _UNDERSCORED else snake


def _names_text(names):
    """Python's own list of names in its argument errors: 'x', 'x' and 'y', 'x', 'y', and 'z'."""
    quoted = [f"'{n}'" for n in names]
    if len(quoted) < 3:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def make_raw_op(op_def, implementation):
    """The keyword-only function tf.raw_ops exposes for `op_def`."""
    fn_name = python_function_name(op_def.name)
    args = python_arguments(op_def)
    keys = [n for n, _ in args]
    required = [n for n, d in args if d is _NO_DEFAULT]
    defaults = {n: d for n, d in args if d is not _NO_DEFAULT}

    def raw_op(*positional, **kwargs):
        if positional:
            raise TypeError(f"{fn_name} only takes keyword args (possible keys: {keys}). "
                            "Please pass these args as kwargs instead.")
        unknown = next((k for k in kwargs if k not in defaults and k not in required), None)
        if unknown is not None:
            raise TypeError(f"{fn_name}() got an unexpected keyword argument '{unknown}'")
        missing = [n for n in required if n not in kwargs]
        if missing:
            s = "s" if len(missing) > 1 else ""
            raise TypeError(f"{fn_name}() missing {len(missing)} required positional argument{s}: "
                            f"{_names_text(missing)}")
        call = dict(defaults)
        call.update(kwargs)
        return implementation(**call)

    raw_op.__name__ = raw_op.__qualname__ = op_def.name
    raw_op.__doc__ = op_docs.raw_op_docstring(op_def)
    return raw_op


def raw_op_names():
    """The ops tf.raw_ops exposes: TensorFlow's ops of the table with a registered implementation."""
    return sorted(n for n, op in op_def_lib.all_ops().items()
                  if op.origin == "tensorflow" and op_def_lib.implementation(n) is not None)


def exists(name):
    """Whether tf.raw_ops has `name` (what `get` returns a function for), without making it."""
    op_def = op_def_lib.get(name)
    return op_def is not None and op_def.origin == "tensorflow" and op_def_lib.implementation(name) is not None


def get(name):
    """tf.raw_ops.`name`, or None when varrt does not expose that op."""
    if not exists(name):
        return None
    return make_raw_op(op_def_lib.get(name), op_def_lib.implementation(name))
