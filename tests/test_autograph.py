"""AutoGraph: Python control flow on tensors in tf.function (outputs from TensorFlow 2.21)."""
import numpy as np
import pytest

import varrt as tf
from varrt import errors


def test_if_else_on_a_tensor():
    @tf.function
    def f(x):
        if x > 0:
            x = x * x
        else:
            x = -x
        return x

    assert f(tf.constant(-2)).numpy() == 2 and f(tf.constant(3)).numpy() == 9
    assert f.experimental_get_tracing_count() == 1


def test_early_return_and_elif():
    @tf.function
    def g(x):
        if x > 0:
            return x
        return -x

    def simple_relu(x):
        if tf.greater(x, 0):
            return x
        else:
            return 0

    @tf.function
    def sign(x):
        if x > 0:
            s = 1
        elif x < 0:
            s = -1
        else:
            s = 0
        return s

    assert g(tf.constant(-4)).numpy() == 4 and g(tf.constant(5)).numpy() == 5
    relu = tf.function(simple_relu)
    assert relu(tf.constant(1)).numpy() == 1 and relu(tf.constant(-1)).numpy() == 0
    assert [sign(tf.constant(v)).numpy() for v in (3, -3, 0)] == [1, -1, 0]
    assert sign.experimental_get_tracing_count() == 1


def test_while_and_for_on_tensors():
    @tf.function
    def h(x):
        while tf.reduce_sum(x) > 1:
            x = tf.tanh(x)
        return x

    @tf.function
    def total(n):
        s = tf.constant(0)
        for i in tf.range(n):
            s += i
        return s

    @tf.function
    def collatz(a):
        counter = 0
        while a != 1:
            if a % 2 == 0:
                a = a // 2
            else:
                a = 3 * a + 1
            counter = counter + 1
        return counter

    np.testing.assert_allclose(h(tf.constant([5.0, 6.0])).numpy(), [0.4719712, 0.47197872], rtol=1e-6)
    assert total(tf.constant(5)).numpy() == 10 and total(tf.constant(10)).numpy() == 45
    assert total.experimental_get_tracing_count() == 1
    assert collatz(tf.constant(27)).numpy() == 111  # TensorFlow's guide


def test_python_conditions_stay_python(capsys):
    @tf.function
    def p(x, flag):
        for i in range(3):
            x = x + i
        if flag:
            print("flag")
        return x

    assert p(tf.constant(1), True).numpy() == 4
    assert capsys.readouterr().out == "flag\n"


def test_converted_functions_behave_as_python_eagerly():
    def f(x, n):
        total = 0
        for i in range(n):
            if i % 2:
                total += x
            else:
                total -= 1
        while total > 10:
            total -= 10
        return total

    converted = tf.autograph.to_graph(f)
    for x, n in [(3, 5), (7, 9), (1, 0)]:
        assert converted(x, n) == f(x, n)
    assert "ag__.for_stmt" in tf.autograph.to_code(f) and "ag__.while_stmt" in tf.autograph.to_code(f)


def test_refusals_read_as_tensorflows():
    @tf.function
    def bad(x):
        if x > 0:
            y = x
        return y

    with pytest.raises(ValueError, match="'y' must also be initialized in the else branch"):
        bad(tf.constant(1))

    @tf.function
    def changes_dtype(n):
        x = tf.constant(0)
        for i in tf.range(n):
            x = tf.cast(x, tf.float32) + 1.0
        return x

    with pytest.raises(TypeError, match="'x' has dtype int32 before the loop, but dtype float32 after one iteration"):
        changes_dtype(tf.constant(3))

    @tf.function
    def with_return(n):
        i = tf.constant(0)
        while i < n:
            if i > 3:
                return i
            i += 1
        return i

    with pytest.raises(errors.OperatorNotAllowedInGraphError):  # loops with return are not converted
        with_return(tf.constant(10))

    @tf.autograph.experimental.do_not_convert
    def plain(x):
        if x > 0:
            return x
        return -x

    with pytest.raises(errors.OperatorNotAllowedInGraphError):
        tf.function(plain)(tf.constant(1))


