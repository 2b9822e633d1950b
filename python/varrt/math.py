"""`tf.math`: the math ops under TensorFlow's tf.math names."""
from varrt.ops.math_ops import (abs, add, add_n, atan, atan2, ceil, clip_by_value, conj, cos, divide,  # noqa: F401
                            divide_no_nan, equal, erf, exp, expm1, floor, floordiv, floormod, greater, greater_equal,
                            invert, is_finite, is_inf, is_nan, less, less_equal, log, log1p, logical_and, logical_not,
                            logical_or, logical_xor, maximum, minimum, mod, multiply, negative, not_equal, pow, real,
                            reciprocal, round, rsqrt, scalar_mul, sigmoid, sign, sin, sqrt, square, squared_difference,
                            subtract, tan, tanh, truediv)
from varrt.ops.reduction_ops import (argmax, argmin, count_nonzero, cumprod, cumsum, cumulative_logsumexp,  # noqa: F401
                                 reduce_all, reduce_any,
                                 reduce_euclidean_norm, reduce_logsumexp, reduce_max, reduce_mean, reduce_min,
                                 reduce_prod, reduce_std, reduce_sum, reduce_variance)

del invert, clip_by_value  # tf.bitwise.invert and tf.clip_by_value, not tf.math names
from varrt.ops.nn_ops import erfc, l2_normalize, log_sigmoid, log_softmax, softmax, softplus  # noqa: F401,E402
from varrt.ops.scatter_ops import unsorted_segment_sum  # noqa: F401,E402
from varrt.ops.bincount_ops import bincount  # noqa: F401,E402
from varrt.graph.confusion_matrix import confusion_matrix  # noqa: F401,E402
from varrt.ops.segment_ops import (segment_max, segment_mean, segment_min, segment_prod, segment_sum,  # noqa: F401,E402
                                   unsorted_segment_max, unsorted_segment_mean, unsorted_segment_min,
                                   unsorted_segment_prod, unsorted_segment_sqrt_n)
from varrt.ops.sort_ops import in_top_k, top_k  # noqa: F401,E402
from varrt.ops.nn_ops import softsign  # noqa: F401,E402
from varrt.ops.special_math_ops import (acos, acosh, asin, asinh, atanh, bessel_i0, bessel_i0e,  # noqa: F401,E402
                                        bessel_i1, bessel_i1e, betainc, cosh, digamma, erfinv, igamma, igammac,
                                        lgamma, ndtri, nextafter, polygamma, rint, sinh, xdivy, xlog1py, xlogy, zeta)
from varrt.ops.math_composites import (accumulate_n, angle, erfcinv, imag, is_non_decreasing,  # noqa: F401,E402
                                       is_strictly_increasing, lbeta, multiply_no_nan, polyval, reciprocal_no_nan)
from varrt.ops.nn_statistics import zero_fraction  # noqa: F401,E402  (tf.nn's too: one function)
from varrt import math_special as special  # noqa: F401,E402
from varrt.ops.index_ops import invert_permutation  # noqa: F401,E402
