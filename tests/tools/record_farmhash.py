"""Records TensorFlow's FarmHash Fingerprint64 (`tf.fingerprint(data, method="farmhash64")`, the
hash SavedModel fingerprints use) of byte strings of every length class varrt's port
(python/varrt/saved_model/farmhash.py) takes a path for, into
tests/fixtures/saved_model/farmhash_expected.json: {"cases": [[hex bytes, fingerprint], ...]}.

    /work/tfenv/bin/python tests/tools/record_farmhash.py
"""
import json
import os

import numpy as np
import tensorflow as tf

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "saved_model",
                   "farmhash_expected.json")
LENGTHS = list(range(0, 70)) + [127, 128, 129, 191, 255, 256, 1000, 4097]


def main():
    rs = np.random.RandomState(31)
    cases = []
    for n in LENGTHS:
        data = rs.randint(0, 256, n).astype(np.uint8).tobytes()
        digest = tf.fingerprint(tf.constant([data]), method="farmhash64").numpy()[0]
        cases.append([data.hex(), int.from_bytes(bytes(digest), "little")])
    with open(OUT, "w") as f:
        json.dump({"cases": cases}, f, indent=0)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
