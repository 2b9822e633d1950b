"""Records what TensorFlow 2.21's tf.linalg does on the cases of tests/linalg_cases.py (values
that TensorFlow's CPU kernels fix: inverses, determinants, solves, Cholesky factors, QR, singular
and eigen values, the composites; and the errors, with their types and texts) into
tests/fixtures/linalg_tf.json, which tests/test_linalg.py compares varrt with. Run with
TensorFlow's Python:

    /path/to/tf/python tests/tools/record_linalg.py
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

import linalg_cases  # noqa: E402

OUT = TESTS / "fixtures" / "linalg_tf.json"


def main():
    cases = {code: linalg_cases.run_case(tf, np, code) for code in linalg_cases.CASES}
    OUT.write_text(json.dumps({"tensorflow": tf.__version__, "cases": cases}, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} cases -> {OUT}")


if __name__ == "__main__":
    main()
