"""tf.distribute's in-process strategies (the default strategy and its replica context,
OneDeviceStrategy, MirroredStrategy on logical CPUs), run under TensorFlow 2.21 (by
tests/tools/record_keras_program.py, into tests/fixtures/distribute_strategy/) and under varrt
(by tests/test_distribute_strategy.py), with 4 and 3 replicas (the guides use 2 and 3).

    python distribute_strategy_program.py varrt|tensorflow OUT_DIR

writes OUT_DIR/results.json: {case: text}."""
import json
import os
import re
import sys

if sys.argv[1] == "tensorflow":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import varrt as tf

out_dir = sys.argv[2]
results = {}


def record(name, value):
    results[name] = value if isinstance(value, str) else repr(value)


def record_error(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is compared
        results[name] = f"{type(e).__name__}: {re.sub(r' at 0x[0-9a-f]+', '', str(e))}"
    else:
        results[name] = "no error"


cpu = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpu[0], [tf.config.LogicalDeviceConfiguration()] * 5)

# --- the default strategy -----------------------------------------------------------------
default = tf.distribute.get_strategy()
record("default", (type(default).__name__, default.num_replicas_in_sync, tf.distribute.has_strategy(),
                   tf.distribute.in_cross_replica_context()))
ctx = tf.distribute.get_replica_context()
record("default_replica", (type(ctx).__name__, str(ctx.replica_id_in_sync_group), ctx.num_replicas_in_sync))
record("default_all_reduce", str(ctx.all_reduce(tf.distribute.ReduceOp.MEAN, tf.constant([1.5, -2.0, 4.0]))))
record("default_run", str(default.run(lambda x: x * 3, args=(tf.constant([2, 5]),))))
record("reduce_op", (repr(tf.distribute.ReduceOp.SUM), str(tf.distribute.ReduceOp.MEAN)))

# --- OneDeviceStrategy --------------------------------------------------------------------
one = tf.distribute.OneDeviceStrategy("/cpu:3")
with one.scope():
    ov = tf.Variable([1.0, 2.0, 3.0])
    record("one_device_scope", (tf.distribute.has_strategy(), tf.distribute.in_cross_replica_context()))
record("one_device_variable", (repr(ov), ov.device, one.num_replicas_in_sync))
record("one_device_run", str(one.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group + 7)))

# --- MirroredStrategy on 4 logical CPUs ---------------------------------------------------
m = tf.distribute.MirroredStrategy(["cpu:0", "cpu:1", "cpu:2", "cpu:3"])
record("mirrored", (m.num_replicas_in_sync, m.extended.worker_devices))
with m.scope():
    w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
    c = tf.Variable(10, name="count")
    record("in_scope", (tf.distribute.has_strategy(), tf.distribute.in_cross_replica_context(),
                        tf.distribute.get_replica_context() is None, tf.distribute.get_strategy() is m))
record("mirrored_variable_repr", repr(w))
record("mirrored_variable_str", str(c))
record("mirrored_variable_read", (str(w.read_value()), str(w * 2), w.name, w.dtype.name, str(w.shape)))
w.assign([[0.5, 0.5], [1.5, 2.5]])
record("mirrored_variable_assign", repr(w))


def step(x):
    rc = tf.distribute.get_replica_context()
    rid = tf.cast(rc.replica_id_in_sync_group, tf.float32)
    total = rc.all_reduce(tf.distribute.ReduceOp.SUM, x * (rid + 1.0))
    mean = rc.all_reduce("MEAN", [rid, x + rid])
    return total, mean, x - rid


per = m.run(step, args=(tf.constant([1.0, -1.0]),))
record("run_all_reduce", repr(per))
record("run_str", str(per[2]))
record("local_results", repr(m.experimental_local_results(per[2])))
record("reduce_sum", str(m.reduce(tf.distribute.ReduceOp.SUM, per[2], axis=None)))
record("reduce_mean_axis", str(m.reduce("MEAN", per[2], axis=0)))
record("gather", str(m.gather(per[2], axis=0)))
record_error("reduce_sum_plain", lambda: m.reduce("SUM", tf.constant(2.0), axis=None))
record("reduce_mean_plain", str(m.reduce("MEAN", tf.constant(2.0), axis=None)))


def update():
    c.assign_add(tf.distribute.get_replica_context().replica_id_in_sync_group)
    return c.read_value()


record("replica_updates", (str(m.run(update)), repr(c)))


def merged():
    rc = tf.distribute.get_replica_context()
    return rc.merge_call(lambda strategy, v: strategy.reduce("SUM", v, axis=None),
                         args=(tf.cast(rc.replica_id_in_sync_group, tf.float32) * 10.0,))


record("merge_call", str(m.run(merged)))

# --- a custom training loop's losses (tf.nn.compute_average_loss, scale_regularization_loss) ---
per_example = tf.constant([1.0, 2.0, 4.0])
record("average_loss", str(m.run(lambda: tf.nn.compute_average_loss(
    per_example * tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group + 1, tf.float32)))))
record("average_loss_global", str(m.run(lambda: tf.nn.compute_average_loss(per_example, global_batch_size=6))))
record("scaled_regularization", str(m.run(lambda: tf.nn.scale_regularization_loss([tf.constant(2.0),
                                                                                    tf.constant(6.0)]))))
with m.scope():
    record_error("average_loss_cross_replica", lambda: tf.nn.compute_average_loss(per_example))
    record_error("scaled_regularization_cross_replica", lambda: tf.nn.scale_regularization_loss(per_example))
record("average_loss_default", str(tf.nn.compute_average_loss(per_example)))

