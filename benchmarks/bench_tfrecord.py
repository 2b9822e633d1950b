"""Runs varrt.benchmarks.tfrecord, the installed package's benchmark (its docstring says what it
measures). Arguments pass through."""
import sys

from varrt.benchmarks.tfrecord import main

if __name__ == "__main__":
    sys.exit(main())
