"""What Python functions a call runs: the fast paths of issue 25 promise none (all in C)."""
import gc
import sys


def python_functions_run(fn, *args, **kwargs):
    """The names of the Python functions that run while `fn(*args, **kwargs)` runs
    (fn itself excluded), with the garbage collector kept out of the window."""
    names = []

    def profile(frame, event, arg):
        if event == "call":
            names.append(frame.f_code.co_name)  # (co_qualname is Python 3.11+)

    enabled = gc.isenabled()
    gc.disable()
    sys.setprofile(profile)
    try:
        fn(*args, **kwargs)
    finally:
        sys.setprofile(None)
        if enabled:
            gc.enable()
    return [n for n in names if n != fn.__code__.co_name]
