"""TensorFlow reads the TFRecord files and Examples varrt writes, and varrt reads what TensorFlow
writes, live: the interpreter VARRT_TF_PYTHON names runs in a subprocess (skipped without it,
failing under CI=true). Parsed values are compared, never bytes (map entries' order may differ)."""
import json
import subprocess
import textwrap

import numpy as np
import pytest

import varrt as tf

from ckpt_helpers import required_tf_python

SPEC_CODE = """{
    "id": tf.io.FixedLenFeature([], tf.int64),
    "x": tf.io.FixedLenFeature([7], tf.float32),
    "name": tf.io.FixedLenFeature([], tf.string),
    "tags": tf.io.VarLenFeature(tf.int64),
}"""
COMPRESSIONS = ["", "GZIP", "ZLIB"]

TF_SCRIPT = textwrap.dedent(r'''
    import json, sys
    import numpy as np
    import tensorflow as tf
    d = sys.argv[1]
    spec = SPEC
    out = {}
    for c in ["", "GZIP", "ZLIB"]:
        # 1. varrt's files, read and parsed by TensorFlow
        batches = list(tf.data.TFRecordDataset(f"{d}/varrt_{c or 'plain'}.tfrecord", c).batch(1000)
                       .map(lambda r: tf.io.parse_example(r, spec)))
        p = batches[0]
        out[c] = {"id": p["id"].numpy().tolist(), "x": p["x"].numpy().tolist(),
                  "name": [b.hex() for b in p["name"].numpy().tolist()],
                  "tags": [p["tags"].indices.numpy().tolist(), p["tags"].values.numpy().tolist(),
                           p["tags"].dense_shape.numpy().tolist()]}
        # 2. TensorFlow's files for varrt
        with tf.io.TFRecordWriter(f"{d}/tf_{c or 'plain'}.tfrecord", c) as w:
            for i in range(123):
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[i * 3])),
                    "x": tf.train.Feature(float_list=tf.train.FloatList(value=[i / 7.0] * 7)),
                    "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"tf-%d" % i])),
                    "tags": tf.train.Feature(int64_list=tf.train.Int64List(value=list(range(i % 5)))),
                })).SerializeToString())
    print(json.dumps(out))
''').replace("SPEC", SPEC_CODE)


def records(n=257):
    rng = np.random.default_rng(11)
    out = []
    for i in range(n):
        out.append(tf.train.Example(features=tf.train.Features(feature={
            "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.integers(-2 ** 40, 2 ** 40))])),
            "x": tf.train.Feature(float_list=tf.train.FloatList(value=rng.normal(size=7))),
            "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[rng.bytes(int(rng.integers(0, 40)))])),
            "tags": tf.train.Feature(int64_list=tf.train.Int64List(value=list(range(i % 4)))),
        })).SerializeToString())
    return out


def parsed(path, compression):
    spec = eval(SPEC_CODE)  # noqa: S307 - the same spec text TensorFlow's script runs
    p = next(iter(tf.data.TFRecordDataset(path, compression).batch(1000).map(lambda r: tf.io.parse_example(r, spec))))
    return {"id": p["id"].numpy().tolist(), "x": p["x"].numpy().tolist(),
            "name": [b.hex() for b in p["name"].numpy().tolist()],
            "tags": [p["tags"].indices.numpy().tolist(), p["tags"].values.numpy().tolist(),
                     p["tags"].dense_shape.numpy().tolist()]}


@pytest.fixture(scope="module")
def exchange(tmp_path_factory):
    python = required_tf_python()
    d = tmp_path_factory.mktemp("tfrecord_interop")
    for c in COMPRESSIONS:
        with tf.io.TFRecordWriter(str(d / f"varrt_{c or 'plain'}.tfrecord"), c) as w:
            for r in records():
                w.write(r)
    script = d / "tf_side.py"
    script.write_text(TF_SCRIPT)
    result = subprocess.run([python, str(script), str(d)], capture_output=True, text=True, timeout=600,
                            env={"TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": "", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr[-3000:]
    return d, json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("compression", COMPRESSIONS)
def test_tensorflow_parses_varrts_files_to_varrts_values(exchange, compression):
    d, theirs = exchange
    assert theirs[compression] == parsed(str(d / f"varrt_{compression or 'plain'}.tfrecord"), compression)


@pytest.mark.parametrize("compression", COMPRESSIONS)
def test_varrt_reads_tensorflows_files(exchange, compression):
    d, _ = exchange
    p = parsed(str(d / f"tf_{compression or 'plain'}.tfrecord"), compression)
    assert p["id"] == [i * 3 for i in range(123)]
    assert p["x"] == [[float(np.float32(i / 7.0))] * 7 for i in range(123)]
    assert p["name"] == [(b"tf-%d" % i).hex() for i in range(123)]
    assert p["tags"][2] == [123, 4]
