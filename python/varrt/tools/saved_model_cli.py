"""`varrt saved_model show DIR`: what TensorFlow's `saved_model_cli show --dir DIR --all` prints
(saved_model_cli.py's _show_all): each MetaGraphDef's tag-set, its SignatureDefs with their
inputs' and outputs' dtype, shape and tensor name and method name, the ops it uses, and the
concrete functions of the root object with their input signatures — read from saved_model.pb
alone, without loading the model (TensorFlow loads it to list the functions; their signatures
are recorded in the object graph). `--tag_set T [--signature_def KEY] [--list_ops]` print what
saved_model_cli prints for those flags."""
from varrt.saved_model.data_type_names import data_type_name
from varrt.saved_model.function_load_order import load_order
from varrt.saved_model.ops_used import ops_used_by_graph_def
from varrt.saved_model.saved_model_file import read_saved_model
from varrt.saved_model import structured_value
from varrt.framework.tensor_spec import TensorSpec


def add_arguments(parser):
    commands = parser.add_subparsers(dest="saved_model_command", metavar="COMMAND", required=True)
    show = commands.add_parser("show", help="everything a SavedModel holds, as saved_model_cli show --all prints it",
                               description="Print a SavedModel's tag-sets, SignatureDefs, ops and concrete functions "
                                           "(saved_model_cli show --all).")
    show.add_argument("dir", nargs="?", help="the SavedModel directory")
    show.add_argument("--dir", dest="dir_option", default=None, help="the SavedModel directory (saved_model_cli's flag)")
    show.add_argument("--all", action="store_true", help="show everything (the default without --tag_set)")
    show.add_argument("--tag_set", default=None,
                      help="the MetaGraphDef's tags, comma-separated: list its SignatureDef keys")
    show.add_argument("--signature_def", default=None, help="with --tag_set: show this SignatureDef's inputs and outputs")
    show.add_argument("--list_ops", action="store_true", help="with --tag_set: list the ops the MetaGraphDef uses")


def run(args):
    export_dir = args.dir_option or args.dir
    if export_dir is None:
        raise SystemExit("varrt saved_model show: the SavedModel directory is required (DIR or --dir DIR)")
    # saved_model_cli prints only the tag-sets without flags; the varrt command prints everything
    # unless a tag-set is named.
    if args.all or args.tag_set is None:
        show_all(export_dir)
        return 0
    meta_graph_def = get_meta_graph_def(export_dir, ",".join(_sanitize_nonempty_str_list(args.tag_set.split(","),
                                                                                          "tag_set")))
    if args.list_ops:
        _show_ops(meta_graph_def)
    if args.signature_def is None:
        print("The given SavedModel MetaGraphDef contains SignatureDefs with the following keys:")
        for key in sorted(meta_graph_def.signature_def.keys()):
            print('SignatureDef key: "%s"' % key)
    else:
        if args.signature_def not in meta_graph_def.signature_def:
            raise ValueError(f'Could not find signature "{args.signature_def}". Please choose from: '
                             f'{", ".join(meta_graph_def.signature_def.keys())}')
        _show_inputs_outputs(meta_graph_def.signature_def[args.signature_def], indent=0)
    return 0


def _sanitize_nonempty_str_list(xs, name):
    out = [str(x).strip() for x in xs if x is not None and str(x).strip()]
    if not out:
        raise ValueError(f"{name} must contain at least one non-empty item.")
    return out


def get_meta_graph_def(export_dir, tag_set):
    """The MetaGraphDef whose tags are exactly `tag_set` (comma-separated); TensorFlow's
    RuntimeError listing the tag-sets there are when none matches."""
    wanted = {tag for tag in tag_set.split(",") if tag}
    valid_tags = []
    for meta_graph_def in read_saved_model(export_dir).meta_graphs:
        tags = set(meta_graph_def.meta_info_def.tags)
        if tags == wanted:
            return meta_graph_def
        valid_tags.append(",".join(tags))
    raise RuntimeError(f"MetaGraphDef associated with tag-set {tag_set} could not be found in the SavedModel. "
                       f"Please use one of the following tag-sets: {valid_tags}")


def _show_ops(meta_graph_def):
    print("The MetaGraph with tag set %s contains the following ops:" % list(meta_graph_def.meta_info_def.tags),
          set(ops_used_by_graph_def(meta_graph_def.graph_def)))


def show_all(export_dir):
    saved_model = read_saved_model(export_dir)
    meta_graphs = list(saved_model.meta_graphs)
    for meta_graph_def in sorted(meta_graphs, key=lambda m: list(m.meta_info_def.tags)):
        tags = list(meta_graph_def.meta_info_def.tags)
        print("\nMetaGraphDef with tag-set: '%s' contains the following SignatureDefs:" % ", ".join(tags))
        signature_def_map = meta_graph_def.signature_def
        for key in sorted(signature_def_map.keys()):
            print("\nsignature_def['" + key + "']:")
            _show_inputs_outputs(signature_def_map[key], indent=1)
        _show_ops(meta_graph_def)
    _show_defined_functions(meta_graphs)


