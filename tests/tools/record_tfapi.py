"""Records what TensorFlow 2.21 does on the cases of tests/tfapi_cases.py (tf's other top-level
names and tf.math's bincount, confusion_matrix, truncatediv, truncatemod) into
tests/fixtures/tfapi_tf.json, which tests/test_tfapi.py compares varrt with. Run with TensorFlow's
Python:

    /path/to/tf/python tests/tools/record_tfapi.py
"""
import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

import tensorflow as tf  # noqa: E402

import tfapi_cases  # noqa: E402

OUT = TESTS / "fixtures" / "tfapi_tf.json"


def main():
    cases = {code: tfapi_cases.run_case(tf, code) for code in tfapi_cases.CASES}
    OUT.write_text(json.dumps({"tensorflow": tf.__version__, "cases": cases}, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} cases -> {OUT}")


if __name__ == "__main__":
    main()
