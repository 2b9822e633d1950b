"""tf.matmul on the core's GEMM (csrc/varrt/kernels/gemm.h, OpenBLAS loaded at first use):
values against TensorFlow 2.21's recorded output (tests/fixtures/matmul, every dtype and
transpose/adjoint combination at odd sizes), eager and traced bit for bit, a traced MatMul node
that runs no Python, the intra-op thread setting reaching OpenBLAS, and the core's own loop when
OpenBLAS cannot be loaded."""
import json
import os
import subprocess
import sys
import textwrap

import ml_dtypes
import numpy as np
import pytest

import varrt as tf
from matmul_cases import CASES, HERE, inputs

RECORDED = np.load(HERE / "matmul.npz")

# Relative to sum(|a| * |b|) over the inner dimension: the summation order differs from
# TensorFlow's oneDNN/Eigen kernels (one rounding of the half result for 16-bit floats).
TOLERANCE = {"float32": 1e-5, "complex64": 1e-5, "float64": 1e-12, "complex128": 1e-12, "float16": 1e-3,
             "bfloat16": 8e-3}


def product(key):
    a, b, flags = inputs(key)
    return tf.matmul(tf.constant(a), tf.constant(b), **flags)


def reference_scale(key):
    a, b, flags = inputs(key)
    a, b = np.abs(a.astype(np.complex128)), np.abs(b.astype(np.complex128))
    if flags.get("transpose_a") or flags.get("adjoint_a"):
        a = np.swapaxes(a, -1, -2)
    if flags.get("transpose_b") or flags.get("adjoint_b"):
        b = np.swapaxes(b, -1, -2)
    return np.matmul(a, b).real


def check_against_tensorflow(key, got):
    want = RECORDED[key]
    dtype = CASES[key][2]
    assert got.dtype.name == dtype and got.shape == want.shape, (got.dtype, got.shape, want.shape)
    g = got.numpy()
    if dtype in TOLERANCE:
        g = g.astype(np.float32) if dtype == "bfloat16" else g
        assert np.all(np.abs(g - want) <= TOLERANCE[dtype] * (reference_scale(key) + 1e-30)), key
    else:
        np.testing.assert_array_equal(g, want)


@pytest.mark.parametrize("key", sorted(CASES))
def test_matmul_matches_tensorflow(key):
    check_against_tensorflow(key, product(key))


def test_the_recorded_cases_cover_each_dtype_and_the_large_odd_product():
    dtypes = {c[2] for c in CASES.values()}
    assert dtypes == {"float32", "float64", "complex64", "complex128", "float16", "bfloat16", "int32", "int64",
                      "int16"}
    assert RECORDED["float32/130x784@784x257"].shape == (130, 257)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "float16", "bfloat16", "int32"])
@pytest.mark.parametrize("adjoint", [False, True])
def test_eager_and_traced_are_bit_identical(dtype, adjoint):
    tdtype = tf.as_dtype(dtype)
    a = tf.constant(np.asarray(np.sin(np.arange(6 * 300) * 0.3).reshape(6, 300) * 3).astype(
        ml_dtypes.bfloat16 if dtype == "bfloat16" else np.complex64 if dtype == "complex64" else dtype))
    b = tf.constant(np.asarray(np.cos(np.arange(300 * 7) * 0.7).reshape(300, 7) * 3).astype(a.dtype.as_numpy_dtype))
    a3 = tf.reshape(tf.concat([a, a], 0), [2, 6, 300])

    @tf.function(input_signature=[tf.TensorSpec([None, 300], tdtype), tf.TensorSpec(None, tdtype),
                                  tf.TensorSpec([None, None, 300], tdtype)])
    def traced(x, y, z):
        return (tf.matmul(x, y, adjoint_b=adjoint, transpose_b=adjoint), tf.matmul(z, y, adjoint_b=adjoint),
                tf.matmul(x, x, adjoint_b=True))

    y = tf.transpose(b) if adjoint else b
    eager = (tf.matmul(a, y, adjoint_b=adjoint, transpose_b=adjoint), tf.matmul(a3, y, adjoint_b=adjoint),
             tf.matmul(a, a, adjoint_b=True))
    graph = traced(a, y, a3)
    for e, g in zip(eager, graph):
        assert e.dtype == g.dtype and e.shape == g.shape
        assert e.numpy().tobytes() == g.numpy().tobytes()


