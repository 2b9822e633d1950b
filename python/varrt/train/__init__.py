"""Checkpoints in TensorFlow's format (`tf.train`), read and written without TensorFlow.

    ckpt = varrt.train.Checkpoint(model=module, step=step)
    path = ckpt.save("/tmp/run/ckpt")              # "/tmp/run/ckpt-1"
    ckpt.restore(varrt.train.latest_checkpoint("/tmp/run")).assert_consumed()

Files are TensorFlow tensor bundles (`.index` + `.data-00000-of-00001`): TensorFlow reads
what varrt writes and the other way round.
"""
from varrt.checkpoint.checkpoint import Checkpoint, CheckpointLoadStatus, InitializationOnlyStatus, NameBasedSaverStatus
from varrt.checkpoint.checkpoint_options import CheckpointOptions
from varrt.checkpoint.checkpoint_management import (CheckpointManager, CheckpointState, checkpoint_exists,
                                               generate_checkpoint_state_proto, get_checkpoint_state,
                                               latest_checkpoint, update_checkpoint_state)
from varrt.checkpoint.checkpoint_utils import (CheckpointReader, NewCheckpointReader, list_variables, load_checkpoint,
                                          load_variable)
from varrt.checkpoint.saver import Saver
from varrt.data.example_proto import (BytesList, Example, Feature, FeatureList, FeatureLists, Features, FloatList,
                                     Int64List, SequenceExample)
from varrt.distribute.server_lib import ClusterSpec
from varrt.optimizers.v1.moving_averages import ExponentialMovingAverage

__all__ = ["ExponentialMovingAverage", "BytesList", "Example", "Feature", "FeatureList", "FeatureLists", "Features", "FloatList", "Int64List",
           "SequenceExample", "Checkpoint", "ClusterSpec", "CheckpointLoadStatus", "CheckpointManager", "CheckpointOptions", "CheckpointReader",
           "CheckpointState", "InitializationOnlyStatus", "NameBasedSaverStatus", "NewCheckpointReader", "Saver",
           "checkpoint_exists", "generate_checkpoint_state_proto", "get_checkpoint_state", "latest_checkpoint",
           "list_variables", "load_checkpoint", "load_variable", "update_checkpoint_state"]
