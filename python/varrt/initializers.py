"""`tf.initializers` and the TensorFlow 2 initializer classes: the public names of varrt.ops.init_ops."""
from varrt.ops.init_ops import (  # noqa: F401
    compute_fans, Constant, constant, constant_initializer, deserialize, get, glorot_normal, glorot_uniform,
    GlorotNormal, GlorotUniform, he_normal, he_uniform, HeNormal, HeUniform, Identity, identity,
    IdentityInitializer, Initializer, lecun_normal, lecun_uniform, LecunNormal, LecunUniform, ones, Ones,
    ones_initializer, orthogonal, Orthogonal, OrthogonalInitializer, random_normal, random_normal_initializer,
    random_uniform, random_uniform_initializer, RandomInitializer, RandomNormal, RandomUniform, serialize,
    truncated_normal, TruncatedNormal, variance_scaling, VarianceScaling, zeros, Zeros, zeros_initializer,
)
