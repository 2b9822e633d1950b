"""Where Keras's messages go (keras/src/utils/io_utils.py `print_msg`, interactive logging on):
standard output, flushed at once so a redrawn progress bar shows."""
import sys


def print_msg(message):
    sys.stdout.write(message)
    sys.stdout.flush()
