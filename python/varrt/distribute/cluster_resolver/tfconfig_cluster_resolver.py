"""TFConfigClusterResolver: the cluster the TF_CONFIG environment variable describes (JSON)."""
import json
import os

from varrt.distribute.cluster_resolver.cluster_resolver import ClusterResolver, format_master_url
from varrt.distribute.server_lib import ClusterSpec


def _load_tf_config():
    return json.loads(os.environ.get("TF_CONFIG", "{}"))


def _get_value_in_tfconfig(key, default=None):
    tf_config = _load_tf_config()
    return tf_config[key] if key in tf_config else default


class TFConfigClusterResolver(ClusterResolver):
    """Reads the cluster, this task and the rpc layer from TF_CONFIG (each read when asked)."""

    def __init__(self, task_type=None, task_id=None, rpc_layer=None, environment=None):
        """Each argument given overrides what TF_CONFIG says."""
        self._task_type = task_type
        self._task_id = task_id
        self._rpc_layer = rpc_layer
        self._environment = environment

    @property
    def task_type(self):
        """The task type given (as str), else TF_CONFIG's task "type", else None."""
        if self._task_type is None:
            task_info = _get_value_in_tfconfig("task", {})
            return str(task_info["type"]) if "type" in task_info else None
        return str(self._task_type)

    @property
    def task_id(self):
        """The task id given (as int), else TF_CONFIG's task "index", else None."""
        if self._task_id is None:
            task_info = _get_value_in_tfconfig("task", {})
            return int(task_info["index"]) if "index" in task_info else None
        return int(self._task_id)

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id

    @property
    def environment(self):
        """The environment given to the constructor (None by default)."""
        return self._environment

    @property
    def rpc_layer(self):
        """The rpc layer given, else TF_CONFIG's "rpc_layer"."""
        if self._rpc_layer is None:
            return _get_value_in_tfconfig("rpc_layer")
        return self._rpc_layer

    @rpc_layer.setter
    def rpc_layer(self, rpc_layer):
        self._rpc_layer = rpc_layer

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        """ClusterResolver.num_accelerators for the given task, else this one."""
        task_type = self.task_type if task_type is None else task_type
        task_id = self.task_id if task_id is None else task_id
        return super().num_accelerators(task_type, task_id, config_proto)

    def cluster_spec(self):
        """TF_CONFIG's "cluster" as a ClusterSpec (empty without one)."""
        tf_config = _load_tf_config()
        if "cluster" not in tf_config:
            return ClusterSpec({})
        return ClusterSpec(tf_config["cluster"])

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        """TF_CONFIG's "session_master", else this task's address with the rpc layer ("" for a
        cluster of one task)."""
        session_master = _get_value_in_tfconfig("session_master")
        if session_master is not None:
            return session_master
        cluster_spec = self.cluster_spec()
        if not cluster_spec.jobs or (len(cluster_spec.jobs) == 1
                                     and len(cluster_spec.job_tasks(cluster_spec.jobs[0])) == 1):
            return ""
        task_type = task_type if task_type is not None else self.task_type
        task_id = task_id if task_id is not None else self.task_id
        rpc_layer = rpc_layer if rpc_layer is not None else self.rpc_layer
        return format_master_url(cluster_spec.task_address(task_type, task_id), rpc_layer)
