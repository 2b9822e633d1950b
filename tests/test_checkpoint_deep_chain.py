"""A checkpoint whose objects form a chain tens of thousands deep (a 1 MB file), restored into a
program that lacks the chain: the values below wait for the chain, and restoring, then building
the chain (top down or bottom up), costs time and memory linear in the depth. Deferred-restore
paths were rebuilt per level: 2.1 s of CPU to restore this file, 14 s to build the chain top
down, gigabytes to attach it bottom up. TensorFlow 2.21 restores the same file in 0.07 s.

Each measurement runs in a fresh process (CPU time, so a loaded machine does not count; peak
RSS growth), under an address-space limit so a regression fails instead of exhausting memory."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import varrt as tf
from varrt import _C
from varrt.checkpoint import object_graph as _object_graph
from varrt.checkpoint.checkpoint import _string_tensor

DEPTH = 60_000  # a 1.1 MB checkpoint


def write_chain(prefix, depth):
    """What `Checkpoint(chain=Checkpoint(c=...Checkpoint(c=Checkpoint(v=Variable([1.0, 2.0])))))`,
    `depth` Checkpoints under `chain`, writes, built directly: a save walks every path, which
    costs depth**2 (in TensorFlow too), so the test checks this against a real save at a small depth."""
    names = ["chain"] + ["c"] * depth + ["v"]
    key = "/".join(names) + "/.ATTRIBUTES/VARIABLE_VALUE"
    nodes = [_object_graph.TrackableObject(children=[_object_graph.ObjectReference(i + 1, name)],
                                           has_checkpoint_values=True) for i, name in enumerate(names)]
    nodes.append(_object_graph.TrackableObject(
        attributes=[_object_graph.SerializedTensor("VARIABLE_VALUE", "Variable", key)], has_checkpoint_values=True))
    _C.save_v2(prefix, [key, "_CHECKPOINTABLE_OBJECT_GRAPH"],
               [tf.Variable([1.0, 2.0]), _string_tensor(_object_graph.encode(nodes))])
    return prefix


def test_the_built_chain_is_what_a_save_writes(tmp_path):
    node = tf.train.Checkpoint(v=tf.Variable([1.0, 2.0]))
    for _ in range(4):
        node = tf.train.Checkpoint(c=node)
    saved = tf.train.load_checkpoint(tf.train.Checkpoint(chain=node).write(str(tmp_path / "saved")))
    built = tf.train.load_checkpoint(write_chain(str(tmp_path / "built"), 4))
    assert saved.get_variable_to_shape_map() == built.get_variable_to_shape_map()
    for key in saved.get_variable_to_shape_map():
        assert np.array_equal(saved.get_tensor(key), built.get_tensor(key)), key


MEASURE = r'''
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
import varrt as tf

path, depth, scenario = sys.argv[1], int(sys.argv[2]), sys.argv[3]
root = tf.train.Checkpoint()
leaf = None


def restore():
    root.read(path)


def top_down():
    global leaf
    root.chain = node = tf.train.Checkpoint()
    for _ in range(depth):
        node.c = tf.train.Checkpoint()
        node = node.c
    node.v = leaf = tf.Variable([0.0, 0.0])


def bottom_up(top):
    root.chain = top


if scenario != "restore":
    restore()
if scenario == "bottom-up":
    leaf = tf.Variable([0.0, 0.0])
    top = tf.train.Checkpoint(v=leaf)
    for _ in range(depth):
        top = tf.train.Checkpoint(c=top)
measured = {"restore": restore, "top-down": top_down, "bottom-up": lambda: bottom_up(top)}[scenario]
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
cpu = time.process_time()
measured()
cpu = time.process_time() - cpu
growth = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss) / 1024
print(json.dumps({"cpu_seconds": cpu, "rss_growth_mb": growth, "leaf": None if leaf is None else leaf.numpy().tolist()}))
'''


@pytest.fixture(scope="module")
def chain_file(tmp_path_factory):
    prefix = write_chain(str(tmp_path_factory.mktemp("chain") / "ckpt"), DEPTH)
    size = sum(os.path.getsize(prefix + suffix) for suffix in (".index", ".data-00000-of-00001"))
    assert 1_000_000 < size < 1_300_000
    return prefix


def measure(path, scenario):
    result = subprocess.run([sys.executable, "-c", MEASURE, path, str(DEPTH), scenario], capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_restoring_a_deep_chain_the_program_lacks_is_linear(chain_file):
    got = measure(chain_file, "restore")
    assert got["cpu_seconds"] <= 0.5, got  # 0.1 s here; 2.1 s before
    assert got["rss_growth_mb"] <= 200, got


@pytest.mark.parametrize("scenario, cpu_bound", [("top-down", 3.0), ("bottom-up", 1.5)])
def test_the_chain_built_after_the_restore_gets_its_value_in_linear_time(chain_file, scenario, cpu_bound):
    got = measure(chain_file, scenario)
    assert got["leaf"] == [1.0, 2.0]  # the value waited down the chain for the leaf's variable
    assert got["cpu_seconds"] <= cpu_bound, got  # 60,000 Checkpoints made and tracked: 0.9 s and 0.3 s here
    assert got["rss_growth_mb"] <= 200, got
