// The TrackableObjectGraph codec and checkpoint key names (varrt/io/object_graph.h) as plain
// Python data.
//
// A graph is a list of nodes, node 0 the root; a node is a 5-sequence
//   (children, attributes, slot_variables, registered_saver, has_checkpoint_values)
// with children [(node_id, local_name)], attributes [(name, full_name, checkpoint_key)],
// slot_variables [(original_variable_node_id, slot_name, slot_variable_node_id)],
// registered_saver None or (name, object_name), has_checkpoint_values None or a bool.
// varrt.train._object_graph gives these tuples field names; any sequences of that shape
// encode. Strings come out as str decoded with "surrogateescape" (keys are bytes on the
// wire, and checkpoint keys are decoded the same way) and go in as str or bytes, so bytes
// that are not UTF-8 survive a round trip.
#include <pybind11/pybind11.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bindings.h"
#include "varrt/io/object_graph.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

using namespace object_graph;

std::string text_in(py::handle o) {
  Py_ssize_t size = 0;
  if (PyUnicode_Check(o.ptr())) {
    if (const char* utf8 = PyUnicode_AsUTF8AndSize(o.ptr(), &size)) return std::string(utf8, static_cast<size_t>(size));
    PyErr_Clear();  // lone surrogates: the bytes "surrogateescape" decoding stood for
    py::bytes raw = py::reinterpret_steal<py::bytes>(PyUnicode_AsEncodedString(o.ptr(), "utf-8", "surrogateescape"));
    if (!raw) throw py::error_already_set();
    return std::string(raw);
  }
  if (PyBytes_Check(o.ptr())) return std::string(PyBytes_AS_STRING(o.ptr()), static_cast<size_t>(PyBytes_GET_SIZE(o.ptr())));
  throw py::type_error("object graph strings must be str or bytes, not " + std::string(Py_TYPE(o.ptr())->tp_name));
}

py::str text_out(const std::string& s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "surrogateescape");
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

int32_t int32_in(py::handle o) {
  long long v = PyLong_AsLongLong(o.ptr());
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (v < INT32_MIN || v > INT32_MAX) throw py::value_error("node id " + std::to_string(v) + " is not an int32");
  return static_cast<int32_t>(v);
}

// A fixed-size sequence (tuple, namedtuple, list) as a tuple of its items.
py::tuple items(py::handle o, size_t n, const char* what) {
  py::tuple t(py::reinterpret_borrow<py::object>(o));  // no copy for tuples and namedtuples
  if (t.size() != n) {
    throw py::value_error(std::string(what) + " must have " + std::to_string(n) + " fields, got " +
                          std::to_string(t.size()));
  }
  return t;
}

TrackableObject node_in(py::handle o) {
  py::tuple f = items(o, 5, "a TrackableObject");
  TrackableObject node;
  for (py::handle c : f[0]) {
    py::tuple t = items(c, 2, "an ObjectReference");
    node.children.push_back({int32_in(t[0]), text_in(t[1])});
  }
  for (py::handle a : f[1]) {
    py::tuple t = items(a, 3, "a SerializedTensor");
    node.attributes.push_back({text_in(t[0]), text_in(t[1]), text_in(t[2])});
  }
  for (py::handle s : f[2]) {
    py::tuple t = items(s, 3, "a SlotVariableReference");
    node.slot_variables.push_back({int32_in(t[0]), text_in(t[1]), int32_in(t[2])});
  }
  if (!f[3].is_none()) {
    py::tuple t = items(f[3], 2, "a RegisteredSaver");
    node.registered_saver = RegisteredSaver{text_in(t[0]), text_in(t[1])};
  }
  if (!f[4].is_none()) {
    int truth = PyObject_IsTrue(f[4].ptr());
    if (truth < 0) throw py::error_already_set();
    node.has_checkpoint_values = truth != 0;
  }
  return node;
}

// The tuple types decoded values are made as: plain tuples, or the namedtuple classes of
// varrt.train._object_graph (tuple subclasses without slots, so made like tuples: decoding a
// graph of 10,000 nodes through their Python constructors cost three times the decode).
struct OutTypes {
  PyTypeObject* node = &PyTuple_Type;
  PyTypeObject* reference = &PyTuple_Type;
  PyTypeObject* tensor = &PyTuple_Type;
  PyTypeObject* slot = &PyTuple_Type;
  PyTypeObject* saver = &PyTuple_Type;
};

PyTypeObject* tuple_type(py::handle cls) {
  if (!PyType_Check(cls.ptr()) || !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls.ptr()), &PyTuple_Type) ||
      reinterpret_cast<PyTypeObject*>(cls.ptr())->tp_itemsize != PyTuple_Type.tp_itemsize) {
    throw py::type_error("object_graph_decode: types must be tuple subclasses");
  }
  PyTypeObject* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  if (type->tp_basicsize != PyTuple_Type.tp_basicsize) throw py::type_error("object_graph_decode: tuple types without slots");
  return type;
}

