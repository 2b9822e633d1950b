"""`tf.saved_model.SaveOptions`, `tf.saved_model.LoadOptions` and
`tf.saved_model.experimental.VariablePolicy`, with TensorFlow's argument checks; `save_option_refusal`
and `load_option_refusal` name an option varrt does not act on (save.py and load.py raise it
rather than write or load something other than what the option asks for)."""
import enum


class VariablePolicy(enum.Enum):
    """What a SavedModel records of variables beyond their values (TensorFlow's enum)."""

    NONE = None
    SAVE_VARIABLE_DEVICES = "save_variable_devices"
    EXPAND_DISTRIBUTED_VARIABLES = "expand_distributed_variables"

    def _save_variable_devices(self):
        return self != VariablePolicy.NONE

    def _expand_distributed_variables(self):
        return self == VariablePolicy.EXPAND_DISTRIBUTED_VARIABLES

    @staticmethod
    def from_obj(obj):
        """The policy for None, a policy, or one of the value strings (any case)."""
        if obj is None:
            return VariablePolicy.NONE
        if isinstance(obj, VariablePolicy):
            return obj
        key = str(obj).lower()
        for policy in VariablePolicy:
            if key == policy.value:
                return policy
        raise ValueError(f"Received invalid VariablePolicy value: {obj}.")


def _validate_namespace_whitelist(namespace_whitelist):
    if namespace_whitelist is None:
        return None
    if not isinstance(namespace_whitelist, list):
        raise TypeError("`namespace_whitelist` must be a list of strings. Got: "
                        f"{namespace_whitelist} with type {type(namespace_whitelist)}.")
    processed = []
    for namespace in namespace_whitelist:
        if not isinstance(namespace, str):
            raise ValueError(f"Whitelisted namespace must be a string. Got: {namespace} of type {type(namespace)}.")
        processed.append(namespace)
    return processed


class SaveOptions:
    """Options for saving to SavedModel (`tf.saved_model.save(..., options=)`).

    Args:
        namespace_whitelist: Op namespaces allowed in the export (varrt's ops have none).
        save_debug_info: Whether to write the ops' stack traces (not in varrt yet).
        function_aliases: A dict from alias to a `tf.function` (not written by varrt yet).
        experimental_debug_stripper: Whether to turn `Assert` nodes into `NoOp`s (not in varrt yet).
        experimental_io_device: The device that accesses the filesystem (varrt's is the host's).
        experimental_variable_policy: A `VariablePolicy` or its value string; varrt writes NONE's.
        experimental_custom_gradients: Whether to save the gradients of `tf.custom_gradient`
            functions (varrt cannot yet; False saves their forward computation only).
        experimental_image_format: Disabled outside Google (ValueError), as in TensorFlow.
        experimental_skip_saver: Whether to leave out the native checkpointing functions.
        experimental_sharding_callback: A `ShardingCallback` (varrt has none: ValueError).
        extra_tags: Tags added to the MetaGraph's.
    """

    __slots__ = ("namespace_whitelist", "save_debug_info", "function_aliases", "experimental_debug_stripper",
                 "experimental_io_device", "experimental_variable_policy", "experimental_custom_gradients",
                 "experimental_image_format", "experimental_skip_saver", "experimental_sharding_callback",
                 "extra_tags")

    def __init__(self, namespace_whitelist=None, save_debug_info=False, function_aliases=None,
                 experimental_debug_stripper=False, experimental_io_device=None, experimental_variable_policy=None,
                 experimental_custom_gradients=True, experimental_image_format=False, experimental_skip_saver=False,
                 experimental_sharding_callback=None, extra_tags=None):
        self.namespace_whitelist = _validate_namespace_whitelist(namespace_whitelist)
        self.save_debug_info = save_debug_info
        self.function_aliases = function_aliases if function_aliases else dict()
        self.experimental_custom_gradients = experimental_custom_gradients
        self.experimental_debug_stripper = experimental_debug_stripper
        self.experimental_io_device = experimental_io_device
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_skip_saver = experimental_skip_saver
        if experimental_image_format:
            raise ValueError("The option `experimental_image_format` is disabled in OSS.")
        self.experimental_image_format = experimental_image_format
        if experimental_sharding_callback is not None:
            # (no ShardingCallback class exists in varrt, so no value passes TensorFlow's check)
            raise ValueError("The experimental_sharding_callback checkpoint option"
                             "must be of type ShardingCallback. The option provided"
                             f"was of type {type(experimental_sharding_callback)}.")
        self.experimental_sharding_callback = experimental_sharding_callback
        self.extra_tags = extra_tags


class LoadOptions:
    """Options for loading a SavedModel (`tf.saved_model.load(..., options=)`).

    Args:
        allow_partial_checkpoint: Whether a checkpoint may lack some of the objects' values.
        experimental_io_device: The device that accesses the filesystem (varrt's is the host's).
        experimental_skip_checkpoint: Whether to skip restoring the variables (not in varrt yet).
        experimental_variable_policy: A `VariablePolicy` or its value string.
        experimental_load_function_aliases: Whether to attach the saved function aliases (not
            in varrt yet).
    """

    __slots__ = ("allow_partial_checkpoint", "experimental_io_device", "experimental_skip_checkpoint",
                 "experimental_variable_policy", "experimental_load_function_aliases")

    def __init__(self, allow_partial_checkpoint=False, experimental_io_device=None,
                 experimental_skip_checkpoint=False, experimental_variable_policy=None,
                 experimental_load_function_aliases=False):
        self.experimental_io_device = experimental_io_device
        self.allow_partial_checkpoint = allow_partial_checkpoint
        self.experimental_skip_checkpoint = experimental_skip_checkpoint
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_load_function_aliases = experimental_load_function_aliases


def save_option_refusal(options):
    """The NotImplementedError for the first option of `options` varrt does not act on, or None."""
    if options.save_debug_info:
        what = "save_debug_info=True (the debug/saved_model_debug_info.pb file)"
    elif options.function_aliases:
        what = "function_aliases"
    elif options.experimental_debug_stripper:
        what = "experimental_debug_stripper=True"
    elif options.experimental_variable_policy != VariablePolicy.NONE:
        what = f"experimental_variable_policy={options.experimental_variable_policy}"
    else:
        return None
    return NotImplementedError(f"tf.saved_model.save: varrt does not take SaveOptions' {what} yet")


def load_option_refusal(options):
    """The NotImplementedError for the first option of `options` varrt does not act on, or None."""
    if not isinstance(options, LoadOptions):
        return TypeError(f"tf.saved_model.load: `options` must be a tf.saved_model.LoadOptions, got {options!r}")
    if options.experimental_skip_checkpoint:
        what = "experimental_skip_checkpoint=True"
    elif options.experimental_load_function_aliases:
        what = "experimental_load_function_aliases=True"
    elif options.experimental_variable_policy != VariablePolicy.NONE:
        what = f"experimental_variable_policy={options.experimental_variable_policy}"
    else:
        return None
    return NotImplementedError(f"tf.saved_model.load: varrt does not take LoadOptions' {what} yet")
