"""`tf.train.Example`, `SequenceExample` and their parts (tensorflow/core/example/example.proto,
feature.proto) as protobuf's generated Python classes behave: keyword constructors (a dict for a message field or
the feature map), attribute access, repeated `value` fields, `SerializeToString`, `FromString`,
`ParseFromString`, `==` and protobuf's text format for `str()`. The bytes go through the core's
protobuf codec (csrc/varrt/io/example_proto.cc); no protobuf package is involved.

Two differences from protobuf's classes: the feature map serializes its entries sorted by key
(protobuf's order is its hash table's), and prints them in insertion order (protobuf's `str()`
again follows its hash table)."""
import math

import numpy as np

from varrt import _C

_BYTES, _FLOAT, _INT64 = 1, 2, 3


class DecodeError(Exception):
    """protobuf's `google.protobuf.message.DecodeError`: bytes that are no message of the type."""


def _escape(b):
    """protobuf's text escaping of a bytes value (octal for non-printable bytes)."""
    special = {10: "\\n", 13: "\\r", 9: "\\t", 34: '\\"', 39: "\\'", 92: "\\\\"}
    return "".join(special.get(c) or (chr(c) if 32 <= c < 127 else f"\\{c:03o}") for c in b)


def _float_text(v):
    """A float field as protobuf's text format writes it: the shortest %g that reads back as the
    same float32."""
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    text = "%.6g" % v
    return text if np.float32(float(text)) == np.float32(v) else "%.9g" % v


def _check(kind, value):
    """One element for a repeated field of `kind`, checked and converted as protobuf does."""
    if kind == _BYTES:
        if isinstance(value, str):
            return value.encode()
        if isinstance(value, (bytes, np.bytes_)):
            return bytes(value)
        raise TypeError(f"{value!r} has type {type(value).__name__}, but expected one of: bytes, unicode")
    if kind == _FLOAT:
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
            raise TypeError(f"{value!r} has type {type(value).__name__}, but expected one of: int, float")
        return float(np.float32(value))
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{value!r} has type {type(value).__name__}, but expected one of: int")
    value = int(value)
    if not -(1 << 63) <= value < (1 << 63):
        raise ValueError(f"Value out of range: {value}")
    return value


class RepeatedScalarContainer(list):
    """A repeated scalar field: a list whose changes check their values and mark the message set."""

    def __init__(self, kind, values=(), on_change=None):
        super().__init__(_check(kind, v) for v in values)
        self._kind = kind
        self._on_change = on_change

    def _changed(self):
        if self._on_change is not None:
            self._on_change()

    def append(self, value):
        super().append(_check(self._kind, value))
        self._changed()

    def extend(self, values):
        super().extend(_check(self._kind, v) for v in values)
        self._changed()

    def insert(self, index, value):
        super().insert(index, _check(self._kind, value))
        self._changed()

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            super().__setitem__(index, [_check(self._kind, v) for v in value])
        else:
            super().__setitem__(index, _check(self._kind, value))
        self._changed()


class Message:
    """What the messages share: equality by content, text format, bytes."""

    DESCRIPTOR_NAME = ""

    def __eq__(self, other):
        return type(self) is type(other) and self._content() == other._content()

    def __ne__(self, other):
        return not self == other

    __hash__ = None  # protobuf messages are unhashable

    def __str__(self):
        return "".join(line + "\n" for line in self._text_lines())

    def __repr__(self):
        return str(self)

    def ByteSize(self):  # noqa: N802 - protobuf's name
        """The size of the serialized message in bytes."""
        return len(self.SerializeToString())

    def CopyFrom(self, other):  # noqa: N802
        """Makes this message a copy of `other` (of the same class)."""
        if type(other) is not type(self):
            raise TypeError(f"Parameter to CopyFrom() must be instance of same class: expected {type(self).__name__} "
                            f"got {type(other).__name__}.")
        self.ParseFromString(other.SerializeToString())

    def ParseFromString(self, data):  # noqa: N802
        """Replaces the contents with the message `data` serializes; DecodeError when it is none. Returns the bytes read."""
        decoded = self._decode(bytes(data))
        if decoded is None:
            raise DecodeError(f"Error parsing message with type 'tensorflow.{type(self).__name__}': "
                              "Wire format was corrupt")
        self._load(decoded)
        return len(data)

    @classmethod
    def FromString(cls, data):  # noqa: N802
        """A new message from its serialized bytes."""
        message = cls()
        message.ParseFromString(data)
        return message


