"""Keras 3's image preprocessing and augmentation layers (Resizing, CenterCrop, RandomFlip,
RandomCrop, RandomContrast, RandomBrightness, RandomRotation, RandomZoom, RandomTranslation),
run under TensorFlow 2.21 (by tests/tools/record_keras_program.py, into
tests/fixtures/keras_image_preprocessing/) and under varrt (by
tests/test_keras_image_preprocessing.py).

    python keras_image_preprocessing_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text} for what must be equal and {"num:<tolerance>:case":
[floats]} for numbers. Seeded layers are called on images of odd, even and non-square sizes, 1
and 3 channels, uint8 and float32, single and batched: eagerly (twice: the seed generator
advances), with training=False, traced, in a `tf.data` map and in a Sequential model; configs
and their round trip, the layers' variables and Keras's argument errors."""
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

keras = tf.keras
out_dir = sys.argv[2]
results = {}
rs = np.random.RandomState(17)


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


def record_tensor(name, t, rtol=1e-6):
    """A layer's output: its dtype and shape exactly, its values within rtol (written by their
    shortest float32 text, to keep the fixture small)."""
    record(f"{name}.spec", (t.dtype.name, tuple(t.shape)))
    values = np.asarray(t)
    if values.dtype.kind == "f":
        values = [float(str(v)) for v in values.astype(np.float32).reshape(-1)]
    record_num(name, values, rtol)


def record_inference(name, out, x, rtol):
    """An inference-mode output: "unchanged" (with its dtype) when it is the input, cast to
    the output's dtype; else its values."""
    values = np.asarray(out)
    if values.shape == np.shape(x) and np.array_equal(values, np.asarray(x).astype(values.dtype)):
        record(name, f"unchanged {out.dtype.name}")
    else:
        record_tensor(name, out, rtol)


def images(shape, dtype):
    if dtype == "uint8":
        return rs.randint(0, 256, size=shape).astype(np.uint8)
    return (rs.rand(*shape) * 255).astype(np.float32)


SHAPES = [(3, 5, 3), (4, 4, 1), (2, 4, 5, 3), (1, 3, 6, 1)]

LAYERS = {
    "resizing": lambda: keras.layers.Resizing(4, 6),
    "resizing_crop": lambda: keras.layers.Resizing(3, 3, crop_to_aspect_ratio=True),
    "resizing_nearest": lambda: keras.layers.Resizing(7, 3, interpolation="nearest"),
    "resizing_pad": lambda: keras.layers.Resizing(4, 9, pad_to_aspect_ratio=True, fill_value=3),
    "resizing_pad_tall": lambda: keras.layers.Resizing(8, 3, pad_to_aspect_ratio=True),
    "center_crop": lambda: keras.layers.CenterCrop(3, 2),
    "center_crop_up": lambda: keras.layers.CenterCrop(6, 5),
    "flip": lambda: keras.layers.RandomFlip(seed=3),
    "flip_horizontal": lambda: keras.layers.RandomFlip("horizontal", seed=4),
    "flip_vertical": lambda: keras.layers.RandomFlip("vertical", seed=5),
    "crop": lambda: keras.layers.RandomCrop(3, 3, seed=6),
    "crop_up": lambda: keras.layers.RandomCrop(5, 9, seed=7),
    "contrast": lambda: keras.layers.RandomContrast(0.6, seed=8),
    "contrast_pair": lambda: keras.layers.RandomContrast((0.3, 0.9), seed=9),
    "brightness": lambda: keras.layers.RandomBrightness(0.4, seed=10),
    "brightness_unit": lambda: keras.layers.RandomBrightness((-0.2, 0.5), value_range=(0, 1), seed=11),
    "rotation": lambda: keras.layers.RandomRotation(0.3, seed=12),
    "rotation_nearest_constant": lambda: keras.layers.RandomRotation((-0.2, 0.4), fill_mode="constant",
                                                                     interpolation="nearest", fill_value=7.0, seed=13),
    "rotation_wrap": lambda: keras.layers.RandomRotation(0.5, fill_mode="wrap", seed=14),
    "zoom": lambda: keras.layers.RandomZoom(0.4, seed=15),
    "zoom_both": lambda: keras.layers.RandomZoom((-0.5, 0.3), (0.2, 0.6), fill_mode="nearest", seed=16),
    "zoom_constant": lambda: keras.layers.RandomZoom(0.5, fill_mode="constant", interpolation="nearest", seed=17),
    "translation": lambda: keras.layers.RandomTranslation(0.3, 0.4, seed=18),
    "translation_wrap": lambda: keras.layers.RandomTranslation((-0.5, 0.2), 0.6, fill_mode="wrap", seed=19),
    "translation_constant": lambda: keras.layers.RandomTranslation(0.5, (0.1, 0.3), fill_mode="constant",
                                                                   fill_value=-1.0, seed=20),
}
# Keras computes contrast means by TensorFlow's reductions, rotations by its cos and sin (Eigen's
# float32 polynomials); the last bits of those are varrt's core's own.
TOLERANCE = {"contrast": 1e-4, "contrast_pair": 1e-4, "rotation": 1e-4, "rotation_nearest_constant": 1e-4,
             "rotation_wrap": 1e-4}