# --- datasets split across 3 replicas -----------------------------------------------------
m3 = tf.distribute.MirroredStrategy(["cpu:1", "cpu:2", "cpu:4"])
record("dataset_split", [str(b) for b in m3.experimental_distribute_dataset(tf.data.Dataset.range(11).batch(5))])
record("dataset_split_static",
       [str(b) for b in m3.experimental_distribute_dataset(tf.data.Dataset.range(14).batch(7, drop_remainder=True))])


def dataset_fn(input_context):
    record("input_context", (input_context.num_input_pipelines, input_context.input_pipeline_id,
                             input_context.get_per_replica_batch_size(9)))
    return tf.data.Dataset.range(8).batch(3)


record("datasets_from_function", [str(b) for b in m3.distribute_datasets_from_function(dataset_fn)])

# --- tf.random.Generator under 3 and 4 replicas --------------------------------------------
with m3.scope():
    g = tf.random.Generator.from_seed(7)
    record("generator_draws", [str(m3.run(lambda: g.normal([2]))) for _ in range(2)])
    ckpt = tf.train.Checkpoint(gen=g)
    path = ckpt.write(os.path.join(out_dir, "gen"))
    record("generator_after_save", str(m3.run(lambda: g.uniform([3]))))
with m.scope():
    g4 = tf.random.Generator.from_seed(0)
    tf.train.Checkpoint(gen=g4).restore(path)
    record("generator_restored_4", str(m.run(lambda: g4.uniform([3]))))
plain = tf.random.Generator.from_seed(0)
tf.train.Checkpoint(gen=plain).restore(path)
record("generator_restored_plain", (str(plain.uniform([3])), str(plain.state)))
shared = tf.random.Generator.from_seed(3)
record("generator_outside_strategy", str(m3.run(lambda: shared.normal([]))))

# --- checkpoints: under the strategy, restored without it, and back -------------------------
wpath = tf.train.Checkpoint(w=w).write(os.path.join(out_dir, "w"))
fresh = tf.Variable(tf.zeros([2, 2]))
tf.train.Checkpoint(w=fresh).restore(wpath)
record("checkpoint_to_plain", repr(fresh))
fresh.assign([[9.0, 8.0], [7.0, 6.0]])
ppath = tf.train.Checkpoint(w=fresh).write(os.path.join(out_dir, "p"))
tf.train.Checkpoint(w=w).restore(ppath)
record("checkpoint_to_mirrored", repr(w))

# --- strategy.run in a tf.function ----------------------------------------------------------


@tf.function
def traced(x):
    per_replica = m3.run(lambda y: y * 2.0 + tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group,
                                                     tf.float32), args=(x,))
    return m3.reduce("SUM", per_replica, axis=None)


record("run_in_function", [str(traced(tf.constant(1.5))), str(traced(tf.constant(-2.0)))])


@tf.function
def traced_per_replica(x):
    return m3.run(lambda y: (y * tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32), y),
                  args=(x,))


record("function_returns_per_replica", [repr(traced_per_replica(tf.constant([1.0, 2.0]))),
                                        repr(traced_per_replica(tf.constant([3.0, -1.0])))])

# --- a custom training loop: distributed dataset, strategy.run in a tf.function, Keras Adam -------
import numpy as np  # noqa: E402

rs = np.random.RandomState(4)
features, targets = rs.rand(24, 3).astype("float32"), rs.rand(24, 1).astype("float32")
# The 4-replica strategy: TensorFlow's collectives refuse a second group size in one program.
loop_data = m.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((features, targets)).batch(8))
with m.scope():
    loop_w = tf.Variable(tf.ones([3, 1]), name="loop_w")
    loop_opt = tf.keras.optimizers.Adam(0.1)
    loop_opt.build([loop_w])  # TensorFlow cannot make the slots inside the traced step's replicas
traces = []


def loop_step(inputs):
    xb, yb = inputs
    with tf.GradientTape() as tape:
        per_example = tf.reduce_sum(tf.square(tf.matmul(xb, loop_w) - yb), axis=1)
        loss = tf.nn.compute_average_loss(per_example, global_batch_size=8)
    loop_opt.apply_gradients(zip(tape.gradient(loss, [loop_w]), [loop_w]))
    return loss


@tf.function
def distributed_step(inputs):
    traces.append(1)
    return m.reduce(tf.distribute.ReduceOp.SUM, m.run(loop_step, args=(inputs,)), axis=None)


epoch_losses = [sum(float(distributed_step(b)) for b in loop_data) for _ in range(3)]
# The replicas' float32 losses may be summed in another order than TensorFlow's: within 1e-6.
results["num:1e-06:training_loop.losses"] = epoch_losses
results["num:1e-06:training_loop.weights"] = loop_w.numpy().ravel().tolist()
record("training_loop", (int(loop_opt.iterations.numpy()), len(traces)))

# --- a tf.Module's traced draws in each replica, and a tf.function returning a MirroredVariable --------


class Drawer(tf.Module):
    def __init__(self):
        super().__init__()
        self.g = tf.random.Generator.from_seed(2)

    @tf.function
    def __call__(self):
        return self.g.normal([2])

    @tf.function
    def state(self):
        return self.g.state


with m3.scope():
    drawer = Drawer()
record("traced_draws_in_replicas", [str(m3.run(drawer)) for _ in range(2)] + [str(drawer.state())])

# --- a device that does not exist: soft placement runs the replica on the CPU, as TensorFlow ----
absent = tf.distribute.MirroredStrategy(["cpu:0", "cpu:9"])
with absent.scope():
    av = tf.Variable(2.0)
record("absent_device", (absent.extended.worker_devices, str(absent.run(lambda: av * 3.0)), repr(av)))

with open(os.path.join(out_dir, "results.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
