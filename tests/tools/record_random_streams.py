"""Records TensorFlow's random numbers for seeded programs into
tests/fixtures/random_streams_tf.json, which tests/test_random_streams.py replays with varrt
and compares bit for bit.

    /path/to/python-with-tensorflow tests/tools/record_random_streams.py [output.json]

A program sets (or clears) the global seed, then makes its calls in order, `repeat` times:
eagerly, inside one tf.function called `repeat` times, in a TF1 graph run `repeat` times by
each of two sessions, or on one tf.random.Generator. A call names a tf.random function, a
Generator method (`gen.`), a tf.nn function (`nn.`), a tf.image function (`image.`), a tf.raw_ops op (`raw.`) or a
Keras initializer (`keras.`: made
with the call's arguments but shape and dtype, then called with those). Each output is stored
as its dtype, shape and raw bytes in hex (so half and bfloat16 compare by bits).
`run(tf, program)` is what both TensorFlow and varrt run.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "fixtures", "random_streams_tf.json")

FLOATS = ["float16", "bfloat16", "float32", "float64"]
STATEFUL = ["uniform", "normal", "truncated_normal"]
STATELESS = ["stateless_uniform", "stateless_normal", "stateless_truncated_normal"]


def _program(name, calls, seed=None, repeat=1, mode="eager", generator=None, split=None):
    """`split`: [count, index]: the program draws from generator.split(count)[index] (after the
    parent drew `count` keys)."""
    return {"name": name, "seed": seed, "calls": calls, "repeat": repeat, "mode": mode, "generator": generator,
            "split": split}


def programs():
    out = [
        _program("op seed continues its stream", [["uniform", {"shape": [7], "seed": 1}]], seed=5, repeat=3),
        _program("global seed only: the op seeds of random.Random(seed)",
                 [["uniform", {"shape": [2, 3]}], ["normal", {"shape": [7]}], ["truncated_normal", {"shape": [4]}],
                  ["uniform", {"shape": [5], "minval": -5, "maxval": 17, "dtype": "int32"}],
                  ["uniform", {"shape": [3], "minval": -7, "maxval": 2**40, "dtype": "int64"}]], seed=42, repeat=2),
        _program("op seed only pairs with the default graph seed",
                 [["normal", {"shape": [11], "seed": 9}], ["truncated_normal", {"shape": [6], "seed": 9, "dtype": "float64"}]]),
        _program("seeds (0, 0) become (0, 2**31 - 1)", [["uniform", {"shape": [4], "seed": 0}]], seed=0),
        _program("a kernel per dtype", [["uniform", {"shape": [3], "seed": 1}],
                                        ["uniform", {"shape": [3], "seed": 1, "dtype": "float64"}]], seed=5, repeat=2),
        _program("mean, stddev and a range", [["normal", {"shape": [5], "mean": 3.0, "stddev": 0.5, "seed": 2}],
                                               ["truncated_normal", {"shape": [5], "mean": -1.0, "stddev": 2.0, "seed": 2}],
                                               ["uniform", {"shape": [5], "minval": -2.0, "maxval": 3.0, "seed": 2}]],
                 seed=8),
        _program("a thousand and one", [["normal", {"shape": [1001], "seed": 7}],
                                        ["truncated_normal", {"shape": [1001], "seed": 7}],
                                        ["normal", {"shape": [333], "seed": 7, "dtype": "float64"}],
                                        ["truncated_normal", {"shape": [333], "seed": 7, "dtype": "float64"}]], seed=3),
        _program("in a tf.function: a kernel per node, op seeds counted per graph",
                 [["uniform", {"shape": [3]}], ["uniform", {"shape": [3], "seed": 4}], ["normal", {"shape": [5]}],
                  ["truncated_normal", {"shape": [2, 3]}]], seed=5, repeat=2, mode="function"),
        _program("in TF1 sessions: a kernel per node and session, op seeds counted per graph",
                 [["uniform", {"shape": [3]}], ["uniform", {"shape": [3], "seed": 2}], ["normal", {"shape": [5]}],
                  ["truncated_normal", {"shape": [3], "dtype": "float64"}]], seed=7, repeat=2, mode="session"),
        _program("a Generator from a seed",
                 [["gen.uniform", {"shape": [3]}], ["gen.normal", {"shape": [5]}], ["gen.truncated_normal", {"shape": [5]}],
                  ["gen.uniform", {"shape": [3], "maxval": 10, "dtype": "int32"}],
                  ["gen.uniform_full_int", {"shape": [3], "dtype": "int64"}], ["gen.make_seeds", {"count": 2}],
                  ["gen.normal", {"shape": [3], "dtype": "float64"}]], generator=1234, repeat=2),
        _program("a Generator from a seed of more than 64 bits", [["gen.normal", {"shape": [3]}]], generator=2**70 + 5),
        _program("a Generator split from another", [["gen.uniform", {"shape": [5]}]], generator=99, split=[3, 1]),
    ]
    for dtype in FLOATS:
        out.append(_program(f"{dtype} stateful", [[fn, {"shape": shape, "seed": 3, "dtype": dtype}]
                                                  for fn in STATEFUL for shape in ([5], [3, 5])], seed=11, repeat=2))
        out.append(_program(f"{dtype} stateless", [[fn, {"shape": shape, "seed": seed, "dtype": dtype}]
                                                    for fn in STATELESS for shape in ([5], [3, 5])
                                                    for seed in ([1, 2], [-3, 2**40])]))
    out.append(_program("stateless integers", [
        ["stateless_uniform", {"shape": [7], "seed": [1, 2], "minval": 0, "maxval": 1000, "dtype": "int32"}],
        ["stateless_uniform", {"shape": [5], "seed": [4, 5], "minval": -3, "maxval": 2**50, "dtype": "int64"}],
        ["stateless_uniform", {"shape": [5], "seed": [4, 5], "minval": None, "maxval": None, "dtype": "int64"}],
        ["stateless_uniform", {"shape": [5], "seed": [4, 5], "minval": None, "maxval": None, "dtype": "uint32"}],
        ["stateless_normal", {"shape": [3], "seed": ["int32", [-1, 7]]}]]))
    out.append(_program("categorical (one shard: small enough that TensorFlow does not split the rows)", [
        ["categorical", {"logits": [[-2.3, -1.6, -0.36], [-0.69, -1.39, -1.39]], "num_samples": 7, "seed": 2}],
        ["categorical", {"logits": [[float("-inf"), 1.0, float("inf"), 2.0, float("nan")], [float("-inf")] * 5],
                         "num_samples": 5, "seed": 1, "dtype": "int32"}],
        ["categorical", {"logits": [[0.5, 1.0, -3.0, 2.0, 0.0, 1.5]] * 3, "num_samples": 5}]], seed=3, repeat=2))
    out.append(_program("shuffle: size - 1 draws of one stream, a row permutation above 1-D", [
        ["shuffle", {"value": list(range(10)), "seed": 4}], ["shuffle", {"value": [[i, -i] for i in range(7)], "seed": 4}],
        ["shuffle", {"value": list(range(33))}], ["shuffle", {"value": [5.0]}], ["shuffle", {"value": 7}],
        ["shuffle", {"value": [[1.5, 2.5, 3.5]] * 2 + [[0.0, 1.0, 2.0]], "seed": 9}]], seed=3, repeat=2))
    out.append(_program("shuffle in a tf.function", [["shuffle", {"value": list(range(9))}],
                                                    ["shuffle", {"value": list(range(6)), "seed": 1}]],
                        seed=2, repeat=2, mode="function"))
    out.append(_program("shuffle in TF1 sessions", [["shuffle", {"value": list(range(9))}]], seed=2, repeat=2,
                        mode="session"))
    out.append(_program("image.random_crop: a uniform int32 draw modulo the room", [
        ["image.random_crop", {"value": [[i * 5 + j for j in range(5)] for i in range(4)], "size": [2, 3], "seed": 1}],
        ["image.random_crop", {"value": [[[float(i)] * 2] * 3 for i in range(6)], "size": [4, 2, 1]}]],
        seed=5, repeat=2))
    out.append(_program("stateless categorical, split and fold_in", [
        ["stateless_categorical", {"logits": [[-2.3, -1.6, -0.36], [-0.69, -1.39, -1.39]], "num_samples": 7,
                                   "seed": [1, 2]}],
        ["stateless_categorical", {"logits": [[0.5, 1.0, -3.0, 2.0, 0.0, 1.5]] * 3, "num_samples": 5,
                                   "seed": ["int32", [-4, 9]], "dtype": "int32"}],
        ["stateless_categorical", {"logits": [[float("-inf"), 1.0, 2.0]], "num_samples": 3, "seed": [2**40, 3]}],
        ["split", {"seed": [1, 2], "num": 3}], ["split", {"seed": ["int32", [7, -8]]}],
        ["fold_in", {"seed": [1, 2], "data": 5}], ["fold_in", {"seed": ["int32", [3, 4]], "data": 2**40}]]))
    out.append(_program("gamma and poisson: per-output generators, double-precision draws", [
        ["gamma", {"shape": [5], "alpha": 2.0, "seed": 4}],
        ["gamma", {"shape": [3, 2], "alpha": [0.5, 1.0, 3.0], "beta": [[2.0], [1.0]], "dtype": "float64", "seed": 1}],
        ["gamma", {"shape": [7], "alpha": [0.3, 1.0], "dtype": "float16", "seed": 2}],
        ["gamma", {"shape": [40], "alpha": 0.05}],
        ["poisson", {"shape": [6], "lam": [0.5, 4.0, 12.0, 250.0], "seed": 5}],
        ["poisson", {"shape": [4], "lam": 3.0, "dtype": "int32", "seed": 5}],
        ["poisson", {"shape": [33], "lam": [1e4, 0.01], "dtype": "int64"}]], seed=3, repeat=2))
    out.append(_program("gamma and poisson in a tf.function", [
        ["gamma", {"shape": [4], "alpha": [1.5, 0.2]}], ["poisson", {"shape": [3], "lam": [2.0, 20.0], "seed": 1}]],
        seed=6, repeat=2, mode="function"))
    out.append(_program("gamma and poisson in TF1 sessions", [
        ["gamma", {"shape": [4], "alpha": [1.5, 0.2], "dtype": "float64"}], ["poisson", {"shape": [3], "lam": 7.0}]],
        seed=6, repeat=2, mode="session"))
    out.append(_program("stateless gamma and poisson", [
        ["stateless_gamma", {"shape": [4, 3], "seed": [1, 2], "alpha": [0.5, 1.0, 7.0]}],
        ["stateless_gamma", {"shape": [5, 2], "seed": [3, 4], "alpha": [0.7, 1.5], "beta": [2.0, 3.0],
                             "dtype": "float64"}],
        ["stateless_gamma", {"shape": [9], "seed": ["int32", [-1, 5]], "alpha": 4.0, "dtype": "float16"}],
        ["stateless_poisson", {"shape": [4, 3], "seed": [1, 2], "lam": [0.5, 9.0, 40.0]}],
        ["stateless_poisson", {"shape": [6], "seed": [5, 6], "lam": 3.5, "dtype": "float32"}],
        ["stateless_poisson", {"shape": [3, 1, 2], "seed": [2**40, 1], "lam": [[1e5, 0.3]], "dtype": "int64"}]]))
    out.append(_program("Generator.binomial: inversion below 10, BTRS above, 600 outputs reserved per call", [
        ["gen.binomial", {"shape": [5], "counts": 10.0, "probs": 0.3}],
        ["gen.binomial", {"shape": [3, 2], "counts": [5.0, 40.0], "probs": [0.2, 0.9]}],
        ["gen.binomial", {"shape": [4], "counts": 100.0, "probs": 0.5, "dtype": "float32"}],
        ["gen.binomial", {"shape": [2, 3], "counts": [[0.0], [7.0]], "probs": [0.5, 1.0, -0.1]}]],
        generator=77, repeat=2))
    out.append(_program("stateless binomial and shuffle", [
        ["stateless_binomial", {"shape": [4, 2], "seed": [1, 2], "counts": [10.0, 300.0], "probs": [0.4, 0.7]}],
        ["stateless_binomial", {"shape": [5], "seed": ["int32", [3, 4]], "counts": 15.0, "probs": 0.1,
                                "output_dtype": "float64"}],
        ["experimental.stateless_shuffle", {"value": list(range(10)), "seed": [1, 2]}],
        ["experimental.stateless_shuffle", {"value": [[i, -i] for i in range(7)], "seed": [3, 4]}],
        ["experimental.stateless_split", {"seed": [5, 6], "num": 4}],
        ["create_rng_state", {"seed": 2**70 + 3, "alg": "philox"}]]))
    inf = float("inf")
    out.append(_program("stateless parameterized truncated normal: a sampler per row (normal, uniform, exponential)", [
        ["stateless_parameterized_truncated_normal", {"shape": [5], "seed": [1, 2]}],
        ["stateless_parameterized_truncated_normal", {
            "shape": [7, 3], "seed": [3, 4], "means": [0.0, 1.0, -2.0], "stddevs": [1.0, 2.0, 0.5],
            "minvals": [-1.0, 0.5, -100.0], "maxvals": [1.0, 3.0, 100.0]}],
        ["stateless_parameterized_truncated_normal", {
            "shape": [4, 2, 3], "seed": [5, 6], "means": 0.0, "stddevs": [[1.0], [3.0]],
            "minvals": [-1.0, -2.0, -1000.0], "maxvals": [[10000.0], [1.0]]}],
        ["stateless_parameterized_truncated_normal", {
            "shape": [6, 4], "seed": ["int32", [-7, 8]], "means": [0.0, 0.0, 0.0, 0.0], "stddevs": 1.0,
            "minvals": [2.0, 4.0, -inf, 0.1], "maxvals": [inf, 4.2, -3.0, 0.2]}],
        ["stateless_parameterized_truncated_normal", {
            "shape": [9], "seed": [9, 10], "means": ["float64", 3.0], "stddevs": ["float64", 2.0],
            "minvals": ["float64", 5.0], "maxvals": ["float64", 9.0]}],
        ["stateless_parameterized_truncated_normal", {
            "shape": [5, 2], "seed": [11, 12], "means": ["float64", [0.0, 10.0]], "stddevs": ["float64", [1.0, 2.0]],
            "minvals": ["float64", [3.0, 0.0]], "maxvals": ["float64", [inf, 9.0]]}],
        ["stateless_parameterized_truncated_normal", {
            "shape": [8, 2], "seed": [13, 14], "means": ["float16", [0.0, 1.0]], "stddevs": ["float16", [1.0, 1.0]],
            "minvals": ["float16", [-0.5, 1.5]], "maxvals": ["float16", [0.5, 6.0]]}]]))
    out.append(_program("ParameterizedTruncatedNormal: a row per leading index, rows of 100 for one set of "
                        "parameters, the kernel's stream continuing", [
        ["raw.ParameterizedTruncatedNormal", {"shape": [3, 4], "means": [0.0, 1.0, 2.0], "stdevs": 1.0,
                                              "minvals": [-1.0, 1.5, -10.0], "maxvals": [1.0, 4.0, 1.0], "seed": 1, "seed2": 2}],
        ["raw.ParameterizedTruncatedNormal", {"shape": [250], "means": 1.0, "stdevs": 2.0, "minvals": 2.5,
                                              "maxvals": 3.0, "seed": 3, "seed2": 0}],
        ["raw.ParameterizedTruncatedNormal", {"shape": [2, 5], "means": ["float64", 0.0],
                                              "stdevs": ["float64", [1.0, 0.5]], "minvals": ["float64", 3.0],
                                              "maxvals": ["float64", inf], "seed": 5, "seed2": 6}]], repeat=2))
    ones = [[1.0] * 5] * 3
    out.append(_program("dropout: a uniform draw, and an op seed taken even at rate 0", [
        ["nn.dropout", {"x": ones, "rate": 0.5, "seed": 1}], ["nn.dropout", {"x": ones, "rate": 0.0}],
        ["uniform", {"shape": [3]}], ["nn.dropout", {"x": ones, "rate": 2 / 3, "noise_shape": [1, 5]}]], seed=0))
    out.append(_program("Keras initializers (Keras 3: stateless ops seeded [seed, 0])", [
        ["keras.GlorotUniform", {"seed": 1, "shape": [3, 5]}], ["keras.GlorotNormal", {"seed": 2, "shape": [4, 3]}],
        ["keras.HeNormal", {"seed": 3, "shape": [7]}], ["keras.HeUniform", {"seed": 3, "shape": [2, 3, 4]}],
        ["keras.LecunNormal", {"seed": 8, "shape": [5, 2]}], ["keras.LecunUniform", {"seed": 7, "shape": [2, 3, 4]}],
        ["keras.RandomNormal", {"seed": 4, "shape": [3], "mean": 1.0, "stddev": 2.0}],
        ["keras.RandomUniform", {"seed": 5, "shape": [3], "minval": -1.0, "maxval": 3.0}],
        ["keras.TruncatedNormal", {"seed": 6, "shape": [9]}],
        ["keras.VarianceScaling", {"seed": 9, "shape": [6, 5], "scale": 2.0, "mode": "fan_avg",
                                   "distribution": "untruncated_normal"}],
        ["keras.GlorotUniform", {"seed": 1, "shape": [3, 5], "dtype": "float64"}]]))
    return out


def _argument(tf, key, value):
    if key in ("dtype", "output_dtype"):
        return getattr(tf, value)
    if key == "seed" and isinstance(value, list) and value and value[0] == "int32":
        return tf.constant(value[1], tf.int32)
    if isinstance(value, list) and len(value) == 2 and value[0] in ("float16", "float64"):
        return tf.constant(value[1], getattr(tf, value[0]))  # a parameter of that dtype
    return value


def _calls(tf, program, generator):
    outputs = []
    for fn, kwargs in program["calls"]:
        kwargs = {k: _argument(tf, k, v) for k, v in kwargs.items()}
        if fn.startswith("keras."):  # made with the other arguments, called with shape and dtype
            call = {k: kwargs.pop(k) for k in ("shape", "dtype") if k in kwargs}
            outputs.append(getattr(tf.keras.initializers, fn[6:])(**kwargs)(**call))
            continue
        if fn.startswith("gen."):
            target = getattr(generator, fn[4:])
        else:
            module, _, short = fn.rpartition(".")
            target = getattr({"nn": tf.nn, "image": tf.image, "experimental": tf.random.experimental,
                              "raw": tf.raw_ops, "": tf.random}[module], short)
        outputs.append(target(**kwargs))
    return outputs


def run(tf, program):
    """The program's outputs (NumPy arrays), in order, with TensorFlow or varrt as `tf`."""
    tf.random.set_seed(program["seed"])
    generator = None if program["generator"] is None else tf.random.Generator.from_seed(program["generator"])
    if program["split"]:
        count, index = program["split"]
        generator = generator.split(count)[index]
    if program["mode"] == "session":  # the graph's seed; two sessions, each running the graph `repeat` times
        with tf.Graph().as_default():
            tf.compat.v1.set_random_seed(program["seed"])
            outputs = _calls(tf, program, generator)
            runs = []
            for _ in range(2):
                with tf.compat.v1.Session() as sess:
                    runs += [sess.run(outputs) for _ in range(program["repeat"])]
        return [a for outputs in runs for a in outputs]
    if program["mode"] == "function":
        f = tf.function(lambda: _calls(tf, program, generator))
        runs = [f() for _ in range(program["repeat"])]
    else:
        runs = [_calls(tf, program, generator) for _ in range(program["repeat"])]
    return [t.numpy() for outputs in runs for t in outputs]


def encode(array):
    return {"dtype": str(array.dtype), "shape": list(array.shape), "hex": array.tobytes().hex()}


def main():
    import tensorflow as tf  # noqa: PLC0415  (the recording interpreter's, never varrt's dependency)
    out = sys.argv[1] if len(sys.argv) > 1 else OUT
    recorded = [{"program": p, "outputs": [encode(a) for a in run(tf, p)]} for p in programs()]
    with open(out, "w") as f:
        json.dump({"tensorflow": tf.__version__, "programs": recorded}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
