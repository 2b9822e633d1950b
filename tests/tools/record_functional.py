"""Records what TensorFlow 2.21 does on the cases of tests/functional_cases.py (tf.map_fn,
tf.foldl, tf.foldr, tf.scan, tf.vectorized_map) into tests/fixtures/functional_tf.json, which
tests/test_functional.py compares varrt with. Run with
TensorFlow's Python:

    /path/to/tf/python tests/tools/record_functional.py
"""
import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

import tensorflow as tf  # noqa: E402

import functional_cases  # noqa: E402

OUT = TESTS / "fixtures" / "functional_tf.json"


def main():
    cases = {code: functional_cases.run_case(tf, code) for code in functional_cases.CASES}
    OUT.write_text(json.dumps({"tensorflow": tf.__version__, "cases": cases}, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} cases -> {OUT}")


if __name__ == "__main__":
    main()
