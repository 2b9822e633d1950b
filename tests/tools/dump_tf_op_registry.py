"""Writes TensorFlow's op registry entries for the ops varrt's table names (and any names given
on the command line) to tests/fixtures/tf_op_registry.json (and the names of all TensorFlow's ops to
tests/fixtures/tf_op_names.txt): the reference the table is checked
against (tests/test_op_table.py). Run with TensorFlow 2.21's Python:

    /path/to/tf/python tests/tools/dump_tf_op_registry.py [ExtraOp ...]

It reads op names from python/varrt/ops/defs (by text, so varrt need not be importable) and
rewrites the file with exactly those ops (and the extra names), one op per line.
"""
import json
import os
import re
import sys

from google.protobuf import json_format
from tensorflow.python.framework import op_def_registry
import tensorflow as tf  # noqa: F401  (registers every op)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tests", "fixtures", "tf_op_registry.json")
NAMES = os.path.join(ROOT, "tests", "fixtures", "tf_op_names.txt")  # every op TensorFlow registers
DEFS = os.path.join(ROOT, "python", "varrt", "ops", "defs")


def table_names():
    names = set()
    for f in os.listdir(DEFS):
        if f.endswith(".py") and f != "varrt_defs.py":  # varrt's own ops: TensorFlow's of that name differ
            with open(os.path.join(DEFS, f)) as fh:
                names.update(re.findall(r"""register\(\s*["'](\w+)["']""", fh.read()))
    return names


def registered_ops():
    from tensorflow.core.framework import op_def_pb2
    from tensorflow.python.client import pywrap_tf_session
    ops = op_def_pb2.OpList()
    ops.ParseFromString(pywrap_tf_session.TF_GetBuffer(pywrap_tf_session.TF_GetAllOpList()))
    return ops


def main():
    entries = {}
    names = table_names() | set(sys.argv[1:])
    for name in sorted(names):
        op = op_def_registry.get(name)
        if op is None:
            print(f"TensorFlow has no op {name}", file=sys.stderr)
            continue
        d = json_format.MessageToDict(op)
        d.pop("description", None)
        d.pop("summary", None)
        for arg in d.get("inputArg", []) + d.get("outputArg", []):
            arg.pop("description", None)
        for attr in d.get("attr", []):
            attr.pop("description", None)
        entries[name] = d
    lines = [f"{json.dumps(k)}: {json.dumps(v, sort_keys=True, separators=(',', ':'))}" for k, v in sorted(entries.items())]
    with open(OUT, "w") as fh:
        fh.write("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"{len(entries)} ops -> {OUT}")
    all_ops = registered_ops()
    with open(NAMES, "w") as fh:
        fh.write("\n".join(sorted(op.name for op in all_ops.op)) + "\n")


if __name__ == "__main__":
    main()
