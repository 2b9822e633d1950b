"""Runs varrt.benchmarks.linalg, the installed package's benchmark of tf.linalg's decompositions
and solvers against numpy.linalg (its docstring says what it measures). Arguments pass through."""
import sys

from varrt.benchmarks.linalg import main

if __name__ == "__main__":
    sys.exit(main())
