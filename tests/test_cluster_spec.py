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


# Recorded from TensorFlow 2.21: every method, the ClusterDef's checks, copies.

def _cluster():
    return tf.train.ClusterSpec({"worker": ["w0:2222", "w1:2222", "w2:2222"], "ps": ["ps0:2222", "ps1:2222"]})


def _sparse():
    return tf.train.ClusterSpec({"worker": {1: "w1:2222", 3: "w3:2222"}, "ps": ["ps0:2222"]})


# ClusterSpec

def test_dense_cluster_methods_and_repr():
    c = _cluster()
    assert repr(c) == str(c) == \
        "ClusterSpec({'ps': ['ps0:2222', 'ps1:2222'], 'worker': ['w0:2222', 'w1:2222', 'w2:2222']})"
    assert c.as_dict() == {"worker": ["w0:2222", "w1:2222", "w2:2222"], "ps": ["ps0:2222", "ps1:2222"]}
    assert list(c.as_dict()) == ["worker", "ps"] and c.jobs == ["worker", "ps"]  # insertion order
    assert c.num_tasks("worker") == 3 and c.task_indices("ps") == [0, 1]
    assert c.task_address("worker", 1) == "w1:2222"
    assert c.job_tasks("worker") == ["w0:2222", "w1:2222", "w2:2222"]
    assert bool(c) is True and bool(tf.train.ClusterSpec({})) is False
    assert repr(tf.train.ClusterSpec({})) == "ClusterSpec({})"


def test_sparse_jobs():
    s = _sparse()
    assert repr(s) == "ClusterSpec({'ps': ['ps0:2222'], 'worker': {1: 'w1:2222', 3: 'w3:2222'}})"
    assert s.as_dict() == {"worker": {1: "w1:2222", 3: "w3:2222"}, "ps": ["ps0:2222"]}
    assert s.job_tasks("worker") == [None, "w1:2222", None, "w3:2222"]
    assert s.num_tasks("worker") == 2 and s.task_indices("worker") == [1, 3]


@pytest.mark.parametrize("tasks, expected", [
    ({1: "b", 0: "a"}, "ClusterSpec({'w': ['a', 'b']})"),      # dense indices print as a list
    ({"1": "b", "0": "a"}, "ClusterSpec({'w': ['a', 'b']})"),  # keys go through int()
    ({1.5: "a"}, "ClusterSpec({'w': {1: 'a'}})"),
    ({-1: "a"}, "ClusterSpec({'w': {-1: 'a'}})"),
    (("a", "b"), "ClusterSpec({'w': ['a', 'b']})"),
    ([], "ClusterSpec({'w': {}})"),
])
def test_task_forms(tasks, expected):
    assert repr(tf.train.ClusterSpec({"w": tasks})) == expected


def test_empty_job():
    c = tf.train.ClusterSpec({"w": []})
    assert c.as_dict() == {"w": {}} and c.num_tasks("w") == 0 and c.task_indices("w") == []
    with pytest.raises(ValueError, match=r"^max\(\) arg is an empty sequence$"):
        c.job_tasks("w")


@pytest.mark.parametrize("method, args", [
    ("num_tasks", ()), ("task_indices", ()), ("task_address", (0,)), ("job_tasks", ())])
def test_unknown_job(method, args):
    with pytest.raises(ValueError) as e:
        getattr(_cluster(), method)("chief", *args)
    assert str(e.value) == "No such job in cluster: 'chief'"


def test_unknown_task():
    with pytest.raises(ValueError) as e:
        _cluster().task_address("worker", 7)
    assert str(e.value) == "No task with index 7 in job 'worker'"
    with pytest.raises(ValueError) as e:
        _cluster().task_address("worker", "1")
    assert str(e.value) == "No task with index '1' in job 'worker'"


