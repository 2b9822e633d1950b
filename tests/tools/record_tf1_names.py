"""Records what TensorFlow 2.21 gives for tests/tf1_names_program.py into
tests/fixtures/tf1_names/: results.json, which tests/test_tf1_names.py compares varrt with, and
layers_ckpt.*, the TensorFlow 1 checkpoint (tf.compat.v1.train.Saver) of the layers' variables that
varrt's tf.compat.v1.layers restore.

    /path/to/python-with-tensorflow tests/tools/record_tf1_names.py
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "..", "tf1_names_program.py")
OUT = os.path.join(HERE, "..", "fixtures", "tf1_names")


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, PROGRAM, "tensorflow", tmp], check=True)
        for name in ("results.json", "layers_ckpt.index", "layers_ckpt.data-00000-of-00001"):
            shutil.copy(os.path.join(tmp, name), os.path.join(OUT, name))
    print("wrote", OUT)


if __name__ == "__main__":
    main()
