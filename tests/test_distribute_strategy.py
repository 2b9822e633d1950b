"""tf.distribute's in-process strategies: the default strategy and its replica context,
OneDeviceStrategy, MirroredStrategy on logical CPUs (MirroredVariable, run with all-reduce and
merge_call, PerReplica, reduce, gather, distributed datasets, tf.random.Generator's per-replica
streams and their checkpoints, checkpoints between mirrored and plain variables, run in a
tf.function). One program (tests/distribute_strategy_program.py) run under varrt is compared,
case by case, with what TensorFlow 2.21 gave for it (tests/fixtures/distribute_strategy/,
recorded by tests/tools/record_keras_program.py; again live when VARRT_TF_PYTHON is set)."""
import pytest

from keras_programs import comparison_tests, recorded

import varrt as tf

PROGRAM = "distribute_strategy_program.py"
TF = recorded("distribute_strategy")

varrt_run, test_the_program_records_what_tensorflow_recorded, test_matches_tensorflow, \
    test_the_program_matches_live_tensorflow = comparison_tests(PROGRAM, TF, "distribute_strategy")


@pytest.mark.parametrize("name", ["MultiWorkerMirroredStrategy", "TPUStrategy"])
def test_strategies_varrt_lacks_say_so(name):
    with pytest.raises(NotImplementedError, match=f"varrt does not implement tf.distribute.{name}"):
        getattr(tf.distribute, name)()


@pytest.mark.parametrize("ops", [tf.distribute.HierarchicalCopyAllReduce(), tf.distribute.NcclAllReduce()])
def test_other_cross_device_ops_say_so(ops):
    with pytest.raises(NotImplementedError, match=f"cross_device_ops={type(ops).__name__} is not supported with 2"):
        tf.distribute.MirroredStrategy(["cpu:0", "cpu:1"], cross_device_ops=ops)
    # One replica reduces nothing: TensorFlow takes them (the distributed-training guide's
    # MirroredStrategy(cross_device_ops=HierarchicalCopyAllReduce()) on a CPU).
    strategy = tf.distribute.MirroredStrategy(cross_device_ops=ops)
    assert strategy.num_replicas_in_sync == 1
    assert float(strategy.reduce("SUM", strategy.run(lambda: tf.constant(4.0)), axis=None)) == 4.0


def test_reduction_to_one_device_is_the_reduction_varrt_does():
    strategy = tf.distribute.MirroredStrategy(["cpu:0"], cross_device_ops=tf.distribute.ReductionToOneDevice())
    assert float(strategy.reduce("SUM", strategy.run(lambda: tf.constant(4.0)), axis=None)) == 4.0


def test_one_replica_results_are_not_wrapped():
    strategy = tf.distribute.MirroredStrategy(["cpu:0"])
    out = strategy.run(lambda: tf.distribute.get_replica_context().all_reduce("SUM", tf.constant(5.0)))
    assert type(out).__name__ == "EagerTensor" or isinstance(out, tf.Tensor)
    assert float(out) == 5.0
