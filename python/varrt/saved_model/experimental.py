"""`tf.saved_model.experimental`."""
from varrt.saved_model.fingerprinting import Fingerprint, read_fingerprint
from varrt.saved_model.save_options import VariablePolicy

__all__ = ["Fingerprint", "VariablePolicy", "read_fingerprint"]
