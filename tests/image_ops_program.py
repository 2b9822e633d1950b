"""tf.image's functions (flips, rotations, crops and pads, colour adjustments and spaces,
dtype conversion, random and stateless random forms, statistics) and the raw colour and
projective-transform ops, run under TensorFlow 2.21 (by tests/tools/record_keras_program.py,
into tests/fixtures/image_ops/) and under varrt (by tests/test_image_ops.py).

    python image_ops_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers. Images of odd, even and non-square sizes, 1 and 3 channels, uint8 and
float32, single and batched."""
import json
import os
import re
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}
rs = np.random.RandomState(5)


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_num(name, value, rtol):
    results[f"num:{rtol}:{name}"] = np.asarray(value, dtype=np.float64).reshape(-1).tolist()


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        text = re.sub(r"<(?:\w+\.)*(\w+) object at 0x[0-9a-f]+>", r"<\1 object>", str(e))
        record(name, f"{type(e).__name__}: {text}")
    else:
        record(name, "no error")


def record_tensor(name, t, rtol=0.0):
    """An output: its dtype and shape exactly, its values within rtol (0: bit for bit). Floats
    of 32 bits or fewer are written by their shortest text as float32 (which tells float32
    values apart), to keep the fixture small."""
    record(f"{name}.spec", (t.dtype.name, tuple(t.shape)))
    values = np.asarray(t)
    if values.dtype.kind == "f" and values.dtype.itemsize <= 4:
        values = [float(str(v)) for v in values.astype(np.float32).reshape(-1)]
    record_num(name, values, rtol)


def images(shape, dtype):
    if dtype == "uint8":
        return rs.randint(0, 256, size=shape).astype(np.uint8)
    return rs.rand(*shape).astype(np.float32)


SHAPES = [(3, 5, 3), (2, 4, 1), (2, 4, 3, 3), (3, 3, 2, 1), (1, 2, 5, 3)]
RGB_SHAPES = [s for s in SHAPES if s[-1] == 3]

# --- geometry -----------------------------------------------------------------------------------
for shape in SHAPES:
    for dtype in ("uint8", "float32"):
        x = images(shape, dtype)
        key = f"{'x'.join(map(str, shape))}.{dtype}"
        record_tensor(f"flip_left_right.{key}", tf.image.flip_left_right(x))
        record_tensor(f"flip_up_down.{key}", tf.image.flip_up_down(x))
        record_tensor(f"transpose.{key}", tf.image.transpose(x))
        for k in (1, 2, 3, -1) if len(shape) == 3 or shape[-1] == 1 else (1, 6):
            record_tensor(f"rot90.{k}.{key}", tf.image.rot90(x, k))
        for fraction in (0.33, 1.0):
            record_tensor(f"central_crop.{fraction}.{key}", tf.image.central_crop(x, fraction))
        record_tensor(f"crop_to_bounding_box.{key}", tf.image.crop_to_bounding_box(x, 1, 0, 1, 2))
        record_tensor(f"pad_to_bounding_box.{key}", tf.image.pad_to_bounding_box(x, 1, 2, 5, 8))
        for target in ((3, 3), (6, 10), (9, 4))[(len(shape) == 4):]:
            record_tensor(f"resize_with_crop_or_pad.{target}.{key}", tf.image.resize_with_crop_or_pad(x, *target))
            record_tensor(f"resize_with_pad.{target}.{key}", tf.image.resize_with_pad(x, *target), 1e-6)
        for size in ((3, 3), (7, 11), (2, 9)):
            record_tensor(f"resize.nearest.{size}.{key}", tf.image.resize(x, size, method="nearest"))
            record_tensor(f"resize.preserve_aspect_ratio.{size}.{key}",
                          tf.image.resize(x, size, preserve_aspect_ratio=True), 1e-6)
        record_tensor(f"stateless_random_crop.{key}", tf.image.stateless_random_crop(x, shape[:-3] + (2, 2) + shape[-1:], (4, 5)))
        record_tensor(f"convert_image_dtype.float.{key}", tf.image.convert_image_dtype(x, tf.float32))
        record_tensor(f"per_image_standardization.{key}", tf.image.per_image_standardization(x), 1e-5)
        record_tensor(f"total_variation.{key}", tf.image.total_variation(tf.cast(x, tf.float32)), 1e-6)
        for seed in ((1, 2),):
            record_tensor(f"stateless_random_flip_left_right.{seed}.{key}",
                          tf.image.stateless_random_flip_left_right(x, seed))
            record_tensor(f"stateless_random_flip_up_down.{seed}.{key}",
                          tf.image.stateless_random_flip_up_down(x, seed))
        if len(shape) == 4:
            dy, dx = tf.image.image_gradients(tf.cast(x, tf.float32))
            record_tensor(f"image_gradients.dy.{key}", dy)
            record_tensor(f"image_gradients.dx.{key}", dx)
            record_tensor(f"psnr.{key}", tf.image.psnr(x, x[::-1], 255 if dtype == "uint8" else 1.0), 1e-5)
        gray = x[..., :1]
        record_tensor(f"grayscale_to_rgb.{key}", tf.image.grayscale_to_rgb(tf.constant(gray)))

