"""tf.distribute.cluster_resolver: Simple, Union and TFConfig resolvers, as TensorFlow 2.21 records them."""
import collections
import json

import pytest

import varrt as tf

CR = tf.distribute.cluster_resolver


def test_cluster_resolver_is_abstract():
    with pytest.raises(TypeError) as e:
        CR.ClusterResolver()
    assert str(e.value) == "Can't instantiate abstract class ClusterResolver with abstract methods cluster_spec, master"
    assert not hasattr(CR.ClusterResolver, "rpc_layer")  # as in TensorFlow: only the subclasses have it


def test_simple_cluster_resolver():
    cs = tf.train.ClusterSpec({"worker": ["w0:2222", "w1:2222"], "ps": ["ps0:2222"]})
    r = CR.SimpleClusterResolver(cs, task_type="worker", task_id=1, rpc_layer="grpc")
    assert r.cluster_spec() is cs
    assert r.master() == "grpc://" and r.master("ps") == "grpc://"  # both task_type and task_id, or the master
    assert r.master("ps", 0) == "grpc://ps0:2222"
    assert r.master("ps", 0, rpc_layer="grpc+verbs") == "grpc+verbs://ps0:2222"
    assert (r.task_type, r.task_id, r.rpc_layer, r.environment) == ("worker", 1, "grpc", "")
    assert r.num_accelerators() == {} and type(r.num_accelerators()) is dict
    # The base class asks the devices: a defaultdict, empty without accelerators.
    assert repr(CR.ClusterResolver.num_accelerators(r, "worker", 0)) == "defaultdict(<class 'int'>, {})"
    assert CR.SimpleClusterResolver(cs, num_accelerators={"GPU": 8}).num_accelerators() == {"GPU": 8}
    r2 = CR.SimpleClusterResolver(cs, master="grpc://m:1")
    assert (r2.task_type, r2.task_id, r2.rpc_layer, r2.environment) == (None, None, None, "")
    assert r2.master() == "grpc://m:1" and r2.master(rpc_layer="grpc") == "grpc://grpc://m:1"
    assert CR.SimpleClusterResolver(cs, master="m:1", rpc_layer="").master() == "m:1"
    r2.task_type, r2.task_id, r2.rpc_layer = "ps", 0, "grpc"
    assert (r2.task_type, r2.task_id, r2.rpc_layer) == ("ps", 0, "grpc")
    with pytest.raises(AttributeError) as e:
        r2.environment = "x"
    assert str(e.value) == "property 'environment' of 'SimpleClusterResolver' object has no setter"


@pytest.mark.parametrize("args, message", [
    (({"w": ["a"]},), "cluster_spec must be a `tf.train.ClusterSpec`."),
    ((tf.train.ClusterSpec({}), None), "master must be a string."),
    ((tf.train.ClusterSpec({}), b"x"), "master must be a string."),
])
def test_simple_cluster_resolver_bad_input(args, message):
    with pytest.raises(TypeError) as e:
        CR.SimpleClusterResolver(*args)
    assert str(e.value) == message


# UnionResolver

def _worker_resolver():
    cs = tf.train.ClusterSpec({"worker": ["w0:2222", "w1:2222"], "ps": ["ps0:2222"]})
    return CR.SimpleClusterResolver(cs, task_type="worker", task_id=1, rpc_layer="grpc")


def test_union_resolver():
    other = CR.SimpleClusterResolver(tf.train.ClusterSpec({"ps": ["p0:1"], "worker": ["w2:2222"]}), task_type="ps",
                                     task_id=0, rpc_layer="grpc", environment="google")
    u = CR.UnionResolver(_worker_resolver(), other)
    assert type(u).__name__ == "UnionClusterResolver"
    assert repr(u.cluster_spec()) == \
        "ClusterSpec({'ps': ['ps0:2222', 'p0:1'], 'worker': ['w0:2222', 'w1:2222', 'w2:2222']})"
    assert u.master() == "grpc://" and u.master("ps", 1) == "p0:1"  # the override path ignores the others' rpc
    assert (u.task_type, u.task_id, u.rpc_layer, u.environment) == ("worker", 1, "grpc", "")
    assert u.num_accelerators() == {}
    o = CR.UnionResolver(_worker_resolver(), task_type="chief", task_id=0, rpc_layer="x")
    assert (o.task_type, o.task_id, o.rpc_layer) == ("chief", 1, "x")  # task_id 0 is falsy: the first's wins


def test_union_resolver_merges_dicts_and_rejects_duplicates():
    sparse = CR.SimpleClusterResolver(tf.train.ClusterSpec({"worker": {3: "w3:1"}}))
    assert repr(CR.UnionResolver(_worker_resolver(), sparse).cluster_spec()) == \
        "ClusterSpec({'ps': ['ps0:2222'], 'worker': {0: 'w0:2222', 1: 'w1:2222', 3: 'w3:1'}})"
    dense = CR.SimpleClusterResolver(tf.train.ClusterSpec({"worker": {1: "w3:1", 0: "x"}, "ps": {0: "y"}}))
    assert repr(CR.UnionResolver(_worker_resolver(), dense).cluster_spec()) == \
        "ClusterSpec({'ps': ['ps0:2222', 'y'], 'worker': ['w0:2222', 'w1:2222', 'x', 'w3:1']})"
    clash = CR.SimpleClusterResolver(tf.train.ClusterSpec({"worker": {1: "w9:1"}}))
    with pytest.raises(KeyError) as e:
        CR.UnionResolver(_worker_resolver(), clash).cluster_spec()
    assert e.value.args == ("Duplicate keys detected when merging two ClusterSpecs: {1}",)


