"""`tf.test.TestCase` (TensorFlow's test_util.TensorFlowTestCase) and `tf.test`'s questions about
the build: a unittest.TestCase whose setUp seeds every random source as TensorFlow's does (so a
test draws TensorFlow's numbers), with TensorFlow's array assertions (their tolerances and failure
texts), `evaluate`, and the TensorFlow 1 `session()`/`cached_session()`."""
import collections.abc
import contextlib
import math
import os
import random
import re
import tempfile
import unittest

import numpy as np

from varrt.base import deprecation, dtypes, errors, nest
from varrt.client.session import Session
from varrt.framework import default_session
from varrt.framework.device_scope import DeviceSpec
from varrt.graph import graph as tf1_graph
from varrt.graph import tf1
from varrt.ops import random_ops

DEFAULT_GRAPH_SEED = random_ops._DEFAULT_GRAPH_SEED  # what TensorFlow's setUp seeds everything with

# assertAllCloseAccordingToType's tolerances by dtype (TensorFlow's defaults).
_TOLERANCES = {np.float16: 1e-3, dtypes.bfloat16.as_numpy_dtype: 1e-2, np.float32: 1e-6, np.float64: 1e-6}


class _EagerSessionWarner:
    """What session() yields eagerly: any use says the session is for graphs (TensorFlow's text)."""

    def __getattr__(self, attr):
        raise AttributeError(
            "Trying to access properties or call methods on the result of self.session(), self.cached_session(), "
            "etc while eager execution is enabled. If you're porting this test case to TF 2.0, either adapt the test "
            "to work with eager execution or insert a call to tf.disable_eager_execution() in the main() function "
            "of this test file.")


def _where(condition):
    return np.where(condition)


