"""tf.AggregationMethod: how tf.gradients adds the gradients that reach a tensor by several paths
(TensorFlow's names and values; varrt adds them with AddN whichever is chosen, as ADD_N does)."""


class AggregationMethod:
    """The aggregation methods tf.gradients and tf.hessians accept."""

    ADD_N = 0
    DEFAULT = ADD_N
    EXPERIMENTAL_TREE = 1
    EXPERIMENTAL_ACCUMULATE_N = 2