for name, make in LAYERS.items():
    rtol = TOLERANCE.get(name, 1e-6)
    layer = make()
    for shape in SHAPES:
        for dtype in ("float32", "uint8"):
            if dtype == "uint8" and name.startswith(("contrast", "brightness", "resizing_pad")):
                continue  # Keras adds float values to uint8 tensors only after the graph's float cast
            x = images(shape, dtype)
            key = f"{name}.{'x'.join(map(str, shape))}.{dtype}"
            record_tensor(f"{key}.first", layer(x), rtol)
            record_tensor(f"{key}.second", layer(x), rtol)  # the generator has advanced
            record_inference(f"{key}.inference", layer(x, training=False), x, rtol)
    x = images((2, 5, 6, 3), "float32")
    record_tensor(f"{name}.traced", tf.function(lambda t: layer(t, training=True))(tf.constant(x)), rtol)
    record_inference(f"{name}.traced_inference", tf.function(lambda t: layer(t, training=False))(tf.constant(x)),
                     x, rtol)
    mapped = tf.data.Dataset.from_tensor_slices(images((4, 5, 6, 1), "uint8")).batch(2).map(
        lambda t: layer(t, training=True))
    for i, batch in enumerate(mapped):
        record_tensor(f"{name}.dataset.{i}", batch, rtol)
    if name in ("flip", "rotation", "crop", "resizing"):  # a map of the layer itself: training's default
        for i, batch in enumerate(tf.data.Dataset.from_tensor_slices(images((3, 5, 6, 3), "float32")).batch(2)
                                  .map(layer)):
            record_tensor(f"{name}.dataset_default.{i}", batch, rtol)
    config = layer.get_config()
    record(f"{name}.config", config)
    clone = type(layer).from_config(config)
    record(f"{name}.from_config", clone.get_config() == config)
    record(f"{name}.variables", [(v.path, v.dtype, tuple(v.shape)) for v in layer.variables])
    record(f"{name}.weights", len(layer.weights))
    record(f"{name}.output_shape", layer.compute_output_shape((None, 5, 6, 3)))

# In a model: predict runs in inference mode, fit in training mode (the data is left alone then
# but for the layers' variables); the model's output through a Dense head.
model = keras.Sequential([keras.Input((6, 6, 3)), keras.layers.Resizing(5, 5), keras.layers.RandomFlip(seed=21),
                          keras.layers.RandomRotation(0.2, seed=22), keras.layers.RandomZoom(0.2, seed=23),
                          keras.layers.CenterCrop(4, 4), keras.layers.Flatten()])
x = images((3, 6, 6, 3), "float32")
record_tensor("model.predict", model.predict(x, verbose=0))
record_tensor("model.call_training", model(x, training=True))
record_tensor("model.call", model(x))
record("model.output_shape", model.output_shape)
record("model.symbolic", repr(keras.layers.RandomRotation(0.1)(keras.Input((6, 6, 3))).shape))
record("model.symbolic_resize", repr(keras.layers.Resizing(3, 4)(keras.Input((6, 6, 3))).shape))

# --- errors -------------------------------------------------------------------------------------
record_error("error.rotation_factor", lambda: keras.layers.RandomRotation(1.5))
record_error("error.rotation_factor_pair", lambda: keras.layers.RandomRotation((0.1, 0.2, 0.3)))
record_error("error.rotation_fill_mode", lambda: keras.layers.RandomRotation(0.1, fill_mode="mirror2"))
record_error("error.rotation_interpolation", lambda: keras.layers.RandomRotation(0.1, interpolation="bicubic"))
record_error("error.zoom_factor", lambda: keras.layers.RandomZoom(-1.0))
record_error("error.zoom_width_factor", lambda: keras.layers.RandomZoom(0.1, (0.2, 0.3, 0.4)))
record_error("error.translation_factor", lambda: keras.layers.RandomTranslation(1.2, 0.1))
record_error("error.contrast_factor", lambda: keras.layers.RandomContrast(1.5))
record_error("error.brightness_factor", lambda: keras.layers.RandomBrightness("a"))
record_error("error.brightness_value_range", lambda: keras.layers.RandomBrightness(0.1, value_range=(0, 1, 2)))
record_error("error.flip_factor", lambda: keras.layers.RandomFlip(factor=0.3))
record_error("error.data_format", lambda: keras.layers.RandomFlip(data_format="channels_middle"))
record_error("error.rank2", lambda: keras.layers.RandomFlip(seed=1)(np.zeros((4, 4), np.float32)))
record_error("error.rank5", lambda: keras.layers.RandomRotation(0.1, seed=1)(np.zeros((1, 2, 4, 4, 3), np.float32)))
record_error("error.contrast_rank2", lambda: keras.layers.RandomContrast(0.1, seed=1)(np.zeros((4, 4), np.float32)))
record_error("error.resizing_interpolation",
             lambda: keras.layers.Resizing(2, 2, interpolation="cubic")(np.zeros((4, 4, 3), np.float32)))
record_error("error.resizing_both_ratios",
             lambda: keras.layers.Resizing(2, 2, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True)(
                 np.zeros((4, 4, 3), np.float32)))
record_error("error.resizing_pad_uint8", lambda: keras.layers.Resizing(8, 3, pad_to_aspect_ratio=True)(
    np.zeros((3, 5, 3), np.uint8)))
record_error("error.center_crop_shape", lambda: keras.layers.CenterCrop(2, 2).compute_output_shape((4, 4)))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, separators=(",", ":"))
