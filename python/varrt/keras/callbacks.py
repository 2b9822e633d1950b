"""`tf.keras.callbacks`: Keras 3's callbacks (varrt/models)."""
from varrt.models.backup_and_restore import BackupAndRestore  # noqa: F401
from varrt.models.callback import Callback  # noqa: F401
from varrt.models.callback_list import CallbackList  # noqa: F401
from varrt.models.csv_logger import CSVLogger  # noqa: F401
from varrt.models.early_stopping import EarlyStopping  # noqa: F401
from varrt.models.history import History  # noqa: F401
from varrt.models.lambda_callback import LambdaCallback  # noqa: F401
from varrt.models.learning_rate_scheduler import LearningRateScheduler  # noqa: F401
from varrt.models.model_checkpoint import ModelCheckpoint  # noqa: F401
from varrt.models.progbar_logger import ProgbarLogger  # noqa: F401
from varrt.models.reduce_lr_on_plateau import ReduceLROnPlateau  # noqa: F401
from varrt.models.swap_ema_weights import SwapEMAWeights  # noqa: F401
from varrt.models.terminate_on_nan import TerminateOnNaN  # noqa: F401
from varrt.models.tensorboard_callback import TensorBoard  # noqa: F401
from varrt.models.unavailable_callbacks import RemoteMonitor  # noqa: F401
