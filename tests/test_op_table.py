"""The op table against TensorFlow 2.21's registry (tests/fixtures/tf_op_registry.json, written by
tests/tools/dump_tf_op_registry.py): every record of a TensorFlow op has TensorFlow's signature,
attributes and flags, and its summary() is the text TensorFlow's SummarizeOpDef writes (built here
from the registry by TensorFlow's rules, and that builder checked against texts TensorFlow printed).
The table lists exactly the ops varrt runs."""
import base64
import json
import re

import pytest

from conftest import REPO
from varrt.ops import op_def_lib

REGISTRY = json.loads((REPO / "tests" / "fixtures" / "tf_op_registry.json").read_text())
TF_RECORDS = sorted(n for n, op in op_def_lib.all_ops().items() if op.origin == "tensorflow")


# --- TensorFlow's SummarizeOpDef (core/framework/op_def_util.cc), over the registry's JSON -----

def _type_name(dt):
    return dt[3:].lower()  # DataTypeString: DT_FLOAT -> float


def _args_summary(args):
    # A list(type) argument has neither a type nor a type attr: TensorFlow prints "name:".
    return ", ".join(f"{a['name']}:" + (f"{a['numberAttr']}*" if "numberAttr" in a else "")
                     + (_type_name(a["type"]) if "type" in a else a.get("typeAttr", "")) for a in args)


def _c_escape(s):
    out = []
    for c in s:
        out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "'": "\\'", "\\": "\\\\"}.get(c, c))
    return "".join(out)


def _attr_value(v):
    """SummarizeAttrValue of an AttrValue in proto JSON (bytes in base64, int64 as strings)."""
    if "list" in v:
        lst = v["list"]
        items = (list(lst.get("type", [])) + [str(i) for i in lst.get("i", [])]
                 + [_attr_value({"s": s}) for s in lst.get("s", [])])
        return "[" + ", ".join(items) + "]"
    if "s" in v:
        return '"' + _c_escape(base64.b64decode(v["s"]).decode()) + '"'
    if "b" in v:
        return "true" if v["b"] else "false"
    if "i" in v:
        return str(v["i"])
    if "f" in v:
        return f"{v['f']:g}"
    if "type" in v:
        return v["type"]
    if "shape" in v:
        shape = v["shape"]
        if shape.get("unknownRank"):
            return "<unknown>"
        return "[" + ",".join(str(d.get("size", "?")) for d in shape.get("dim", [])) + "]"
    raise AssertionError(f"no summary rule for {v}")


def tf_summary(op):
    text = f"Op<name={op['name']}; signature={_args_summary(op.get('inputArg', []))} -> " \
           f"{_args_summary(op.get('outputArg', []))}"
    for a in op.get("attr", []):
        text += f"; attr={a['name']}:{a['type']}"
        if "defaultValue" in a:
            text += f",default={_attr_value(a['defaultValue'])}"
        if a.get("hasMinimum"):
            text += f",min={a.get('minimum', 0)}"
        if "allowedValues" in a:
            text += f",allowed={_attr_value(a['allowedValues'])}"
    for flag, key in (("isCommutative", "is_commutative"), ("isAggregate", "is_aggregate"),
                      ("isStateful", "is_stateful")):
        if op.get(flag):
            text += f"; {key}=true"
    return text + ">"


# Texts TensorFlow 2.21 printed (its "NodeDef mentions attribute ... not in Op<...>" message, and
# its dtype errors), for the summary builder above.
TF_PRINTED = {
    "Assert": "Op<name=Assert; signature=condition:bool, data: -> ; attr=T:list(type),min=1; "
              "attr=summarize:int,default=3; is_stateful=true>",
    "PrintV2": 'Op<name=PrintV2; signature=input:string -> ; attr=output_stream:string,default="stderr"; '
               'attr=end:string,default="\\n"; is_stateful=true>',
    "LeakyRelu": "Op<name=LeakyRelu; signature=features:T -> activations:T; attr=alpha:float,default=0.2; "
                 "attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>",
    "If": "Op<name=If; signature=cond:Tcond, input: -> output:; attr=Tcond:type; attr=Tin:list(type),min=0; "
          "attr=Tout:list(type),min=0; attr=then_branch:func; attr=else_branch:func; "
          "attr=output_shapes:list(shape),default=[]; is_stateful=true>",
    "VarHandleOp": 'Op<name=VarHandleOp; signature= -> resource:resource; attr=container:string,default=""; '
                   'attr=shared_name:string,default=""; attr=debug_name:string,default=""; attr=dtype:type; '
                   'attr=shape:shape; attr=allowed_devices:list(string),default=[]; is_stateful=true>',
    "BiasAdd": "Op<name=BiasAdd; signature=value:T, bias:T -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, "
               "DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, "
               "DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; "
               'attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW"]>',
    "Placeholder": "Op<name=Placeholder; signature= -> output:dtype; attr=dtype:type; "
                   "attr=shape:shape,default=<unknown>>",
    "Squeeze": "Op<name=Squeeze; signature=input:T -> output:T; attr=T:type; "
               "attr=squeeze_dims:list(int),default=[],min=0>",
    "AddN": "Op<name=AddN; signature=inputs:N*T -> sum:T; attr=N:int,min=1; attr=T:type,allowed=[DT_FLOAT, "
            "DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, "
            "DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, "
            "DT_VARIANT]; is_commutative=true; is_aggregate=true>",
    "GatherNd": "Op<name=GatherNd; signature=params:Tparams, indices:Tindices -> output:Tparams; attr=Tparams:type; "
                "attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; "
                'attr=bad_indices_policy:string,default="">',
}


