"""Runs varrt.benchmarks.keras_fit, the installed package's benchmark (its docstring says what it
measures; `varrt bench` runs it with the rest of the suite). Arguments pass through."""
import sys

from varrt.benchmarks.keras_fit import main

if __name__ == "__main__":
    sys.exit(main())