def test_a_traced_matmul_node_runs_no_python():
    w = tf.ones([64, 32])  # captured: the graph holds MatMul and BatchMatMulV2 nodes only

    @tf.function(input_signature=[tf.TensorSpec([None, 64], tf.float32), tf.TensorSpec([None, None, 64], tf.float32)])
    def f(x, z):
        return tf.matmul(x, w, transpose_a=False), tf.matmul(z, w), tf.matmul(w, w, transpose_a=True)

    x, z = tf.ones([130, 64]), tf.ones([3, 7, 64])
    concrete = f.get_concrete_function()
    assert sorted(op.type for op in concrete.graph.get_operations() if op.type not in ("Placeholder", "Const")) == [
        "BatchMatMulV2", "MatMul", "MatMul"]
    concrete(x, z)  # warm
    seen = []

    def profile(frame, event, arg):
        if event == "call":
            seen.append(frame.f_code.co_filename)
        elif event == "c_call":
            seen.append(getattr(arg, "__module__", None) or repr(arg))

    sys.setprofile(profile)
    try:
        r = concrete(x, z)
    finally:
        sys.setprofile(None)
    assert r[0].numpy().tolist() == np.full([130, 32], 64.0).tolist()
    assert r[1].numpy().tolist() == np.full([3, 7, 32], 64.0).tolist()
    assert r[2].numpy().tolist() == np.full([32, 32], 64.0).tolist()
    python_kernels = [s for s in seen if s.endswith("ops/linalg_ops.py") or s.endswith("op_util.py") or "numpy" in s]
    assert python_kernels == [], python_kernels


def run_python(code, **env):
    environ = dict(os.environ)
    environ.update(env)
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                            env=environ, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_the_intra_op_setting_reaches_the_products_and_openblas_runs_on_their_threads():
    # A product runs on varrt's thread pool (as many threads as the intra-op setting), each block
    # one single-threaded OpenBLAS call: OpenBLAS's own threads would stall on a busy machine.
    out = run_python("""
        import ctypes, json, varrt as tf
        from varrt import _C
        try:
            tf.config.threading.set_intra_op_parallelism_threads(-1)  # TensorFlow aborts when its devices start
        except ValueError as e:
            print(e)
        tf.config.threading.set_intra_op_parallelism_threads(3)
        got = [tf.config.threading.get_intra_op_parallelism_threads()]
        tf.matmul(tf.ones([4, 4]), tf.ones([4, 4]))
        info = _C.blas_info()
        lib = ctypes.CDLL(info["path"])
        count = getattr(lib, "scipy_openblas_get_num_threads", None) or lib.openblas_get_num_threads
        got += [info["threads"], count()]
        tf.config.threading.set_intra_op_parallelism_threads(3)  # the same value: allowed
        try:
            tf.config.threading.set_intra_op_parallelism_threads(1)
        except RuntimeError as e:
            got.append(str(e))
        print(json.dumps([info["loaded"], got]))
    """)
    refused, result = out.splitlines()
    assert refused == "The number of intra-op threads must be 0 (the default) or positive, not -1"
    assert json.loads(result) == [True, [3, 3, 1, "Intra op parallelism cannot be modified after initialization."]]