def test_equality_and_hash():
    c = _cluster()
    assert c == tf.train.ClusterSpec(c) and not c != tf.train.ClusterSpec(c)
    assert tf.train.ClusterSpec({"w": ["a"]}) == {"w": {0: "a"}}  # compared with the index -> address dicts
    assert tf.train.ClusterSpec({"w": ["a"]}) != {"w": ["a"]}
    assert tf.train.ClusterSpec({"w": ["a"]}) != tf.train.ClusterSpec({"w": ["b"]})
    assert (tf.train.ClusterSpec({"w": ["a"]}) == 3) is False
    with pytest.raises(TypeError, match=r"^unhashable type: 'ClusterSpec'$"):
        hash(c)


def test_copy_goes_through_the_cluster_def():
    c = _cluster()
    copy = tf.train.ClusterSpec(c)
    assert copy is not c and repr(copy) == repr(c)
    assert tf.train.ClusterSpec({"z": ["a"], "b": ["c"]}).jobs == ["z", "b"]
    assert tf.train.ClusterSpec(tf.train.ClusterSpec({"z": ["a"], "b": ["c"]})).jobs == ["b", "z"]  # sorted
    assert tf.train.ClusterSpec({b"w": [b"a:1"]}).as_dict() == {b"w": [b"a:1"]}  # kept as given
    assert tf.train.ClusterSpec(tf.train.ClusterSpec({"w": [bytearray(b"a")]})).as_dict() == {"w": ["a"]}
    assert tf.train.ClusterSpec(tf.train.ClusterSpec({b"w": [b"a:1"]})).as_dict() == {"w": ["a:1"]}  # decoded
    assert tf.train.ClusterSpec(tf.train.ClusterSpec({"w": []})).as_dict() == {"w": {}}


def test_the_spec_does_not_alias_its_input():
    d = {"w": ["a"]}
    c = tf.train.ClusterSpec(d)
    d["w"].append("b")
    c.as_dict()["w"].append("z")
    c.jobs.append("x")
    assert repr(c) == "ClusterSpec({'w': ['a']})"


@pytest.mark.parametrize("cluster, error, message", [
    (["w0"], TypeError, "`cluster` must be a dictionary mapping one or more job names to lists of network "
                        "addresses, or a `ClusterDef` protocol buffer"),
    (None, TypeError, "`cluster` must be a dictionary mapping one or more job names to lists of network "
                      "addresses, or a `ClusterDef` protocol buffer"),
    ({"worker": "w0:2222"}, TypeError,
     "The tasks for job 'worker' must be a list or a dictionary from integers to strings."),
    ({"worker": 5}, TypeError, "The tasks for job 'worker' must be a list or a dictionary from integers to strings."),
    ({1: ["a"]}, TypeError, "Job name 1 must be bytes or unicode"),
    ({"w": [1]}, TypeError, "Task address 1 must be bytes or unicode"),
    ({"w": [None]}, TypeError, "Task address None must be bytes or unicode"),
    ({"w": {2**31: 5}}, TypeError, "Task address 5 must be bytes or unicode"),  # address checked before index
    ({"a": ["x"], 1: ["y"]}, TypeError, "'<' not supported between instances of 'int' and 'str'"),
    ({"w": {"x": "b"}}, ValueError, "invalid literal for int() with base 10: 'x'"),
    ({"w": {2**31: "a"}}, ValueError, "Value out of range: 2147483648"),  # the proto's int32 index
    ({"w": {-2**31 - 1: "a"}}, ValueError, "Value out of range: -2147483649"),
    ({"w": {2**31: b"\xff"}}, ValueError, "Value out of range: 2147483648"),
    ({b"\xff": ["a"]}, UnicodeDecodeError, "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"),
    ({"w": [b"\xff"]}, UnicodeDecodeError, "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"),
    ({"\ud800": ["a"]}, UnicodeEncodeError,
     "'utf-8' codec can't encode character '\\ud800' in position 0: surrogates not allowed"),
])
def test_bad_cluster_input(cluster, error, message):
    with pytest.raises(error) as e:
        tf.train.ClusterSpec(cluster)
    assert type(e.value) is error and str(e.value) == message


def test_as_cluster_def_is_not_available():
    with pytest.raises(NotImplementedError,
                       match=r"^varrt does not build tf.train.ClusterDef protocol buffers; use as_dict\(\)$"):
        _cluster().as_cluster_def()
