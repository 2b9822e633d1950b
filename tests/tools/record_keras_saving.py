"""Records what Keras 3 under TensorFlow 2.21 gives for tests/keras_saving_program.py into
tests/fixtures/keras_saving/: results.json, which tests/test_keras_saving.py compares varrt's
run with, and the files Keras wrote (`.keras` archives, an unzipped model directory, `.weights.h5` files, a
`tf.train.Checkpoint` of a subclassed model and its optimizer), which varrt's run loads.

    /path/to/python-with-tensorflow tests/tools/record_keras_saving.py
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "..", "keras_saving_program.py")
OUT = os.path.join(HERE, "..", "fixtures", "keras_saving")
FILES = ("results.json", "seq.keras", "seq.weights.h5", "sub.keras", "sub.weights.h5", "reg.keras", "plain.keras",
         "sub_ckpt.index", "sub_ckpt.data-00000-of-00001")


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # Keras reads the files it has just written: the recording of both halves of the program.
        subprocess.run([sys.executable, PROGRAM, "tensorflow", tmp, tmp], check=True)
        for name in FILES:
            shutil.copy(os.path.join(tmp, name), os.path.join(OUT, name))
        shutil.rmtree(os.path.join(OUT, "seq_dir"), ignore_errors=True)
        shutil.copytree(os.path.join(tmp, "seq_dir"), os.path.join(OUT, "seq_dir"))
    print("wrote", OUT)


if __name__ == "__main__":
    main()