def _show_inputs_outputs(signature_def, indent):
    indent_str = "  " * indent
    print(indent_str + "The given SavedModel SignatureDef contains the following input(s):")
    for key, info in sorted(signature_def.inputs.items()):
        print(indent_str + "  inputs['%s'] tensor_info:" % key)
        _print_tensor_info(info, indent + 1)
    print(indent_str + "The given SavedModel SignatureDef contains the following output(s):")
    for key, info in sorted(signature_def.outputs.items()):
        print(indent_str + "  outputs['%s'] tensor_info:" % key)
        _print_tensor_info(info, indent + 1)
    print(indent_str + "Method name is: %s" % signature_def.method_name)


def _print_tensor_info(tensor_info, indent):
    indent_str = "  " * indent
    print(indent_str + "    dtype: " + data_type_name(tensor_info.dtype))
    if tensor_info.tensor_shape.unknown_rank:
        shape = "unknown_rank"
    else:
        shape = "(" + ", ".join(str(d.size) for d in tensor_info.tensor_shape.dim) + ")"
    print(indent_str + "    shape: " + shape)
    print(indent_str + "    name: " + tensor_info.name)


def _root_functions(object_graph, order):
    """(name, [concrete function names]) of the root's children that are functions, by name; a
    function's concrete functions in the order TensorFlow's loader names them (`order`)."""
    nodes = object_graph.nodes
    if not len(nodes):
        return []
    position = {name: i for i, name in enumerate(order)}
    out = []
    for child in sorted(nodes[0].children, key=lambda c: c.local_name):
        node = nodes[child.node_id]
        kind = node.WhichOneof("kind")
        if kind == "function":
            out.append((child.local_name, sorted(node.function.concrete_functions,
                                                 key=lambda name: (position.get(name, len(position)), name))))
        elif kind == "bare_concrete_function":
            out.append((child.local_name, [node.bare_concrete_function.concrete_function_name]))
    return out


def _show_defined_functions(meta_graphs):
    if not any(m.HasField("object_graph_def") for m in meta_graphs):
        return
    print("\nConcrete Functions:", end="")
    object_graph = meta_graphs[0].object_graph_def  # what tf.saved_model.load reads
    try:
        listing = []
        order = load_order(meta_graphs[0].graph_def.library)
        for name, function_names in _root_functions(object_graph, order):
            signatures = []
            for function_name in function_names:
                saved = object_graph.concrete_functions[function_name]
                signature = structured_value.decode(saved.canonicalized_input_signature)
                if signature:
                    signatures.append(signature)
                else:  # a bare concrete function without a structured signature: its argument names
                    bare = [n for n in object_graph.nodes if n.WhichOneof("kind") == "bare_concrete_function"
                            and n.bare_concrete_function.concrete_function_name == function_name]
                    keywords = list(bare[0].bare_concrete_function.argument_keywords) if bare else []
                    signatures.append((keywords, None))
            listing.append((name, signatures))
    except (NotImplementedError, ValueError) as e:
        print(f" N/A (could not be listed: {e})")
        return
    for name, signatures in listing:
        print("\n  Function Name: '%s'" % name)
        for index, (args, kwargs) in enumerate(signatures, 1):
            if args:
                print("    Option #%d" % index)
                print("      Callable with:")
                _print_args(args, indent=4)
            if kwargs:
                _print_args(kwargs, "Named Argument", indent=4)


def _print_args(arguments, argument_type="Argument", indent=0):
    indent_str = "  " * indent

    def maybe_add_quotes(value):
        quotes = "'" * isinstance(value, str)
        return quotes + str(value) + quotes

    def in_print(s, end="\n"):
        print(indent_str + s, end=end)

    for index, element in enumerate(arguments, 1):
        if indent == 4:
            in_print("%s #%d" % (argument_type, index))
        if isinstance(element, str):
            in_print("  %s" % element)
        elif isinstance(element, TensorSpec):
            print((indent + 1) * "  " + "%s: %s" % (element.name, repr(element)))
        elif isinstance(element, (list, tuple)):
            in_print("  DType: %s" % type(element).__name__)
            in_print("  Value: [", end="")
            for value in element:
                print("%s" % maybe_add_quotes(value), end=", ")
            print("\b\b]")
        elif isinstance(element, dict):
            in_print("  DType: %s" % type(element).__name__)
            in_print("  Value: {", end="")
            for key, value in element.items():
                print("'%s': %s" % (str(key), maybe_add_quotes(value)), end=", ")
            print("\b\b}")
        else:
            in_print("  DType: %s" % type(element).__name__)
            in_print("  Value: %s" % str(element))
