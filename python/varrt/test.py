"""`tf.test`: the public names of client/test_case.py and autodiff/gradient_checker.py."""
from varrt.autodiff.gradient_checker import compute_gradient  # noqa: F401
from varrt.client.test_case import (  # noqa: F401
    TestCase, gpu_device_name, is_built_with_cuda, is_built_with_gpu_support, is_built_with_rocm, is_built_with_xla,
    is_gpu_available, main,
)
