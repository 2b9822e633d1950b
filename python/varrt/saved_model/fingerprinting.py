"""`tf.saved_model.experimental.Fingerprint` and `read_fingerprint`: the hashes TensorFlow stores
in a SavedModel's fingerprint.pb, with TensorFlow's printed forms (fingerprinting.py)."""
from varrt.saved_model.proto import Message
from varrt.saved_model.saved_model_file import FINGERPRINT_MESSAGE, read_fingerprint_message


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
