"""`tf.autograph.experimental`."""
import functools


def do_not_convert(func=None):
    """Marks `func` to be left as Python by AutoGraph (usable as a decorator)."""
    if func is None:
        return do_not_convert

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    wrapper.__ag_do_not_convert__ = True
    return wrapper
