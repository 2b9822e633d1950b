"""TensorFlow-guide code, type-checked: `mypy examples/typing/check_types.py` passes on it, and
an IDE shows real types (`v.assign(...)` is a Variable, `tape.gradient(...)` the gradients).
tests/test_typing.py runs mypy on this file."""
from typing import Optional

import varrt as tf


class Linear(tf.Module):
    def __init__(self, units: int, name: Optional[str] = None) -> None:
        super().__init__(name=name)
        self.w = tf.Variable(tf.random.normal([3, units]), name="w")
        self.b = tf.Variable(tf.zeros([units]), name="b")

    def __call__(self, x: tf.Tensor) -> tf.Tensor:
        return tf.matmul(x, self.w) + self.b


def train_step(model: Linear, x: tf.Tensor, y: tf.Tensor, learning_rate: float) -> float:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    for g, v in zip(grads, model.trainable_variables):
        v.assign_sub(learning_rate * g)
    return float(loss.numpy())


def main(directory: str) -> Optional[str]:
    counter: tf.Variable = tf.Variable(0, dtype=tf.int64, trainable=False)
    updated: tf.Variable = counter.assign_add(1)
    print(updated.numpy(), counter.shape, counter.dtype.name, counter.name, counter.device)
    model = Linear(2)
    x = tf.constant([[1.0, 2.0, 3.0]])
    y: tf.Tensor = tf.convert_to_tensor([[1.0, 0.0]])
    for _ in range(3):
        train_step(model, x, y, 0.1)
    ckpt = tf.train.Checkpoint(model=model, counter=counter)
    manager = tf.train.CheckpointManager(ckpt, directory, max_to_keep=2)
    path: Optional[str] = manager.save()
    ckpt.restore(manager.latest_checkpoint).assert_consumed()
    prefix: str = ckpt.write(directory + "/plain")
    ckpt.read(prefix).assert_existing_objects_matched()
    return path


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        print(main(d))
