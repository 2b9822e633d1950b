// _C.TapeRecorder: a gradient tape's recording, an observe hook kept in C++ so that an op run
// under a tape costs a few set lookups and a copy of its tensor handles, not a Python call.
// python/varrt/autodiff/tape.py wraps it; the semantics (what is kept) are documented there.
//
//   r = _C.TapeRecorder(watch_accessed_variables)
//   r.install() / r.uninstall()        push / pop the hook on this thread (LIFO with other hooks)
//   r.recording                        read/write: False pauses recording (the hook stays)
//   r.watch_tensor(t), r.watch_variable(v)
//   r.record(op, inputs, outputs, backward)   a custom-gradient op (inputs: Tensors or Variables)
//   r.variables()                      the watched Variables, in watch order
//   r.entries(source_keys)             ([Entry...] downstream of the sources, in program order, reached keys)
// Keys: a tensor's id; a variable's resource id, negated.
#include <pybind11/pybind11.h>

#include <cstring>
#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "bindings.h"
#include "interop/handle.h"
#include "interop/tensor_object.h"
#include "varrt/ops/dispatch.h"
#include "varrt/resource/resource_mgr.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// The ops reading a variable: differentiable with respect to it (updates are not). Exported as
// _C.TAPE_READ_OPS, the one list.
constexpr const char* kReadOps[] = {"ReadVariableOp", "ResourceGather", "ResourceGatherNd"};

bool is_read(const char* op) {
  for (const char* name : kReadOps) {
    if (std::strcmp(op, name) == 0) return true;
  }
  return false;
}

// The dtypes a gradient flows through (TensorFlow's backprop_util.IsTrainable).
bool trainable_dtype(DType d) {
  switch (d) {
    case DType::kFloat16:
    case DType::kBFloat16:
    case DType::kFloat32:
    case DType::kFloat64:
    case DType::kComplex64:
    case DType::kComplex128:
      return true;
    default:
      return false;
  }
}

struct Attr {
  std::string name;
  OpAttr value;
  std::vector<int64_t> ints;
};

struct Record {
  std::string op;
  std::vector<PyTensor> inputs;
  std::vector<PyTensor> outputs;
  std::vector<Attr> attrs;
  uintptr_t resource = 0;      // a read's variable (its resource id), else 0
  py::object inputs_override;  // a custom-gradient op: its inputs as given (tensors and variables)
  std::vector<int64_t> input_keys;
  py::object backward;  // a custom-gradient op's backward function
};

py::object& entry_type() {
  static auto* type = new py::object();  // python/varrt/autodiff/tape.py's Entry, set once
  return *type;
}

int64_t variable_key(uintptr_t rid) { return -static_cast<int64_t>(rid); }

