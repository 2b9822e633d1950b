"""Whether `==` and `!=` on tensors and variables compare element-wise, making them unhashable
(TensorFlow 2, the default), or by identity, making them hashable by id (TensorFlow 1's legacy
behaviour: `tf.compat.v1.disable_tensor_equality()`, which `disable_v2_behavior()` calls). Eager tensors stay unhashable either way, as TensorFlow's
EagerTensor."""
_element_wise = [True]


def enable_tensor_equality():
    """Compare tensors element-wise: they are then unhashable (use `tensor.ref()` as a key)."""
    _element_wise[0] = True


def disable_tensor_equality():
    """Compare tensors by their identity and hash them by id (TensorFlow 1's legacy behaviour)."""
    _element_wise[0] = False


def element_wise():
    """Whether tensors compare element-wise (and are unhashable)."""
    return _element_wise[0]