def _submessage_lines(name, message):
    return [f"{name} {{"] + ["  " + line for line in message._text_lines()] + ["}"]


class _List(Message):
    _KIND = 0

    def __init__(self, value=()):
        self._value = RepeatedScalarContainer(self._KIND, value, self._touch)
        self._parent_touch = None

    def _touch(self):
        if self._parent_touch is not None:
            self._parent_touch()

    @property
    def value(self):
        """The repeated `value` field (a list that checks what it is given)."""
        return self._value

    @value.setter
    def value(self, values):
        raise AttributeError("Assignment not allowed to repeated field \"value\" in protocol message object.")

    def _content(self):
        return list(self._value)

    def _text_lines(self):
        if self._KIND == _BYTES:
            return [f'value: "{_escape(v)}"' for v in self._value]
        if self._KIND == _FLOAT:
            return [f"value: {_float_text(v)}" for v in self._value]
        return [f"value: {v}" for v in self._value]

    def SerializeToString(self, deterministic=None):  # noqa: N802
        """The message's protobuf wire bytes."""
        return _C.example_encode_list(self._KIND, self._value)

    def _decode(self, data):
        return _C.example_decode_list(self._KIND, data)

    def _load(self, values):
        list.__init__(self._value, values)

    def Clear(self):  # noqa: N802
        """Clears every field."""
        del self._value[:]


class BytesList(_List):
    """`repeated bytes value = 1`."""
    _KIND = _BYTES


class FloatList(_List):
    """`repeated float value = 1 [packed = true]`."""
    _KIND = _FLOAT


class Int64List(_List):
    """`repeated int64 value = 1 [packed = true]`."""
    _KIND = _INT64


_LIST_CLASSES = {_BYTES: BytesList, _FLOAT: FloatList, _INT64: Int64List}
_KIND_NAMES = {_BYTES: "bytes_list", _FLOAT: "float_list", _INT64: "int64_list"}
_KIND_OF_NAME = {v: k for k, v in _KIND_NAMES.items()}


def _as_message(cls, value, field):
    if isinstance(value, cls):
        return value
    if isinstance(value, dict):
        return cls(**value)
    raise TypeError(f"Message must be initialized with a dict: {field}")


