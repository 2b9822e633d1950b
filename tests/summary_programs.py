'''Programs that write TensorBoard summaries, run by TensorFlow 2.21 (tests/tools/record_summaries.py
records the event files it writes) and by varrt (tests/test_summary.py compares): each runs with
`tf` and `LOGDIR` defined and leaves what it wants compared in RESULT.'''

PROGRAMS = {
    "scalars": """
w = tf.summary.create_file_writer(LOGDIR)
returned = []
with w.as_default():
    for step in range(3):
        returned.append(bool(tf.summary.scalar("loss", 0.5 * step + 0.25, step=step)))
    tf.summary.experimental.set_step(7)
    returned.append(bool(tf.summary.scalar("count", 3)))
    returned.append(bool(tf.summary.scalar("flag", True, description="a **bool**")))
    returned.append(bool(tf.summary.scalar("f64", tf.constant(2.5, tf.float64), step=tf.constant(9, tf.int64))))
    with tf.name_scope("outer"):
        returned.append(bool(tf.summary.scalar("inner", -1.5)))
    tf.summary.experimental.set_step(None)
with w.as_default(step=11):
    returned.append(bool(tf.summary.scalar("default_step", 4.0)))
returned.append(bool(tf.summary.scalar("no_writer", 1.0, step=1)))
w.close()
RESULT = returned
""",
    "text": """
w = tf.summary.create_file_writer(LOGDIR, filename_suffix=".txt")
with w.as_default(step=2):
    tf.summary.text("note", "hello **world**")
    tf.summary.text("batch", ["a", "bc", ""], step=3, description="three")
    tf.summary.text("table", tf.constant([["x", "y"], ["z", "w"]]), step=4)
w.flush()
RESULT = None
""",
    "histograms": """
import numpy as np
rng = np.random.RandomState(5)
w = tf.summary.create_file_writer(LOGDIR)
with w.as_default():
    tf.summary.histogram("normal", rng.normal(size=1000).astype(np.float32), step=0)
    tf.summary.histogram("one", [4.0], step=1)
    tf.summary.histogram("seven", tf.constant(rng.uniform(-3, 8, size=7)), step=2, buckets=5)
    tf.summary.histogram("ints", tf.constant([[1, 5, 2], [9, 9, 0]], tf.int32), step=3)
    tf.summary.histogram("int64", tf.constant(np.arange(40, dtype=np.int64) ** 2), step=3, buckets=4)
    tf.summary.histogram("empty", tf.zeros([0], tf.float32), step=4)
    tf.summary.histogram("constant", tf.fill([5, 2], 3.0), step=5)
    tf.summary.histogram("constant_one_bucket", [2.0, 2.0], step=5, buckets=1)
    tf.summary.histogram("zero_buckets", [1.0, 2.0], step=6, buckets=0)
    tf.summary.histogram("half", tf.constant([0.5, 1.5, -2.0, 0.25], tf.float16), step=6, description="halves")
    tf.summary.histogram("uint8", np.array([0, 255, 7, 7, 128], np.uint8), step=7, buckets=3)
w.close()
RESULT = None
""",
    "images": """
import numpy as np
rng = np.random.RandomState(1)
w = tf.summary.create_file_writer(LOGDIR)
with w.as_default():
    r = [bool(tf.summary.image("rgb", rng.randint(0, 256, size=(4, 5, 6, 3)).astype(np.uint8), step=0))]
    r.append(bool(tf.summary.image("gray", tf.constant(rng.uniform(size=(2, 3, 4, 1)), tf.float32), step=1,
                                   max_outputs=5, description="floats")))
    r.append(bool(tf.summary.image("rgba", rng.randint(0, 256, size=(1, 2, 2, 4)).astype(np.uint8), step=2,
                                   max_outputs=1)))
    r.append(bool(tf.summary.image("clipped", tf.constant([[[[-0.5], [1.5]], [[0.5], [1.0]]]]), step=3)))
w.close()
RESULT = r
""",
    "audio": """
import numpy as np
rng = np.random.RandomState(2)
w = tf.summary.create_file_writer(LOGDIR)
with w.as_default(step=1):
    clips = np.concatenate([rng.uniform(-1.2, 1.2, size=(4, 30, 2)),
                            np.tile([[[1.0, -1.0], [0.5 / 32768, -2.5 / 32768]]], (4, 1, 1))], axis=1)
    r = [bool(tf.summary.audio("stereo", clips.astype(np.float32), 16000))]
    r.append(bool(tf.summary.audio("mono", tf.constant(rng.uniform(-1, 1, size=(2, 7, 1)), tf.float32),
                                   tf.constant(8000), max_outputs=5, description="two clips", encoding="wav")))
    r.append(bool(tf.summary.audio("none", tf.zeros([0, 3, 1]), 8000, step=2)))
w.close()
RESULT = r
""",
    "function": """
w = tf.summary.create_file_writer(LOGDIR)
step = tf.Variable(0, dtype=tf.int64)

@tf.function
def log(x, label):
    tf.summary.scalar("x", tf.reduce_sum(x) * 2.0, step=step)
    tf.summary.histogram("xs", x, step=step, buckets=3)
    return tf.summary.text("t", tf.reshape(label, [-1]), step=step)

r = []
with w.as_default():
    for values, label in (([1.0, 2.0], "a"), ([3.0, 4.0, 10.0], "bc")):
        step.assign_add(1)
        r.append(bool(log(tf.constant(values), tf.constant(label))))
r.append(bool(log(tf.constant([5.0]), tf.constant("d"))))
even = tf.Variable(0, dtype=tf.int64)

@tf.function
def maybe(x):
    with tf.summary.record_if(lambda: tf.equal(even % 2, 0)):  # decided when the graph runs
        return tf.summary.scalar("even_only", x, step=even)

with w.as_default():
    for i in range(3):
        r.append(bool(maybe(tf.constant(float(i)))))
        even.assign_add(1)
w.close()
RESULT = r
""",
    "record_if": """
w = tf.summary.create_file_writer(LOGDIR)
r = [bool(tf.summary.should_record_summaries())]
with w.as_default(step=1):
    r.append(bool(tf.summary.should_record_summaries()))
    with tf.summary.record_if(False):
        r.append(bool(tf.summary.should_record_summaries()))
        r.append(bool(tf.summary.scalar("off", 1.0)))
    with tf.summary.record_if(lambda: tf.summary.experimental.get_step() % 2 == 0):
        for s in range(4):
            tf.summary.experimental.set_step(s)
            r.append(bool(tf.summary.scalar("even", float(s))))
    tf.summary.experimental.set_step(None)
    with tf.summary.create_noop_writer().as_default():
        r.append(bool(tf.summary.scalar("noop", 1.0, step=1)))
    r.append(bool(tf.summary.write("raw_tensor", tf.constant([1, 2], tf.int64), step=12)))
    r.append(bool(tf.summary.write("raw_meta", "s", step=13, metadata=b"\\x12\\x05\\n\\x03abc")))
    r.append(bool(tf.summary.experimental.write_raw_pb(
        b"\\n\\x0c\\n\\x05v1tag\\x15\\x00\\x00 @", step=14)))
    with tf.summary.experimental.summary_scope("my op", "Default") as (tag, scope):
        r.append([tag, scope])
    try:
        tf.summary.scalar("no_step", 1.0)
    except ValueError as e:
        r.append(str(e))
w.close()
RESULT = r
""",
    # Models, layers and optimizers are named: Keras numbers unnamed ones per process.
    # Trained values may differ from TensorFlow's in their last bits (varrt sums a batch's gradients
    # and losses in its own order): tests/test_summary.py compares the fit programs' floats to 1e-5.
    "fit": """
import numpy as np
x = (np.arange(24, dtype=np.float32).reshape(12, 2) - 12) / 8
y = (x[:, :1] * 2.0 - x[:, 1:]).astype(np.float32)
model = tf.keras.Sequential([tf.keras.Input((2,), name="x"), tf.keras.layers.Dense(3, activation="relu", name="hidden"),
                             tf.keras.layers.Dense(1, name="out")], name="net")
model.set_weights([np.array([[0.5, -0.25, 0.75], [0.125, 0.5, -0.5]], np.float32), np.zeros(3, np.float32),
                   np.array([[0.5], [-1.0], [0.25]], np.float32), np.array([0.1], np.float32)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.0625, name="sgd"), loss="mse", metrics=["mae"])
cb = tf.keras.callbacks.TensorBoard(LOGDIR, histogram_freq=1, write_graph=False)
model.fit(x, y, batch_size=4, epochs=2, validation_data=(x[:4], y[:4]), callbacks=[cb], verbose=0, shuffle=False)
RESULT = None
""",
    "fit_batches": """
import numpy as np
x = np.linspace(-1, 1, 20, dtype=np.float32).reshape(10, 2)
y = (x[:, :1] + x[:, 1:]).astype(np.float32)
model = tf.keras.Sequential([tf.keras.Input((2,), name="x"), tf.keras.layers.Dense(1, kernel_initializer="ones",
                                                                                  name="out")], name="net")
model.compile(optimizer=tf.keras.optimizers.SGD(name="sgd"), loss="mse")
cb = tf.keras.callbacks.TensorBoard(LOGDIR, update_freq=2, write_graph=False, write_images=True, histogram_freq=2)
model.fit(x, y, batch_size=3, epochs=3, validation_split=0.2, callbacks=[cb], verbose=0, shuffle=False)
RESULT = None
""",
    "fit_images": """
import numpy as np
x = (np.arange(16, dtype=np.float32).reshape(8, 2) - 8) / 16
y = (x[:, :1] - x[:, 1:]).astype(np.float32)
model = tf.keras.Sequential([tf.keras.Input((2,), name="x"), tf.keras.layers.Dense(3, name="hidden"),
                             tf.keras.layers.Dense(1, name="out")], name="net")
model.set_weights([np.array([[0.5, 0.25, 0.75], [0.125, 0.5, 1.5]], np.float32), np.array([0.2, -0.1, 0.6], np.float32),
                   np.array([[0.5], [0.75], [0.25]], np.float32), np.array([0.1], np.float32)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.0625, name="sgd"), loss="mse")
cb = tf.keras.callbacks.TensorBoard(LOGDIR, histogram_freq=1, write_images=True, write_graph=False)
model.fit(x, y, batch_size=4, epochs=2, callbacks=[cb], verbose=0, shuffle=False)
RESULT = None
""",
    "fit_graph": """
import numpy as np
model = tf.keras.Sequential([tf.keras.Input((2,), name="x"),
                             tf.keras.layers.Dense(1, kernel_initializer="zeros", name="out")], name="net")
model.compile(optimizer=tf.keras.optimizers.Adam(name="adam"), loss="mse")
cb = tf.keras.callbacks.TensorBoard(LOGDIR)
model.fit(np.ones((4, 2), np.float32), np.ones((4, 1), np.float32), epochs=1, callbacks=[cb], verbose=0, shuffle=False)
RESULT = None
""",
}
