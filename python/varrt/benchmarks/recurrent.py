"""An LSTM layer and an LSTM model's training step against PyTorch and Keras 3 on TensorFlow
2.21, each library on one thread, in one run (issue 28's target).

    python benchmarks/bench_lstm.py [--quick] [--threads N] [--tf-python PATH] [--torch-python PATH]
    (the same as python -m varrt.benchmarks.recurrent)

Rows (wall time of one call, the median of ROUNDS calls after a warm-up call):
  LSTM forward+backward   an LSTM(128) over x of 32 sequences x 50 steps x 128 features, and the
                          gradients of sum(y * dy) with respect to x and the weights, y the last
                          output; varrt and TensorFlow: Keras's layer under a GradientTape in a
                          tf.function; PyTorch: nn.LSTM and autograd.
  LSTM training step      one Adam step of LSTM(128) then Dense(10) on that batch with sparse
                          categorical cross-entropy from logits; varrt and Keras 3 on TensorFlow:
                          a Keras Sequential's train_on_batch; PyTorch: the same layers
                          (nn.LSTM, nn.Linear) and torch.optim.Adam.
Target: varrt <= 1.5x PyTorch on the training step. Every library runs in its own process with
one BLAS/OpenMP thread unless --threads says otherwise.
"""
import sys

import numpy as np

if __package__:
    from varrt.benchmarks import peer_rows
else:  # run by path by a peer's interpreter, which has no varrt: the sibling file
    import peer_rows

BATCH, STEPS, FEATURES, UNITS, CLASSES = 32, 50, 128, 128, 10
TARGETS = {"LSTM training step": [("torch", 1.5)]}


def data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((BATCH, STEPS, FEATURES), dtype=np.float32)
    dy = rng.standard_normal((BATCH, UNITS), dtype=np.float32)
    labels = rng.integers(0, CLASSES, BATCH).astype(np.int32)
    return x, dy, labels


def tf_cases(tf):
    x, dy, labels = data()
    lstm = tf.keras.layers.LSTM(UNITS)
    lstm.build((None, STEPS, FEATURES))
    xt, dyt = tf.constant(x), tf.constant(dy)

    @tf.function
    def forward_backward(x, dy):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = lstm(x)
        return tape.gradient(y, [x] + lstm.trainable_variables, output_gradients=dy)

    model = tf.keras.Sequential([tf.keras.Input(shape=(STEPS, FEATURES)), tf.keras.layers.LSTM(UNITS),
                                 tf.keras.layers.Dense(CLASSES)])
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return {"LSTM forward+backward": lambda: [g.numpy() for g in forward_backward(xt, dyt)],
            "LSTM training step": lambda: model.train_on_batch(x, labels)}


def torch_cases():
    import torch
    x, dy, labels = data()
    xt = torch.from_numpy(x).requires_grad_(True)
    dyt, labels_t = torch.from_numpy(dy), torch.from_numpy(labels).long()
    lstm = torch.nn.LSTM(FEATURES, UNITS, batch_first=True)

    def forward_backward():
        xt.grad = None
        lstm.zero_grad()
        out, _ = lstm(xt)
        out[:, -1].backward(dyt)

    class Model(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = torch.nn.LSTM(FEATURES, UNITS, batch_first=True)
            self.dense = torch.nn.Linear(UNITS, CLASSES)

        def forward(self, inputs):
            _, (h, _) = self.lstm(inputs)
            return self.dense(h[0])

    model = Model()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = torch.nn.CrossEntropyLoss()
    inputs = torch.from_numpy(x)

    def train_step():
        optimizer.zero_grad()
        loss = loss_fn(model(inputs), labels_t)
        loss.backward()
        optimizer.step()
        return loss.item()

    return {"LSTM forward+backward": forward_backward, "LSTM training step": train_step}


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
    return {name: peer_rows.median_call(fn, rounds) for name, fn in cases.items()}


def collect(rounds, tf_python=None, torch_python=None, threads=1):
    """{"varrt": {row: s}, "tf": {...} or absent, "torch": {...} or absent}."""
    return peer_rows.collect(__file__, rounds, tf_python, torch_python, threads)


def verdicts(times):
    """[(row, peer label, ratio, limit, ok)] for each target whose figures were measured."""
    return peer_rows.verdicts(times, TARGETS)


def main(argv=None):
    return peer_rows.main_for(__file__, __doc__, run_library, TARGETS,
                              f"x {BATCH}x{STEPS}x{FEATURES}, LSTM({UNITS})", argv)


if __name__ == "__main__":
    sys.exit(main())