class Feature(Message):
    """`oneof kind { BytesList bytes_list = 1; FloatList float_list = 2; Int64List int64_list = 3; }`."""

    def __init__(self, bytes_list=None, float_list=None, int64_list=None):
        self._kind = 0
        self._list = None
        self._parent_touch = None
        for kind, value in ((_BYTES, bytes_list), (_FLOAT, float_list), (_INT64, int64_list)):
            if value is not None:
                self._set(kind, _as_message(_LIST_CLASSES[kind], value, _KIND_NAMES[kind]))

    def _set(self, kind, lst):
        copy = _LIST_CLASSES[kind](lst.value)
        copy._parent_touch = self._touch_kind(kind, copy)
        self._kind, self._list = kind, copy
        self._touch()

    def _touch(self):
        if self._parent_touch is not None:
            self._parent_touch()

    def _touch_kind(self, kind, lst):
        def touch():
            if self._kind != kind or self._list is not lst:  # a change to an unset member sets it
                self._kind, self._list = kind, lst
            self._touch()
        return touch

    def _member(self, kind):
        if self._kind == kind:
            return self._list
        lst = _LIST_CLASSES[kind]()  # the default, set once changed
        lst._parent_touch = self._touch_kind(kind, lst)
        return lst

    @property
    def bytes_list(self):
        """The BytesList member (an empty one, set once changed, when another member is set)."""
        return self._member(_BYTES)

    @property
    def float_list(self):
        """The FloatList member (an empty one, set once changed, when another member is set)."""
        return self._member(_FLOAT)

    @property
    def int64_list(self):
        """The Int64List member (an empty one, set once changed, when another member is set)."""
        return self._member(_INT64)

    def WhichOneof(self, oneof_group):  # noqa: N802
        """The name of the `kind` member that is set, or None."""
        if oneof_group != "kind":
            raise ValueError(f'Protocol message has no oneof "{oneof_group}" field.')
        return _KIND_NAMES.get(self._kind)

    def HasField(self, field_name):  # noqa: N802
        """Whether the message field (or oneof member) `field_name` is set."""
        if field_name == "kind":
            return self._kind != 0
        if field_name not in _KIND_OF_NAME:
            raise ValueError(f'Protocol message Feature has no "{field_name}" field.')
        return self._kind == _KIND_OF_NAME[field_name]

    def _content(self):
        return (self._kind, list(self._list.value) if self._list is not None else None)

    def _text_lines(self):
        return _submessage_lines(_KIND_NAMES[self._kind], self._list) if self._kind else []

    def _entry(self):
        return self._kind, (self._list.value if self._list is not None else ())

    def SerializeToString(self, deterministic=None):  # noqa: N802
        """The message's protobuf wire bytes."""
        return _C.example_encode_feature(*self._entry())

    def _decode(self, data):
        return _C.example_decode_feature(data)

    def _load(self, decoded):
        kind, values = decoded
        self._kind, self._list = 0, None
        if kind:
            self._set(kind, _LIST_CLASSES[kind](values))

    def Clear(self):  # noqa: N802
        """Clears every field."""
        self._kind, self._list = 0, None


class _FeatureMap(dict):
    """`map<string, Feature> feature`: reading a missing key inserts an empty Feature, as protobuf's
    message maps do; values are checked to be Features."""

    def __init__(self, on_change):
        super().__init__()
        self._on_change = on_change

    def _adopt(self, value):
        value._parent_touch = self._on_change
        return value

    def __missing__(self, key):
        if not isinstance(key, str):
            raise TypeError(f"bad argument type for built-in operation")
        value = self._adopt(Feature())
        super().__setitem__(key, value)
        self._on_change()
        return value

    def __setitem__(self, key, value):
        raise ValueError("Direct assignment of submessage not allowed")

    def _put(self, key, value):
        super().__setitem__(key, self._adopt(value))

    def get_or_create(self, key):
        """The Feature under `key`, added empty when missing."""
        return self[key]


class Features(Message):
    """`map<string, Feature> feature = 1`."""

    def __init__(self, feature=None):
        self._parent_touch = None
        self._feature = _FeatureMap(self._touch)
        for key, value in (feature or {}).items():
            message = _as_message(Feature, value, "feature")
            copy = Feature()
            copy._load(message._entry())
            self._feature._put(key, copy)

    def _touch(self):
        if self._parent_touch is not None:
            self._parent_touch()

    @property
    def feature(self):
        """The map from feature names to Features (reading a missing name adds an empty Feature)."""
        return self._feature

    def _content(self):
        return {k: v._content() for k, v in self._feature.items()}

    def _text_lines(self):
        lines = []
        for key, value in self._feature.items():
            entry = [f'key: "{_escape(key.encode())}"'] + _submessage_lines("value", value)
            lines += ["feature {"] + ["  " + line for line in entry] + ["}"]
        return lines

    def _entries(self):
        return [(k,) + self._feature[k]._entry() for k in sorted(self._feature)]

    def SerializeToString(self, deterministic=None):  # noqa: N802
        """The message's protobuf wire bytes."""
        return _C.example_encode_features(self._entries())

    def _decode(self, data):
        return _C.example_decode_features(data)

    def _load(self, entries):
        dict.clear(self._feature)
        for key, kind, values in entries:
            f = Feature()
            f._load((kind, values))
            self._feature._put(key, f)

    def Clear(self):  # noqa: N802
        """Clears every field."""
        dict.clear(self._feature)


