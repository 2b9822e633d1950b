"""tf.data input pipelines against TensorFlow's tf.data and a PyTorch DataLoader, in one run
(issue 29's targets).

    python benchmarks/bench_data.py [--quick] [--threads N] [--tf-python PATH] [--torch-python PATH]
    (the same as python -m varrt.benchmarks.data_pipeline)

Rows (wall time, the median of ROUNDS runs after a warm-up run):
  training pipeline epoch   every batch of from_tensor_slices((x, y)).shuffle(10_000)
                            .map(normalize).batch(128).prefetch(AUTOTUNE) over x of 60,000 x 784
                            float32 and int64 labels, the loop touching each batch; PyTorch: a
                            DataLoader (shuffle=True, batch_size=128, num_workers=0) over a
                            TensorDataset with the same normalization in the loop.
  for over slices, per element
                            a plain `for` over from_tensor_slices(x) (20,000 elements), per element;
                            the NumPy row: `for i in range(n): x[i]` (a varrt row only as varrt
                            figure, NumPy's in its own column).
Targets: the epoch at or below TensorFlow's and the DataLoader's time (1.0x); the plain `for`
adds at most 5 µs per element over indexing the NumPy array. Each library runs in its own
process with its default threads unless --threads says otherwise.
"""
import os
import sys

import numpy as np

if __package__:
    from varrt.benchmarks import peer_rows
else:  # run by path by a peer's interpreter, which has no varrt: the sibling file
    import peer_rows

# VARRT_BENCH_DATA_ROWS: fewer rows (the test suite's smoke run of this module).
N = int(os.environ.get("VARRT_BENCH_DATA_ROWS", 60_000))
FEATURES, BATCH = 784, 128
SLICES = min(N, 20_000)
TARGETS = {"training pipeline epoch": [("tf", 1.0), ("torch", 1.0)]}


def data():
    rng = np.random.default_rng(0)
    return rng.random((N, FEATURES), dtype=np.float32) * 255, rng.integers(0, 10, N)


def tf_cases(tf):
    x, y = data()

    def normalize(image, label):
        return image / 255.0, label

    pipeline = (tf.data.Dataset.from_tensor_slices((x, y)).shuffle(min(N, 10_000)).map(normalize).batch(BATCH)
                .prefetch(tf.data.AUTOTUNE))
    slices = tf.data.Dataset.from_tensor_slices(x[:SLICES])

    def epoch():
        n = 0
        for images, labels in pipeline:
            n += int(images.shape[0])
        assert n == N

    def plain_for():
        for _ in slices:
            pass

    return {"training pipeline epoch": epoch, "for over slices, per element": plain_for}


def torch_cases():
    import torch
    x, y = data()
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.from_numpy(x), torch.from_numpy(y)),
                                         batch_size=BATCH, shuffle=True, num_workers=0)

    def epoch():
        n = 0
        for images, labels in loader:
            images = images / 255.0
            n += int(images.shape[0])
        assert n == N

    return {"training pipeline epoch": epoch}


def numpy_indexing():
    x = data()[0][:SLICES]

    def index():
        for i in range(SLICES):
            x[i]
    return index


def run_library(library, rounds, threads):
    """{row: seconds} for one library, in this process (the environment already set for `threads`)."""
    if library == "torch":
        import torch
        if threads:
            torch.set_num_threads(threads)
        cases = torch_cases()
    else:
        if library == "varrt":
            import varrt as tf  # the library under test, chosen per subprocess (as tensorflow below)
        else:
            import tensorflow as tf
        peer_rows.set_threads(tf, threads)
        cases = tf_cases(tf)
    times = {name: peer_rows.median_call(fn, rounds) for name, fn in cases.items()}
    if "for over slices, per element" in times:
        times["for over slices, per element"] /= SLICES
        if library == "varrt":
            times["NumPy indexing, per element"] = peer_rows.median_call(numpy_indexing(), rounds) / SLICES
    return times


def collect(rounds, tf_python=None, torch_python=None, threads=0):
    """{"varrt": {row: s}, "tf": {...} or absent, "torch": {...} or absent}."""
    return peer_rows.collect(__file__, rounds, tf_python, torch_python, threads)


def verdicts(times):
    """[(row, peer label, ratio, limit, ok)] for the epoch, and the plain for's added time per
    element against its limit (as the ratio of the added time to 5 µs)."""
    out = peer_rows.verdicts(times, TARGETS)
    mine = times["varrt"]
    if "for over slices, per element" in mine and "NumPy indexing, per element" in mine:
        added = mine["for over slices, per element"] - mine["NumPy indexing, per element"]
        out.append(("for over slices, added per element", "5 µs", added / 5e-6, 1.0, added <= 5e-6))
    return out


def main(argv=None):
    return peer_rows.main_for(__file__, __doc__, run_library, TARGETS, f"x {N}x{FEATURES}, batch {BATCH}", argv,
                              default_threads=0, verdicts=verdicts)


if __name__ == "__main__":
    sys.exit(main())
