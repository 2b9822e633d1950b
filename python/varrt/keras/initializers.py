"""`tf.keras.initializers` names, implemented in `varrt.ops.init_ops` (see there)."""
from varrt.ops.init_ops import (Constant, GlorotNormal, GlorotUniform, HeNormal, HeUniform, Identity,  # noqa: F401
                                IdentityInitializer, Initializer, LecunNormal, LecunUniform, Ones, Orthogonal,
                                OrthogonalInitializer, RandomNormal, RandomUniform, TruncatedNormal, VarianceScaling,
                                Zeros, constant, deserialize, get, glorot_normal, glorot_uniform, he_normal, he_uniform,
                                identity, lecun_normal, lecun_uniform, ones, orthogonal, random_normal, random_uniform,
                                serialize, truncated_normal, variance_scaling, zeros)
