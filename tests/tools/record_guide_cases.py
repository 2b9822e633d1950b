"""Records what TensorFlow 2.21 (with Keras 3) does on the cases of tests/guide_cases.py (what
TensorFlow's guides use: tf.function's binding and tracing protocol, tf.types, GraphDefs,
py_function decorators, Dimension, tensor equality, keras.saving, the profiler's session) into
tests/fixtures/guide_cases_tf.json, which tests/test_guide_cases.py compares varrt with. Run with
TensorFlow's Python:

    /path/to/tf/python tests/tools/record_guide_cases.py
"""
import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

import guide_cases  # noqa: E402

OUT = TESTS / "fixtures" / "guide_cases_tf.json"


def main():
    cases = {code: guide_cases.run_case(tf, code, keras) for code in guide_cases.CASES}
    OUT.write_text(json.dumps({"tensorflow": tf.__version__, "cases": cases}, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} cases -> {OUT}")


if __name__ == "__main__":
    main()
