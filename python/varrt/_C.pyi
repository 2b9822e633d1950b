# The core extension (csrc/bindings), as type checkers see it: the two classes the public types
# derive from, and everything else untyped. Their C members are typed where the Python classes
# name them (framework/tensor.py, framework/variables.py: `if TYPE_CHECKING:` blocks).
from typing import Any

class TensorBase:
    def __getattr__(self, name: str) -> Any: ...

class VarHandle:
    def __getattr__(self, name: str) -> Any: ...

def __getattr__(name: str) -> Any: ...
