"""Keras's dtype policy, as far as varrt has it: one dtype for variables and computations
(`DTypePolicy("float32")`). Mixed precision policies are not supported yet."""
from varrt.base import dtypes


class DTypePolicy:
    """The dtypes of a layer's variables and computations (`keras.DTypePolicy`); varrt has the single-dtype policies."""
    def __init__(self, name=None):
        name = "float32" if name is None else name
        if not isinstance(name, str):
            raise TypeError(f"'name' must be a string, such as 'mixed_float16'. Received: name={name} (of type "
                            f"{type(name)})")
        if name.startswith("mixed_"):
            raise NotImplementedError(f"varrt does not support Keras's mixed precision policies yet ({name!r}).")
        try:
            self._name = dtypes.as_dtype(name).name
        except (TypeError, ValueError):
            raise ValueError(f"Cannot convert '{name}' to a mixed precision DTypePolicy. Valid policies include "
                             "'mixed_float16', 'mixed_bfloat16', and the name of any float dtype such as "
                             "'float32'.") from None

    @property
    def name(self):
        """The policy's name ("float32")."""
        return self._name

    @property
    def compute_dtype(self):
        """The dtype of the layer's computations."""
        return self._name

    @property
    def variable_dtype(self):
        """The dtype of the layer's variables."""
        return self._name

    def __repr__(self):
        return f'<DTypePolicy "{self._name}">'

    def get_config(self):
        """The policy's config (`{"name": ...}`)."""
        return {"name": self._name}


def get(identifier):
    """A policy from None, a dtype name or DType, a policy, or a serialized policy."""
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        return DTypePolicy(identifier.get("config", {}).get("name"))
    if isinstance(identifier, dtypes.DType):
        return DTypePolicy(identifier.name)
    return DTypePolicy(identifier)


def serialize(policy):
    return {"module": "keras", "class_name": "DTypePolicy", "config": policy.get_config(), "registered_name": None}
