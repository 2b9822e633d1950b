"""Keras 3's SavedModel export (keras/src/export/saved_model.py, saved_model_export_archive.py and
the TensorFlow backend's export.py): `ExportArchive` and `export_saved_model`, which
`model.export(path, format="tf_saved_model")` calls.

The archive is an AutoTrackable holding the tracked layers' variables in the lists Keras keeps
(`variables`, `trainable_variables`, `non_trainable_variables`, `_all_variables`: those the
endpoints read, `_misc_assets`: empty, varrt has no lookup tables) and one `tf.function` per
endpoint; `write_out` saves it with `tf.saved_model.save`, each endpoint a signature and the
first also `serving_default`. TensorFlow's `_all_variables` holds the endpoints' tf.Variables
beside the KerasVariables of `variables`, so its SavedModel has each variable twice; varrt's
variables are one object, so its lists share the variable nodes."""
import inspect

from varrt.base import nest
from varrt.framework.tensor import Tensor
from varrt.framework.tensor_spec import TensorSpec
from varrt.framework.variables import Variable
from varrt.graph.function import Function, function
from varrt.layers.input_spec import InputSpec
from varrt.layers.keras_tensor import KerasTensor
from varrt.layers.keras_variable import KerasVariable, standardize_dtype
from varrt.layers.layer import Layer
from varrt.models.printing import print_msg
from varrt.saved_model.save import TENSORFLOW_VERSION, save as save_saved_model
from varrt.trackable import data_structures

DEFAULT_ENDPOINT_NAME = "serve"

_SIGNATURE_EXAMPLE = ("export_archive.add_endpoint(\n"
                      "    name='call',\n"
                      "    fn=model.call,\n"
                      "    input_signature=[\n"
                      "        keras.InputSpec(\n"
                      "            shape=(None, 224, 224, 3),\n"
                      "            dtype='float32',\n"
                      "        )\n"
                      "    ],\n"
                      ")")


class AutoTrackable:
    """The object the archive saves (TensorFlow's `AutoTrackable`): its attributes are its
    dependencies, lists of variables stored as tracked lists."""

    def __setattr__(self, name, value):
        object.__setattr__(self, name, data_structures.track(self, value, name))


def make_input_spec(x):
    """Keras's export_utils.make_input_spec: an InputSpec with a free batch dimension."""
    if isinstance(x, InputSpec):
        if x.shape is None or x.dtype is None:
            raise ValueError(f"The `shape` and `dtype` must be provided. Received: x={x}")
        return x
    if isinstance(x, KerasTensor):
        return InputSpec(dtype=standardize_dtype(x.dtype), shape=(None,) + tuple(x.shape)[1:], name=x.name)
    if isinstance(x, (Tensor, Variable)):
        return InputSpec(dtype=x.dtype.name, shape=(None,) + tuple(x.shape)[1:], name=None)
    raise TypeError(f"Unsupported x={x} of the type ({type(x)}). Supported types are: `keras.InputSpec`, "
                    f"`keras.KerasTensor` and backend tensor.")


def make_tf_tensor_spec(x):
    if isinstance(x, TensorSpec):
        return x
    spec = make_input_spec(x)
    return TensorSpec(spec.shape, dtype=spec.dtype, name=spec.name)


def get_input_signature(model):
    """The input signature `export` uses when none is given (export_utils.get_input_signature)."""
    if not isinstance(model, Layer) or not hasattr(model, "fit"):
        raise TypeError(f"The model must be a `keras.Model`. Received: model={model} of the type {type(model)}")
    if not model.built:
        raise ValueError("The model provided has not yet been built. It must be built before export.")
    # (Sequential forwards unknown attributes to its functional graph: ask the instance's own.)
    if "_functional" in vars(model) and model.inputs:  # a Sequential: each input one argument
        return nest.map_structure(make_input_spec, list(model.inputs))
    if "_inputs_struct" in vars(model):  # a functional model: one argument, the whole input structure
        return [nest.map_structure(make_input_spec, model._inputs_struct)]
    shapes = getattr(model, "_build_shapes_dict", None)
    if not shapes or not getattr(model, "_called", False):
        raise ValueError("The model provided has never called. It must be called at least once before export.")
    return [InputSpec(shape=(None,) + tuple(value)[1:], dtype=model.input_dtype) for value in shapes.values()]


def _with_signature_arguments(fn, count):
    """`fn`, or for a function of `*args` (`model.__call__`) one taking `count` positional
    arguments named args_0, args_1, ..., as TensorFlow names the arguments an input signature gives it."""
    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return fn
    if not any(p.kind == p.VAR_POSITIONAL for p in parameters):
        return fn

    def call(*args):
        return fn(*args)
    call.__signature__ = inspect.Signature([inspect.Parameter(f"args_{i}", inspect.Parameter.POSITIONAL_ONLY)
                                            for i in range(count)])
    call.__name__ = getattr(fn, "__name__", "call")
    return call