@pytest.mark.parametrize("name", sorted(TF_PRINTED))
def test_the_summary_builder_writes_what_tensorflow_printed(name):
    assert tf_summary(REGISTRY[name]) == TF_PRINTED[name]


# --- the records against the registry --------------------------------------------------------

def _arg_facts(arg):
    return {"name": arg.name, "type": arg.dtype, "typeAttr": arg.type_attr, "numberAttr": arg.number_attr,
            "typeListAttr": arg.type_list_attr}


def _tf_arg_facts(a):
    return {"name": a["name"], "type": a.get("type"), "typeAttr": a.get("typeAttr"),
            "numberAttr": a.get("numberAttr"), "typeListAttr": a.get("typeListAttr")}


def _tf_default(a):
    v = a.get("defaultValue")
    if v is None:
        return None
    if "list" in v:
        return [int(i) for i in v["list"].get("i", [])] or [base64.b64decode(s).decode() for s in v["list"].get("s", [])]
    if "s" in v:
        return base64.b64decode(v["s"]).decode()
    if "i" in v:
        return int(v["i"])
    if "shape" in v:
        assert v["shape"] == {"unknownRank": True}
        return op_def_lib.UNKNOWN_RANK
    return next(iter(v.values()))  # b, f, type


def _tf_allowed(a):
    lst = a.get("allowedValues", {}).get("list")
    if lst is None:
        return None
    return lst.get("type") or [base64.b64decode(s).decode() for s in lst.get("s", [])]


def test_every_tensorflow_record_is_in_the_reference():
    assert [n for n in TF_RECORDS if n not in REGISTRY] == []
    assert sorted(REGISTRY) == TF_RECORDS  # the fixture holds only the table's ops


@pytest.mark.parametrize("name", TF_RECORDS)
def test_a_record_is_tensorflows_registry_entry(name):
    op, tf = op_def_lib.get(name), REGISTRY[name]
    assert [_arg_facts(a) for a in op.inputs] == [_tf_arg_facts(a) for a in tf.get("inputArg", [])]
    assert [_arg_facts(a) for a in op.outputs] == [_tf_arg_facts(a) for a in tf.get("outputArg", [])]
    assert list(op.attrs) == [a["name"] for a in tf.get("attr", [])]
    for a in tf.get("attr", []):
        mine = op.attrs[a["name"]]
        assert mine.type == a["type"], a["name"]
        assert mine.default == _tf_default(a), a["name"]
        assert mine.allowed == _tf_allowed(a), a["name"]
        assert mine.minimum == (int(a.get("minimum", 0)) if a.get("hasMinimum") else None), a["name"]
    assert (op.is_stateful, op.is_commutative, op.is_aggregate) == (
        tf.get("isStateful", False), tf.get("isCommutative", False), tf.get("isAggregate", False))
    assert op.summary() == tf_summary(tf)


# --- the table lists the ops varrt runs --------------------------------------------------------

TF_OP_NAMES = set((REPO / "tests" / "fixtures" / "tf_op_names.txt").read_text().split())
_SOURCES = [p for p in list((REPO / "python" / "varrt").rglob("*.py")) + list((REPO / "csrc").rglob("*.cc"))
            + list((REPO / "csrc").rglob("*.h")) if "defs" not in p.parts]
# Where the product runs an op: a call with the op's name first (run("X", ...), place_op("X"),
# training_op("X", ...), check_dtype("X", ...)), and the core's op tables ({"X", kernel}).
# Gradient registrations name ops without running them.
# A call naming an op runs it, but for the error helpers: tf.sparse's and tf.ragged's functions, written
# over other ops, name TensorFlow's op in its error texts (kernel_error, op_error, _check_type).
_CALL = re.compile(r"""\b(?!RegisterGradient\b|NotDifferentiable\b|kernel_error\b|op_error\b|_check_type\b)"""
                   r"""\w+\(\s*["']([A-Z_]\w*)["']""")
_CORE_ENTRY = re.compile(r"""\{\s*"([A-Z_]\w*)",|return\s+"([A-Z_]\w*)";""")


def _ops_run():
    names = set()
    for p in _SOURCES:
        text = p.read_text()
        names.update(_CALL.findall(text))
        if p.suffix in (".cc", ".h"):
            names.update(n for pair in _CORE_ENTRY.findall(text) for n in pair if n)
    return names & TF_OP_NAMES


def test_the_table_has_a_record_for_every_op_varrt_runs():
    assert sorted(_ops_run() - set(op_def_lib.all_ops())) == []


def test_every_record_names_an_op_varrt_runs():
    # Beside the calls above, an op is run under its name in the modules that implement ops (a name
    # kept in a variable, a kernel table); gradient registrations and the graph recorder's tables
    # name ops by kind and prove nothing.
    texts = "\n".join(p.read_text() for p in _SOURCES if "gradients" not in p.parts and p.name != "func_graph.py")
    run = _ops_run()
    unused = [n for n in op_def_lib.all_ops() if n not in run and not re.search(rf"""["']{n}["']""", texts)]
    assert unused == []


def test_the_cores_training_op_signatures_are_generated_from_the_table():
    # csrc/varrt/ops/training_op_signatures.inc is what the core's kernels check arguments by.
    import importlib.util
    spec = importlib.util.spec_from_file_location("gen_core_signatures", REPO / "tests" / "tools" /
                                                  "gen_core_signatures.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    committed = (REPO / "csrc" / "varrt" / "ops" / "training_op_signatures.inc").read_text()
    assert committed == tool.render(), "regenerate: python tests/tools/gen_core_signatures.py"
