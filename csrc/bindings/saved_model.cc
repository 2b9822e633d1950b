// SavedModel messages (varrt/io/saved_model.h) as plain Python values and back: a message is a
// dict of its set fields by name (proto3 scalars without presence only when not at their
// default, as protobuf's ListFields lists them), a repeated field a list, a map a dict, enums
// ints, strings str, bytes bytes, and a message's unknown fields bytes under "_unknown_fields".
// varrt.saved_model.proto wraps these dicts; the schema's tables are given to it as a dict.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <unordered_map>

#include "bindings.h"
#include "varrt/io/saved_model.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

using proto::FieldDef;
using proto::FieldValues;
using proto::Kind;
using proto::Message;
using proto::MessageDef;

constexpr char kUnknownFields[] = "_unknown_fields";

const proto::Schema& schema() { return proto::saved_model_schema(); }

const char* kind_name(Kind k) {
  static const char* const names[] = {"double", "float", "int64", "uint64", "int32", "fixed64", "fixed32", "bool",
                                      "string", "message", "bytes", "uint32", "enum", "sfixed32", "sfixed64",
                                      "sint32", "sint64"};
  return names[static_cast<int>(k)];
}

bool is_unsigned(Kind k) {
  return k == Kind::kUInt64 || k == Kind::kUInt32 || k == Kind::kFixed64 || k == Kind::kFixed32;
}

// protobuf's TypeError for a value of the wrong Python type.
[[noreturn]] void wrong_type(py::handle v, const char* expected) {
  throw py::type_error(std::string(py::str(py::repr(v))) + " has type " +
                       py::cast<std::string>(py::type::handle_of(v).attr("__name__")) + ", but expected one of: " + expected);
}

py::object scalar_to_py(Kind k, uint64_t v) {
  switch (k) {
    case Kind::kBool: return py::bool_(v != 0);
    case Kind::kFloat: {
      const auto bits = static_cast<uint32_t>(v);
      float f;
      std::memcpy(&f, &bits, sizeof f);
      return py::float_(static_cast<double>(f));
    }
    case Kind::kDouble: {
      double d;
      std::memcpy(&d, &v, sizeof d);
      return py::float_(d);
    }
    default:
      if (is_unsigned(k)) return py::int_(v);
      return py::int_(static_cast<int64_t>(v));
  }
}

py::object value_to_py(const FieldDef& fd, const FieldValues& values, size_t i);

// Each field's name as an interned Python str, made once: a large GraphDef names the same few
// fields hundreds of thousands of times. Never freed (the schema lives as long as the process);
// only touched with the GIL held.
PyObject* field_name(const FieldDef& fd) {
  static auto* names = new std::unordered_map<const FieldDef*, PyObject*>();
  auto it = names->find(&fd);
  if (it != names->end()) return it->second;
  PyObject* name = PyUnicode_InternFromString(fd.name);
  if (name == nullptr) throw py::error_already_set();
  names->emplace(&fd, name);
  return name;
}

void set_item(py::dict& d, const FieldDef& fd, py::object value) {
  if (PyDict_SetItem(d.ptr(), field_name(fd), value.ptr()) != 0) throw py::error_already_set();
}

