"""Records what TensorFlow 2.21's tf.nn composites and random functions do on the cases of tests/nn_random_cases.py (values,
dtypes and shapes, or the errors' types and texts) into tests/fixtures/nn_random_cases_tf.json, which
tests/test_nn_random_cases.py compares varrt with. Run with TensorFlow's Python:

    /path/to/tf/python tests/tools/record_nn_random_cases.py
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

import nn_random_cases  # noqa: E402

OUT = TESTS / "fixtures" / "nn_random_cases_tf.json"


def main():
    cases = {code: nn_random_cases.run_case(tf, np, code) for code in nn_random_cases.CASES}
    OUT.write_text(json.dumps({"tensorflow": tf.__version__, "cases": cases}, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} cases -> {OUT}")


if __name__ == "__main__":
    main()
