"""`Lambda` (keras/src/layers/core/lambda_layer.py): a layer around a Python function. Its
config holds the function as Keras saves one: a named function by module and name, a Python
lambda as its marshalled bytecode (base64) with its defaults and closure, which `from_config`
loads only when unsafe deserialization is allowed (`safe_mode=False`), Keras's rule. Functions
are found again through `custom_objects` (varrt has no registry of serializable objects yet)."""
import codecs
import inspect
import marshal
import types

from varrt.base import nest
from varrt.framework.tensor_spec import TensorSpec
from varrt.graph.function import function
from varrt.layers.layer import Layer

_LAMBDA_DESERIALIZATION_ERROR = (
    "Requested the deserialization of a `Lambda` layer whose `function` is a Python lambda. This carries a potential "
    "risk of arbitrary code execution and thus it is disallowed by default. If you trust the source of the artifact, "
    "you can override this error by passing `safe_mode=False` to the loading function, or calling "
    "`keras.config.enable_unsafe_deserialization().")


def func_dump(func):
    """Keras's `(code, defaults, closure)` of a function: its marshalled code in base64."""
    code = codecs.encode(marshal.dumps(func.__code__), "base64").decode("ascii")
    closure = tuple(c.cell_contents for c in func.__closure__) if func.__closure__ else None
    return code, func.__defaults__, closure


def _as_cell(value):
    def dummy_fn():
        value  # noqa: B018 - captured so that its cell can be taken

    return dummy_fn.__closure__[0]


def func_load(code, defaults=None, closure=None):
    """The function `func_dump` described."""
    if isinstance(defaults, list):
        defaults = tuple(defaults)
    if closure is not None:
        closure = tuple(_as_cell(v) for v in closure)
    raw = marshal.loads(codecs.decode(code.encode("ascii"), "base64"))
    return types.FunctionType(raw, globals(), name=raw.co_name, argdefs=defaults, closure=closure)


def _is_shape(shape):
    """A shape (a tuple of sizes and None), not a list of them."""
    return isinstance(shape, (tuple, list)) and all(d is None or isinstance(d, int) for d in shape)


def _is_lambda(fn):
    return isinstance(fn, types.LambdaType) and fn.__name__ == "<lambda>"


def serialize_function(fn):
    """Keras's config of a function (`Lambda._serialize_function_to_config`)."""
    if _is_lambda(fn):
        code, defaults, closure = func_dump(fn)
        return {"class_name": "__lambda__", "config": {"code": code, "defaults": defaults, "closure": closure}}
    if isinstance(fn, types.FunctionType):
        # What Keras writes for a function it has not registered: the module of its class.
        return {"module": "builtins", "class_name": "function", "config": fn.__name__, "registered_name": "function"}
    if callable(fn):
        raise NotImplementedError(f"varrt cannot serialize the callable {fn!r} in a Lambda's config yet.")
    raise ValueError(f"Invalid input type for serialization. Received: {fn} of type {type(fn)}.")


def _deserialize_function(config, custom_objects, safe_mode):
    if isinstance(config, dict) and config.get("class_name") == "__lambda__":
        if safe_mode:
            raise ValueError(_LAMBDA_DESERIALIZATION_ERROR)
        inner = config["config"]
        return func_load(inner["code"], defaults=inner["defaults"], closure=inner["closure"])
    if isinstance(config, dict) and config.get("class_name") == "function":
        name = config["config"]
        if custom_objects and name in custom_objects:
            return custom_objects[name]
        raise TypeError(f"Could not locate function '{name}'. Make sure custom classes and functions are decorated "
                        "with `@keras.saving.register_keras_serializable()`. If they are already decorated, make "
                        "sure they are all imported so that the decorator is run before trying to load them. Full "
                        f"object config: {config}")
    return config


class Lambda(Layer):
    """Applies `function` to its input (`tf.keras.layers.Lambda`).

    Args:
        function: The function, called as `function(inputs, **arguments)` (with `mask` and
            `training` when it takes them).
        output_shape: The output shape without the batch axis (a tuple), or a function of
            the input shape; None infers it by calling the function.
        mask: The output mask, or a function `mask(inputs, mask)` giving it.
        arguments: Keyword arguments for `function`.
    """

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.arguments = arguments or {}
        self.function = function
        self.supports_masking = mask is not None
        self.mask = mask
        self._output_shape = output_shape
        function_args = inspect.getfullargspec(function).args
        self._fn_expects_training_arg = "training" in function_args
        self._fn_expects_mask_arg = "mask" in function_args

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            # Keras runs `call` on placeholders in a scratch graph; a traced function does that here.
            try:
                return self._traced_output_shape(input_shape)
            except Exception:  # noqa: BLE001 - any failure, as Keras's bare except
                raise NotImplementedError("We could not automatically infer the shape of the Lambda's output. "
                                          "Please specify the `output_shape` argument for this Lambda layer.") from None
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        batch_size = nest.flatten(input_shape)[0]
        if isinstance(self._output_shape, tuple) or not any(isinstance(s, (tuple, list)) for s in self._output_shape):
            return (batch_size,) + tuple(self._output_shape)
        return [(batch_size,) + tuple(s) for s in self._output_shape]

    def _traced_output_shape(self, input_shape):
        def spec(shape):
            return TensorSpec(shape, self.compute_dtype)

        if _is_shape(input_shape):
            specs = spec(input_shape)
        else:
            specs = [spec(s) for s in input_shape]
        traced = function(lambda x: self.call(x)).get_concrete_function(specs)
        return nest.map_structure(lambda t: tuple(t.shape.as_list()), traced.structured_outputs)

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        if self._fn_expects_mask_arg:
            kwargs["mask"] = mask
        if self._fn_expects_training_arg:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def compute_mask(self, inputs, mask=None):
        """`mask(inputs, mask)` when `mask` is a function, else `mask`."""
        if callable(self.mask):
            return self.mask(inputs, mask)
        return self.mask

    def get_config(self):
        config = {"function": serialize_function(self.function)}
        if self._output_shape is not None:
            config["output_shape"] = (serialize_function(self._output_shape) if callable(self._output_shape)
                                      else self._output_shape)
        if self.mask is not None:
            if not callable(self.mask):
                raise NotImplementedError("varrt cannot serialize a Lambda's constant mask yet.")
            config["mask"] = serialize_function(self.mask)
        config["arguments"] = dict(self.arguments)
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config, custom_objects=None, safe_mode=None):
        """A Lambda from `get_config()`'s output; a Python lambda only with `safe_mode=False`."""
        safe_mode = safe_mode is not False
        config = dict(config)
        config["function"] = _deserialize_function(config["function"], custom_objects, safe_mode)
        if "output_shape" in config:
            output_shape = _deserialize_function(config["output_shape"], custom_objects, safe_mode)
            if isinstance(output_shape, list) and all(isinstance(e, (int, type(None))) for e in output_shape):
                output_shape = tuple(output_shape)
            config["output_shape"] = output_shape
        if "mask" in config:
            config["mask"] = _deserialize_function(config["mask"], custom_objects, safe_mode)
        return cls(**config)
