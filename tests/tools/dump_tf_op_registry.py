"""Writes TensorFlow's op registry entries for the ops varrt's table names (and any names given
on the command line) to tests/fixtures/tf_op_registry.json: the reference the table is checked
against (tests/test_op_table.py). Run with TensorFlow 2.21's Python:

    /path/to/tf/python tests/tools/dump_tf_op_registry.py [ExtraOp ...]

It reads op names from the committed file and from python/varrt/ops/defs (by text, so varrt
need not be importable), keeps what the file already has, and adds what is missing.
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
DEFS = os.path.join(ROOT, "python", "varrt", "ops", "defs")


def table_names():
    names = set()
    for f in os.listdir(DEFS):
        if f.endswith(".py"):
            with open(os.path.join(DEFS, f)) as fh:
                names.update(re.findall(r'register\(\s*"(\w+)"', fh.read()))
    return names


def main():
    entries = {}
    if os.path.exists(OUT):
        with open(OUT) as fh:
            entries = json.load(fh)
    names = table_names() | set(entries) | set(sys.argv[1:])
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
    with open(OUT, "w") as fh:
        json.dump(entries, fh, indent=0, sort_keys=True)
        fh.write("\n")
    print(f"{len(entries)} ops -> {OUT}")


if __name__ == "__main__":
    main()
