"""The processes a cluster starts: loopback only, gone at exit and on Ctrl-C; Ray imported lazily."""
import ipaddress
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import varrt as tf


def _children():
    """Parent pid -> child pids, from /proc."""
    tree = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def descendants(pid):
    tree, out, todo = _children(), [], [pid]
    for _ in range(100000):  # bounded walk
        if not todo:
            break
        for child in tree.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def _address(hex_address):
    host, port = hex_address.split(":")
    raw = bytes.fromhex(host)
    if len(raw) == 4:
        return ipaddress.IPv4Address(raw[::-1]), int(port, 16)
    words = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))  # four little-endian 32-bit words
    return ipaddress.IPv6Address(words), int(port, 16)


def _inet_sockets():
    """Socket inode -> (protocol, local (ip, port), remote (ip, port), state) for this network namespace."""
    table = {}
    for proto in ("tcp", "tcp6", "udp", "udp6"):
        try:
            with open(f"/proc/net/{proto}") as f:
                lines = f.readlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            table[fields[9]] = (proto, _address(fields[1]), _address(fields[2]), fields[3])
    return table


def _socket_inodes(pid):
    inodes = []
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.append(target[8:-1])
    except OSError:
        pass
    return inodes


def _loopback(ip):
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def test_the_cluster_listens_and_connects_on_loopback_only(ray_cluster):
    # Traffic first, so every task has its connections open.
    with tf.device("/job:ps/task:0"):
        v = tf.Variable(1.0)
    v.assign_add(1.0)
    strategy = tf.distribute.ParameterServerStrategy(ray_cluster)
    coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
    coordinator.schedule(lambda: v.assign_add(1.0))
    coordinator.join()
    ray_pids = descendants(os.getpid())
    assert len(ray_pids) >= 4  # gcs, raylet, the four tasks' workers at least
    sockets = _inet_sockets()
    checked = 0
    offending = []
    for pid in ray_pids + [os.getpid()]:
        for inode in _socket_inodes(pid):
            if inode not in sockets:
                continue  # a Unix socket
            proto, (lip, lport), (rip, rport), state = sockets[inode]
            checked += 1
            listening = state == "0A" if proto.startswith("tcp") else rport == 0
            if not _loopback(lip) or (not listening and not _loopback(rip) and rport != 0):
                offending.append((pid, proto, str(lip), lport, str(rip), rport, state))
    assert checked > 10
    assert offending == []


def _run_script(body, stderr):
    # stderr goes to a file, not to a pipe this test stops reading (a child blocked writing to a
    # full pipe never exits); SIGUSR1 makes the child print every thread's stack there.
    env = dict(os.environ, RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0", PYTHONUNBUFFERED="1")
    script = ("import faulthandler, os, signal, sys, time\n"
              "faulthandler.register(signal.SIGUSR1, all_threads=True)\n"
              "import varrt as tf\n") + textwrap.dedent(body)
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=stderr, env=env, text=True)


_START = """
    sys.path.insert(0, {tests!r})
    from test_cluster_processes import descendants
    resolver = tf.distribute.cluster_resolver.RayClusterResolver(num_ps=1, num_workers=1)
    tf.config.experimental_connect_to_cluster(resolver)
    with tf.device("/job:ps/task:0"):
        v = tf.Variable(1.0)
    v.assign_add(1.0)
    print("PIDS", *descendants(os.getpid()), flush=True)
"""


def _alive(pids):
    alive = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    alive.append(pid)
        except OSError:
            pass
    return alive


def _wait_gone(pids, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and _alive(pids):
        time.sleep(0.2)
    return _alive(pids)


@pytest.mark.parametrize("how", ["exit", "ctrl-c"])
def test_ray_processes_end_with_the_program(how, tmp_path):
    tests = os.path.dirname(os.path.abspath(__file__))
    body = _START.format(tests=tests) + ("" if how == "exit" else "    time.sleep(120)\n")
    stderr_path = tmp_path / "stderr"
    with open(stderr_path, "w") as stderr:
        proc = _run_script(body, stderr)
    pids = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("PIDS"):
                pids = [int(p) for p in line.split()[1:]]
                break
        assert pids, stderr_path.read_text() if proc.poll() is not None else "no PIDS line"
        if how == "ctrl-c":
            proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGUSR1)  # where it hangs, into its stderr
            time.sleep(2)
            pytest.fail(f"no exit within 60 s:\n{stderr_path.read_text()[-20000:]}")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    assert _wait_gone(pids) == []


def test_import_varrt_does_not_import_ray():
    out = subprocess.run([sys.executable, "-c", "import sys, varrt; varrt.distribute.ParameterServerStrategy; "
                          "print('ray' in sys.modules)"], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


def test_a_resolver_joins_an_existing_ray_cluster_by_address(tmp_path):
    env = dict(os.environ, RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0", PYTHONUNBUFFERED="1")
    head = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys, time, ray
        ray.init(_node_ip_address="127.0.0.1", include_dashboard=False)
        print("GCS", ray.get_runtime_context().gcs_address, flush=True)
        sys.stdin.read()  # until the test closes it
        ray.shutdown()
    """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    try:
        line = ""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not line.startswith("GCS"):
            line = head.stdout.readline() or ("GCS-missing" if head.poll() is not None else "")
        assert line.startswith("GCS "), "the head did not start"
        address = line.split()[1]
        client = subprocess.run([sys.executable, "-c", textwrap.dedent(f"""
            import varrt as tf
            resolver = tf.distribute.cluster_resolver.RayClusterResolver(num_ps=1, address={address!r})
            tf.config.experimental_connect_to_cluster(resolver)
            with tf.device("/job:ps/task:0"):
                v = tf.Variable([1.0, 2.0])
            v.assign_add([1.0, 1.0])
            print(v.device, v.numpy().tolist())
        """)], capture_output=True, text=True, timeout=180,
            env=dict(env, RAY_AUTH_MODE="token"))  # the head made a token (~/.ray/auth_token): joining needs it
        assert client.returncode == 0, client.stderr[-2000:]
        assert client.stdout.strip().splitlines()[-1] == "/job:ps/replica:0/task:0/device:CPU:0 [2.0, 3.0]"
    finally:
        head.stdin.close()
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait(timeout=30)
