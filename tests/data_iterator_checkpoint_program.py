"""Dataset iterators in tf.train.Checkpoint, run under TensorFlow 2.21 (by
tests/tools/record_data_iterator_checkpoint.py, into tests/fixtures/data_iterator_checkpoint/) and
under varrt (by tests/test_data_iterator_checkpoint.py): the elements an iterator gives after a
save, then again after restoring that save, and from a fresh iterator restored from it — for the
checkpoint guide's pipeline, a seeded shuffle reshuffled each epoch (saved in its second epoch, on
the dataset's second iterator), and a map and filter.

    python data_iterator_checkpoint_program.py varrt|tensorflow OUT_DIR

writes its checkpoints and OUT_DIR/results.json ({case: elements})."""
import json
import os
import sys

import numpy as np

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out = sys.argv[2]
res = {}


def take(it, n):
    r = []
    for _ in range(n):
        e = next(it)
        r.append({k: v.numpy().tolist() for k, v in e.items()} if isinstance(e, dict) else np.asarray(e).tolist())
    return r


# The checkpoint guide's dataset.
inputs = tf.range(10.)[:, None]
labels = inputs * 5. + tf.range(5.)[None, :]
ds = tf.data.Dataset.from_tensor_slices(dict(x=inputs, y=labels)).repeat().batch(2)
it = iter(ds)
take(it, 3)
ckpt = tf.train.Checkpoint(step=tf.Variable(7), iterator=it)
path = ckpt.save(os.path.join(out, "guide"))
res["guide.after_save"] = take(it, 4)
ckpt.restore(path)
res["guide.after_restore"] = take(it, 4)
it2 = iter(ds)
ckpt2 = tf.train.Checkpoint(step=tf.Variable(0), iterator=it2)
ckpt2.restore(path)
res["guide.fresh_iterator"] = take(it2, 2)
res["guide.step"] = int(ckpt2.step.numpy())
# A seeded shuffle reshuffled each epoch, saved in its second epoch, on the dataset's second iterator
ds = tf.data.Dataset.range(7).shuffle(7, seed=11).repeat(3).batch(2)
first = iter(ds)
res["shuffle.first_iterator"] = take(first, 4)
it = iter(ds)
take(it, 5)
ckpt = tf.train.Checkpoint(iterator=it)
path = ckpt.save(os.path.join(out, "shuffle"))
res["shuffle.after_save"] = take(it, 4)
ckpt.restore(path)
res["shuffle.after_restore"] = take(it, 4)
# A map and a filter.
ds = tf.data.Dataset.range(40).map(tf.math.negative).filter(lambda x: x % 2 == 0).batch(3)
it = iter(ds)
take(it, 2)
ckpt = tf.train.Checkpoint(iterator=it)
path = ckpt.save(os.path.join(out, "mapped"))
res["mapped.after_save"] = take(it, 2)
ckpt.restore(path)
res["mapped.after_restore"] = take(it, 2)
with open(os.path.join(out, "results.json"), "w") as f:
    json.dump(res, f, indent=1, sort_keys=True)
