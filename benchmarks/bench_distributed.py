"""Variables on parameter servers (Ray actors on this machine, loopback only), one run.

    python benchmarks/bench_distributed.py [--quick] [--json]

Rows (issue 13's targets):
  startup                         RayClusterResolver(num_ps=2, num_workers=2) + connect, from a
                                  process without Ray running (Ray's own start included)
  bare Ray actor call, 4 KB       p50 of `ray.get(actor.f.remote(x))`, x a 4 KB ndarray, f doing
                                  nothing: what one remote op cannot beat
  remote assign_add, 4 KB         p50 of `v.assign_add(x)` on a ps variable; target <= 1.3x the
                                  bare call
  64 MB pull / push               median of 20, once Ray's object store is warm: `v.read_value()`
                                  (a local Tensor) and `v.numpy()` (a new ndarray, one more
                                  copy); `v.assign(x)`; targets pull >= 1.5 GB/s, push >= 1 GB/s.
                                  NumPy's copy of 64 MB is the machine's ceiling for one pass.
  ParameterServerStrategy         a linear model trained by 2 workers on 2 ps: steps/s, one step
                                  at a time (deterministic: must equal the single-process loop)
                                  and all scheduled at once; the single-process loop for scale
"""
import argparse
import json
import os
import platform
import statistics
import sys
import time

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # loopback stays loopback

import numpy as np  # noqa: E402


def p50(fn, n):
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


class _Echo:
    def f(self, x):
        return None


def measure(quick):
    import ray
    import varrt as tf
    rows = {}
    start = time.perf_counter()
    resolver = tf.distribute.cluster_resolver.RayClusterResolver(num_ps=2, num_workers=2)
    tf.config.experimental_connect_to_cluster(resolver)
    rows["startup (s)"] = time.perf_counter() - start

    n = 200 if quick else 1000
    small = np.ones(1024, np.float32)  # 4 KB
    echo = ray.remote(num_cpus=0)(_Echo).remote()
    ray.get(echo.f.remote(small))
    with tf.device("/job:ps/task:0"):
        v = tf.Variable(np.zeros(1024, np.float32))
    v.assign_add(small)
    bare = p50(lambda: ray.get(echo.f.remote(small)), n)
    remote = p50(lambda: v.assign_add(small), n)
    rows["bare Ray actor call, 4 KB (us)"] = bare * 1e6
    rows["remote assign_add, 4 KB (us)"] = remote * 1e6
    rows["remote assign_add / bare call"] = remote / bare

    big = np.random.default_rng(0).standard_normal(16 * 1024 * 1024).astype(np.float32)  # 64 MB
    reps = 5 if quick else 20
    with tf.device("/job:ps/task:1"):
        w = tf.Variable(big)
    gb = big.nbytes / 1e9
    copy_target = np.empty_like(big)
    forms = {"NumPy copy 64 MB (GB/s)": lambda: np.copyto(copy_target, big),
             "pull 64 MB, read_value() (GB/s)": w.read_value,
             "pull 64 MB, numpy() (GB/s)": w.numpy,
             "push 64 MB, assign() (GB/s)": lambda: w.assign(big)}
    # Warm: until Ray's object store has cycled through its memory once, each 64 MB value lands
    # in shared memory never touched before (page faults, about 3x slower: a one-time cost per
    # Ray instance). Steady state is what the rows show.
    capacity = ray.available_resources().get("object_store_memory", 0)
    for _ in range(int(capacity // big.nbytes) + 10):
        w.read_value()
    for name, form in forms.items():
        p50(form, 3)
        rows[name] = gb / p50(form, reps)

    rows.update(train(tf, resolver, 10 if quick else 40))
    from varrt.distribute.remote import ray_cluster
    ray_cluster.shutdown()
    return rows


def train(tf, resolver, steps):
    rng = np.random.default_rng(1)
    xs = rng.standard_normal((steps, 32, 16)).astype(np.float32)
    ys = (xs @ rng.standard_normal((16, 1)).astype(np.float32)).astype(np.float32)

    def build():
        w = tf.Variable(tf.zeros([16, 1]))
        b = tf.Variable(tf.zeros([1]))
        opt = tf.keras.optimizers.SGD(0.05)

        @tf.function
        def step(x, y):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
            opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
            return loss
        return w, b, step

    w0, b0, step0 = build()
    step0(xs[0], ys[0])
    w0.assign(tf.zeros([16, 1]))
    b0.assign(tf.zeros([1]))
    start = time.perf_counter()
    for i in range(steps):
        step0(xs[i], ys[i])
    local = steps / (time.perf_counter() - start)

    strategy = tf.distribute.ParameterServerStrategy(resolver)
    coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
    with strategy.scope():
        w, b, step = build()
    coordinator.schedule(step, args=(xs[0], ys[0]))  # the workers trace once
    coordinator.join()
    w.assign(tf.zeros([16, 1]))
    b.assign(tf.zeros([1]))
    start = time.perf_counter()
    for i in range(steps):
        coordinator.schedule(step, args=(xs[i], ys[i]))
        coordinator.join()
    sequential = steps / (time.perf_counter() - start)
    diff = float(max(np.abs(w.numpy() - w0.numpy()).max(), np.abs(b.numpy() - b0.numpy()).max()))
    start = time.perf_counter()
    for i in range(steps):
        coordinator.schedule(step, args=(xs[i], ys[i]))
    coordinator.join()
    concurrent = steps / (time.perf_counter() - start)
    return {"PSS 2 ps x 2 workers, one step at a time (steps/s)": sequential,
            "PSS final values vs single process (max abs diff)": diff,
            "PSS 2 ps x 2 workers, all scheduled (steps/s)": concurrent,
            "single process, same step (steps/s)": local}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure(args.quick)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{sys.version.split()[0]}")
    width = max(len(k) for k in rows)
    for k, value in rows.items():
        print(f"{k:<{width}}  {value:10.3f}")


if __name__ == "__main__":
    main()