# Seeded (stateful) draws: the global seed and the op seed, as TensorFlow's.
tf.random.set_seed(1234)
X = images((4, 3, 4, 3), "float32")
record_tensor("random_flip_left_right.batch", tf.image.random_flip_left_right(X, seed=3))
record_tensor("random_flip_up_down.batch", tf.image.random_flip_up_down(X, seed=3))
record_tensor("random_flip_left_right.single", tf.image.random_flip_left_right(X[0], seed=9))
record_tensor("random_flip_up_down.single", tf.image.random_flip_up_down(X[0], seed=11))
record_tensor("random_brightness", tf.image.random_brightness(X, 0.3, seed=4), 1e-6)
record_tensor("random_contrast", tf.image.random_contrast(X, 0.2, 1.8, seed=5), 1e-6)
record_tensor("random_saturation", tf.image.random_saturation(X, 0.2, 1.8, seed=6), 1e-6)
record_tensor("random_hue", tf.image.random_hue(X, 0.4, seed=7), 1e-6)
record_tensor("random_flip_left_right.global_seed_only", tf.image.random_flip_left_right(X))
traced_flip = tf.function(lambda t: tf.image.random_flip_up_down(t, seed=5))
record_tensor("random_flip_up_down.traced.first", traced_flip(tf.constant(X)))
record_tensor("random_flip_up_down.traced.second", traced_flip(tf.constant(X)))

# --- colour -------------------------------------------------------------------------------------
for shape in RGB_SHAPES:
    for dtype in ("uint8", "float32"):
        x = images(shape, dtype)
        key = f"{'x'.join(map(str, shape))}.{dtype}"
        for delta in (0.2, -0.35):
            record_tensor(f"adjust_brightness.{delta}.{key}", tf.image.adjust_brightness(x, delta), 1e-6)
            record_tensor(f"adjust_hue.{delta}.{key}", tf.image.adjust_hue(x, delta), 1e-6)
        for factor in (0.4, 2.5):
            record_tensor(f"adjust_contrast.{factor}.{key}", tf.image.adjust_contrast(x, factor), 1e-6)
            record_tensor(f"adjust_saturation.{factor}.{key}", tf.image.adjust_saturation(x, factor), 1e-6)
        for gamma, gain in ((0.5, 1.0), (2.2, 0.8)):
            record_tensor(f"adjust_gamma.{gamma}.{gain}.{key}", tf.image.adjust_gamma(x, gamma, gain), 1e-6)
        record_tensor(f"rgb_to_grayscale.{key}", tf.image.rgb_to_grayscale(x), 1e-6)
        f = tf.image.convert_image_dtype(x, tf.float32)
        record_tensor(f"rgb_to_hsv.{key}", tf.image.rgb_to_hsv(f), 1e-6)
        record_tensor(f"hsv_to_rgb.{key}", tf.image.hsv_to_rgb(f), 1e-6)
        seed = (3, 4)
        record_tensor(f"stateless_random_brightness.{key}", tf.image.stateless_random_brightness(x, 0.2, seed), 1e-6)
        record_tensor(f"stateless_random_contrast.{key}", tf.image.stateless_random_contrast(x, 0.5, 1.5, seed),
                      1e-6)
        record_tensor(f"stateless_random_saturation.{key}",
                      tf.image.stateless_random_saturation(x, 0.5, 1.5, seed), 1e-6)
        record_tensor(f"stateless_random_hue.{key}", tf.image.stateless_random_hue(x, 0.2, seed), 1e-6)

