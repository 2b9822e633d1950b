"""tf.distribute.cluster_resolver: where a cluster's tasks are (TensorFlow's ClusterResolver API)."""
import abc
import collections

from varrt.framework import device_config as config
from varrt.distribute.server_lib import ClusterSpec


def format_master_url(master, rpc_layer=None):
    """`rpc_layer://master`, or `master` without an rpc layer."""
    if rpc_layer:
        return "%s://%s" % (rpc_layer, master)
    return master


class ClusterResolver(metaclass=abc.ABCMeta):
    """Abstract class for all implementations of ClusterResolvers."""

    @abc.abstractmethod
    def cluster_spec(self):
        """The cluster's current state as a `tf.train.ClusterSpec`."""
        raise NotImplementedError()

    @abc.abstractmethod
    def master(self, task_type=None, task_id=None, rpc_layer=None):
        """The name or URL of the session master (a task's address)."""
        raise NotImplementedError()

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        """Accelerator cores per worker, by device type: the local logical devices that are not CPUs.

        Asks master() first, as TensorFlow does (so its errors surface here too); a defaultdict,
        empty on varrt's CPUs.
        """
        self.master(task_type, task_id)
        mapping = collections.defaultdict(int)
        for device in config.list_logical_devices():
            if device.device_type in ("CPU", "XLA_CPU"):
                continue
            if task_type is not None and task_id is not None:
                if "/job:%s" % task_type not in device.name or "/task:%s" % task_id not in device.name:
                    continue
            mapping[device.device_type] += 1
        return mapping

    @property
    def environment(self):
        """The environment TensorFlow runs in ("" by default)."""
        return ""

    @property
    def task_type(self):
        """The task type this resolver indicates."""
        return getattr(self, "_task_type", None)

    @property
    def task_id(self):
        """The task id this resolver indicates."""
        return getattr(self, "_task_id", None)

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id


class SimpleClusterResolver(ClusterResolver):
    """A ClusterResolver given every attribute."""

    def __init__(self, cluster_spec, master="", task_type=None, task_id=None, environment="", num_accelerators=None,
                 rpc_layer=None):
        """Keeps what it is given (TypeError unless cluster_spec is a ClusterSpec and master a str)."""
        super().__init__()
        self._task_type = task_type
        self._task_id = task_id
        self._environment = environment
        self._num_accelerators = num_accelerators
        self._rpc_layer = rpc_layer
        if not isinstance(cluster_spec, ClusterSpec):
            raise TypeError("cluster_spec must be a `tf.train.ClusterSpec`.")
        self._cluster_spec = cluster_spec
        if not isinstance(master, str):
            raise TypeError("master must be a string.")
        self._master = master

    def cluster_spec(self):
        """The ClusterSpec given to the constructor."""
        return self._cluster_spec

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        """The given master, or the address of task `task_id` of `task_type`, with the rpc layer."""
        if task_type is not None and task_id is not None:
            master = self.cluster_spec().task_address(task_type, task_id)
        else:
            master = self._master
        return format_master_url(master, rpc_layer=rpc_layer or self._rpc_layer)

    # task_type and task_id: the base class's properties (what the constructor set, or set since).

    @property
    def environment(self):
        """The environment given to the constructor ("" by default)."""
        return self._environment

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        """The accelerators given to the constructor ({} when none were)."""
        if self._num_accelerators is None:
            return {}
        return self._num_accelerators

    @property
    def rpc_layer(self):
        """The rpc layer tasks speak ("grpc"), or None."""
        return self._rpc_layer

    @rpc_layer.setter
    def rpc_layer(self, rpc_layer):
        self._rpc_layer = rpc_layer