template <class... Items>
py::object make(PyTypeObject* type, Items&&... items) {
  PyObject* t = type == &PyTuple_Type ? PyTuple_New(sizeof...(Items)) : type->tp_alloc(type, sizeof...(Items));
  if (t == nullptr) throw py::error_already_set();
  Py_ssize_t i = 0;
  ((PyTuple_SET_ITEM(t, i++, py::object(std::forward<Items>(items)).release().ptr())), ...);
  return py::reinterpret_steal<py::object>(t);
}

// A list of the items, or the shared empty tuple when there are none (most nodes of a large
// graph are variables: no children, no slots; 20,000 empty lists cost as much to free as the
// rest of a restore's bookkeeping).
template <class Vec, class Fn>
py::object sequence_out(const Vec& items, Fn&& item_out) {
  if (items.empty()) return py::tuple();
  py::list out(items.size());
  for (size_t i = 0; i < items.size(); ++i) out[i] = item_out(items[i]);
  return std::move(out);
}

// Attribute names repeat on every variable node ("VARIABLE_VALUE"): one string object for all.
py::object attribute_name_out(const std::string& name) {
  static py::str* variable_value = new py::str(kVariableValue);  // leaked: lives as long as the module
  return name == kVariableValue ? py::object(*variable_value) : py::object(text_out(name));
}

py::object node_out(const TrackableObject& node, const OutTypes& types) {
  py::object children = sequence_out(node.children, [&](const ObjectReference& c) {
    return make(types.reference, py::int_(c.node_id), text_out(c.local_name));
  });
  py::object attributes = sequence_out(node.attributes, [&](const SerializedTensor& a) {
    return make(types.tensor, attribute_name_out(a.name), text_out(a.full_name), text_out(a.checkpoint_key));
  });
  py::object slots = sequence_out(node.slot_variables, [&](const SlotVariableReference& s) {
    return make(types.slot, py::int_(s.original_variable_node_id), text_out(s.slot_name),
                py::int_(s.slot_variable_node_id));
  });
  py::object saver = py::none();
  if (node.registered_saver) {
    saver = make(types.saver, text_out(node.registered_saver->name), text_out(node.registered_saver->object_name));
  }
  py::object has_values = py::none();
  if (node.has_checkpoint_values) has_values = py::bool_(*node.has_checkpoint_values);
  return make(types.node, std::move(children), std::move(attributes), std::move(slots), std::move(saver),
              std::move(has_values));
}

}  // namespace

void bind_object_graph(py::module_& m) {
  m.def("object_graph_encode", [](const py::iterable& nodes) {
        TrackableObjectGraph graph;
        for (py::handle n : nodes) graph.nodes.push_back(node_in(n));
        return py::bytes(encode(graph));
      }, py::arg("nodes"), "TrackableObjectGraph bytes of the nodes (node 0 the root), as TensorFlow writes them.");
  m.def("object_graph_decode", [](py::buffer data, const py::object& types) {
        OutTypes out_types;
        if (!types.is_none()) {
          py::tuple t = items(types, 5, "types");
          out_types = {tuple_type(t[0]), tuple_type(t[1]), tuple_type(t[2]), tuple_type(t[3]), tuple_type(t[4])};
        }
        py::buffer_info info = data.request();
        TrackableObjectGraph graph = decode(std::string_view(static_cast<const char*>(info.ptr),
                                                             static_cast<size_t>(info.size * info.itemsize)));
        py::list out(graph.nodes.size());
        for (size_t i = 0; i < graph.nodes.size(); ++i) out[i] = node_out(graph.nodes[i], out_types);
        return out;
      }, py::arg("data"), py::arg("types") = py::none(),
      "The nodes of TrackableObjectGraph bytes; DataLossError when they are damaged. `types`: the tuple "
      "subclasses (node, reference, tensor, slot reference, saver) to make them as.");
  m.def("object_graph_variable_key", [](const py::iterable& path) {
        std::vector<std::string> names;
        for (py::handle name : path) names.push_back(text_in(name));
        return text_out(variable_key(names));
      }, py::arg("path"), "The checkpoint key of the variable at `path` (local names from the root).");
  m.def("object_graph_variable_keys", [](const py::iterable& paths) {
        py::list out;
        std::vector<std::string> names;
        for (py::handle path : paths) {
          names.clear();
          for (py::handle name : path) names.push_back(text_in(name));
          out.append(text_out(variable_key(names)));
        }
        return out;
      }, py::arg("paths"), "object_graph_variable_key of each path, in one call (a save has one per variable).");
  m.attr("object_graph_key") = py::str(kObjectGraphKey);
  m.attr("variable_value_key") = py::str(kVariableValue);
}

}  // namespace bind
}  // namespace varrt