for shape in ((3, 4, 3), (2, 5, 2, 3)):
    x = rs.rand(*shape).astype(np.float32)
    key = "x".join(map(str, shape))
    for fn in ("rgb_to_yiq", "yiq_to_rgb", "rgb_to_yuv", "yuv_to_rgb"):
        record_tensor(f"{fn}.{key}", getattr(tf.image, fn)(x), 1e-6)
    record_tensor(f"rgb_to_yiq.float64.{key}", tf.image.rgb_to_yiq(x.astype(np.float64)), 1e-12)
for shape in ((1, 5, 6, 1), (2, 4, 3, 3)):
    record_tensor(f"sobel_edges.{'x'.join(map(str, shape))}", tf.image.sobel_edges(tf.constant(rs.rand(*shape),
                                                                                               tf.float32)), 1e-6)

# convert_image_dtype's rules per pair of dtypes, saturating or not.
values = {"uint8": np.array([0, 1, 127, 128, 255], np.uint8), "int16": np.array([-32768, -1, 0, 1, 32767], np.int16),
          "int32": np.array([-5, 0, 7, 2 ** 31 - 1], np.int32),
          "float32": np.array([-0.5, 0.0, 0.25, 0.5, 0.999, 1.0, 1.5], np.float32),
          "float64": np.array([0.0, 0.3, 1.0, 2.0], np.float64)}
for source, v in values.items():
    for target in ("uint8", "int16", "int32", "float16", "float32", "float64"):
        for saturate in (False, True):
            record_tensor(f"convert_image_dtype.{source}.{target}.{saturate}",
                          tf.image.convert_image_dtype(v, target, saturate=saturate), 1e-7)

# --- structural similarity ---------------------------------------------------------------------
for shape in ((13, 12, 3), (2, 11, 14, 1), (1, 12, 11, 3)):
    for dtype in ("uint8", "float32"):
        a = images(shape, dtype)
        b = np.clip(a.astype(np.float64) + rs.randint(-30, 30, size=shape) * (1 if dtype == "uint8" else 0.05),
                    0, 255 if dtype == "uint8" else 1).astype(dtype)
        key = f"{'x'.join(map(str, shape))}.{dtype}"
        peak = 255 if dtype == "uint8" else 1.0
        record_tensor(f"ssim.{key}", tf.image.ssim(a, b, peak), 1e-5)
        record_tensor(f"ssim.small_window.{key}", tf.image.ssim(a, b, peak, filter_size=5, filter_sigma=0.8,
                                                                k1=0.02, k2=0.05), 1e-5)
        record_tensor(f"ssim.index_map.{key}", tf.image.ssim(a, b, peak, filter_size=3, return_index_map=True), 1e-5)
M1 = images((2, 35, 37, 3), "float32")
M2 = np.clip(M1 + rs.randn(2, 35, 37, 3).astype(np.float32) * 0.1, 0, 1)
record_tensor("ssim_multiscale", tf.image.ssim_multiscale(M1, M2, 1.0, filter_size=3), 1e-5)
record_tensor("ssim_multiscale.powers", tf.image.ssim_multiscale(M1, M2, 1.0, power_factors=(0.5, 0.3, 0.2),
                                                                 filter_size=5), 1e-5)
record_error("error.ssim.window", lambda: tf.image.ssim(np.zeros((5, 5, 3), np.float32),
                                                        np.zeros((5, 5, 3), np.float32), 1.0))
record_error("error.ssim.shapes", lambda: tf.image.ssim(np.zeros((12, 12, 3), np.float32),
                                                        np.zeros((12, 11, 3), np.float32), 1.0))
record_error("error.ssim.batch", lambda: tf.image.ssim(np.zeros((2, 12, 12, 3), np.float32),
                                                       np.zeros((3, 12, 12, 3), np.float32), 1.0))

# --- raw ops ------------------------------------------------------------------------------------
Y = rs.rand(3, 6, 5, 2).astype(np.float32) * 10
T = rs.randn(3, 8).astype(np.float32)
T[:, 6:] *= 0.05
T[:, [0, 4]] += 1
T[:, [2, 5]] *= 3
for interpolation in ("NEAREST", "BILINEAR"):
    for mode in ("REFLECT", "WRAP", "CONSTANT", "NEAREST"):
        record_tensor(f"ImageProjectiveTransformV3.{interpolation}.{mode}", tf.raw_ops.ImageProjectiveTransformV3(
            images=Y, transforms=T, output_shape=[6, 5], fill_value=1.5, interpolation=interpolation,
            fill_mode=mode))
        record_tensor(f"ImageProjectiveTransformV3.uint8.{interpolation}.{mode}",
                      tf.raw_ops.ImageProjectiveTransformV3(images=(Y * 20).astype(np.uint8), transforms=T[:1],
                                                            output_shape=[4, 7], fill_value=3.7,
                                                            interpolation=interpolation, fill_mode=mode))