py::dict message_to_py(const Message& m) {
  const MessageDef& def = schema().messages[m.type];
  py::dict out;
  for (const auto& [number, values] : m.fields) {
    const FieldDef& fd = *def.field(number);
    const bool is_message = fd.kind == Kind::kMessage;
    const bool is_string = fd.kind == Kind::kString || fd.kind == Kind::kBytes;
    const size_t n = is_message ? values.messages.size() : is_string ? values.strings.size() : values.scalars.size();
    if (is_message && schema().messages[fd.message].map_entry) {
      const MessageDef& entry = schema().messages[fd.message];
      py::dict map;
      for (const Message& e : values.messages) {
        auto key = e.fields.find(1);
        auto value = e.fields.find(2);
        FieldValues none;
        map[value_to_py(*entry.field(1u), key == e.fields.end() ? none : key->second, 0)] =
            value_to_py(*entry.field(2u), value == e.fields.end() ? none : value->second, 0);
      }
      set_item(out, fd, std::move(map));
    } else if (fd.repeated) {
      py::list items(n);
      for (size_t i = 0; i < n; ++i) PyList_SET_ITEM(items.ptr(), static_cast<Py_ssize_t>(i), value_to_py(fd, values, i).release().ptr());
      set_item(out, fd, std::move(items));
    } else if (n > 0) {
      const bool at_default = is_string ? values.strings.back().empty() : !is_message && values.scalars.back() == 0;
      if (fd.presence || !at_default) set_item(out, fd, value_to_py(fd, values, n - 1));
    }
  }
  if (!m.unknown.empty()) out[kUnknownFields] = py::bytes(m.unknown);
  return out;
}

// Element i of a field; a missing element (a map entry without its key or value) is the default.
py::object value_to_py(const FieldDef& fd, const FieldValues& values, size_t i) {
  switch (fd.kind) {
    case Kind::kMessage:
      return i < values.messages.size() ? py::object(message_to_py(values.messages[i])) : py::object(py::dict());
    case Kind::kString:
      return py::str(i < values.strings.size() ? values.strings[i] : std::string());
    case Kind::kBytes:
      return py::bytes(i < values.strings.size() ? values.strings[i] : std::string());
    default:
      return scalar_to_py(fd.kind, i < values.scalars.size() ? values.scalars[i] : 0);
  }
}

uint64_t scalar_from_py(const FieldDef& fd, py::handle v) {
  switch (fd.kind) {
    case Kind::kBool: return py::cast<bool>(v) ? 1 : 0;
    case Kind::kFloat: {
      const auto f = static_cast<float>(py::cast<double>(v));
      uint32_t bits;
      std::memcpy(&bits, &f, sizeof bits);
      return bits;
    }
    case Kind::kDouble: {
      const double d = py::cast<double>(v);
      uint64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      return bits;
    }
    default: break;
  }
  if (!py::isinstance<py::int_>(v)) wrong_type(v, "int");
  const bool wide = fd.kind == Kind::kInt64 || fd.kind == Kind::kUInt64 || fd.kind == Kind::kFixed64 ||
                    fd.kind == Kind::kSFixed64 || fd.kind == Kind::kSInt64;
  py::int_ i = py::reinterpret_borrow<py::int_>(v);
  const py::int_ lo = is_unsigned(fd.kind) ? py::int_(0) : py::int_(wide ? INT64_MIN : INT32_MIN);
  const py::int_ hi = is_unsigned(fd.kind) ? py::int_(wide ? UINT64_MAX : UINT32_MAX) : py::int_(wide ? INT64_MAX : INT32_MAX);
  if (i < lo || i > hi) throw py::value_error("Value out of range: " + std::string(py::str(v)));
  return is_unsigned(fd.kind) ? py::cast<uint64_t>(i) : static_cast<uint64_t>(py::cast<int64_t>(i));
}

Message message_from_py(int type, py::handle value, int depth);

void append_from_py(const FieldDef& fd, py::handle v, FieldValues* values, int depth) {
  switch (fd.kind) {
    case Kind::kMessage:
      values->messages.push_back(message_from_py(fd.message, v, depth + 1));
      break;
    case Kind::kString:
      if (!py::isinstance<py::str>(v)) wrong_type(v, "str");
      values->strings.push_back(py::cast<std::string>(v));
      break;
    case Kind::kBytes:
      if (!py::isinstance<py::bytes>(v)) wrong_type(v, "bytes");
      values->strings.push_back(py::cast<std::string>(v));
      break;
    default:
      values->scalars.push_back(scalar_from_py(fd, v));
  }
}

