"""tf.config.experimental_connect_to_cluster: making the devices of a cluster's tasks usable here.

varrt's remote tasks are Ray actors (RayClusterResolver starts them). Connecting adds each
task's CPU ("/job:ps/replica:0/task:1/device:CPU:0") to this process's devices, so that
`with tf.device("/job:ps/task:1")` places variables and ops there, and installs the
forwarder that runs them there (distribute/remote/runtime.py).
"""
from varrt.distribute.remote import runtime


def connect_to_cluster(cluster_spec_or_resolver, job_name="localhost", task_index=0, protocol=None,
                       make_master_device_default=True, cluster_device_filters=None):
    """Connects this process to the tasks of `cluster_spec_or_resolver` (a RayClusterResolver).

    The local devices keep their names (`job_name`/`task_index` name this process in
    TensorFlow's gRPC clusters, which varrt does not run). Returns nothing, as TensorFlow."""
    tasks = getattr(cluster_spec_or_resolver, "_tasks", None)
    if tasks is None:
        kind = type(cluster_spec_or_resolver).__name__
        raise ValueError(f"varrt connects to clusters whose tasks it runs on Ray; got a {kind}. Use "
                         "tf.distribute.cluster_resolver.RayClusterResolver(num_ps=..., num_workers=...), "
                         "which starts the tasks (or joins a Ray cluster with address=...).")
    runtime.connect(tasks(), timeout=cluster_spec_or_resolver._timeout)
