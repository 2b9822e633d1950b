"""Records what TensorFlow 2.21 does on the cases of tests/check_numerics_cases.py with
tf.debugging.enable_check_numerics on (values, or the errors' types and texts) into
tests/fixtures/check_numerics_tf.json, which tests/test_check_numerics.py compares varrt with.
Run with TensorFlow's Python:

    /path/to/tf/python tests/tools/record_check_numerics.py
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

import check_numerics_cases  # noqa: E402

OUT = TESTS / "fixtures" / "check_numerics_tf.json"


def main():
    cases = {code: check_numerics_cases.run_case(tf, np, code) for code in check_numerics_cases.CASES}
    OUT.write_text(json.dumps({"tensorflow": tf.__version__, "cases": cases}, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} cases -> {OUT}")


if __name__ == "__main__":
    main()
