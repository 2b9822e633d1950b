"""Runs varrt.benchmarks.einsum, the installed package's einsum and matmul benchmark (its
docstring says what it measures). Arguments pass through."""
import sys

from varrt.benchmarks.einsum import main

if __name__ == "__main__":
    sys.exit(main())
