"""`tf.keras.callbacks`: the callbacks varrt provides so far."""
from varrt.models.callback import Callback  # noqa: F401
from varrt.models.early_stopping import EarlyStopping  # noqa: F401
from varrt.models.history import History  # noqa: F401
from varrt.models.lambda_callback import LambdaCallback  # noqa: F401
from varrt.models.model_checkpoint import ModelCheckpoint  # noqa: F401
