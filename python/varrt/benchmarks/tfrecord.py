"""Reading a TFRecord file of serialized `tf.train.Example`s and parsing them, varrt against
TensorFlow 2.21, each in its own process, in one run (issue 29's target).

    python benchmarks/bench_tfrecord.py [--quick] [--megabytes N] [--tf-python PATH]
    (the same as python -m varrt.benchmarks.tfrecord)

The file (128 MB; 16 with --quick) is written once by varrt (the format is TensorFlow's): records
of an Example with a 128-float feature "x", an int64 "label" and a bytes "name". Rows (throughput
in MB of file per second, the median of 3 passes over the file after a warm-up pass, so the file
is in the page cache for both libraries):
  batch then parse   TFRecordDataset(path).batch(1024).map(lambda r: tf.io.parse_example(r, spec)),
                     iterated to the end: TensorFlow's vectorized-parsing idiom. Target: varrt >= 1.0x
                     TensorFlow's throughput.
  parse each         TFRecordDataset(path).map(lambda r: tf.io.parse_single_example(r, spec))
                     .batch(1024): one parse per record (no target: varrt's tf.data runs a Python
                     step per element).
  read only          TFRecordDataset(path).batch(1024), no parsing.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROUNDS = 3
BATCH = 1024
FLOATS = 128
TARGETS = {"batch then parse": 1.0}


def spec(tf):
    return {"x": tf.io.FixedLenFeature([FLOATS], tf.float32), "label": tf.io.FixedLenFeature([], tf.int64),
            "name": tf.io.FixedLenFeature([], tf.string)}


def write_file(path, megabytes):
    """Writes the benchmark's file with varrt; returns its size in bytes."""
    import varrt as tf  # the library under test, imported only where it writes (a peer runs this file without it)
    rng = np.random.default_rng(0)
    distinct = []
    for i in range(512):
        distinct.append(tf.train.Example(features=tf.train.Features(feature={
            "x": tf.train.Feature(float_list=tf.train.FloatList(value=rng.normal(size=FLOATS).astype(np.float32))),
            "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.integers(0, 1000))])),
            "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[f"record-{i:06d}".encode()])),
        })).SerializeToString())
    target = megabytes * (1 << 20)
    written = 0
    with tf.io.TFRecordWriter(path) as writer:
        i = 0
        while written < target:
            record = distinct[i % len(distinct)]
            writer.write(record)
            written += len(record) + 16
            i += 1
    return os.path.getsize(path)


def cases(tf, path):
    features = spec(tf)

    def batch_then_parse():
        ds = tf.data.TFRecordDataset(path).batch(BATCH).map(lambda r: tf.io.parse_example(r, features))
        for _ in ds:
            pass

    def parse_each():
        ds = tf.data.TFRecordDataset(path).map(lambda r: tf.io.parse_single_example(r, features)).batch(BATCH)
        for _ in ds:
            pass

    def read_only():
        for _ in tf.data.TFRecordDataset(path).batch(BATCH):
            pass

    return {"batch then parse": batch_then_parse, "parse each": parse_each, "read only": read_only}


def run_library(library, path):
    """{row: seconds per pass} for one library, in this process."""
    if library == "varrt":
        import varrt as tf  # the library under test, chosen per subprocess (as tensorflow below)
    else:
        import tensorflow as tf
    out = {}
    for name, fn in cases(tf, path).items():
        fn()  # warm-up: page cache, traces
        times = []
        for _ in range(ROUNDS):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        out[name] = float(np.median(times))
    return out


def in_subprocess(python, library, path):
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    result = subprocess.run([python, os.path.abspath(__file__), "--only", library, "--path", path],
                            capture_output=True, text=True, env=env, timeout=3600)
    if result.returncode != 0:
        print(f"{library} failed:\n{result.stderr[-2000:]}", file=sys.stderr)
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a 16 MB file instead of 128 MB")
    parser.add_argument("--megabytes", type=int, default=None, help="the file's size in MB")
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"),
                        help="a Python interpreter with TensorFlow (default: $VARRT_TF_PYTHON)")
    parser.add_argument("--only", choices=["varrt", "tf"], help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.only:
        print(json.dumps(run_library(args.only, args.path)))
        return 0
    megabytes = args.megabytes or (16 if args.quick else 128)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "examples.tfrecord")
        size = write_file(path, megabytes)
        times = {"varrt": in_subprocess(sys.executable, "varrt", path)}
        if times["varrt"] is None:
            return 1
        if args.tf_python:
            times["tf"] = in_subprocess(args.tf_python, "tf", path)
    mb = size / (1 << 20)
    print(f"a {mb:.1f} MB TFRecord file of Examples; MB/s, the median of {ROUNDS} passes")
    print(f"{'row':18} {'varrt MB/s':>11} {'TF MB/s':>9} {'varrt/TF':>9}")
    missed = 0
    for row, t in times["varrt"].items():
        theirs = (times.get("tf") or {}).get(row)
        ratio = theirs / t if theirs else None
        print(f"{row:18} {mb / t:11.1f} " + (f"{mb / theirs:9.1f} {ratio:8.2f}x" if theirs else f"{'-':>9} {'-':>9}"))
        if ratio is not None and row in TARGETS:
            ok = ratio >= TARGETS[row]
            missed += not ok
            print(f"  {row}: {ratio:.2f}x TensorFlow's throughput (target >= {TARGETS[row]}x) {'ok' if ok else 'MISS'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
