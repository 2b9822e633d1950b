"""SavedModel's protocol-buffer messages (and TensorBoard event files' `tensorflow.Event`, which
tf.summary writes) in Python: a `Message` is a read-and-write view of the
dict the core's codec gives (the set fields by name, see csrc/bindings/saved_model.cc), with
protobuf's defaults for unset fields, so code reads `meta_graph.signature_def["x"].method_name`
as it would on TensorFlow's generated classes. The field tables are the core's, generated from
TensorFlow's descriptors; unknown names and assignments to composite fields raise protobuf's
AttributeErrors, and values of the wrong type the codec's TypeError when the message is encoded."""
import functools

from varrt import _C
from varrt.saved_model import text_format

_SCALAR_DEFAULTS = {"string": "", "bytes": b"", "bool": False, "float": 0.0, "double": 0.0}


@functools.cache
def _schema():
    """full name -> (map_entry, {field: (number, kind, repeated, presence, oneof, type)}), made at
    first use so `import varrt` does not pay for it."""
    return _C.saved_model_schema()


def _field(type_name, name):
    fields = _schema()[type_name][1]
    if name not in fields:
        raise AttributeError(name)  # protobuf's generated classes say only the name
    return fields[name]


class _Unset(dict):
    """The fields of a submessage that was read but never set: protobuf gives a default instance
    that becomes part of its parent only when something is set in it. It lives in the parent's
    dict (so every view shares it) and counts as set once it holds a set field."""

    __slots__ = ()


def _pruned(type_name, fields, deterministic=False):
    """`fields` without the submessages that were only read (see _Unset) and empty repeated
    fields: what the message holds as protobuf sees it; `deterministic`: maps by key, as
    protobuf's deterministic serialization writes them."""
    out = {}
    schema = _schema()[type_name][1]
    for name, value in fields.items():
        field = schema.get(name)
        if field is None or field[5] is None:  # scalars, repeated scalars, scalar maps, unknown fields
            if not (field is not None and field[2] and not value):
                out[name] = value
        elif _is_map(field):
            value_type = _map_value_type(field)
            if value:
                items = sorted(value.items()) if deterministic else value.items()
                out[name] = {k: _pruned(value_type, v, deterministic) if value_type is not None else v
                             for k, v in items}
        elif field[2]:
            if value:
                out[name] = [_pruned(field[5], v, deterministic) for v in value]
        else:
            inner = _pruned(field[5], value, deterministic)
            if inner or not isinstance(value, _Unset):
                out[name] = inner
    return out


@functools.cache
def _oneof_members(type_name, oneof):
    """The fields of oneof `oneof` of a message type, in the schema's order (looked up per
    message read: a loader asks each node and attribute which member it holds)."""
    return tuple(n for n, f in _schema()[type_name][1].items() if f[4] == oneof)


def _is_map(field):
    return field[5] is not None and _schema()[field[5]][0]


def _map_value_type(field):
    return _schema()[field[5]][1]["value"][5]  # the entry's value message, None for a scalar value


def fields_of(message):
    """The dict of a message's set fields (by name), which the codec reads and writes."""
    return message._fields


def type_of(message):
    """A message's full type name, "tensorflow.SavedModel"."""
    return message._type_name


