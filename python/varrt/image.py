"""`tf.image`: the image ops under TensorFlow's tf.image names."""
from varrt.ops.image_ops import resize  # noqa: F401
from varrt.ops.random_shuffle_ops import random_crop, stateless_random_crop  # noqa: F401,E402
from varrt.ops.image_color_kernels import hsv_to_rgb, rgb_to_hsv  # noqa: F401
from varrt.ops.image_color_ops import (adjust_brightness, adjust_contrast, adjust_gamma, adjust_hue,  # noqa: F401
                                       adjust_saturation, convert_image_dtype, grayscale_to_rgb, random_brightness,
                                       random_contrast, random_hue, random_saturation, rgb_to_grayscale,
                                       stateless_random_brightness, stateless_random_contrast,
                                       stateless_random_hue, stateless_random_saturation, rgb_to_yiq,
                                       rgb_to_yuv, yiq_to_rgb, yuv_to_rgb)
from varrt.ops.image_geometry_ops import (central_crop, crop_to_bounding_box, flip_left_right,  # noqa: F401
                                          flip_up_down, pad_to_bounding_box, random_flip_left_right,
                                          random_flip_up_down, resize_with_crop_or_pad, resize_with_pad, rot90,
                                          stateless_random_flip_left_right, stateless_random_flip_up_down,
                                          transpose)
from varrt.ops.image_statistics_ops import (image_gradients, per_image_standardization, psnr,  # noqa: F401
                                            sobel_edges, total_variation)
from varrt.ops import image_transform_ops  # noqa: F401,E402 - ImageProjectiveTransformV3 (tf.raw_ops only)
from varrt.ops.image_similarity_ops import ssim, ssim_multiscale  # noqa: F401,E402