py::object wrapped(const PyTensor& t) {
  PyObject* o = wrap_tensor(t);
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

class TapeRecorder : public DispatchHook {
 public:
  explicit TapeRecorder(bool watch_accessed) : DispatchHook(Mode::kObserve), watch_accessed_(watch_accessed) {}
  ~TapeRecorder() override {
    // Normally uninstalled first (the Python tape keeps an installed recorder alive); a recorder
    // collected while installed, e.g. at its thread's exit, must still leave no dangling hook.
    if (installed_) Dispatch::remove_hook(this);
  }

  void install() {
    if (installed_) throw py::value_error("the recorder is already installed");
    Dispatch::push_hook(this);
    installed_ = true;
    recording = true;
  }
  void uninstall() {
    recording = false;
    if (!installed_) return;
    Dispatch::pop_hook(this);
    installed_ = false;
  }
  bool installed() const { return installed_; }

  void watch_tensor(py::handle t) {
    if (!is_tensor_object(t.ptr())) throw py::type_error("watch_tensor takes a varrt Tensor");
    tensors_.insert(tensor_of(t.ptr()).tensor.id());
  }

  void watch_variable(py::handle v) {
    uintptr_t rid = reinterpret_cast<uintptr_t>(handle_of(v).handle().var());
    watch_resource(rid, v);
  }

  py::list variables() const {
    py::list out;
    for (const auto& v : variables_) out.append(v.second);
    return out;
  }

  void on_op(OpCall& call) override {
    if (!recording) return;
    Record r;
    if (call.resource != nullptr) {
      if (!is_read(call.op) || call.resource->var() == nullptr) return;
      uintptr_t rid = reinterpret_cast<uintptr_t>(call.resource->var());
      if (resources_.count(rid) == 0) {
        if (!watch_accessed_) return;
        py::gil_scoped_acquire gil;
        PyObject* v = front_of(call.resource->var());
        if (v == nullptr || !PyObject_IsTrue(py::handle(v).attr("_trainable").ptr())) return;
        watch_resource(rid, v);
      }
      r.resource = rid;
      r.input_keys.push_back(variable_key(rid));
    } else {
      bool connected = false;
      for (int i = 0; i < call.num_inputs && !connected; ++i) connected = tensors_.count(call.inputs[i].id()) != 0;
      if (!connected) return;
    }
    r.op = call.op;
    r.inputs.reserve(call.num_inputs);
    for (int i = 0; i < call.num_inputs; ++i) {
      r.inputs.push_back(PyTensor{call.inputs[i], call.device});
      r.input_keys.push_back(static_cast<int64_t>(call.inputs[i].id()));
    }
    r.outputs.reserve(call.num_outputs);
    for (int i = 0; i < call.num_outputs; ++i) {
      r.outputs.push_back(PyTensor{call.outputs[i], call.device});
      if (trainable_dtype(call.outputs[i].dtype())) tensors_.insert(call.outputs[i].id());
    }
    r.attrs.reserve(call.num_attrs);
    for (int i = 0; i < call.num_attrs; ++i) {
      const OpAttr& a = call.attrs[i];
      Attr copy{a.name, a, {}};
      if (a.ints != nullptr) copy.ints.assign(a.ints, a.ints + a.num_ints);
      r.attrs.push_back(std::move(copy));
    }
    records_.push_back(std::move(r));
  }

  // A custom-gradient op: kept when one of `inputs` is tracked.
  void record(const std::string& op, const py::list& inputs, const py::list& outputs, py::object backward) {
    if (!recording) return;
    Record r;
    bool connected = false;
    for (py::handle x : inputs) {
      int64_t key;
      if (is_tensor_object(x.ptr())) {
        key = static_cast<int64_t>(tensor_of(x.ptr()).tensor.id());
        connected = connected || tensors_.count(tensor_of(x.ptr()).tensor.id()) != 0;
      } else {
        uintptr_t rid = reinterpret_cast<uintptr_t>(handle_of(x).handle().var());
        if (resources_.count(rid) == 0 && watch_accessed_ && PyObject_IsTrue(x.attr("_trainable").ptr())) {
          watch_resource(rid, x);
        }
        key = variable_key(rid);
        connected = connected || resources_.count(rid) != 0;
      }
      r.input_keys.push_back(key);
    }
    if (!connected) return;
    r.op = op;
    r.inputs_override = py::tuple(inputs);
    for (py::handle t : outputs) {
      const PyTensor& pt = tensor_of(t.ptr());
      r.outputs.push_back(pt);
      if (trainable_dtype(pt.tensor.dtype())) tensors_.insert(pt.tensor.id());
    }
    r.backward = std::move(backward);
    records_.push_back(std::move(r));
  }

  // The kept ops downstream of `source_keys`, as Entry objects in program order, and every
  // key they reach (the sources included).
  py::tuple entries(const py::iterable& source_keys) {
    std::unordered_set<int64_t> reached;
    for (py::handle k : source_keys) reached.insert(k.cast<int64_t>());
    py::list out;
    for (Record& r : records_) {
      bool downstream = false;
      for (int64_t k : r.input_keys) {
        if (reached.count(k) != 0) {
          downstream = true;
          break;
        }
      }
      if (!downstream) continue;
      for (const PyTensor& t : r.outputs) reached.insert(static_cast<int64_t>(t.tensor.id()));
      out.append(entry_of(r));
    }
    py::set keys;
    for (int64_t k : reached) keys.add(py::int_(k));
    return py::make_tuple(out, keys);
  }

  bool recording = false;

 private:
  void watch_resource(uintptr_t rid, py::handle v) {
    if (resources_.insert(rid).second) variables_.emplace_back(rid, py::reinterpret_borrow<py::object>(v));
  }

  py::object variable_of(uintptr_t rid) const {
    for (const auto& v : variables_) {
      if (v.first == rid) return v.second;
    }
    return py::none();
  }

  py::object entry_of(const Record& r) const {
    py::tuple inputs;
    if (r.inputs_override) {
      inputs = r.inputs_override;
    } else {
      size_t extra = r.resource != 0 ? 1 : 0;
      inputs = py::tuple(r.inputs.size() + extra);
      if (extra) inputs[0] = variable_of(r.resource);
      for (size_t i = 0; i < r.inputs.size(); ++i) inputs[i + extra] = wrapped(r.inputs[i]);
    }
    py::tuple outputs(r.outputs.size());
    py::tuple output_keys(r.outputs.size());
    for (size_t i = 0; i < r.outputs.size(); ++i) {
      outputs[i] = wrapped(r.outputs[i]);
      output_keys[i] = py::int_(static_cast<int64_t>(r.outputs[i].tensor.id()));
    }
    py::dict attrs;
    for (const Attr& a : r.attrs) {
      if (!a.ints.empty() || a.value.ints != nullptr) {
        py::tuple ints(a.ints.size());
        for (size_t j = 0; j < a.ints.size(); ++j) ints[j] = py::int_(a.ints[j]);
        attrs[a.name.c_str()] = ints;
      } else if (a.value.is_real) {
        attrs[a.name.c_str()] = py::float_(a.value.real);
      } else {
        attrs[a.name.c_str()] = py::int_(a.value.value);
      }
    }
    py::tuple input_keys(r.input_keys.size());
    for (size_t i = 0; i < r.input_keys.size(); ++i) input_keys[i] = py::int_(r.input_keys[i]);
    py::object resource = r.resource != 0 ? py::object(py::int_(r.resource)) : py::object(py::none());
    return entry_type()(r.op, inputs, outputs, attrs, resource, input_keys, output_keys,
                        r.backward ? r.backward : py::none());
  }

  bool watch_accessed_;
  bool installed_ = false;
  std::unordered_set<uint64_t> tensors_;    // ids of tensors that depend on a watched value
  std::unordered_set<uintptr_t> resources_;  // watched variables' resource ids
  std::vector<std::pair<uintptr_t, py::object>> variables_;  // in watch order
  std::vector<Record> records_;
};

}  // namespace

void bind_tape_recorder(py::module_& m) {
  py::class_<TapeRecorder>(m, "TapeRecorder", "A gradient tape's recording (internal; see eager/tape.py).")
      .def(py::init<bool>(), py::arg("watch_accessed_variables"))
      .def("install", &TapeRecorder::install)
      .def("uninstall", &TapeRecorder::uninstall)
      .def_property_readonly("installed", &TapeRecorder::installed)
      .def_readwrite("recording", &TapeRecorder::recording)
      .def("watch_tensor", &TapeRecorder::watch_tensor)
      .def("watch_variable", &TapeRecorder::watch_variable)
      .def("variables", &TapeRecorder::variables)
      .def("record", &TapeRecorder::record)
      .def("entries", &TapeRecorder::entries);
  py::list reads;
  for (const char* name : kReadOps) reads.append(name);
  m.attr("TAPE_READ_OPS") = py::frozenset(reads);
  m.def("_set_tape_entry_type", [](py::object type) { entry_type() = std::move(type); });
}

}  // namespace bind
}  // namespace varrt
