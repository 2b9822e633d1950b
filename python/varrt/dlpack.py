"""`tf.experimental.dlpack`: the public names of varrt.framework.dlpack."""
from varrt.framework.dlpack import (  # noqa: F401
    from_dlpack, to_dlpack,
)