// `depth` bounds the recursion as decode() does: what could not be read back is not written.
Message message_from_py(int type, py::handle value, int depth) {
  const MessageDef& def = schema().messages[type];
  if (depth > proto::kDefaultMaxDepth) {
    throw py::value_error(std::string("a ") + def.name + " nested deeper than " + std::to_string(proto::kDefaultMaxDepth) +
                          " messages");
  }
  if (!py::isinstance<py::dict>(value)) throw py::type_error(std::string("a ") + def.name + " must be a dict of its fields");
  Message m;
  m.type = type;
  for (auto [key, v] : py::reinterpret_borrow<py::dict>(value)) {
    const std::string name = py::cast<std::string>(key);
    if (name == kUnknownFields) {
      m.unknown = py::cast<std::string>(v);
      continue;
    }
    const FieldDef* fd = def.field(std::string_view(name));
    if (fd == nullptr) throw py::value_error(std::string("Protocol message ") + def.name + " has no \"" + name + "\" field.");
    FieldValues& values = m.fields[fd->number];
    if (fd->kind == Kind::kMessage && schema().messages[fd->message].map_entry) {
      const MessageDef& entry = schema().messages[fd->message];
      for (auto [k, item] : py::reinterpret_borrow<py::dict>(v)) {
        Message e;
        e.type = fd->message;
        append_from_py(*entry.field(1u), k, &e.fields[1], depth + 1);
        append_from_py(*entry.field(2u), item, &e.fields[2], depth + 1);
        values.messages.push_back(std::move(e));
      }
    } else if (fd->repeated) {
      for (py::handle item : py::reinterpret_borrow<py::iterable>(v)) append_from_py(*fd, item, &values, depth);
    } else {
      append_from_py(*fd, v, &values, depth);
    }
  }
  return m;
}

// The cyclic garbage collector paused while a decoded message becomes dicts and lists: they hold
// no cycles, and a large GraphDef's hundreds of thousands of containers would otherwise trigger
// collections that rescan everything built so far (6-8x the conversion's time, measured).
class GcPause {
 public:
  GcPause() : was_enabled_(PyGC_Disable()) {}
  ~GcPause() {
    if (was_enabled_) PyGC_Enable();
  }
  GcPause(const GcPause&) = delete;
  GcPause& operator=(const GcPause&) = delete;

 private:
  int was_enabled_;
};

py::dict schema_to_py() {
  py::dict out;
  for (size_t t = 0; t < schema().n_messages; ++t) {
    const MessageDef& def = schema().messages[t];
    py::dict fields;
    for (size_t i = 0; i < def.n_fields; ++i) {
      const FieldDef& fd = def.fields[i];
      fields[fd.name] = py::make_tuple(fd.number, kind_name(fd.kind), fd.repeated, fd.presence,
                                       fd.oneof_name ? py::object(py::str(fd.oneof_name)) : py::object(py::none()),
                                       fd.message >= 0 ? py::object(py::str(schema().messages[fd.message].name)) : py::object(py::none()));
    }
    out[def.name] = py::make_tuple(def.map_entry, std::move(fields));
  }
  return out;
}

}  // namespace

void bind_saved_model(py::module_& m) {
  m.def("saved_model_decode", [](const std::string& message, py::bytes data, const std::string& what) {
    std::string_view bytes = data;
    Message decoded;
    {
      py::gil_scoped_release release;
      decoded = saved_model::decode(message, bytes, what);
    }
    GcPause pause;
    return message_to_py(decoded);
  }, py::arg("message"), py::arg("data"), py::arg("what"),
     "The message `message` (a full name, \"tensorflow.SavedModel\") that `data` holds, as a dict of its set fields.");
  m.def("saved_model_encode", [](const std::string& message, py::handle fields) {
    const Message m = message_from_py(saved_model::message_type(message), fields, 0);
    return py::bytes(saved_model::encode(m));
  }, py::arg("message"), py::arg("fields"), "The wire bytes of a message given as saved_model_decode returns it.");
  m.def("saved_model_schema", &schema_to_py,
        "Every SavedModel message: full name -> (map_entry, {field: (number, kind, repeated, presence, oneof, message)}).");
}

}  // namespace bind
}  // namespace varrt
