"""Running a test body on several threads at once, with their failures reported in the test."""
import threading


def run_threads(target, n, *args):
    """Starts n threads on target(i, *args) at once (a barrier), joins them, re-raises their errors."""
    barrier = threading.Barrier(n)
    errors = []

    def body(i):
        try:
            barrier.wait()
            target(i, *args)
        except BaseException as e:  # noqa: BLE001 - reported in the main thread
            errors.append(e)

    threads = [threading.Thread(target=body, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
