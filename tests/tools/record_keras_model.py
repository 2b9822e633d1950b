"""Records what Keras 3 under TensorFlow 2.21 gives for tests/keras_model_program.py into
tests/fixtures/keras_model/: results.json (printed text with times masked, names, errors and
numbers), which tests/test_keras_model.py compares varrt's run with, and `trained.*`, the
checkpoint of the trained Sequential, which it restores into varrt's.

    /path/to/python-with-tensorflow tests/tools/record_keras_model.py
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "..", "keras_model_program.py")
OUT = os.path.join(HERE, "..", "fixtures", "keras_model")


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, PROGRAM, "tensorflow", tmp], check=True)
        for name in ("results.json", "trained.index", "trained.data-00000-of-00001"):
            shutil.copy(os.path.join(tmp, name), os.path.join(OUT, name))
    print("wrote", OUT)


if __name__ == "__main__":
    main()
