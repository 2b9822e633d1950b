"""Keras's check of a string argument against its allowed values
(keras/src/utils/argument_validation.py `validate_string_arg`), its message in one place."""


def validate_string_arg(value, allowable_strings, caller_name, arg_name, allow_none=False, allow_callables=False):
    if allow_none and value is None:
        return
    if allow_callables and callable(value):
        return
    if isinstance(value, str) and value in allowable_strings:
        return
    raise ValueError(f"Unknown value for `{arg_name}` argument of {caller_name}. Allowed values are: "
                     f"{allowable_strings}. Received: {arg_name}={value}")
