"""tf.train.ClusterSpec and the cluster resolvers, against TensorFlow 2.21's recorded behaviour."""
import json

import pytest

import varrt as tf


@pytest.fixture
def spec():
    return tf.train.ClusterSpec({"worker": ["w0:2222", "w1:2222"], "ps": {1: "ps1:2222", 3: "ps3:2222"}})


def test_cluster_spec_methods(spec):
    assert repr(spec) == "ClusterSpec({'ps': {1: 'ps1:2222', 3: 'ps3:2222'}, 'worker': ['w0:2222', 'w1:2222']})"
    assert spec.as_dict() == {"worker": ["w0:2222", "w1:2222"], "ps": {1: "ps1:2222", 3: "ps3:2222"}}
    assert spec.jobs == ["worker", "ps"]
    assert spec.num_tasks("ps") == 2
    assert spec.task_indices("ps") == [1, 3]
    assert spec.job_tasks("ps") == [None, "ps1:2222", None, "ps3:2222"]
    assert spec.task_address("worker", 1) == "w1:2222"
    assert not tf.train.ClusterSpec({})
    assert spec != spec.as_dict()  # the dense job is a list there, a dict inside (as in TensorFlow)
    copy = tf.train.ClusterSpec(spec)
    assert copy == spec
    assert repr(copy) == repr(spec)


@pytest.mark.parametrize("make, error, message", [
    (lambda s: s.num_tasks("x"), ValueError, "No such job in cluster: 'x'"),
    (lambda s: s.task_address("ps", 0), ValueError, "No task with index 0 in job 'ps'"),
    (lambda s: tf.train.ClusterSpec({"a": 3}), TypeError,
     "The tasks for job 'a' must be a list or a dictionary from integers to strings."),
    (lambda s: tf.train.ClusterSpec(5), TypeError, "`cluster` must be a dictionary mapping one or more job names to "
     "lists of network addresses, or a `ClusterDef` protocol buffer"),
    (lambda s: tf.train.ClusterSpec({"a": [1]}), TypeError, "Task address 1 must be bytes or unicode"),
    (lambda s: tf.distribute.cluster_resolver.SimpleClusterResolver({"a": []}), TypeError,
     "cluster_spec must be a `tf.train.ClusterSpec`."),
])
def test_bad_input_errors(spec, make, error, message):
    with pytest.raises(error) as e:
        make(spec)
    assert str(e.value) == message


def test_simple_cluster_resolver(spec):
    r = tf.distribute.cluster_resolver.SimpleClusterResolver(spec, task_type="worker", task_id=1, rpc_layer="grpc")
    assert isinstance(r, tf.distribute.cluster_resolver.ClusterResolver)
    assert r.cluster_spec() is spec
    assert r.master() == "grpc://"
    assert r.master("worker", 0) == "grpc://w0:2222"
    assert r.master("ps", 3, rpc_layer="http") == "http://ps3:2222"
    assert r.num_accelerators() == {}
    assert (r.environment, r.rpc_layer, r.task_type, r.task_id) == ("", "grpc", "worker", 1)
    r.task_id = 0
    assert r.task_id == 0


def test_tf_config_cluster_resolver(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", json.dumps({"cluster": {"worker": ["h0:1", "h1:2"], "ps": ["p:3"]},
                                                "task": {"type": "worker", "index": 1}, "rpc_layer": "grpc"}))
    t = tf.distribute.cluster_resolver.TFConfigClusterResolver()
    assert repr(t.cluster_spec()) == "ClusterSpec({'ps': ['p:3'], 'worker': ['h0:1', 'h1:2']})"
    assert (t.task_type, t.task_id, t.rpc_layer, t.master(), t.environment) == ("worker", 1, "grpc", "grpc://h1:2",
                                                                                  None)
    assert dict(t.num_accelerators()) == {}
    assert tf.distribute.cluster_resolver.TFConfigClusterResolver(task_type="ps", task_id=0).master() == "grpc://p:3"
    monkeypatch.setenv("TF_CONFIG", json.dumps({"cluster": {"worker": ["h0:1"]}}))
    t = tf.distribute.cluster_resolver.TFConfigClusterResolver()
    assert (t.master(), t.task_type, t.task_id) == ("", None, None)
    monkeypatch.delenv("TF_CONFIG")
    assert repr(tf.distribute.cluster_resolver.TFConfigClusterResolver().cluster_spec()) == "ClusterSpec({})"


def test_ray_cluster_resolver_rejects_bad_sizes():
    with pytest.raises(ValueError, match="`num_ps` must be a non-negative int"):
        tf.distribute.cluster_resolver.RayClusterResolver(num_ps=-1)
    with pytest.raises(ValueError, match="at least one task"):
        tf.distribute.cluster_resolver.RayClusterResolver(num_ps=0, num_workers=0)
