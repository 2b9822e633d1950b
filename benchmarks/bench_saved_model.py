"""Runs varrt.benchmarks.saved_model_read, the installed package's benchmark (its docstring says
what it measures). Arguments pass through."""
import sys

from varrt.benchmarks.saved_model_read import main

if __name__ == "__main__":
    sys.exit(main())
