"""Runs varrt.benchmarks.data_pipeline, the installed package's tf.data benchmark (its docstring
says what it measures). Arguments pass through."""
import sys

from varrt.benchmarks.data_pipeline import main

if __name__ == "__main__":
    sys.exit(main())
