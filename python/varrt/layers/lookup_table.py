"""The tables behind Keras's lookup layers, where Keras uses tf.lookup's StaticHashTable: a
Python dict from keys to values, looked up by one NumPy kernel (`tf.numpy_function`, so it runs
eagerly, in a traced function and in a tf.data map alike) that also applies the layer's mask
and out-of-vocabulary rules (IndexLookup's `_lookup_dense`), keeping the input's static shape."""
import numpy as np

from varrt.ops import ensure_shape, script_ops


def host_key(value, dtype):
    """A key as the table holds it: bytes for strings, int otherwise."""
    if dtype == "string":
        return value.encode("utf-8") if isinstance(value, str) else bytes(value)
    return int(value)


class LookupTable:
    """An immutable table of `keys` to `values` with a default for missing keys.

    Args:
        keys, values: Sequences of equal length (host values).
        key_dtype, value_dtype: "string" or an integer dtype name.
        default_value: What a missing key gives.
    """

    def __init__(self, keys, values, key_dtype, value_dtype, default_value):
        self.key_dtype = key_dtype
        self.value_dtype = value_dtype
        self.default_value = host_key(default_value, value_dtype) if default_value is not None else None
        self._table = {host_key(k, key_dtype): host_key(v, value_dtype) for k, v in zip(keys, values)}

    def size(self):
        return len(self._table)

    def export(self):
        """(keys, values) as NumPy arrays, in insertion order."""
        key_type = object if self.key_dtype == "string" else np.int64
        value_type = object if self.value_dtype == "string" else np.int64
        return (np.array(list(self._table), dtype=key_type), np.array(list(self._table.values()), dtype=value_type))

    def lookup(self, inputs, mask=None, oov=None):
        """The values of `inputs` (a tensor of the key dtype).

        Args:
            mask: (mask key, mask value) or None: inputs equal to the key give the value.
            oov: None, or a function of the keys that missed (the mask key aside, in order) giving
                their values (the OOV buckets), or raising.
        """
        table, default, key_dtype = self._table, self.default_value, self.key_dtype
        if mask is not None:
            mask = (host_key(mask[0], key_dtype), host_key(mask[1], self.value_dtype))
        out_type = object if self.value_dtype == "string" else np.int64

        def kernel(x):
            flat = np.asarray(x).reshape(-1)
            keys = [host_key(k, key_dtype) for k in flat]
            out = np.array([table.get(k, default) for k in keys], dtype=out_type)
            if oov is not None:
                missing = [i for i, k in enumerate(keys) if k not in table and (mask is None or k != mask[0])]
                if missing:
                    out[missing] = oov([keys[i] for i in missing])
            if mask is not None:
                out[[i for i, k in enumerate(keys) if k == mask[0]]] = mask[1]
            return out.reshape(np.shape(x))

        outputs = script_ops.numpy_function(kernel, [inputs], self.value_dtype, stateful=False)
        if hasattr(outputs, "set_shape"):  # traced: the lookup keeps the input's (static) shape
            outputs = ensure_shape.ensure_shape(outputs, inputs.shape)
        return outputs
