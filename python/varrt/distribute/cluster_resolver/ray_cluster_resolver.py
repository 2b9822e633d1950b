"""RayClusterResolver: a cluster whose tasks are Ray actors, each hosting a varrt runtime.

    resolver = tf.distribute.cluster_resolver.RayClusterResolver(num_ps=2, num_workers=2)
    tf.config.experimental_connect_to_cluster(resolver)
    with tf.device("/job:ps/task:1"):
        v = tf.Variable(1.0)          # lives in ps task 1's process

Without `address`, Ray is started on this machine, on loopback only; with it (e.g. "auto",
or "ray://head:10001"), an existing Ray cluster is joined and the tasks are started there,
wherever Ray schedules them. This process is the cluster's chief (the coordinator).

Parameter servers are not restarted by Ray when their process dies (their variables would be
silently empty): the next op on one of their variables raises UnavailableError;
`restart_task("ps", i)` starts the task again, after which restoring a checkpoint puts the
variables back. Workers are restarted by Ray, and a ClusterCoordinator re-schedules the
functions that were running on a worker that died.
"""
from varrt.distribute.cluster_resolver.cluster_resolver import ClusterResolver
from varrt.distribute.remote import ray_cluster, runtime
from varrt.distribute.server_lib import ClusterSpec

_JOBS = ("ps", "worker")


class RayClusterResolver(ClusterResolver):
    """Starts `num_ps` parameter-server and `num_workers` worker tasks as Ray actors."""

    def __init__(self, num_ps=1, num_workers=0, address=None, timeout=runtime.DEFAULT_TIMEOUT):
        for what, n in (("num_ps", num_ps), ("num_workers", num_workers)):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"`{what}` must be a non-negative int, got {n!r}")
        if num_ps + num_workers == 0:
            raise ValueError("A cluster needs at least one task: num_ps and num_workers are both 0")
        self._timeout = float(timeout)
        self._address = address
        ray_cluster.ensure_ray(address)
        self._actors = {}
        for i in range(num_ps):
            self._actors[("ps", i)] = ray_cluster.task_actor("ps", i, restartable=False)
        ps = self._ps_tasks()
        for i in range(num_workers):
            self._actors[("worker", i)] = ray_cluster.task_actor("worker", i, restartable=True)
            self._handle("worker", i).call("connect", ps, self._timeout)
        self._task_type = "chief"
        self._task_id = 0
        self._rpc_layer = "ray"

    # --- ClusterResolver ------------------------------------------------------------------

    def cluster_spec(self):
        """The tasks as a ClusterSpec; each address is "ray://<actor id>"."""
        jobs = {}
        for (job, task), actor in sorted(self._actors.items()):
            jobs.setdefault(job, {})[task] = "ray://" + actor._actor_id.hex()
        return ClusterSpec(jobs)

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        """The address of a task (or "" for this process, the chief)."""
        if task_type is None or task_id is None:
            return ""
        return self.cluster_spec().task_address(task_type, task_id)

    @property
    def environment(self):
        return "ray"

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        return {}

    # --- the tasks --------------------------------------------------------------------------

    def num_tasks(self, job):
        """How many tasks `job` ("ps" or "worker") has."""
        return sum(1 for (j, _) in self._actors if j == job)

    def _tasks(self):
        return dict(self._actors)

    def _ps_tasks(self):
        return {key: actor for key, actor in self._actors.items() if key[0] == "ps"}

    def _handle(self, task_type, task_id):
        return runtime.TaskHandle(task_type, task_id, self._actor(task_type, task_id),
                                  f"/job:{task_type}/replica:0/task:{task_id}/device:CPU:0")

    def task_pid(self, task_type, task_id):
        """The process id of a task (what a test kills to simulate a failure)."""
        return self._handle(task_type, task_id).call("ping")

    def restart_task(self, task_type, task_id):
        """Starts a task again (a parameter server that died) and reconnects every process to it.

        The new task holds no variables: restore them from a checkpoint before using them."""
        old = self._actor(task_type, task_id)
        ray_cluster.kill(old)
        actor = ray_cluster.task_actor(task_type, task_id, restartable=task_type != "ps")
        self._actors[(task_type, task_id)] = actor
        runtime.connect({(task_type, task_id): actor})
        if task_type == "ps":
            for (job, task) in self._actors:
                if job == "worker":
                    self._handle(job, task).call("connect", {(task_type, task_id): actor})
        else:
            self._handle(task_type, task_id).call("connect", self._ps_tasks(), self._timeout)

    def shutdown(self):
        """Stops this cluster's tasks."""
        for actor in self._actors.values():
            ray_cluster.kill(actor)
        self._actors.clear()

    def _actor(self, task_type, task_id):
        try:
            return self._actors[(task_type, task_id)]
        except KeyError:
            raise ValueError(f"No task {task_id} in job {task_type!r}") from None