Q = rs.randint(0, 99, size=(2, 5, 7, 1)).astype(np.int32)
for align_corners, half_pixel_centers in ((False, False), (True, False), (False, True)):
    for size in ((3, 4), (9, 13), (5, 7)):
        record_tensor(f"ResizeNearestNeighbor.{align_corners}.{half_pixel_centers}.{size}",
                      tf.raw_ops.ResizeNearestNeighbor(images=Q, size=size, align_corners=align_corners,
                                                       half_pixel_centers=half_pixel_centers))
record_error("error.ResizeNearestNeighbor.both", lambda: tf.raw_ops.ResizeNearestNeighbor(
    images=Q, size=[2, 2], align_corners=True, half_pixel_centers=True))
record_error("error.ResizeNearestNeighbor.rank3", lambda: tf.raw_ops.ResizeNearestNeighbor(images=Q[0], size=[2, 2]))
record_error("error.resize.method", lambda: tf.image.resize(np.zeros((2, 2, 1)), [3, 3], method="cubic"))
record_error("error.stateless_random_crop.size",
             lambda: tf.image.stateless_random_crop(np.zeros((2, 2, 1)), (3, 2, 1), (1, 2)))
record_tensor("AdjustContrastv2.odd", tf.raw_ops.AdjustContrastv2(images=rs.rand(2, 7, 5, 3).astype(np.float32),
                                                                  contrast_factor=1.7))

# --- gradients (functions over ops with gradients, and ResizeNearestNeighbor's) -------------------
G = rs.rand(2, 5, 6, 3).astype(np.float32)
for case, fn in (("flip_left_right", tf.image.flip_left_right), ("rot90", lambda t: tf.image.rot90(t, 3)),
                 ("transpose", tf.image.transpose), ("central_crop", lambda t: tf.image.central_crop(t, 0.6)),
                 ("resize_with_crop_or_pad", lambda t: tf.image.resize_with_crop_or_pad(t, 4, 9)),
                 ("adjust_brightness", lambda t: tf.image.adjust_brightness(t, 0.3)),
                 ("adjust_gamma", lambda t: tf.image.adjust_gamma(t, 1.7, 0.5)),
                 ("per_image_standardization", tf.image.per_image_standardization),
                 ("total_variation", tf.image.total_variation),
                 ("resize_nearest", lambda t: tf.image.resize(t, (7, 4), method="nearest")),
                 ("resize_nearest_down", lambda t: tf.image.resize(t, (2, 5), method="nearest")),
                 ("psnr", lambda t: tf.image.psnr(t, G[::-1], 1.0)),
                 ("rgb_to_hsv", tf.image.rgb_to_hsv),
                 ("rgb_to_hsv_ties", lambda t: tf.image.rgb_to_hsv(tf.round(t * 4.0) / 4.0 + t * 0.0))):
    variable = tf.Variable(G)
    with tf.GradientTape() as tape:
        y = fn(variable)
        loss = tf.reduce_sum(y * tf.cast(tf.reshape(tf.range(tf.size(y)), tf.shape(y)), tf.float32) / 10.0)
    record_tensor(f"gradient.{case}", tape.gradient(loss, variable), 1e-5)
for align_corners, half_pixel_centers in ((False, False), (True, False), (False, True)):
    record_tensor(f"ResizeNearestNeighborGrad.{align_corners}.{half_pixel_centers}",
                  tf.raw_ops.ResizeNearestNeighborGrad(grads=rs.rand(2, 7, 9, 2).astype(np.float32), size=[4, 5],
                                                       align_corners=align_corners,
                                                       half_pixel_centers=half_pixel_centers), 1e-6)

# --- traced -------------------------------------------------------------------------------------
Z = images((2, 5, 6, 3), "uint8")
traced = tf.function(lambda x: (tf.image.flip_left_right(x), tf.image.rot90(x, 1),
                                tf.image.adjust_saturation(x, 1.5), tf.image.resize_with_crop_or_pad(x, 4, 8),
                                tf.image.stateless_random_flip_up_down(x, (5, 6))))
