"""`tf.keras.export`: `ExportArchive`, which writes SavedModels of Keras models for inference."""
from varrt.models.export_archive import ExportArchive  # noqa: F401
