"""Runs varrt.benchmarks.special_functions, the installed package's benchmark of tf.math's special
functions against SciPy (its docstring says what it measures). Arguments pass through."""
import sys

from varrt.benchmarks.special_functions import main

if __name__ == "__main__":
    sys.exit(main())