@pytest.mark.parametrize("args, kwargs, error, message", [
    ((), {}, ValueError, "At least one ClusterResolver is required."),
    (("r",), {"foo": 1}, ValueError, "Unexpected kwargs provided {'foo': 1}"),
    (("r", 3), {}, TypeError, "All arguments must be a sub-class of `ClusterResolver.`"),
])
def test_union_resolver_bad_input(args, kwargs, error, message):
    args = [_worker_resolver() if a == "r" else a for a in args]
    with pytest.raises(error) as e:
        CR.UnionResolver(*args, **kwargs)
    assert str(e.value) == message


# TFConfigClusterResolver

def _set_tf_config(monkeypatch, config):
    monkeypatch.setenv("TF_CONFIG", config if isinstance(config, str) else json.dumps(config))


def test_tf_config_unset(monkeypatch):
    monkeypatch.delenv("TF_CONFIG", raising=False)
    r = CR.TFConfigClusterResolver()
    assert repr(r.cluster_spec()) == "ClusterSpec({})"
    assert (r.task_type, r.task_id, r.rpc_layer, r.environment) == (None, None, None, None)
    assert r.master() == ""
    assert r.num_accelerators() == collections.defaultdict(int)


def test_tf_config_cluster_task_and_master(monkeypatch):
    _set_tf_config(monkeypatch, {"cluster": {"chief": ["c0:2222"], "worker": ["w0:2222", "w1:2222"],
                                             "ps": ["p0:2222"]},
                                 "task": {"type": "worker", "index": 1}, "rpc_layer": "grpc"})
    r = CR.TFConfigClusterResolver()
    assert repr(r.cluster_spec()) == \
        "ClusterSpec({'chief': ['c0:2222'], 'ps': ['p0:2222'], 'worker': ['w0:2222', 'w1:2222']})"
    assert (r.task_type, r.task_id, r.rpc_layer, r.environment) == ("worker", 1, "grpc", None)
    assert r.master() == "grpc://w1:2222"
    assert r.master("ps", 0, rpc_layer="grpc+verbs") == "grpc+verbs://p0:2222"
    assert repr(r.num_accelerators()) == "defaultdict(<class 'int'>, {})"
    with pytest.raises(ValueError, match=r"^No such job in cluster: 'evaluator'$"):
        r.master("evaluator", 0)
    over = CR.TFConfigClusterResolver(task_type="ps", task_id="0", rpc_layer="", environment="google")
    assert (over.task_type, over.task_id, over.rpc_layer, over.environment) == ("ps", 0, "", "google")
    assert over.master() == "p0:2222"
    over.task_type, over.task_id, over.rpc_layer = "chief", 0, "grpc"
    assert over.master() == "grpc://c0:2222"


@pytest.mark.parametrize("config, master, task", [
    ({"cluster": {"worker": ["w0:2222", "w1:2222"]}, "task": {"type": "worker", "index": "1"}}, "w1:2222",
     ("worker", 1)),
    ({"cluster": {"worker": ["w0:2222"]}, "task": {"type": 7, "index": 0}}, "", ("7", 0)),  # one task: ""
    ({"session_master": "grpc://sm:1", "cluster": {"worker": ["w0:2222", "w1:2222"]}}, "grpc://sm:1",
     (None, None)),
    ({"cluster": {"worker": {"1": "w1:1"}}, "task": {"type": "worker", "index": 1}}, "w1:1", ("worker", 1)),
    ({"cluster": {}, "task": "worker"}, "", (None, None)),  # "type" in "worker" is a substring test
    ([1], "", (None, None)),
])
def test_tf_config_variants(monkeypatch, config, master, task):
    _set_tf_config(monkeypatch, config)
    r = CR.TFConfigClusterResolver()
    assert r.master() == master and (r.task_type, r.task_id) == task


def test_tf_config_errors(monkeypatch):
    r = CR.TFConfigClusterResolver()
    _set_tf_config(monkeypatch, {"cluster": {"worker": ["w0:2222", "w1:2222"]}})
    with pytest.raises(ValueError, match=r"^No such job in cluster: None$"):
        r.master()
    with pytest.raises(ValueError, match=r"^No such job in cluster: None$"):
        r.num_accelerators()  # asks master() first, as TensorFlow does
    _set_tf_config(monkeypatch, {"cluster": {"worker": "w1"}})
    with pytest.raises(TypeError, match=r"^The tasks for job 'worker' must be a list or a dictionary"):
        r.cluster_spec()
    for text in ("not json", ""):
        _set_tf_config(monkeypatch, text)
        with pytest.raises(json.JSONDecodeError, match=r"^Expecting value: line 1 column 1 \(char 0\)$"):
            r.cluster_spec()


def test_public_names_have_docstrings():
    for cls in (tf.train.ClusterSpec, CR.ClusterResolver, CR.SimpleClusterResolver, CR.TFConfigClusterResolver,
                CR.UnionResolver):
        assert cls.__doc__, cls
        for name, member in vars(cls).items():
            if not name.startswith("_") or name == "__init__":
                assert getattr(member, "__doc__", None), (cls.__name__, name)