def test_loop_updates_a_variable_and_closes_over_values():
    v = tf.Variable(0)
    step = tf.constant(2)

    @tf.function
    def f(n):
        for _ in tf.range(n):
            v.assign_add(step)
        return v.read_value()

    assert f(tf.constant(3)).numpy() == 6
    assert f(tf.constant(2)).numpy() == 10


def test_and_or_not_in_conditions():
    @tf.function
    def f(x, y):
        if x > 0 and y > 0:
            r = 1
        elif not x > 0 or y > 5:
            r = 2
        else:
            r = 3
        while x < 10 and not y > 100:
            x = x + 1
        return r, x

    assert [v.numpy().tolist() for v in f(tf.constant(1), tf.constant(1))] == [1, 10]
    assert [v.numpy().tolist() for v in f(tf.constant(-1), tf.constant(1))] == [2, 10]
    assert [v.numpy().tolist() for v in f(tf.constant(1), tf.constant(-1))] == [3, 10]
    assert [v.numpy().tolist() for v in f(tf.constant(1), tf.constant(200))] == [1, 1]
    assert f.experimental_get_tracing_count() == 1
    assert tf.autograph.to_graph(lambda: None) is not None


def test_python_and_keeps_python_semantics():
    def g(a, b):
        if a and b:
            return "both"
        return a or b

    converted = tf.autograph.to_graph(g)
    for a, b in [(0, 0), (1, 0), (0, 2), (3, 4), ([], [1])]:
        assert converted(a, b) == g(a, b)


def test_break_and_continue():
    @tf.function
    def brk(n):
        i = tf.constant(0)
        while i < n:
            if i > 3:
                break
            i += 1
        return i

    @tf.function
    def first_over(xs, limit):
        found = tf.constant(-1)
        for i in tf.range(tf.shape(xs)[0]):
            if xs[i] > limit:
                found = i
                break
        return found

    @tf.function
    def skip_odd(n):
        total = tf.constant(0)
        for i in tf.range(n):
            if i % 2 == 1:
                continue
            total += i
        return total

    def py(n):
        total = 0
        for i in range(n):
            if i == 7:
                break
            if i % 2:
                continue
            total += i
        return total

    # TensorFlow 2.21's results
    assert brk(tf.constant(10)).numpy() == 4 and brk(tf.constant(2)).numpy() == 2
    assert first_over(tf.constant([1, 5, 9, 12]), tf.constant(6)).numpy() == 2
    assert first_over(tf.constant([1, 2]), tf.constant(6)).numpy() == -1
    assert skip_odd(tf.constant(10)).numpy() == 20
    assert tf.function(py)(20).numpy() == 12 == py(20)
    converted = tf.autograph.to_graph(py)
    assert [converted(n) for n in range(12)] == [py(n) for n in range(12)]


def test_to_graph_and_to_code_refuse_a_function_without_source():
    """A function made by exec (or typed into a shell) has no readable source: TensorFlow's
    to_graph and to_code raise its ConversionError (tf.function still runs it unconverted)."""
    namespace = {}
    exec("def f(x):\n  return x\n", namespace)  # noqa: S102 - the case is code without a source file
    f = namespace["f"]
    for convert in (tf.autograph.to_graph, tf.autograph.to_code):
        with pytest.raises(Exception) as info:
            convert(f)
        assert type(info.value).__name__ == "ConversionError"
        assert str(info.value) == (
            f"converting {f}: InaccessibleSourceCodeError: Unable to locate the source code of {f}. Note that "
            "functions defined in certain environments, like the interactive Python shell, do not expose their "
            "source code. If that is the case, you should define them in a .py source file. If you are certain the "
            "code is graph-compatible, wrap the call using @tf.autograph.experimental.do_not_convert. Original "
            "error: could not get source code")
    assert tf.function(f)(tf.constant(2)).numpy() == 2
