"""WAV files of float audio, as TensorFlow's EncodeWav writes them (core/lib/wav/wav_io.cc): a
RIFF header and 16-bit little-endian PCM, each sample clipped to [-1, 1], scaled by 32768, rounded
half away from zero (C's roundf) and saturated to int16."""
import struct

import numpy as np


def encode_wav(audio, sample_rate):
    """The WAV bytes of a [frames, channels] float32 array."""
    audio = np.asarray(audio, np.float32)
    frames, channels = audio.shape
    scaled = np.clip(audio, -1.0, 1.0) * np.float32(32768.0)
    samples = np.clip(np.sign(scaled) * np.floor(np.abs(scaled) + np.float32(0.5)), -32768, 32767).astype("<i2")
    data = samples.tobytes()
    fmt = struct.pack("<IHHIIHH", 16, 1, channels, sample_rate, sample_rate * channels * 2, channels * 2, 16)
    return b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVE" + b"fmt " + fmt + b"data" + struct.pack(
        "<I", len(data)) + data
