"""`tf.saved_model.experimental.Fingerprint` and `read_fingerprint`: the hashes TensorFlow stores
in a SavedModel's fingerprint.pb, with TensorFlow's printed forms (fingerprinting.py); and
`write_fingerprint`, the fingerprint.pb `tf.saved_model.save` writes, each hash computed as
TensorFlow's tensorflow/cc/saved_model/fingerprinting.cc computes it:

- saved_model_checksum: Fingerprint64 of the serialized SavedModel (each message here serialized
  deterministically: maps by key, as protobuf's deterministic serialization);
- graph_def_program_hash: of the MetaGraph's GraphDef regularized (graph/regularization/
  simple_delete.cc): calls name their function without its UID suffix and with no config_proto,
  string constants lose their value, the library and versions are cleared;
- signature_def_hash: each SignatureDef by sorted key, its key's and its bytes' fingerprints chained
  with FingerprintCat64;
- saved_object_graph_hash: each concrete function by its name's UID suffix, its name without the
  UID and its SavedConcreteFunction chained the same way;
- checkpoint_hash: Fingerprint64 of variables/variables.index.

All five equal what TensorFlow 2.21 computes for the same directory (tests/test_saved_model_fingerprint.py:
its own SavedModels and, live, varrt's); `version.producer` is TensorFlow 2.21's, 4.
"""
import os
import uuid

from varrt.saved_model.constants import FINGERPRINT_FILENAME, VARIABLES_DIRECTORY, VARIABLES_FILENAME
from varrt.base.farmhash import fingerprint64, fingerprint_cat64
from varrt.saved_model.proto import Message, fields_of
from varrt.saved_model.saved_model_file import FINGERPRINT_MESSAGE, read_fingerprint_message

FINGERPRINT_PRODUCER = 4  # TensorFlow 2.21's fingerprinting code version
_CALL_OPS = ("PartitionedCall", "StatefulPartitionedCall")
_DT_STRING = 7


class Fingerprint:
    """The SavedModel fingerprint: each attribute is the FingerprintDef field of its name
    (`version` the VersionDef message)."""

    def __init__(self, saved_model_checksum=None, graph_def_program_hash=None, signature_def_hash=None,
                 saved_object_graph_hash=None, checkpoint_hash=None, version=None):
        self.saved_model_checksum = saved_model_checksum
        self.graph_def_program_hash = graph_def_program_hash
        self.signature_def_hash = signature_def_hash
        self.saved_object_graph_hash = saved_object_graph_hash
        self.checkpoint_hash = checkpoint_hash
        self.version = version

    @classmethod
    def from_proto(cls, proto):
        """From a FingerprintDef message or its serialized bytes."""
        if isinstance(proto, bytes):
            proto = Message.from_bytes(FINGERPRINT_MESSAGE, proto, "the fingerprint")
        try:
            return Fingerprint(proto.saved_model_checksum, proto.graph_def_program_hash, proto.signature_def_hash,
                               proto.saved_object_graph_hash, proto.checkpoint_hash, proto.version)
        except AttributeError as e:
            raise ValueError(f"Given proto could not be deserialized as fingerprint.{e}") from None

    def __eq__(self, other):
        if isinstance(other, (Fingerprint, Message)):
            try:
                return (self.saved_model_checksum == other.saved_model_checksum
                        and self.graph_def_program_hash == other.graph_def_program_hash
                        and self.signature_def_hash == other.signature_def_hash
                        and self.saved_object_graph_hash == other.saved_object_graph_hash
                        and self.checkpoint_hash == other.checkpoint_hash)
            except AttributeError:
                pass
        return False

    __hash__ = None

    def __str__(self):
        return "\n".join(["SavedModel Fingerprint",
                          f"  saved_model_checksum: {self.saved_model_checksum}",
                          f"  graph_def_program_hash: {self.graph_def_program_hash}",
                          f"  signature_def_hash: {self.signature_def_hash}",
                          f"  saved_object_graph_hash: {self.saved_object_graph_hash}",
                          f"  checkpoint_hash: {self.checkpoint_hash}"])

    def __repr__(self):
        return (f"Fingerprint({self.saved_model_checksum}, {self.graph_def_program_hash}, {self.signature_def_hash}, "
                f"{self.saved_object_graph_hash}, {self.checkpoint_hash})")

    def singleprint(self):
        """The regularized hashes joined by '/': graph_def_program_hash, signature_def_hash,
        saved_object_graph_hash, checkpoint_hash (the checksum varies with immaterial changes)."""
        hashes = (self.graph_def_program_hash, self.signature_def_hash, self.saved_object_graph_hash,
                  self.checkpoint_hash)
        if not all(isinstance(h, int) and not isinstance(h, bool) for h in hashes):
            raise ValueError("Encounted invalid fingerprint values when constructing singleprint."
                             f"graph_def_program_hash: {self.graph_def_program_hash}"
                             f"signature_def_hash: {self.signature_def_hash}"
                             f"saved_object_graph_hash: {self.saved_object_graph_hash}"
                             f"checkpoint_hash: {self.checkpoint_hash}")
        return "/".join(str(h) for h in hashes)


