"""Records what Keras 3 under TensorFlow 2.21 gives for tests/keras_core_layers_cases.py into
tests/fixtures/keras_core_layers/tensorflow.json (test_keras_core_layers.py compares varrt with it).

    /path/to/python-with-tensorflow tests/tools/record_keras_core_layers.py
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "..", "keras_core_layers_cases.py")
OUT = os.path.join(HERE, "..", "fixtures", "keras_core_layers", "tensorflow.json")


def main():
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    printed = subprocess.run([sys.executable, PROGRAM, "tf"], check=True, capture_output=True, text=True, env=env)
    with open(OUT, "w") as f:
        f.write(printed.stdout)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
