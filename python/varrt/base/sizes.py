"""Keras's readable byte counts ("1.25 KB", "8.00 GB"; keras/src/utils/summary_utils.py):
`summary()`'s parameter sizes and the weights files' size checks."""


def readable_memory_size(size):
    for unit in ["B", "KB", "MB", "GB", "TB", "PB"]:
        if size / 1024 < 1:
            return f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.2f} PB"