def read_fingerprint(export_dir):
    """The fingerprint of the SavedModel in `export_dir` (its fingerprint.pb).

    Raises FileNotFoundError when there is none, DataLossError when it is damaged."""
    return Fingerprint.from_proto(read_fingerprint_message(export_dir))


def _suffix_uid(name):
    """The integer after a function name's last "_" (graph_regularization::GetSuffixUID)."""
    tail = name.rsplit("_", 1)[-1]
    try:
        return int(tail)
    except ValueError:
        raise ValueError(f"Function name: `{name}` does not end in an integer.") from None


def _strip_uid(name):
    return name[:-len(str(_suffix_uid(name)))]


def _regularized_graph_def(graph_def):
    """The GraphDef fields with what varies between equal programs deleted (SimpleDelete)."""
    nodes = []
    for node in graph_def.get("node", []):
        node = dict(node)
        attrs = dict(node.get("attr", {}))
        if node.get("op") in _CALL_OPS and "f" in attrs:
            func = dict(attrs["f"].get("func", {}))
            try:
                func["name"] = _strip_uid(func.get("name", ""))
            except ValueError:
                pass
            attrs["f"] = dict(attrs["f"], func=func)
            if "config_proto" in attrs:
                attrs["config_proto"] = {"s": b""}
        if node.get("op") == "Const" and attrs.get("dtype", {}).get("type") == _DT_STRING and "value" in attrs:
            attrs["value"] = {}
        node["attr"] = attrs
        nodes.append(node)
    return dict(graph_def, node=nodes, library={}, versions={})


def fingerprint_fields(saved_model, export_dir):
    """The FingerprintDef fields (without uuid) of `saved_model` (a tensorflow.SavedModel Message)
    written in `export_dir`."""
    meta_graph = fields_of(saved_model)["meta_graphs"][0]
    graph_def = _regularized_graph_def(meta_graph.get("graph_def", {}))
    graph_hash = fingerprint64(Message("tensorflow.GraphDef", graph_def).to_bytes(deterministic=True))
    signature_hash = 0
    for key, signature in sorted(meta_graph.get("signature_def", {}).items()):
        signature_hash = fingerprint_cat64(signature_hash, fingerprint64(key.encode()))
        signature_hash = fingerprint_cat64(signature_hash, fingerprint64(
            Message("tensorflow.SignatureDef", signature).to_bytes(deterministic=True)))
    functions = meta_graph.get("object_graph_def", {}).get("concrete_functions", {})
    object_graph_hash = 0
    for uid, name in sorted((_suffix_uid(name), name) for name in functions):
        object_graph_hash = fingerprint_cat64(object_graph_hash, fingerprint64(_strip_uid(name).encode()))
        object_graph_hash = fingerprint_cat64(object_graph_hash, fingerprint64(
            Message("tensorflow.SavedConcreteFunction", functions[name]).to_bytes(deterministic=True)))
    index = os.path.join(export_dir, VARIABLES_DIRECTORY, VARIABLES_FILENAME + ".index")
    try:
        with open(index, "rb") as f:
            checkpoint_hash = fingerprint64(f.read())
    except OSError:  # TensorFlow's too: no checkpoint, hash 0
        checkpoint_hash = 0
    return {"saved_model_checksum": fingerprint64(saved_model.to_bytes(deterministic=True)),
            "graph_def_program_hash": graph_hash, "signature_def_hash": signature_hash,
            "saved_object_graph_hash": object_graph_hash,
            "checkpoint_hash": checkpoint_hash, "version": {"producer": FINGERPRINT_PRODUCER}}


def write_fingerprint(export_dir, saved_model):
    """Writes `export_dir`/fingerprint.pb for `saved_model` (already written there with its
    variables), through a temporary file renamed into place. Its uuid is random, as TensorFlow's
    (a decimal 128-bit number)."""
    fields = fingerprint_fields(saved_model, export_dir)
    fields["uuid"] = str(uuid.uuid4().int)
    path = os.path.join(export_dir, FINGERPRINT_FILENAME)
    with open(path + ".tmp", "wb") as f:
        f.write(Message(FINGERPRINT_MESSAGE, fields).to_bytes(deterministic=True))
    os.replace(path + ".tmp", path)
