"""Records what TensorFlow 2.21 gives for tests/data_iterator_checkpoint_program.py into
tests/fixtures/data_iterator_checkpoint/: results.json, and the checkpoint of the guide's pipeline
(guide-1.*, an iterator's state as TensorFlow saves it: a variant varrt cannot read).

    /path/to/python-with-tensorflow tests/tools/record_data_iterator_checkpoint.py
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    out = os.path.join(HERE, "..", "fixtures", "data_iterator_checkpoint")
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "..", "data_iterator_checkpoint_program.py"), "tensorflow",
                        tmp], check=True)
        for name in sorted(os.listdir(tmp)):
            if name == "results.json" or name.startswith("guide-1."):
                shutil.copy(os.path.join(tmp, name), os.path.join(out, name))
    print("wrote", out)


if __name__ == "__main__":
    main()
