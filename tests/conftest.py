import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
# The project's shared folder, where a checkout sits beside it: it may add conformance cases.
SHARED = REPO.parent / "shared"


@pytest.fixture(autouse=True)
def _default_placement():
    """Every test starts and ends with placement logging off and soft placement on (the defaults)."""
    import varrt
    varrt.config.set_soft_device_placement(True)
    varrt.debugging.set_log_device_placement(False)
    yield
    varrt.config.set_soft_device_placement(True)
    varrt.debugging.set_log_device_placement(False)


def _run_slow(config):
    # CI runs everything (the README's test command under .ci/run); a local run stays quick
    # unless asked: VARRT_SLOW_TESTS=1, or any -m expression (e.g. -m slow).
    return (os.environ.get("CI", "").lower() == "true" or os.environ.get("VARRT_SLOW_TESTS") == "1"
            or bool(config.option.markexpr))


def pytest_collection_modifyitems(session, config, items):
    if not _run_slow(config):
        slow = [item for item in items if item.get_closest_marker("slow")]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if not item.get_closest_marker("slow")]
    # The cluster tests connect this process to Ray tasks, which adds their devices to the
    # process for good (as in TensorFlow): they run last, so no other test sees those devices.
    items.sort(key=lambda item: item.module.__name__.rsplit(".", 1)[-1].startswith("test_cluster_"))


@pytest.fixture(scope="session")
def ray_cluster():
    """A RayClusterResolver with 2 ps and 2 worker tasks on loopback, connected; stopped at the end."""
    import os
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"  # else Ray swaps 127.0.0.1 for the machine's address
    import varrt as tf
    from varrt.distribute.remote import ray_cluster as rc
    resolver = tf.distribute.cluster_resolver.RayClusterResolver(num_ps=2, num_workers=2, timeout=60)
    tf.config.experimental_connect_to_cluster(resolver)
    yield resolver
    rc.shutdown()
