"""`tf.config.optimizer`'s settings: TensorFlow's graph optimizer (Grappler) options and XLA's
auto-clustering switch. varrt has neither (a traced graph runs as recorded; `jit_compile` is
ignored), so the settings are kept and reported back as TensorFlow reports them, and change
nothing."""

# TensorFlow's RewriterConfig fields, in the order its get_optimizer_experimental_options lists
# them: on/off toggles (listed once set), and the two booleans (always listed).
_ORDER = ("layout_optimizer", "constant_folding", "shape_optimization", "remapping", "arithmetic_optimization",
          "dependency_optimization", "loop_optimization", "function_optimization", "debug_stripper",
          "disable_model_pruning", "scoped_allocator_optimization", "pin_to_host_optimization",
          "implementation_selector", "auto_mixed_precision", "use_plugin_optimizers", "disable_meta_optimizer",
          "auto_mixed_precision_onednn_bfloat16", "auto_mixed_precision_mkl")
_BOOLEANS = ("disable_model_pruning", "disable_meta_optimizer")

_options = {}
_jit = [False]


def get_jit():
    """'autoclustering' after `set_jit(True)`, else '' (varrt compiles nothing either way)."""
    return "autoclustering" if _jit[0] else ""


def set_jit(enabled):
    """Records XLA's auto-clustering switch (True or 'autoclustering' turn it on), as TensorFlow
    does; varrt has no XLA, so graphs run as before."""
    _jit[0] = enabled is True or enabled == "autoclustering"


def get_experimental_options():
    """The graph optimizer options set so far, as TensorFlow lists them (the two booleans always)."""
    options = {}
    for name in _ORDER:
        if name in _BOOLEANS:
            options[name] = bool(_options.get(name, False))
        elif name in _options:
            options[name] = bool(_options[name])
    if _options.get("min_graph_nodes"):
        options["min_graph_nodes"] = int(_options["min_graph_nodes"])
    return options


def set_experimental_options(options):
    """Records graph optimizer options (a dict; names TensorFlow does not know are dropped, as it
    drops them). varrt has no graph optimizer: nothing else changes."""
    _options.update(options)
