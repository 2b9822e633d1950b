"""tf.train.ClusterSpec: a cluster as jobs of tasks, each task named by its address (TensorFlow's).

TensorFlow also builds a ClusterDef protocol buffer from the dict; varrt keeps its content (jobs
sorted, names and addresses as UTF-8 str, int32 task indices) as a tuple, so construction fails
where the proto refuses a value and a copy reads back as TensorFlow's copy does.
"""

_INT32_MIN, _INT32_MAX = -2**31, 2**31 - 1


def _as_bytes(value):
    """TensorFlow's compat.as_bytes (a str with a lone surrogate raises UnicodeEncodeError there too)."""
    if isinstance(value, bytearray):
        return bytes(value)
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, bytes):
        return value
    raise TypeError("Expected binary or unicode string, got %r" % (value,))


def _no_job(job_name):
    return ValueError("No such job in cluster: %r" % job_name)


class ClusterSpec:
    """Represents a cluster as a set of "tasks", organized into "jobs".

    `ClusterSpec({"worker": ["w0:2222", "w1:2222"], "ps": {1: "ps1:2222"}})`: each job maps to a
    list of addresses (task i is the i-th) or to a dict of task index -> address.
    """

    def __init__(self, cluster):
        """Creates a ClusterSpec from a dict of job name -> list or dict of addresses, or another ClusterSpec.

        Raises TensorFlow's TypeError for another type, tasks that are not a list, tuple or dict,
        or a name or address that is not bytes or str, and its ValueError for a task index
        outside int32.
        """
        if isinstance(cluster, dict):
            self._cluster_spec = {}
            for job_name, tasks in cluster.items():
                if isinstance(tasks, (list, tuple)):
                    job_tasks = {i: task for i, task in enumerate(tasks)}
                elif isinstance(tasks, dict):
                    job_tasks = {int(i): task for i, task in tasks.items()}
                else:
                    raise TypeError("The tasks for job %r must be a list or a dictionary from integers to strings."
                                    % job_name)
                self._cluster_spec[job_name] = job_tasks
            self._make_cluster_def()
        elif isinstance(cluster, ClusterSpec):
            # TensorFlow copies through the other's ClusterDef: jobs come back sorted, names and addresses as str.
            self._cluster_def = cluster._cluster_def
            self._cluster_spec = {job: dict(tasks) for job, tasks in self._cluster_def}
        else:
            raise TypeError("`cluster` must be a dictionary mapping one or more job names to lists of network "
                            "addresses, or a `ClusterDef` protocol buffer")

    def _make_cluster_def(self):
        # TensorFlow's checks while building its ClusterDef, in its order: as_bytes, then the
        # proto's int32 index, then the proto's UTF-8 string.
        cluster_def = []
        for job_name, tasks in sorted(self._cluster_spec.items()):
            try:
                name = _as_bytes(job_name)
            except TypeError:
                raise TypeError("Job name %r must be bytes or unicode" % job_name)
            name = name.decode("utf-8")
            job_def = {}
            for i, address in sorted(tasks.items()):
                try:
                    address = _as_bytes(address)
                except TypeError:
                    raise TypeError("Task address %r must be bytes or unicode" % address)
                if not _INT32_MIN <= i <= _INT32_MAX:
                    raise ValueError("Value out of range: %d" % i)
                job_def[i] = address.decode("utf-8")
            cluster_def.append((name, job_def))
        self._cluster_def = tuple(cluster_def)

    def __bool__(self):
        """True when the cluster has a job."""
        return bool(self._cluster_spec)

    def __eq__(self, other):
        """Compares the job -> {task index: address} dicts (with another ClusterSpec, or such a dict)."""
        return self._cluster_spec == other

    def __ne__(self, other):
        """The negation of __eq__."""
        return self._cluster_spec != other

    __hash__ = None

    def __repr__(self):
        """`ClusterSpec({...})` of as_dict(), jobs sorted."""
        key_values = self.as_dict()
        string_items = [repr(k) + ": " + repr(key_values[k]) for k in sorted(key_values)]
        return "ClusterSpec({" + ", ".join(string_items) + "})"

    def as_dict(self):
        """Job name -> list of addresses (a dense job) or dict of task index -> address (a sparse one)."""
        ret = {}
        for job in self.jobs:
            task_indices = self.task_indices(job)
            if len(task_indices) == 0:
                ret[job] = {}
                continue
            if max(task_indices) + 1 == len(task_indices):
                ret[job] = self.job_tasks(job)
            else:
                ret[job] = {i: self.task_address(job, i) for i in task_indices}
        return ret

    def as_cluster_def(self):
        """TensorFlow's ClusterDef protocol buffer: varrt has no protocol buffers."""
        raise NotImplementedError("varrt does not build tf.train.ClusterDef protocol buffers; use as_dict()")

    @property
    def jobs(self):
        """The job names, in the order they were given."""
        return list(self._cluster_spec.keys())

    def num_tasks(self, job_name):
        """The number of tasks of `job_name` (ValueError if there is no such job)."""
        try:
            return len(self._cluster_spec[job_name])
        except KeyError:
            raise _no_job(job_name) from None

    def task_indices(self, job_name):
        """The sorted task indices of `job_name`."""
        try:
            return list(sorted(self._cluster_spec[job_name].keys()))
        except KeyError:
            raise _no_job(job_name) from None

    def task_address(self, job_name, task_index):
        """The address of task `task_index` of `job_name`."""
        try:
            job = self._cluster_spec[job_name]
        except KeyError:
            raise _no_job(job_name) from None
        try:
            return job[task_index]
        except KeyError:
            raise ValueError("No task with index %r in job %r" % (task_index, job_name)) from None

    def job_tasks(self, job_name):
        """The addresses of `job_name` as a list indexed by task (None where a sparse job has none)."""
        try:
            job = self._cluster_spec[job_name]
        except KeyError:
            raise _no_job(job_name) from None
        ret = [None for _ in range(max(job.keys()) + 1)]
        for i, task in job.items():
            ret[i] = task
        return ret
