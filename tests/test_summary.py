"""tf.summary against TensorFlow 2.21 (with TensorBoard 2.20's summary ops): the programs of
tests/summary_programs.py run under varrt, their event files read back by varrt's TFRecord reader
and protobuf codec and compared, event by event (wall_time aside), with what TensorFlow wrote for
the same programs (tests/fixtures/tf_summaries.json, tests/tools/record_summaries.py); PNGs by
their pixels. With VARRT_TF_PYTHON set, TensorFlow's own reader reads varrt's files."""
import base64
import json
import os
import re
import struct
import subprocess
import sys
import zlib

import numpy as np
import pytest

import varrt as tf
from varrt.data.tfrecord import tf_record_iterator
from varrt.saved_model.proto import Message, fields_of

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from summary_events import event_dict, read_logdir  # noqa: E402
from summary_programs import PROGRAMS  # noqa: E402

with open(os.path.join(HERE, "fixtures", "tf_summaries.json")) as _f:
    EXPECTED = json.load(_f)


def decode_png(data):
    """The pixels of an 8-bit PNG (any of PNG's row filters), as nested lists [h][w][c]."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        assert struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert depth == 8
    channels = {0: 1, 4: 2, 2: 3, 6: 4}[color]
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], (prev[i - channels] if i >= channels else 0)
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return np.frombuffer(b"".join(rows), np.uint8).reshape(height, width, channels).tolist()


def read_events(path):
    return [event_dict(fields_of(Message.from_bytes("tensorflow.Event", record)), decode_png)
            for record in tf_record_iterator(path)]


def run_program(name, logdir):
    scope = {"tf": tf, "LOGDIR": str(logdir)}
    exec(PROGRAMS[name], scope)
    return scope.get("RESULT")


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_event_files_match_tensorflow(name, tmp_path):
    result = run_program(name, tmp_path)
    assert json.loads(json.dumps(result)) == EXPECTED[name]["result"]
    files = read_logdir(str(tmp_path), read_events)
    expected = EXPECTED[name]["files"]
    assert sorted(files) == sorted(expected)
    for key in expected:
        assert len(files[key]) == len(expected[key]), key
        for i, (got, want) in enumerate(zip(files[key], expected[key])):
            if name.startswith("fit"):
                got, want = _trained_values_close(got, want)
            assert got == want, (key, i)


def _trained_values_close(got, want):
    """(got, want) with the float tensors' contents checked close (the trained weights and
    losses of a fit, where varrt's sums may round differently from TensorFlow's) and then set equal,
    so that everything else compares exactly."""
    got, want = json.loads(json.dumps(got)), json.loads(json.dumps(want))
    for g, w in zip(got.get("summary", {}).get("value", []), want.get("summary", {}).get("value", [])):
        gt, wt = g.get("tensor", {}), w.get("tensor", {})
        if wt.get("dtype") in (1, 2) and gt.get("dtype") == wt["dtype"] and "tensor_content" in wt:
            kind = np.float32 if wt["dtype"] == 1 else np.float64
            a, b = (np.frombuffer(base64.b64decode(t["tensor_content"][4:]), kind) for t in (gt, wt))
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-7)
            gt["tensor_content"] = wt["tensor_content"]
    return got, want
