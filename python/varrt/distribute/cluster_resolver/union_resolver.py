"""`tf.distribute.cluster_resolver.UnionResolver`: several resolvers' clusters merged into one.

Mirrors UnionClusterResolver in tensorflow/python/distribute/cluster_resolver/cluster_resolver.py.
"""
from varrt.distribute.cluster_resolver.cluster_resolver import ClusterResolver, format_master_url
from varrt.distribute.server_lib import ClusterSpec


class UnionClusterResolver(ClusterResolver):
    """Performs a union on underlying ClusterResolvers.

    `cluster_spec()` merges their ClusterSpecs; task type, task id, rpc layer, environment
    and accelerators come from the first resolver unless overridden by keyword:

        resolver = UnionResolver(gpu_override, TFConfigClusterResolver(), rpc_layer="grpc")
    """

    def __init__(self, *args, **kwargs):
        """Creates the union of `args` (ClusterResolvers); kwargs rpc_layer, task_type, task_id override.

        Raises:
          TypeError: If an argument is not a ClusterResolver.
          ValueError: If there are no arguments or an unknown keyword.
        """
        super().__init__()
        self._rpc_layer = kwargs.pop("rpc_layer", None)
        self._task_type = kwargs.pop("task_type", None)
        self._task_id = kwargs.pop("task_id", None)
        if kwargs:
            raise ValueError("Unexpected kwargs provided {!r}".format(kwargs))
        if not args:
            raise ValueError("At least one ClusterResolver is required.")
        for cluster_resolver in args:
            if not isinstance(cluster_resolver, ClusterResolver):
                raise TypeError("All arguments must be a sub-class of `ClusterResolver.`")
        self._cluster_resolvers = args

    def cluster_spec(self):
        """Returns the union of the resolvers' ClusterSpecs.

        A job that is a list in every resolver becomes the concatenation of the lists (first
        resolver first); otherwise the tasks merge as dicts by index, and an index present
        twice raises KeyError.
        """
        merged_cluster = {}
        # First pass: a job stays a list only while every resolver gives it as a list.
        for cluster_resolver in self._cluster_resolvers:
            for job_name, tasks in cluster_resolver.cluster_spec().as_dict().items():
                if job_name in merged_cluster:
                    if isinstance(tasks, dict):
                        merged_cluster[job_name] = {}
                else:
                    merged_cluster[job_name] = [] if isinstance(tasks, list) else {}
        for cluster_resolver in self._cluster_resolvers:
            for job_name, tasks in cluster_resolver.cluster_spec().as_dict().items():
                if isinstance(merged_cluster[job_name], list):
                    merged_cluster[job_name].extend(tasks)
                    continue
                task_dict = dict(zip(range(0, len(tasks)), tasks)) if isinstance(tasks, list) else tasks.copy()
                intersected_keys = set(task_dict).intersection(set(merged_cluster[job_name].keys()))
                if intersected_keys:
                    raise KeyError("Duplicate keys detected when merging two "
                                   "ClusterSpecs: %s" % repr(intersected_keys))
                merged_cluster[job_name].update(task_dict)
        return ClusterSpec(merged_cluster)

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        """Returns the first resolver's master, or the given task's address when task_type and task_id are set."""
        if task_type is not None and task_id is not None:
            master = self.cluster_spec().task_address(task_type, task_id)
            return format_master_url(master, rpc_layer or self._rpc_layer)
        return self._cluster_resolvers[0].master(rpc_layer=rpc_layer)

    @property
    def task_type(self):
        """Returns the task_type override, or the first resolver's task type."""
        return self._task_type or self._cluster_resolvers[0].task_type

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @property
    def task_id(self):
        """Returns the task_id override (when truthy), or the first resolver's task id."""
        return self._task_id or self._cluster_resolvers[0].task_id

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id

    @property
    def environment(self):
        """Returns the first resolver's environment."""
        return self._cluster_resolvers[0].environment

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        """Returns the first resolver's num_accelerators."""
        return self._cluster_resolvers[0].num_accelerators(task_type, task_id, config_proto)

    @property
    def rpc_layer(self):
        """Returns the rpc_layer override, or the first resolver's rpc layer."""
        return self._rpc_layer or self._cluster_resolvers[0].rpc_layer

    @rpc_layer.setter
    def rpc_layer(self, rpc_layer):
        self._rpc_layer = rpc_layer
