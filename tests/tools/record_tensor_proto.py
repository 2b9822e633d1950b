"""Records what TensorFlow 2.21's tf.make_tensor_proto and tf.make_ndarray do on the cases of
tests/tensor_proto_cases.py (the printed proto, its bytes, the array read back, or the error's
type and text) into tests/fixtures/tensor_proto_tf.json, which tests/test_tensor_proto.py compares
varrt with. Run with TensorFlow's Python:

    /path/to/tf/python tests/tools/record_tensor_proto.py
"""
import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import tensor_proto_cases  # noqa: E402

OUT = TESTS / "fixtures" / "tensor_proto_tf.json"


def main():
    cases = {code: tensor_proto_cases.run_case(tf, np, code) for code in tensor_proto_cases.CASES}
    OUT.write_text(json.dumps({"tensorflow": tf.__version__, "cases": cases}, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} cases -> {OUT}")


if __name__ == "__main__":
    main()