class ExportArchive:
    """ExportArchive is used to write SavedModel artifacts for inference (`keras.export.ExportArchive`).

    Track the layers or models whose variables the endpoints use (`track`), register the
    endpoints (`add_endpoint`, a function with an input signature, each a serving signature of
    its name) and named lists of variables (`add_variable_collection`), then `write_out`.
    """

    def __init__(self):
        self._endpoint_names = []
        self._endpoint_signatures = {}
        self.tensorflow_version = TENSORFLOW_VERSION
        self._tf_trackable = AutoTrackable()
        self._tf_trackable.variables = []
        self._tf_trackable.trainable_variables = []
        self._tf_trackable.non_trainable_variables = []
        self._tracked = []

    @property
    def variables(self):
        return self._tf_trackable.variables

    @property
    def trainable_variables(self):
        return self._tf_trackable.trainable_variables

    @property
    def non_trainable_variables(self):
        return self._tf_trackable.non_trainable_variables

    def track(self, resource):
        """Tracks the variables of a layer or model (built first)."""
        if isinstance(resource, Layer) and not resource.built:
            raise ValueError("The layer provided has not yet been built. It must be built before export.")
        if not isinstance(resource, Layer):
            raise ValueError("Invalid resource type. Expected a Keras `Layer` or `Model` or a TensorFlow `Trackable` "
                             f"object. Received object {resource} of type '{type(resource)}'. ")
        self._tracked.append(resource)
        self._tf_trackable.variables += resource.variables
        self._tf_trackable.trainable_variables += resource.trainable_variables
        self._tf_trackable.non_trainable_variables += resource.non_trainable_variables

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        """Registers `fn` as the endpoint `name`: traced with `input_signature` (a structure of
        `tf.TensorSpec`, `keras.InputSpec` or KerasTensors), or a `tf.function` already traced."""
        if name in self._endpoint_names:
            raise ValueError(f"Endpoint name '{name}' is already taken.")
        if "jax2tf_kwargs" in kwargs or "is_static" in kwargs:
            raise ValueError("'jax2tf_kwargs' and 'is_static' are only supported with the jax backend. "
                             "Current backend: tensorflow")
        if input_signature is None:
            if not isinstance(fn, Function):
                raise ValueError("If the `fn` argument provided is not a `tf.function`, you must provide an "
                                 "`input_signature` argument to specify the shape and dtype of the function "
                                 f"arguments. Example:\n\n{_SIGNATURE_EXAMPLE}")
            if not fn._traces:
                raise ValueError(f"The provided tf.function '{fn}' has never been called. To specify the expected "
                                 "shape and dtype of the function's arguments, you must either provide a function "
                                 "that has been called at least once, or alternatively pass an `input_signature` "
                                 "argument in `add_endpoint()`.")
            decorated = fn
        else:
            input_signature = nest.map_structure(make_tf_tensor_spec, list(input_signature))
            target = fn._python_function if isinstance(fn, Function) else fn
            decorated = function(_with_signature_arguments(target, len(input_signature)),
                                 input_signature=input_signature, autograph=False)
            self._endpoint_signatures[name] = input_signature
        setattr(self._tf_trackable, name, decorated)
        self._endpoint_names.append(name)
        return decorated

    def track_and_add_endpoint(self, name, resource, input_signature, **kwargs):
        """`track(resource)`, then its `__call__` as the endpoint `name`."""
        self.track(resource)
        return self.add_endpoint(name, resource.__call__, input_signature, **kwargs)

    def add_variable_collection(self, name, variables):
        """Saves `variables` (a list, tuple or set) as the attribute `name` of the reloaded object."""
        if not isinstance(variables, (list, tuple, set)):
            raise ValueError("Expected `variables` to be a list/tuple/set. "
                             f"Received instead object of type '{type(variables)}'.")
        if not all(isinstance(v, (Variable, KerasVariable)) for v in variables):
            raise ValueError("Expected all elements in `variables` to be `tf.Variable` instances. Found instead the "
                             f"following types: {list(set(type(v) for v in variables))}")
        setattr(self._tf_trackable, name, list(variables))

    def write_out(self, filepath, options=None, verbose=True):
        """Writes the SavedModel: every endpoint a signature of its name, the first also
        "serving_default" (unless one has that name); with `verbose`, prints the endpoints."""
        if not self._endpoint_names:
            raise ValueError("No endpoints have been set yet. Call add_endpoint().")
        concrete = {name: self._concrete(name) for name in self._endpoint_names}
        used = []
        for cf in concrete.values():
            used += [v for v in cf.trainable_variables if all(v is not u for u in used)]
        for cf in concrete.values():
            used += [v for v in cf.variables if all(v is not u for u in used)]
        self._tf_trackable._all_variables = used
        self._tf_trackable._misc_assets = []
        signatures = dict(concrete)
        if "serving_default" not in self._endpoint_names:
            signatures["serving_default"] = concrete[self._endpoint_names[0]]
        save_saved_model(self._tf_trackable, filepath, signatures=signatures, options=options)
        if verbose:
            endpoints = "\n\n".join(_print_signature(concrete[name], name) for name in self._endpoint_names)
            print_msg(f"Saved artifact at '{filepath}'. The following endpoints are available:\n\n{endpoints}\n")

    def _concrete(self, name):
        fn = getattr(self._tf_trackable, name)
        if name in self._endpoint_signatures:
            return fn.get_concrete_function()
        return fn._traces[0][1]


def _print_signature(concrete, name):
    lines = concrete.pretty_printed_signature(verbose=True).split("\n")
    return "\n".join([f"* Endpoint '{name}'"] + lines[1:])


def export_saved_model(model, filepath, verbose=None, input_signature=None, **kwargs):
    """`model.export(filepath, format="tf_saved_model")`: the model's call as the endpoint "serve"."""
    if verbose is None:
        verbose = True
    archive = ExportArchive()
    if input_signature is None:
        input_signature = get_input_signature(model)
    archive.track_and_add_endpoint(DEFAULT_ENDPOINT_NAME, model, input_signature, **kwargs)
    archive.write_out(filepath, verbose=verbose)
