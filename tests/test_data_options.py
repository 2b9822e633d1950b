"""tf.data.Options against TensorFlow 2.21 (the values below are what TensorFlow printed for the
same calls): unset settings and their defaults, the groups made on first read and kept, type
checks and unknown names with TensorFlow's texts, with_options/options through a pipeline (later
options over earlier ones, kept by later transformations), merge, equality."""
import pytest

import varrt as tf


def test_defaults_and_groups():
    o = tf.data.Options()
    assert (o.deterministic, o.experimental_deterministic, o.experimental_slack, o.dataset_name) == (None,) * 4
    assert o.experimental_distribute.auto_shard_policy == tf.data.experimental.AutoShardPolicy.AUTO == 0
    assert o.experimental_distribute.num_devices is None and o.threading.private_threadpool_size is None
    assert o.experimental_threading is o.threading and o.autotune.enabled is None
    assert o.experimental_optimization.map_parallelization is None
    assert [(e.name, e.value) for e in tf.data.experimental.AutoShardPolicy] == [
        ("OFF", -1), ("AUTO", 0), ("FILE", 1), ("DATA", 2), ("HINT", 3)]
    assert [e.value for e in tf.data.experimental.ExternalStatePolicy] == [0, 1, 2]
    assert isinstance(o.threading, tf.data.ThreadingOptions)


def test_type_checks_and_names_as_tensorflow():
    o = tf.data.Options()
    with pytest.raises(AttributeError, match="^Cannot set the property foo on Options.$"):
        o.foo = 1
    with pytest.raises(TypeError, match="^Property \"deterministic\" must be of type <class 'bool'>, got: 3 "
                                        "\\(type: <class 'int'>\\)$"):
        o.deterministic = 3
    with pytest.raises(TypeError, match="^Property \"auto_shard_policy\" must be of type <enum 'AutoShardPolicy'>, "
                                        "got: 7"):
        o.experimental_distribute.auto_shard_policy = 7
    with pytest.raises(TypeError, match="^Property \"private_threadpool_size\" must be of type <class 'int'>, got: x"):
        o.threading.private_threadpool_size = "x"
    with pytest.raises(TypeError, match="^Property \"map_fusion\" must be of type <class 'bool'>, got: 1"):
        o.experimental_optimization.map_fusion = 1


def test_with_options_through_a_pipeline():
    o = tf.data.Options()
    o.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
    o.deterministic = False
    ds = tf.data.Dataset.range(3).with_options(o)
    assert ds.options().deterministic is False
    assert ds.options().experimental_distribute.auto_shard_policy == tf.data.experimental.AutoShardPolicy.DATA
    mapped = ds.map(lambda x: x + 1)
    assert [int(x) for x in mapped] == [1, 2, 3] and mapped.options().deterministic is False
    later = tf.data.Options()
    later.deterministic = True
    assert ds.with_options(later).options().deterministic is True
    threads = tf.data.Options()
    threads.threading.private_threadpool_size = 4
    merged = o.merge(threads)
    assert (merged.threading.private_threadpool_size, merged.deterministic) == (4, False)
    assert o == o and tf.data.Options() == tf.data.Options() and o != tf.data.Options()
    zipped = tf.data.Dataset.zip((ds, tf.data.Dataset.range(3)))
    assert zipped.options().deterministic is False
    with pytest.raises(TypeError):
        ds.with_options({"deterministic": False})
