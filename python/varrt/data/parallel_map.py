"""`map(num_parallel_calls=...)`: the function run on worker threads, up to `parallelism` elements
in flight; results in input order, or, with `deterministic=False`, as they finish (TensorFlow's
ParallelMapDataset). The workers are Python threads whose calls run the function's graph in the
core without the GIL, so the runs overlap (a map that qualifies for map_vectorization.py runs
once per batch instead, which beats both for small elements)."""
import collections
import concurrent.futures
import os

from varrt.data.constants import AUTOTUNE


def parallelism(num_parallel_calls):
    """How many calls run at once: AUTOTUNE is the machine's cores, as TensorFlow's autotuner caps it."""
    n = int(num_parallel_calls)
    return max(os.cpu_count() or 1, 1) if n == AUTOTUNE else n


def mapped(fn, elements, workers, deterministic=True):
    """`fn` over `elements` on `workers` threads; a worker's exception is raised in its turn."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="varrt-data-map") as pool:
        pending = collections.deque()
        source = iter(elements)
        exhausted = False
        while True:
            while not exhausted and len(pending) < workers:
                try:
                    pending.append(pool.submit(fn, next(source), release_gil=True))
                except StopIteration:
                    exhausted = True
            if not pending:
                return
            if deterministic:
                done = pending.popleft()
            else:  # the first to finish
                finished, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                done = next(f for f in pending if f in finished)
                pending.remove(done)
            yield done.result()
