"""Records what TensorFlow 2.21 does on the cases of tests/array_api_cases.py (tf.unique,
tf.searchsorted, tf.repeat, tf.sequence_mask, tf.tensor_scatter_nd_*, the segment reductions) into
tests/fixtures/array_api_tf.json, which tests/test_array_api.py compares varrt with. Run with
TensorFlow's Python:

    /path/to/tf/python tests/tools/record_array_api.py
"""
import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

import tensorflow as tf  # noqa: E402

import array_api_cases  # noqa: E402

OUT = TESTS / "fixtures" / "array_api_tf.json"


def main():
    cases = {code: array_api_cases.run_case(tf, code) for code in array_api_cases.CASES}
    OUT.write_text(json.dumps({"tensorflow": tf.__version__, "cases": cases}, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} cases -> {OUT}")


if __name__ == "__main__":
    main()
