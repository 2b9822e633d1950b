"""`tf.saved_model.experimental`."""
from varrt.saved_model.fingerprinting import Fingerprint, read_fingerprint

__all__ = ["Fingerprint", "read_fingerprint"]