for i, t in enumerate(traced(tf.constant(Z))):
    record_tensor(f"traced.{i}", t, 1e-6)

# --- errors -------------------------------------------------------------------------------------
V = np.zeros((4, 5), np.float32)
record_error("error.flip_left_right.rank2", lambda: tf.image.flip_left_right(V))
record_error("error.flip_up_down.rank5", lambda: tf.image.flip_up_down(np.zeros((1, 2, 3, 4, 3))))
record_error("error.flip.zero_dim", lambda: tf.image.flip_left_right(np.zeros((0, 2, 3))))
record_error("error.rot90.rank2", lambda: tf.image.rot90(V))
record_error("error.rot90.rank5", lambda: tf.image.rot90(np.zeros((1, 2, 3, 4, 3))))
record_error("error.transpose.rank2", lambda: tf.image.transpose(V))
record_error("error.random_flip.rank5", lambda: tf.image.random_flip_left_right(np.zeros((1, 2, 3, 4, 3))))
record_error("error.central_crop.fraction", lambda: tf.image.central_crop(np.zeros((4, 4, 3)), 0.0))
record_error("error.central_crop.rank5", lambda: tf.image.central_crop(np.zeros((1, 2, 3, 4, 3)), 0.5))
record_error("error.crop.offset", lambda: tf.image.crop_to_bounding_box(np.zeros((4, 4, 3)), -1, 0, 2, 2))
record_error("error.crop.width", lambda: tf.image.crop_to_bounding_box(np.zeros((4, 4, 3)), 0, 2, 2, 3))
record_error("error.crop.height", lambda: tf.image.crop_to_bounding_box(np.zeros((4, 4, 3)), 3, 0, 2, 2))
record_error("error.crop.target", lambda: tf.image.crop_to_bounding_box(np.zeros((4, 4, 3)), 0, 0, 0, 2))
record_error("error.crop.rank2", lambda: tf.image.crop_to_bounding_box(V, 0, 0, 1, 1))
record_error("error.pad.offset", lambda: tf.image.pad_to_bounding_box(np.zeros((4, 4, 3)), 0, -1, 6, 6))
record_error("error.pad.target", lambda: tf.image.pad_to_bounding_box(np.zeros((4, 4, 3)), 2, 0, 5, 6))
record_error("error.resize_with_crop_or_pad.target", lambda: tf.image.resize_with_crop_or_pad(np.zeros((4, 4, 3)),
                                                                                                0, 3))
record_error("error.adjust_hue.channels", lambda: tf.image.adjust_hue(np.zeros((2, 2, 4), np.float32), 0.1))
record_error("error.adjust_hue.delta", lambda: tf.image.adjust_hue(np.zeros((2, 2, 3), np.float32), 1.5))
record_error("error.adjust_saturation.rank2", lambda: tf.image.adjust_saturation(np.zeros((2, 3), np.float32), 2.0))
record_error("error.adjust_gamma.negative", lambda: tf.image.adjust_gamma(np.zeros((2, 2, 3), np.float32), -1.0))
record_error("error.random_hue.max_delta", lambda: tf.image.random_hue(np.zeros((2, 2, 3)), 0.6))
record_error("error.random_contrast.range", lambda: tf.image.random_contrast(np.zeros((2, 2, 3)), 0.5, 0.4))
record_error("error.random_saturation.lower", lambda: tf.image.random_saturation(np.zeros((2, 2, 3)), -0.5, 0.4))
record_error("error.random_brightness.delta", lambda: tf.image.random_brightness(np.zeros((2, 2, 3)), -0.5))
record_error("error.convert_image_dtype.bool", lambda: tf.image.convert_image_dtype(np.zeros(3, np.float32), tf.bool))
record_error("error.grayscale_to_rgb.channels", lambda: tf.image.grayscale_to_rgb(tf.zeros((2, 2, 3))))
record_error("error.grayscale_to_rgb.rank1", lambda: tf.image.grayscale_to_rgb(tf.zeros((3,))))
record_error("error.total_variation.rank2", lambda: tf.image.total_variation(tf.constant(V)))
record_error("error.image_gradients.rank3", lambda: tf.image.image_gradients(tf.constant(np.zeros((2, 2, 3)))))
record_error("error.rgb_to_hsv.channels", lambda: tf.image.rgb_to_hsv(np.zeros((2, 2, 4), np.float32)))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, separators=(",", ":"))
