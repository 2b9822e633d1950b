"""Fences: an update sent to another task is applied at most once, and never after its caller gave up.

A caller whose task stopped answering (a paused or overloaded process) cannot ask that task
whether it applied the update: the answer is in the silent process. So the decision is made
where both reach, in Ray's GCS key-value store: the task claims the update's fence before
applying it, a caller that stops waiting claims it as cancelled, and put-if-absent lets exactly
one of them win. A caller that won raises, knowing the update will never be applied; a task
that lost drops the late delivery. A second delivery of the same update finds the fence taken.

A fence is kept while its caller may still consult it (its waits are bounded by its timeout),
then its task deletes it with all fences of the same minute, in one call.
"""
import itertools
import time
import uuid

_NAMESPACE = "varrt-fences"
_APPLY, _CANCEL = b"apply", b"cancel"
_BUCKET_SECONDS = 60       # fences are deleted a minute's worth at a time
_caller = uuid.uuid4().hex[:16]
_counter = itertools.count()


def new_fence(job, task, timeout):
    """A fence for one update (or one scheduled function) sent to task `task` of `job`.

    `timeout` is how long the caller waits (it waits at most twice): its task keeps the fence
    at least that long after the caller could last consult it."""
    bucket = int(time.time()) // _BUCKET_SECONDS
    return (f"{job}:{task}:{bucket}:{_caller}:{next(_counter)}", float(timeout))


def claim_for_apply(fence):
    """Called by the task about to apply: True if it may (nobody cancelled, not applied yet)."""
    return _put_if_absent(fence[0], _APPLY)


def cancel(fence):
    """Called by a caller that stopped waiting: True if the update will never be applied, False
    if its task claimed it first (it is applied, or will be before the task's next op)."""
    return _put_if_absent(fence[0], _CANCEL)


def _put_if_absent(key, value):
    from ray.experimental import internal_kv
    already = internal_kv._internal_kv_put(key, value, overwrite=False, namespace=_NAMESPACE)
    return not already


class Sweeper:
    """Deletes a task's fences once no caller can consult them any more."""

    def __init__(self, job, task):
        self._prefix = f"{job}:{task}:"
        self._wait = 0.0    # the longest a caller of this task waits (two timeouts)
        self._swept = None  # the last bucket deleted

    def note(self, fence):
        """Takes note of a fence this task claimed; deletes the buckets that have expired."""
        self._wait = max(self._wait, 2 * fence[1])
        now = time.time()
        # A fence of bucket b was made before (b + 1) minutes; its caller is done after `wait`.
        last_expired = int(now - self._wait) // _BUCKET_SECONDS - 1
        if self._swept is None:
            self._swept = last_expired - 1  # fences of a previous run of this task: the first sweep
        if last_expired <= self._swept:
            return
        from ray.experimental import internal_kv
        for bucket in range(max(self._swept + 1, last_expired - 60), last_expired + 1):
            internal_kv._internal_kv_del(f"{self._prefix}{bucket}:", del_by_prefix=True, namespace=_NAMESPACE)
        self._swept = last_expired
