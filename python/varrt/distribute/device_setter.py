"""tf.compat.v1.train.replica_device_setter: TensorFlow 1's placement of variables on ps tasks.

The device function it returns is TensorFlow's: ops whose type is a variable op (`ps_ops`) go
to `ps_device` with a task chosen by `ps_strategy` (round-robin by default), everything else
to `worker_device`, each merged with the device the op already asked for.

In varrt, `with tf.compat.v1.device(device_function):` or `with graph.device(...)` (in graph
mode, as in TensorFlow; TensorFlow 2's `tf.device` refuses functions) applies it to the
variables created in the block: each is created on the ps task the function names. Other ops
stay where varrt places them: this process acts as the worker (a graph's ops run here, and
the variables' ops run on their tasks).
"""
from varrt.framework.device_scope import DeviceSpec
from varrt.distribute.server_lib import ClusterSpec
from varrt.base import tf_logging

# TensorFlow's STANDARD_PS_OPS.
STANDARD_PS_OPS = ("Variable", "VariableV2", "AutoReloadVariable", "MutableHashTable", "MutableHashTableV2",
                   "MutableHashTableOfTensors", "MutableHashTableOfTensorsV2", "MutableDenseHashTable",
                   "MutableDenseHashTableV2", "VarHandleOp", "BoostedTreesEnsembleResourceHandleOp",
                   "BoostedTreesQuantileStreamResourceHandleOp", "ResourceConditionalAccumulator",
                   "DecisionTreeResource")


class _RoundRobinStrategy:
    """Returns the next ps task for each variable op, round-robin."""

    def __init__(self, num_tasks):
        self._num_tasks = num_tasks
        self._next_task = 0

    def __call__(self, unused_op):
        task = self._next_task
        self._next_task = (self._next_task + 1) % self._num_tasks
        return task


class _ReplicaDeviceChooser:
    def __init__(self, ps_tasks, ps_device, worker_device, merge_devices, ps_ops, ps_strategy):
        self._ps_tasks = ps_tasks
        self._ps_device = ps_device
        self._worker_device = worker_device
        self._merge_devices = merge_devices
        self._ps_ops = ps_ops
        self._ps_strategy = ps_strategy

    def device_function(self, op):
        """The device for `op` (anything with `.type` or `.node_def.op`, and `.device`)."""
        current = DeviceSpec.from_string(getattr(op, "device", "") or "")
        op_type = getattr(op, "type", None) or op.node_def.op
        if self._ps_tasks and self._ps_device and op_type in self._ps_ops:
            ps_device = DeviceSpec.from_string(self._ps_device)
            if ps_device.job and (not current.job or current.job == ps_device.job):
                ps_device = ps_device.replace(task=self._ps_strategy(op))
            return ps_device.make_merged_spec(current).to_string()
        worker_device = DeviceSpec.from_string(self._worker_device or "")
        return worker_device.make_merged_spec(current).to_string()


def replica_device_setter(ps_tasks=0, ps_device="/job:ps", worker_device="/job:worker", merge_devices=True,
                          cluster=None, ps_ops=None, ps_strategy=None):
    """A device function placing variable ops on ps tasks and other ops on the worker (or None
    when there is no ps task), as TensorFlow 1's."""
    if cluster is not None:
        cluster_spec = cluster if hasattr(cluster, "as_dict") else None
        if cluster_spec is None:
            cluster_spec = ClusterSpec(cluster)
        ps_job_name = DeviceSpec.from_string(ps_device).job
        if ps_job_name not in cluster_spec.jobs or ps_job_name is None:
            return None
        ps_tasks = len(cluster_spec.job_tasks(ps_job_name))
    if ps_tasks == 0:
        return None
    if ps_ops is None:
        ps_ops = list(STANDARD_PS_OPS)
    if not merge_devices:
        tf_logging.warning("DEPRECATION: It is recommended to set merge_devices=true in replica_device_setter")
    if ps_strategy is None:
        ps_strategy = _RoundRobinStrategy(ps_tasks)
    if not callable(ps_strategy):
        raise TypeError("ps_strategy must be callable")
    chooser = _ReplicaDeviceChooser(ps_tasks, ps_device, worker_device, merge_devices, ps_ops, ps_strategy)
    return chooser.device_function


