"""Runs varrt.benchmarks.graph_training, the installed package's benchmark (its docstring says what it
measures; `varrt bench` runs it with the rest of the suite). Arguments pass through."""
import sys

from varrt.benchmarks.graph_training import main

if __name__ == "__main__":
    sys.exit(main())
