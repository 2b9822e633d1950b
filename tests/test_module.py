"""Module: attribute walking in TensorFlow's order, names, name scopes."""
import collections

import numpy as np
import pytest

import varrt as tf
from varrt.trackable.module import camel_to_snake


class MyModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.w1 = tf.Variable(tf.zeros((2, 3)), trainable=True)
        self.w2 = tf.Variable(tf.ones((1, 2)), trainable=False)


def names(vs):
    return [v.name for v in vs]


def test_variables_sorted_by_attribute_name_and_trainable_filter():
    m = MyModule()
    assert [v.shape for v in m.variables] == [tf.TensorShape([2, 3]), tf.TensorShape([1, 2])]
    assert [v.shape for v in m.trainable_variables] == [tf.TensorShape([2, 3])]
    assert [v.shape for v in m.non_trainable_variables] == [tf.TensorShape([1, 2])]
    assert isinstance(m.variables, tuple)


def test_lists_before_scalars_when_their_name_sorts_first():
    class MyLayer(tf.Module):
        def __init__(self):
            super().__init__()
            self.my_var = tf.Variable(100)
            self.my_other_var_list = [tf.Variable(x) for x in range(2)]

    assert [int(v.numpy()) for v in MyLayer().variables] == [0, 1, 100]


def test_nested_structures_dicts_by_sorted_key_namedtuples_by_field():
    P = collections.namedtuple("P", "b a")
    m = tf.Module()
    m.z = tf.Variable(1.0, name="z")
    m.a = [tf.Variable(2.0, name="a0"), {"k": tf.Variable(3.0, name="ak"), "b": tf.Variable(4.0, name="ab")}]
    m.p = P(tf.Variable(5.0, name="pb"), tf.Variable(6.0, name="pa"))
    m.s = {tf.Variable(7.0, name="in_set").ref()}  # sets are leaves
    assert names(m.variables) == ["a0:0", "ab:0", "ak:0", "pb:0", "pa:0", "z:0"]
    paths = [p for p, _ in m._flatten(predicate=lambda x: isinstance(x, tf.Variable), with_path=True)]
    assert paths == [("a", 0), ("a", 1, "b"), ("a", 1, "k"), ("p", "b"), ("p", "a"), ("z",)]


def test_own_variables_before_submodules_and_deduplication():
    class Outer(tf.Module):
        def __init__(self):
            super().__init__()
            self.inner = MyModule()
            self.bias = tf.Variable(tf.zeros([3]), name="bias")
            self.alias = self.bias  # same variable twice: listed once

    o = Outer()
    assert len(o.variables) == 3 and len(o.trainable_variables) == 2 and len(o.submodules) == 1
    assert o.variables[0] is o.bias  # own attributes first, sub-modules after
    assert o.submodules == (o.inner,)


def test_submodules_order_and_cycles():
    a, b, c = tf.Module(name="a"), tf.Module(name="b"), tf.Module(name="c")
    a.b = b
    b.c = c
    c.back = a  # a cycle
    assert list(a.submodules) == [b, c]
    assert list(b.submodules) == [c, a]
    b.v = tf.Variable(1.0, name="bv")
    a.v = tf.Variable(2.0, name="av")
    assert names(a.variables) == ["av:0", "bv:0"]
    with_paths = [p for p, _ in a._flatten(predicate=lambda x: isinstance(x, tf.Variable), with_path=True)]
    assert with_paths == [("v",), ("b", "v"), ("b", "c", "back", "v")]


def test_flatten_non_recursive_and_custom_predicate():
    m = MyModule()
    m.sub = MyModule()
    assert len(list(m._flatten(recursive=False, predicate=lambda x: isinstance(x, tf.Variable)))) == 2
    assert len(m.variables) == 4
    strings = list(m._flatten(predicate=lambda x: isinstance(x, str), recursive=False))
    assert "my_module" in strings


def test_unsortable_dict_keys_raise_value_error():
    m = tf.Module()
    m.d = {1: tf.Variable(1.0), "x": tf.Variable(2.0)}
    with pytest.raises(ValueError, match="Error processing property 'd'"):
        m.variables


def test_empty_module():
    m = tf.Module()
    assert m.variables == () and m.submodules == () and m.trainable_variables == ()
    assert m.name == "module"


@pytest.mark.parametrize("cls, snake", [("MyModule", "my_module"), ("HTTPServer", "http_server"),
                                        ("ABCDef", "abc_def"), ("MLP", "mlp"), ("Dense2D", "dense2_d"),
                                        ("already_snake", "already_snake"),
                                        ("XMLHttpRequest2", "xml_http_request2")])
def test_default_name_is_snake_case_of_class_name(cls, snake):
    assert camel_to_snake(cls) == snake
    assert type(cls, (tf.Module,), {})().name == snake


@pytest.mark.parametrize("bad", ["a b", "a/b", "1x", ""])
def test_invalid_module_names(bad):
    with pytest.raises(ValueError, match="is not a valid module name"):
        tf.Module(name=bad)


def test_name_scope_prefixes_variables():
    class Scoped(tf.Module):
        def __init__(self, name=None):
            super().__init__(name=name)
            with self.name_scope:
                self.w = tf.Variable(1.0, name="w")
                self.v = tf.Variable(1.0)

        @tf.Module.with_name_scope
        def make(self):
            """Makes z."""
            self.z = tf.Variable(1.0, name="z")
            return 7

    m = Scoped()
    assert m.make() == 7
    assert Scoped.make.__doc__ == "Makes z."
    assert (m.name, m.name_scope.name) == ("scoped", "scoped/")
    assert (m.w.name, m.v.name, m.z.name) == ("scoped/w:0", "scoped/Variable:0", "scoped/z:0")
    assert tf.Variable(1.0).name == "Variable:0"  # the scope was left

    class Outer(tf.Module):
        def __init__(self):
            super().__init__()
            with self.name_scope:
                self.inner = Scoped(name="inner")

    o = Outer()
    assert o.inner.name == "inner"
    assert o.inner.name_scope.name == "outer/inner/"
    assert o.inner.w.name == "outer/inner/w:0"
    o.inner.make()  # the scope is fixed at construction
    assert o.inner.z.name == "outer/inner/z:0"


def test_name_scope_exits_on_exception():
    m = tf.Module(name="boom")
    with pytest.raises(KeyError):
        with m.name_scope:
            raise KeyError("x")
    assert tf.Variable(1.0).name == "Variable:0"


def test_module_variables_are_live_objects_not_copies():
    m = MyModule()
    m.variables[0].assign(tf.ones((2, 3)))
    np.testing.assert_array_equal(m.w1.numpy(), np.ones((2, 3), np.float32))
