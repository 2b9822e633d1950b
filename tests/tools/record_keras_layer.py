"""Records what Keras 3 under TensorFlow 2.21 gives for tests/keras_layer_program.py into
tests/fixtures/keras_layer/: `results.json` (the printed values, errors and numbers) and
`written.*`, the checkpoint Keras writes for a Dense and a layer holding layers, which
tests/test_keras_layer.py restores into varrt's layers.

    /path/to/python-with-tensorflow tests/tools/record_keras_layer.py
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "..", "keras_layer_program.py")
OUT = os.path.join(HERE, "..", "fixtures", "keras_layer")


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, PROGRAM, "tensorflow", tmp], check=True)
        for name in ("results.json", "written.index", "written.data-00000-of-00001"):
            shutil.copy(os.path.join(tmp, name), os.path.join(OUT, name))
    print("wrote", OUT)


if __name__ == "__main__":
    main()