def test_the_default_thread_count_is_every_core_or_varrt_num_threads():
    code = """
        import json, varrt as tf
        from varrt import _C
        tf.matmul(tf.ones([4, 4]), tf.ones([4, 4]))
        print(json.dumps([tf.config.threading.get_intra_op_parallelism_threads(), _C.blas_info()["threads"]]))
    """
    env = {k: v for k, v in os.environ.items() if k != "VARRT_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [0, os.cpu_count()]
    assert json.loads(run_python(code, VARRT_NUM_THREADS="2")) == [0, 2]


def test_without_openblas_the_core_loop_gives_the_same_values():
    keys = ["float32/130x784@784x257", "float64/3x257@257x5", "complex64/flags6", "complex128/batch_flags7",
            "float32/batch_broadcast", "float16/flags3", "bfloat16/batch_flags1", "int64/flags2"]
    out = run_python(f"""
        import json, numpy as np, varrt as tf
        from varrt import _C
        import test_matmul_core as t
        for key in {keys!r}:
            t.check_against_tensorflow(key, t.product(key))
        info = _C.blas_info()
        print(json.dumps([info["loaded"], "/nonexistent/libopenblas.so" in info["error"]]))
    """, VARRT_BLAS_LIBRARY="/nonexistent/libopenblas.so", PYTHONPATH=os.pathsep.join([os.path.dirname(os.path.abspath(__file__))] + [os.environ.get("PYTHONPATH", "")]))
    assert json.loads(out) == [False, True]


def test_python_m_varrt_names_the_blas_library():
    out = subprocess.run([sys.executable, "-m", "varrt", "--blas"], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, VARRT_NUM_THREADS="2"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("OpenBLAS, ") and ", 2 threads: " in out.stdout, out.stdout
    assert os.path.basename(out.stdout.strip()) == "libscipy_openblas.so", out.stdout
    missing = subprocess.run([sys.executable, "-m", "varrt", "--blas"], capture_output=True, text=True, timeout=300,
                             env=dict(os.environ, VARRT_BLAS_LIBRARY="/nonexistent/libopenblas.so"))
    assert missing.stdout.startswith("none: the core's own loop computes (/nonexistent/libopenblas.so"), missing.stdout


def amd_with_avx512():
    with open("/proc/cpuinfo") as f:
        info = f.read()
    flags = set(next((line.split(":", 1)[1].split() for line in info.splitlines() if line.startswith("flags")), []))
    return "AuthenticAMD" in info and {"avx512f", "avx512bw", "avx512dq", "avx512vl"} <= flags


def test_openblas_gets_its_skylakex_kernels_on_amd_cpus_with_avx512_unless_the_user_chose():
    # varrt's OpenBLAS follows VARRT_BLAS_CORETYPE, not OPENBLAS_CORETYPE (NumPy's OpenBLAS's
    # setting, which a machine may pin to Haswell for NumPy: this project's build machines do).
    code = """
        import ctypes, json
        from varrt import _C
        info = _C.blas_info()
        libc = ctypes.CDLL(None)
        libc.getenv.restype = ctypes.c_char_p
        print(json.dumps([info["core"], libc.getenv(b"OPENBLAS_CORETYPE") and libc.getenv(b"OPENBLAS_CORETYPE").decode(),
                          libc.getenv(b"OPENBLAS_NUM_THREADS") and libc.getenv(b"OPENBLAS_NUM_THREADS").decode()]))
    """
    unset = {k: v for k, v in os.environ.items()
             if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_NUM_THREADS", "VARRT_BLAS_CORETYPE")}
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=unset,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    core, coretype_after, num_threads_after = json.loads(result.stdout)
    assert (coretype_after, num_threads_after) == (None, None)  # the environment is given back as it was
    if amd_with_avx512():
        assert core == "SkylakeX"
    pinned_for_numpy = json.loads(run_python(code, OPENBLAS_CORETYPE="Haswell", OPENBLAS_NUM_THREADS="5"))
    assert pinned_for_numpy[1:] == ["Haswell", "5"]  # given back as it was
    if amd_with_avx512():
        assert pinned_for_numpy[0] == "SkylakeX"
    chosen = json.loads(run_python(code, VARRT_BLAS_CORETYPE="Haswell", OPENBLAS_CORETYPE="SkylakeX"))
    assert chosen[:2] == ["Haswell", "SkylakeX"]


DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


# What TensorFlow 2.21 raises for operands of the wrong rank: its oneDNN MatMul (float32, bfloat16),
# its Eigen MatMul and BatchMatMulV2 word it differently (recorded with tf.matmul).
@pytest.mark.parametrize("dtype, a_shape, b_shape, node, op, message", [
    ("float32", [2], [2], "__MklMatMul", "MatMul", "In[0] ndims must be >= 2"),
    ("float32", [2, 2], [2], "__MklMatMul", "MatMul", "In[1] ndims must be >= 2"),
    ("float64", [2], [2], "MatMul", "MatMul", "In[0] and In[1] ndims must be == 2: 1"),
    ("float64", [2, 2], [2], "MatMul", "MatMul", "In[0] and In[1] has different ndims: [2,2] vs. [2]"),
    ("float32", [2, 2, 2], [2], "__MklBatchMatMulV2", "BatchMatMulV2", "In[1] ndims must be >= 2: 1"),
    ("float64", [2], [2, 2, 2], "BatchMatMulV2", "BatchMatMulV2", "In[0] ndims must be >= 2: 1"),
])
def test_rank_errors_are_tensorflows(dtype, a_shape, b_shape, node, op, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.matmul(tf.ones(a_shape, dtype), tf.ones(b_shape, dtype))
    assert str(e.value) == f"{{{{function_node __wrapped__{node}_device_{DEVICE}}}}} {message} [Op:{op}] name: "
