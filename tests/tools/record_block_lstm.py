"""Records what TensorFlow 2.21 gives for tests/block_lstm_program.py into
tests/fixtures/block_lstm/results.json, which tests/test_block_lstm.py compares varrt's run with.

    /path/to/python-with-tensorflow tests/tools/record_block_lstm.py
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "..", "block_lstm_program.py")
OUT = os.path.join(HERE, "..", "fixtures", "block_lstm")


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, PROGRAM, "tensorflow", tmp], check=True)
        shutil.copy(os.path.join(tmp, "results.json"), os.path.join(OUT, "results.json"))
    print("wrote", OUT)


if __name__ == "__main__":
    main()
