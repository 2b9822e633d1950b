"""The layers Keras 3 on TensorFlow runs on SparseTensors that varrt's do not take yet (the
merging layers, Flatten): a SparseTensor among their inputs is refused with an error saying so,
where the dense path would fail converting it."""
from varrt.base import nest
from varrt.framework.sparse_tensor import SparseTensor


def refuse_sparse(layer, inputs):
    """NotImplementedError when `inputs` holds a SparseTensor."""
    if any(isinstance(x, SparseTensor) for x in nest.flatten(inputs)):
        raise NotImplementedError(f"varrt's {type(layer).__name__} does not take SparseTensor inputs yet (Keras 3 on "
                                  "TensorFlow does); densify them first with tf.sparse.to_dense.")
