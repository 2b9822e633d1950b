"""The Python arguments of an op's `tf.raw_ops` function, by TensorFlow's generated wrappers' rule:
the inputs, then the attributes it cannot infer from them (required ones first, then those with
defaults), then `name`, renamed as the record's `api_names` says. ops/raw_op.py builds the
functions from it and ops/op_docs.py documents them."""
from varrt.base import dtypes

_NO_DEFAULT = object()


def python_arguments(op_def):
    """[(python name, default or _NO_DEFAULT)] of op_def's raw op, `name` last."""
    inferred = {n for a in op_def.inputs for n in (a.type_attr, a.number_attr, a.type_list_attr) if n}
    attrs = [a for a in op_def.attrs.values() if a.name not in inferred]
    rename = op_def.api_names.get
    args = [(rename(a.name, a.name), _NO_DEFAULT) for a in op_def.inputs]
    args += [(rename(a.name, a.name), _NO_DEFAULT) for a in attrs if a.default is None]
    args += [(rename(a.name, a.name), _python_default(a)) for a in attrs if a.default is not None]
    return args + [("name", None)]


def _python_default(attr):
    if attr.type == "type":
        return next(d for d in dtypes._ALL if dtypes.enum_name(d) == attr.default)
    if attr.type == "float" and float(attr.default).is_integer():
        # TensorFlow's generated wrappers write an integral float default as an int
        # (FusedBatchNormV3's exponential_avg_factor=1), and its fast path treats that int apart.
        return int(attr.default)
    return list(attr.default) if isinstance(attr.default, list) else attr.default
