"""TensorFlow's op dispatch for composite tensors (tensorflow/python/util/dispatch.py's
fallback dispatchers): an op given a value it cannot convert (a RaggedTensor) asks the handler
registered for it before re-raising its error. The op runs first, so ordinary calls pay only
the wrapper; a FastOp's fast path does not see it at all (it wraps the op's Python fallback)."""
import functools

_handlers = {}  # the op's key ("math_ops.add") -> handler(*args, **kwargs), NotImplemented when not its values


def register(key, handler):
    """Makes `handler` the dispatcher of the op `key` (module name and function, "math_ops.add").
    A second handler for the same op (SparseTensor's after RaggedTensor's) is asked when the
    first returns NotImplemented: the key keeps one callable, which the ragged operators call."""
    earlier = _handlers.get(key)
    if earlier is None:
        _handlers[key] = handler
        return

    def chained(*args, **kwargs):
        result = earlier(*args, **kwargs)
        return handler(*args, **kwargs) if result is NotImplemented else result
    _handlers[key] = chained


def add_dispatch_support(fn, key):
    """`fn` that, when it raises TypeError or ValueError, returns its handler's result instead
    (when a handler is registered for `key` and takes the arguments)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (TypeError, ValueError):
            handler = _handlers.get(key)
            if handler is None:
                raise
            result = handler(*args, **kwargs)
            if result is NotImplemented:
                raise
            return result
    return wrapper


def install(namespace, module, names):
    """Wraps the functions `names` of a module (its globals, `namespace`) with dispatch support,
    keyed "<module>.<name>"; run before the module's FastOps take them as their fallbacks."""
    for name in names:
        namespace[name] = add_dispatch_support(namespace[name], f"{module}.{name}")