class Example(Message):
    """`Features features = 1`."""

    def __init__(self, features=None):
        self._features = Features()
        self._features._parent_touch = self._touch
        self._has_features = False
        if features is not None:
            self._features._load(_as_message(Features, features, "features")._entries())
            self._has_features = True

    def _touch(self):
        self._has_features = True

    @property
    def features(self):
        """The Features message (setting its contents sets this field)."""
        return self._features

    def HasField(self, field_name):  # noqa: N802
        """Whether the message field (or oneof member) `field_name` is set."""
        if field_name != "features":
            raise ValueError(f'Protocol message Example has no "{field_name}" field.')
        return self._has_features

    def _content(self):
        return self._features._content() if self._has_features else None

    def _text_lines(self):
        return _submessage_lines("features", self._features) if self._has_features else []

    def SerializeToString(self, deterministic=None):  # noqa: N802
        """The message's protobuf wire bytes."""
        return _C.example_encode_example(self._features._entries()) if self._has_features else b""

    def _decode(self, data):
        entries = _C.example_decode_example(data)
        return None if entries is None else (bool(data), entries)

    def _load(self, decoded):
        has, entries = decoded
        self._features._load(entries)
        self._has_features = has

    def Clear(self):  # noqa: N802
        """Clears every field."""
        self._features.Clear()
        self._has_features = False


class RepeatedCompositeContainer(list):
    """A repeated message field (FeatureList's `feature`): `add(**fields)` makes and appends a new
    message; `append` and `extend` append copies, as protobuf's containers do."""

    def __init__(self, cls, on_change):
        super().__init__()
        self._cls = cls
        self._on_change = on_change

    def _adopt(self, message):
        message._parent_touch = self._on_change
        return message

    def add(self, **fields):
        """A new message of the field's type, appended and returned."""
        message = self._adopt(self._cls(**fields))
        super().append(message)
        self._on_change()
        return message

    def append(self, message):
        copy = self._cls()
        copy.CopyFrom(_as_message(self._cls, message, "feature"))
        super().append(self._adopt(copy))
        self._on_change()

    def extend(self, messages):
        for m in messages:
            self.append(m)

    def __setitem__(self, index, value):
        raise TypeError("does not support assignment")


class FeatureList(Message):
    """`repeated Feature feature = 1`."""

    def __init__(self, feature=None):
        self._parent_touch = None
        self._feature = RepeatedCompositeContainer(Feature, self._touch)
        for f in feature or ():
            self._feature.append(f)

    def _touch(self):
        if self._parent_touch is not None:
            self._parent_touch()

    @property
    def feature(self):
        """The repeated Features (`add()` appends a new one)."""
        return self._feature

    def _content(self):
        return [f._content() for f in self._feature]

    def _text_lines(self):
        return [line for f in self._feature for line in _submessage_lines("feature", f)]

    def _entries(self):
        return [f._entry() for f in self._feature]

    def SerializeToString(self, deterministic=None):  # noqa: N802
        """The message's protobuf wire bytes."""
        return _C.example_encode_feature_list(self._entries())

    def _decode(self, data):
        return _C.example_decode_feature_list(data)

    def _load(self, features):
        list.clear(self._feature)
        for kind, values in features:
            f = Feature()
            f._load((kind, values))
            list.append(self._feature, self._feature._adopt(f))

    def Clear(self):  # noqa: N802
        """Clears every field."""
        list.clear(self._feature)


class _FeatureListMap(_FeatureMap):
    """`map<string, FeatureList> feature_list`: reading a missing key inserts an empty FeatureList."""

    def __missing__(self, key):
        if not isinstance(key, str):
            raise TypeError("bad argument type for built-in operation")
        value = self._adopt(FeatureList())
        dict.__setitem__(self, key, value)
        self._on_change()
        return value