class Message:
    """One message: its type (TensorFlow's full name, `type_of`) and its set fields (`fields_of`, a
    dict the codec reads and writes; decoded, it lists what protobuf's ListFields lists). Reads of unset
    fields give protobuf's defaults; an unset submessage that is only read stays unset (it is
    written, and HasField sees it, once something is set in it), as protobuf's classes do."""

    # Underscored: messages have fields named `fields` and `type_name` (DictValue, ...), which
    # attribute access must reach. fields_of() and type_of() read these.
    __slots__ = ("_type_name", "_fields")

    def __init__(self, type_name, fields=None):
        if type_name not in _schema():
            raise ValueError(f"no SavedModel message named {type_name}")
        object.__setattr__(self, "_type_name", type_name)
        object.__setattr__(self, "_fields", {} if fields is None else fields)

    @classmethod
    def from_bytes(cls, type_name, data, what=None):
        """Parses `data` (DataLossError naming `what` when it is not a valid message)."""
        return cls(type_name, _C.saved_model_decode(type_name, bytes(data), what or type_name))

    def to_bytes(self, deterministic=False):
        """The serialized message; `deterministic`: maps by key (protobuf's SerializeToString(
        deterministic=True), which SavedModel fingerprints hash), else in the order they were read or set."""
        return _C.saved_model_encode(self._type_name, _pruned(self._type_name, self._fields, deterministic))

    SerializeToString = to_bytes

    def __getattr__(self, name):
        field = _field(self._type_name, name)
        kind, repeated, message_type = field[1], field[2], field[5]
        if _is_map(field):
            value_type = _map_value_type(field)
            entries = self._fields.setdefault(name, {})
            return _MessageMap(value_type, entries) if value_type is not None else entries
        if repeated:
            items = self._fields.setdefault(name, [])
            return _MessageList(message_type, items) if message_type is not None else items
        if message_type is not None:
            return Message(message_type, self._fields.setdefault(name, _Unset()))
        return self._fields.get(name, _SCALAR_DEFAULTS.get(kind, 0))

    def __setattr__(self, name, value):
        field = _field(self._type_name, name)
        if field[2]:
            raise AttributeError(f"Assignment not allowed to map, or repeated field \"{name}\" in protocol message object.")
        if field[5] is not None:
            raise AttributeError(f"Assignment not allowed to field \"{name}\" in protocol message object.")
        if field[4] is not None:
            self._clear_oneof(field[4])
        self._fields[name] = value

    def HasField(self, name):  # noqa: N802 (protobuf's name)
        field = _field(self._type_name, name)
        if field[2]:
            raise ValueError(f"Protocol message has no singular \"{name}\" field.")
        value = self._fields.get(name)
        if value is None:
            return False
        # A set scalar or an assigned submessage is present; a submessage only read (_Unset) is
        # present once something in it is set, which only then needs the walk _pruned makes.
        return not isinstance(value, _Unset) or bool(_pruned(field[5], value))

    def ListFields(self):  # noqa: N802 (protobuf's name)
        """The set fields as (name, plain value) pairs, in field-number order."""
        pruned = _pruned(self._type_name, self._fields)
        schema = _schema()[self._type_name][1]
        return sorted(((n, v) for n, v in pruned.items() if n in schema), key=lambda item: schema[item[0]][0])

    def WhichOneof(self, oneof):  # noqa: N802 (protobuf's name)
        members = _oneof_members(self._type_name, oneof)
        if not members:
            raise ValueError(f'Protocol message has no oneof "{oneof}" field.')
        fields = self._fields
        return next((n for n in members if n in fields and self.HasField(n)), None)

    def _clear_oneof(self, oneof):
        for n, f in _schema()[self._type_name][1].items():
            if f[4] == oneof:
                self._fields.pop(n, None)

    def __eq__(self, other):
        # protobuf's equality: an empty repeated field or a scalar at its default equals an unset
        # one, so both sides compare in the canonical form a decode gives.
        return (isinstance(other, Message) and self._type_name == other._type_name
                and self._canonical() == other._canonical())

    def _canonical(self):
        return _C.saved_model_decode(self._type_name, self.to_bytes(), self._type_name)

    __hash__ = None

    def __str__(self):
        """protobuf's text format (text_format.py), as print() shows a message."""
        text = text_format.lines(self._type_name, _pruned(self._type_name, self._fields), _schema())
        return "".join(line + "\n" for line in text)

    def __repr__(self):
        return f"<{self._type_name} with fields {sorted(self._fields)}>"


class _MessageList:
    """A repeated message field: Messages over the list of dicts the codec holds."""

    __slots__ = ("_type", "_items")

    def __init__(self, type_name, items):
        self._type, self._items = type_name, items

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [Message(self._type, d) for d in self._items[i]]
        return Message(self._type, self._items[i])

    def __iter__(self):
        return (Message(self._type, d) for d in self._items)

    def add(self):
        self._items.append({})
        return Message(self._type, self._items[-1])

    def append(self, message):
        """Appends a copy of `message` (a Message of this field's type), as protobuf does."""
        self.extend([message])

    def extend(self, messages):
        for message in messages:
            if not isinstance(message, Message) or message._type_name != self._type:
                raise TypeError(f"expected a {self._type} message, got {message!r}")
            self._items.append(message._canonical())  # a copy sharing nothing with `message`

    def __delitem__(self, i):
        del self._items[i]


class _MessageMap:
    """A map field whose values are messages: reading a missing key adds it, as protobuf does."""

    __slots__ = ("_type", "_entries")

    def __init__(self, type_name, entries):
        self._type, self._entries = type_name, entries

    def __len__(self):
        return len(self._entries)

    def __contains__(self, key):
        return key in self._entries

    def __iter__(self):
        return iter(self._entries)

    def __getitem__(self, key):
        return Message(self._type, self._entries.setdefault(key, {}))

    def __delitem__(self, key):
        del self._entries[key]

    def get(self, key, default=None):
        return Message(self._type, self._entries[key]) if key in self._entries else default

    def keys(self):
        return self._entries.keys()

    def items(self):
        return [(k, Message(self._type, v)) for k, v in self._entries.items()]

    def values(self):
        return [Message(self._type, v) for v in self._entries.values()]