class TestCase(unittest.TestCase):
    """Base class for tests of TensorFlow programs (`tf.test.TestCase`)."""

    def __init__(self, methodName="runTest"):  # noqa: N803 - unittest's parameter name
        super().__init__(methodName)
        self._cached = None
        self._tempdir = None
        self._set_default_seed = True

    def setUp(self):
        """Seeds Python's, NumPy's and TensorFlow's global random sources with 87654321 and starts
        a new default graph, as TensorFlow's TestCase does."""
        super().setUp()
        self._cached = None
        random.seed(DEFAULT_GRAPH_SEED)
        np.random.seed(DEFAULT_GRAPH_SEED)
        tf1_graph.reset_default_graph()
        if self._set_default_seed:
            random_ops.set_seed(DEFAULT_GRAPH_SEED)
        if self.id().endswith(".test_session"):
            self.skipTest("Not a test.")

    def tearDown(self):
        self._close_cached()
        super().tearDown()

    def _close_cached(self):
        if self._cached is not None:
            self._cached[1].close()
            self._cached = None

    def get_temp_dir(self):
        """A directory for this test's files (under $TEST_TMPDIR when it is set), made once per test."""
        if not self._tempdir:
            self._tempdir = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR") or None)
        return self._tempdir

    # --- running --------------------------------------------------------------------------

    def evaluate(self, tensors):
        """The values of a nest of tensors and variables: NumPy values eagerly; run in the default
        session (else this test's cached one) in a TensorFlow 1 graph."""
        if tf1.executing_eagerly():
            return nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, tensors)
        sess = default_session.get_default_session()
        if sess is not None:
            return sess.run(tensors)
        with self.cached_session() as cached:
            return cached.run(tensors)

    @contextlib.contextmanager
    def session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """A TensorFlow 1 Session on `graph` (the default graph), made its default; eagerly, an
        object that says a session is for graphs when used."""
        if tf1.executing_eagerly():
            yield _EagerSessionWarner()
            return
        graph = graph if graph is not None else tf1_graph.get_default_graph()
        with graph.as_default(), Session(graph=graph, config=config) as sess:
            yield sess

    @contextlib.contextmanager
    def cached_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """session(), made once per test and graph and kept until the test ends."""
        if tf1.executing_eagerly():
            yield _EagerSessionWarner()
            return
        graph = graph if graph is not None else tf1_graph.get_default_graph()
        if self._cached is None or self._cached[0] is not graph:
            self._close_cached()
            self._cached = (graph, Session(graph=graph, config=config))
        with graph.as_default(), self._cached[1].as_default():
            yield self._cached[1]

    @deprecation.deprecated("tensorflow.python.framework.test_util", "Use `self.session()` or `self.cached_session()` "
                            "instead.")
    def test_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """cached_session(), under its old name."""
        return self.cached_session(graph, config, use_gpu, force_gpu)

    # --- values -----------------------------------------------------------------------------

    def _array(self, a):
        if hasattr(a, "numpy") or hasattr(a, "_as_tensor"):
            a = self.evaluate(a)
        if not isinstance(a, np.ndarray):
            try:
                return np.array(a)
            except ValueError as e:
                if "inhomogeneous shape" in str(e):
                    return np.array(a, dtype=object)
                raise
        return a

    def _assert_array_close(self, a, b, rtol, atol, msg):
        a, b = self._array(a), self._array(b)
        if a.shape != b.shape and (b.ndim <= 3 or b.size < 500):
            shape_message = f"Shape mismatch: expected {a.shape}, got {b.shape} with contents {b}."
        else:
            shape_message = f"Shape mismatch: expected {a.shape}, got {b.shape}."
        self.assertEqual(a.shape, b.shape, shape_message)
        a_dtype = a.dtype
        if a.dtype == dtypes.bfloat16.as_numpy_dtype:
            a = a.astype(np.float32)
        if b.dtype == dtypes.bfloat16.as_numpy_dtype:
            b = b.astype(np.float32)
        if np.allclose(a, b, rtol=rtol, atol=atol):
            return
        messages = [msg]
        bad = np.logical_or(np.abs(a - b) > atol + rtol * np.abs(b), np.isnan(a) != np.isnan(b))
        if a.ndim:
            x, y = a[_where(bad)], b[_where(bad)]
            messages.append(f"not close where = {_where(bad)}")
        else:
            x, y = a, b
        messages += [f"not close lhs = {x}", f"not close rhs = {y}", f"not close dif = {np.abs(x - y)}",
                     f"not close tol = {atol + rtol * np.abs(y)}", f"dtype = {a_dtype}, shape = {a.shape}"]
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg="\n".join(messages), equal_nan=True)

    def _assert_close_nested(self, a, b, rtol, atol, path, msg):
        path_text = "[" + "][".join(str(p) for p in path) + "]" if path else ""
        msg = msg or ""
        a = a._asdict() if hasattr(a, "_asdict") else a
        b = b._asdict() if hasattr(b, "_asdict") else b
        a_dict = isinstance(a, collections.abc.Mapping)
        if a_dict != isinstance(b, collections.abc.Mapping):
            raise ValueError(f"Can't compare dict to non-dict, a{path_text} vs b{path_text}. {msg}")
        if a_dict:
            self.assertCountEqual(a.keys(), b.keys(), msg=f"mismatched keys: a{path_text} has keys {a.keys()}, but "
                                                          f"b{path_text} has keys {b.keys()}. {msg}")
            for k in a:
                self._assert_close_nested(a[k], b[k], rtol, atol, path + [k], msg)
        elif isinstance(a, (list, tuple)):
            try:  # a list of numbers compares as one array
                self._assert_array_close(self._array(a), self._array(b), rtol, atol,
                                         f"Mismatched value: a{path_text} is different from b{path_text}. {msg}")
            except (ValueError, TypeError, NotImplementedError):
                if len(a) != len(b):
                    raise ValueError(f"Mismatched length: a{path_text} has {len(a)} items, but b{path_text} has "
                                     f"{len(b)} items. {msg}") from None
                for i, (x, y) in enumerate(zip(a, b)):
                    self._assert_close_nested(x, y, rtol, atol, path + [str(i)], msg)
        else:
            try:
                self._assert_array_close(a, b, rtol, atol,
                                         f"Mismatched value: a{path_text} is different from b{path_text}. {msg}")
            except TypeError as e:
                raise TypeError(f"{e} (a{path_text}: {type(a)}, b{path_text}: {type(b)}). {msg}") from None

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):  # noqa: N802 - TensorFlow's names
        """Asserts that two nests of arrays (or tensors) are elementwise close: |a - b| <= atol + rtol * |b|,
        NaNs matching NaNs."""
        self._assert_close_nested(a, b, rtol, atol, [], msg)

    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6, float_rtol=1e-6, float_atol=1e-6,  # noqa: N802
                                      half_rtol=1e-3, half_atol=1e-3, bfloat16_rtol=1e-2, bfloat16_atol=1e-2, msg=None):
        """assertAllClose with the tolerance of the lowest precision of a's and b's dtypes."""
        a, b = self._array(a), self._array(b)
        kinds = (a.dtype, b.dtype)
        if np.float32 in kinds or np.complex64 in kinds:
            rtol, atol = max(rtol, float_rtol), max(atol, float_atol)
        if np.float16 in kinds:
            rtol, atol = max(rtol, half_rtol), max(atol, half_atol)
        if dtypes.bfloat16.as_numpy_dtype in kinds:
            rtol, atol = max(rtol, bfloat16_rtol), max(atol, bfloat16_atol)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertNotAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):  # noqa: N802
        """Asserts that two arrays are not close everywhere."""
        try:
            self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)
        except AssertionError:
            return
        raise AssertionError(f"The two values are close at all elements. {msg or ''}")

    def assertAllEqual(self, a, b, msg=None):  # noqa: N802
        """Asserts that two arrays (or tensors) have the same shape and values (NaNs equal for floats)."""
        msg = msg or ""
        a, b = self._array(a), self._array(b)
        if b.ndim <= 3 or b.size < 500:
            self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got {b.shape}. Contents: {b!r}. "
                                               f"\n{msg}.")
        else:
            self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got {b.shape}. {msg}")
        same = a == b
        if a.dtype.kind == "f" or a.dtype == dtypes.bfloat16.as_numpy_dtype:
            same = np.logical_or(same, np.logical_and(np.isnan(a), np.isnan(b)))
        if np.all(same):
            return
        messages = [msg]
        diff = np.logical_not(same)
        if a.ndim:
            x, y = a[_where(diff)], b[_where(diff)]
            messages.append(f"not equal where = {_where(diff)}")
        else:
            x, y = a, b
        messages += [f"not equal lhs = {x!r}", f"not equal rhs = {y!r}"]
        if a.dtype.kind != b.dtype.kind and {a.dtype.kind, b.dtype.kind} <= {"U", "S", "O"}:
            a, b = a.astype(object), b.astype(object)
        np.testing.assert_array_equal(a, b, err_msg="\n".join(messages))

    def assertNotAllEqual(self, a, b, msg=None):  # noqa: N802
        """Asserts that two arrays differ somewhere."""
        try:
            self.assertAllEqual(a, b)
        except AssertionError:
            return
        raise AssertionError(f"The two values are equal at all elements. {msg or ''}")

    def assertAllGreater(self, a, comparison_target):  # noqa: N802
        """Asserts every element of `a` is above `comparison_target`."""
        self.assertGreater(np.min(self._array(a)), comparison_target)

    def assertAllLess(self, a, comparison_target):  # noqa: N802
        """Asserts every element of `a` is below `comparison_target`."""
        self.assertLess(np.max(self._array(a)), comparison_target)

    def assertAllGreaterEqual(self, a, comparison_target):  # noqa: N802
        """Asserts every element of `a` is at least `comparison_target`."""
        self.assertGreaterEqual(np.min(self._array(a)), comparison_target)

    def assertAllLessEqual(self, a, comparison_target):  # noqa: N802
        """Asserts every element of `a` is at most `comparison_target`."""
        self.assertLessEqual(np.max(self._array(a)), comparison_target)

    def assertAllInRange(self, target, lower_bound, upper_bound, open_lower_bound=False,  # noqa: N802
                         open_upper_bound=False):
        """Asserts every element of `target` lies in the range (no NaNs; an ordered numeric dtype)."""
        target = self._array(target)
        if not (np.issubdtype(target.dtype, np.floating) or np.issubdtype(target.dtype, np.integer)):
            raise AssertionError(f"The value of {target} does not have an ordered numeric type, instead it has "
                                 f"type: {target.dtype}")
        nans = _where(np.isnan(target))
        if np.size(nans):
            raise AssertionError(f"{len(nans[0])} of the {np.size(target)} element(s) are NaN. Subscripts(s) and "
                                 "value(s) of the NaN element(s):\n" + "\n".join(_subscripts(nans, target)))
        text = ("(" if open_lower_bound else "[") + f"{lower_bound}, {upper_bound}" + (")" if open_upper_bound else "]")
        below = np.less_equal(target, lower_bound) if open_lower_bound else np.less(target, lower_bound)
        above = np.greater_equal(target, upper_bound) if open_upper_bound else np.greater(target, upper_bound)
        outside = _where(np.logical_or(below, above))
        if np.size(outside):
            raise AssertionError(f"{len(outside[0])} of the {np.size(target)} element(s) are outside the range "
                                 f"{text}. Subscript(s) and value(s) of the offending elements:\n" +
                                 "\n".join(_subscripts(outside, target)))

    def assertAllInSet(self, target, expected_set):  # noqa: N802
        """Asserts every element of `target` is in `expected_set`."""
        diff = np.setdiff1d(self._array(target).flatten(), list(expected_set))
        if np.size(diff):
            raise AssertionError(f"{np.size(diff)} unique element(s) are not in the set {expected_set}: {diff}")

    def assertDTypeEqual(self, target, expected_dtype):  # noqa: N802
        """Asserts `target`'s NumPy dtype is `expected_dtype`."""
        self.assertEqual(self._array(target).dtype, expected_dtype)

    def assertNear(self, f1, f2, err, msg=None):  # noqa: N802
        """Asserts |f1 - f2| <= err."""
        f1, f2 = np.squeeze(f1), np.squeeze(f2)
        if f1 != f2:
            diff = math.fabs(f1 - f2)
            self.assertTrue(diff <= err, "%f != %f +/- %f (difference: %g)%s" % (
                f1, f2, err, diff, f" ({msg})" if msg is not None else ""))

    def assertArrayNear(self, farray1, farray2, err, msg=None):  # noqa: N802
        """assertNear for each pair of elements of two lists of numbers."""
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    def assertNDArrayNear(self, ndarray1, ndarray2, err, msg=None):  # noqa: N802
        """Asserts the Euclidean norm of the difference of two arrays is below `err`."""
        self.assertTrue(np.linalg.norm(ndarray1 - ndarray2) < err, msg=msg)

    def assertShapeEqual(self, input_a, input_b, msg=None):  # noqa: N802
        """Asserts two arrays or tensors have the same (static) shape."""
        for name, value in (("input_a", input_a), ("input_b", input_b)):
            if not (isinstance(value, (np.ndarray, np.generic)) or hasattr(value, "get_shape")):
                raise TypeError(f"{name} must be a Numpy ndarray, Numpy scalar, or a Tensor.Instead received "
                                f"{type(value)}")
        shapes = [v.get_shape().as_list() if hasattr(v, "get_shape") else v.shape for v in (input_a, input_b)]
        self.assertAllEqual(shapes[0], shapes[1], msg=msg)

    def assertDeviceEqual(self, device1, device2, msg=None):  # noqa: N802
        """Asserts two device names (or DeviceSpecs) name the same device."""
        device1, device2 = (DeviceSpec.from_string(d if isinstance(d, str) else d.to_string()).to_string()
                            for d in (device1, device2))
        self.assertEqual(device1, device2, f"Devices {device1} and {device2} are not equal. {msg}")

    @contextlib.contextmanager
    def assertRaisesWithPredicateMatch(self, exception_type, expected_err_re_or_predicate):  # noqa: N802
        """A context in which `exception_type` must be raised, its message matching the regular
        expression (searched) or the predicate returning True for it."""
        if callable(expected_err_re_or_predicate):
            predicate = expected_err_re_or_predicate
        else:
            def predicate(e):
                text = e.message if isinstance(e, errors.OpError) else str(e)
                return re.search(expected_err_re_or_predicate, text)
        try:
            yield
            self.fail(exception_type.__name__ + " not raised")
        except Exception as e:  # noqa: BLE001 - the assertion is about what was raised
            if not isinstance(e, exception_type) or not predicate(e):
                raise AssertionError(f"Exception of type {type(e)}: {e}") from e

    def assertRaisesOpError(self, expected_err_re_or_predicate):  # noqa: N802
        """assertRaisesWithPredicateMatch for any OpError."""
        return self.assertRaisesWithPredicateMatch(errors.OpError, expected_err_re_or_predicate)

    def assertRaisesIncompatibleShapesError(self, exception_type=errors.InvalidArgumentError):  # noqa: N802
        """A context in which an incompatible-shapes error must be raised."""
        return self.assertRaisesWithPredicateMatch(
            exception_type, r"Incompatible shapes|Dimensions must be equal|required broadcastable shapes")

    # absltest's assertions TensorFlow's TestCase has too.
    def assertLen(self, container, expected_len, msg=None):  # noqa: N802
        """Asserts len(container) == expected_len."""
        if len(container) != expected_len:
            self.fail(f"{container!r} has length of {len(container)}, expected {expected_len}." +
                      (f" : {msg}" if msg else ""))

    def assertEmpty(self, container, msg=None):  # noqa: N802
        """Asserts the container is empty."""
        if len(container):
            self.fail(f"{container!r} has length of {len(container)}." + (f" : {msg}" if msg else ""))

    def assertNotEmpty(self, container, msg=None):  # noqa: N802
        """Asserts the container is not empty."""
        if not len(container):
            self.fail(f"{container!r} has length of 0." + (f" : {msg}" if msg else ""))

    def assertStartsWith(self, actual, expected_start, msg=None):  # noqa: N802
        """Asserts a string starts with a prefix."""
        if not actual.startswith(expected_start):
            self.fail(f"{actual!r} does not start with {expected_start!r}" + (f" : {msg}" if msg else ""))

    def assertEndsWith(self, actual, expected_end, msg=None):  # noqa: N802
        """Asserts a string ends with a suffix."""
        if not actual.endswith(expected_end):
            self.fail(f"{actual!r} does not end with {expected_end!r}" + (f" : {msg}" if msg else ""))

    def assertItemsEqual(self, first, second, msg=None):  # noqa: N802
        """Asserts two iterables hold the same items, in any order."""
        self.assertCountEqual(first, second, msg)

    def assertBetween(self, value, minv, maxv, msg=None):  # noqa: N802
        """Asserts minv <= value <= maxv."""
        if not minv <= value <= maxv:
            self.fail(f"{value!r} is not in range [{minv!r}, {maxv!r}]" + (f" : {msg}" if msg else ""))


def _subscripts(subscripts, value, limit=10):
    """Up to `limit` lines "[i, j] : value" of the elements at `subscripts` (TensorFlow's format)."""
    lines = []
    for k in range(min(len(subscripts[0]), limit)):
        index = tuple(s[k] for s in subscripts)
        lines.append(f"{np.array(index)} : {value[index]}")
    if len(subscripts[0]) > limit:
        lines.append(f"  {len(subscripts[0]) - limit} more")
    return lines


def main(argv=None):
    """Runs the tests of the calling module (unittest's main)."""
    return unittest.main(argv=argv)


@deprecation.deprecated("tensorflow.python.framework.test_util", "Use `tf.config.list_physical_devices('GPU')` "
                        "instead.")
def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    """False: varrt runs on CPUs only."""
    return False


def gpu_device_name():
    """'': varrt has no GPU."""
    return ""


def is_built_with_cuda():
    """False: varrt is built for CPUs."""
    return False


def is_built_with_rocm():
    """False: varrt is built for CPUs."""
    return False


def is_built_with_gpu_support():
    """False: varrt is built for CPUs."""
    return False


def is_built_with_xla():
    """False: varrt has no XLA (TensorFlow's CPU wheel says True; `jit_compile` is ignored in varrt)."""
    return False
