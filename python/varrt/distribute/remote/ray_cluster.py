"""Starting (or joining) Ray and the tasks' actors; stopping what varrt started.

Ray is imported here only, when a cluster is used: `import varrt` never imports it.

A local Ray is started on loopback (node address 127.0.0.1, no dashboard) with
RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0, without which Ray swaps 127.0.0.1 for the machine's own
interface address. With `address`, an existing cluster is joined as it is configured.
Whatever varrt started (the actors, and the local Ray itself) is stopped at interpreter exit,
which also runs on Ctrl-C; none of its processes outlive the program.
"""
import atexit
import os
import threading

from varrt.base import errors
from varrt.distribute.remote.task_server import TaskServer
from varrt import _C

_lock = threading.Lock()
_started_ray = [False]
_exit_hook = [False]
_actors = []  # every actor varrt made, killed at exit


def _import_ray():
    try:
        import ray
    except ImportError:
        raise ImportError('varrt\'s clusters run on Ray: pip install "varrt[distributed]"') from None
    return ray


def ensure_ray(address=None):
    """Ray, initialised in this process: joined at `address`, else started locally on loopback."""
    ray = _import_ray()
    with _lock:
        if not _exit_hook[0]:
            atexit.register(shutdown)  # the actors varrt makes go at exit, whoever started Ray
            _exit_hook[0] = True
        if ray.is_initialized():
            return ray
        if address is None:
            os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
            ray.init(_node_ip_address="127.0.0.1", include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
            _started_ray[0] = True
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    return ray


def task_actor(job, task, restartable):
    """A new actor hosting task `task` of `job`.

    A restartable task (a worker) is started again by Ray when its process dies (and connected
    again by the next function scheduled on it); a parameter server is not (its variables would
    be gone): see RayClusterResolver.restart_task."""
    ray = _import_ray()
    # num_cpus=0: a task waits on calls, it does not claim a core (more tasks than cores run).
    cls = ray.remote(num_cpus=0, max_restarts=-1 if restartable else 0, max_task_retries=0)(TaskServer)
    actor = cls.remote(job, task)
    _actors.append(actor)
    try:
        ray.get(actor.ping.remote(), timeout=120)
    except Exception as e:  # noqa: BLE001
        raise errors.UnavailableError(None, None, f"/job:{job}/task:{task} did not start: {e}") from None
    return actor


def kill(actor):
    """Stops a task's process for good (no restart)."""
    ray = _import_ray()
    if not ray.is_initialized():  # (ray.kill would start a new Ray)
        return
    try:
        ray.kill(actor, no_restart=True)
    except Exception:  # noqa: BLE001 (already gone)
        pass


def shutdown():
    """Stops the actors varrt made and the Ray varrt started (idempotent; runs at exit)."""
    try:
        import ray
    except ImportError:
        return
    _C.set_op_forwarder([], None)  # nothing may forward to tasks that are going away
    if not ray.is_initialized():  # Ray's own exit hook ran first: its actors went with it
        _actors.clear()
        return
    while _actors:
        kill(_actors.pop())
    if _started_ray[0] and ray.is_initialized():
        ray.shutdown()
        _started_ray[0] = False