class FeatureLists(Message):
    """`map<string, FeatureList> feature_list = 1`."""

    def __init__(self, feature_list=None):
        self._parent_touch = None
        self._lists = _FeatureListMap(self._touch)
        for key, value in (feature_list or {}).items():
            copy = FeatureList()
            copy._load(_as_message(FeatureList, value, "feature_list")._entries())
            self._lists._put(key, copy)

    def _touch(self):
        if self._parent_touch is not None:
            self._parent_touch()

    @property
    def feature_list(self):
        """The map from names to FeatureLists (reading a missing name adds an empty FeatureList)."""
        return self._lists

    def _content(self):
        return {k: v._content() for k, v in self._lists.items()}

    def _text_lines(self):
        lines = []
        for key, value in self._lists.items():
            entry = [f'key: "{_escape(key.encode())}"'] + _submessage_lines("value", value)
            lines += ["feature_list {"] + ["  " + line for line in entry] + ["}"]
        return lines

    def _entries(self):
        return [(k, self._lists[k]._entries()) for k in sorted(self._lists)]

    def SerializeToString(self, deterministic=None):  # noqa: N802
        """The message's protobuf wire bytes."""
        return _C.example_encode_feature_lists(self._entries())

    def _decode(self, data):
        return _C.example_decode_feature_lists(data)

    def _load(self, entries):
        dict.clear(self._lists)
        for key, features in entries:
            fl = FeatureList()
            fl._load(features)
            self._lists._put(key, fl)

    def Clear(self):  # noqa: N802
        """Clears every field."""
        dict.clear(self._lists)


class SequenceExample(Message):
    """`Features context = 1; FeatureLists feature_lists = 2`."""

    def __init__(self, context=None, feature_lists=None):
        self._context = Features()
        self._context._parent_touch = self._touch_context
        self._lists = FeatureLists()
        self._lists._parent_touch = self._touch_lists
        self._has_context = self._has_lists = False
        if context is not None:
            self._context._load(_as_message(Features, context, "context")._entries())
            self._has_context = True
        if feature_lists is not None:
            self._lists._load(_as_message(FeatureLists, feature_lists, "feature_lists")._entries())
            self._has_lists = True

    def _touch_context(self):
        self._has_context = True

    def _touch_lists(self):
        self._has_lists = True

    @property
    def context(self):
        """The context Features (setting its contents sets this field)."""
        return self._context

    @property
    def feature_lists(self):
        """The FeatureLists (setting their contents sets this field)."""
        return self._lists

    def HasField(self, field_name):  # noqa: N802
        """Whether the message field `field_name` is set."""
        if field_name == "context":
            return self._has_context
        if field_name == "feature_lists":
            return self._has_lists
        raise ValueError(f'Protocol message SequenceExample has no "{field_name}" field.')

    def _content(self):
        return (self._context._content() if self._has_context else None,
                self._lists._content() if self._has_lists else None)

    def _text_lines(self):
        lines = _submessage_lines("context", self._context) if self._has_context else []
        return lines + (_submessage_lines("feature_lists", self._lists) if self._has_lists else [])

    def SerializeToString(self, deterministic=None):  # noqa: N802
        """The message's protobuf wire bytes."""
        return _C.example_encode_sequence_example(self._context._entries() if self._has_context else None,
                                                  self._lists._entries() if self._has_lists else None)

    def _decode(self, data):
        return _C.example_decode_sequence_example(data)

    def _load(self, decoded):
        context, lists = decoded
        self._context._load(context or [])
        self._lists._load(lists or [])
        self._has_context, self._has_lists = context is not None, lists is not None

    def Clear(self):  # noqa: N802
        """Clears every field."""
        self._context.Clear()
        self._lists.Clear()
        self._has_context = self._has_lists = False
