"""`tf.saved_model`: TensorFlow's SavedModel directories. varrt reads and writes their protobuf
files (saved_model_file.py, proto.py), reads fingerprints and loads TensorFlow's SavedModels
(load.py) and exports tf.Modules (save.py: `tf.saved_model.save`). The package is also
the `tf.saved_model` namespace, as varrt/data is tf.data."""
from varrt.saved_model import experimental
from varrt.saved_model.constants import (ASSETS_DIRECTORY, ASSETS_KEY, CLASSIFY_INPUTS, CLASSIFY_METHOD_NAME,
                                         CLASSIFY_OUTPUT_CLASSES, CLASSIFY_OUTPUT_SCORES, DEBUG_DIRECTORY,
                                         DEBUG_INFO_FILENAME_PB, DEFAULT_SERVING_SIGNATURE_DEF_KEY, GPU,
                                         PREDICT_INPUTS, PREDICT_METHOD_NAME, PREDICT_OUTPUTS, REGRESS_INPUTS,
                                         REGRESS_METHOD_NAME, REGRESS_OUTPUTS, SAVED_MODEL_FILENAME_PB,
                                         SAVED_MODEL_FILENAME_PBTXT, SAVED_MODEL_SCHEMA_VERSION, SERVING, TPU,
                                         TRAINING, VARIABLES_DIRECTORY, VARIABLES_FILENAME)
from varrt.saved_model.load import load
from varrt.saved_model.saved_model_file import contains_saved_model
from varrt.saved_model.save import save
from varrt.saved_model.save_options import LoadOptions, SaveOptions

__all__ = ["ASSETS_DIRECTORY", "ASSETS_KEY", "CLASSIFY_INPUTS", "CLASSIFY_METHOD_NAME", "CLASSIFY_OUTPUT_CLASSES",
           "CLASSIFY_OUTPUT_SCORES", "DEBUG_DIRECTORY", "DEBUG_INFO_FILENAME_PB", "DEFAULT_SERVING_SIGNATURE_DEF_KEY",
           "GPU", "PREDICT_INPUTS", "PREDICT_METHOD_NAME", "PREDICT_OUTPUTS", "REGRESS_INPUTS", "REGRESS_METHOD_NAME",
           "REGRESS_OUTPUTS", "LoadOptions", "SaveOptions", "SAVED_MODEL_FILENAME_PB", "SAVED_MODEL_FILENAME_PBTXT", "SAVED_MODEL_SCHEMA_VERSION",
           "SERVING", "TPU", "TRAINING", "VARIABLES_DIRECTORY", "VARIABLES_FILENAME", "contains_saved_model",
           "experimental", "load", "save"]
