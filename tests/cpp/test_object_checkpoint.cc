// Object-based checkpoints through the public C++ API (write_object_checkpoint,
// read_object_checkpoint): the object graph TensorFlow writes for the same variables, reading
// a checkpoint TensorFlow wrote, all-or-nothing restores, names TensorFlow escapes.
#include <stdlib.h>

#include <filesystem>
#include <string>

#include "check.h"
#include "varrt/io/object_graph.h"
#include "varrt/varrt.h"

using namespace varrt;

namespace {

struct TempDir {
  std::string path;
  TempDir() {
    char pattern[] = "/tmp/varrt_cpp_objckpt_XXXXXX";
    path = mkdtemp(pattern);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

std::string temp_dir() {
  static TempDir dir;
  return dir.path;
}

std::string from_hex(const std::string& hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

std::string stored_graph(const std::string& prefix) {
  return *load_checkpoint_tensor(prefix, object_graph::kObjectGraphKey).data_as<std::string>();
}

Variable named(const Tensor& value, const std::string& name) {
  VariableOptions options;
  options.name = name;
  return Variable::create(value, options);
}

template <class Fn>
Code code_of(Fn&& fn) {
  try {
    fn();
  } catch (const Error& e) {
    return e.code();
  }
  return Code::kOk;
}

}  // namespace

TEST(writes_the_object_graph_tensorflow_writes) {
  // TensorFlow 2.21: va = tf.Variable([1, 2]); tf.train.Checkpoint(b=tf.Variable(1.0, name="bias"), a=va, c=va)
  //   .write(prefix) stores a and b, and this graph (c is a second reference to a's node).
  const std::string tensorflow_graph = from_hex(
      "0a190a0508011201610a0508021201620a0508011201632a0208010a3e12380a0e5641524941424c455f56414c5545120856617269"
      "61626c651a1c612f2e415454524942555445532f5641524941424c455f56414c55452a0208010a3a12340a0e5641524941424c45"
      "5f56414c55451204626961731a1c622f2e415454524942555445532f5641524941424c455f56414c55452a020801");
  const std::string prefix = temp_dir() + "/like_tf";
  Variable a = Variable::create(make_tensor({1, 2}));
  write_object_checkpoint(prefix, {{"b", named(make_scalar(1.0f), "bias")}, {"a", a}, {"c", a}});
  CHECK((checkpoint_keys(prefix) == std::vector<std::string>{"_CHECKPOINTABLE_OBJECT_GRAPH",
                                                             "a/.ATTRIBUTES/VARIABLE_VALUE",
                                                             "b/.ATTRIBUTES/VARIABLE_VALUE"}));
  CHECK(stored_graph(prefix) == tensorflow_graph);
  CHECK(to_string(load_checkpoint_tensor(prefix, "a/.ATTRIBUTES/VARIABLE_VALUE")) == "[1 2]");
}

TEST(round_trip_through_the_graph) {
  const std::string prefix = temp_dir() + "/round_trip";
  Variable w = Variable::create(make_tensor<float>({1, 2, 3, 4}, Shape{2, 2}));
  Variable step = Variable::create(make_scalar<int64_t>(7));
  write_object_checkpoint(prefix, {{"model.w/0", w}, {"step", step}});
  // '.' and '/' in names are escaped as TensorFlow escapes them.
  CHECK(load_checkpoint_tensor(prefix, "model..w.S0/.ATTRIBUTES/VARIABLE_VALUE").num_elements() == 4);
  w.assign_add(make_filled(Shape{2, 2}, 10.0f));
  step.assign(make_scalar<int64_t>(100));
  read_object_checkpoint(prefix, {{"model.w/0", w}, {"step", step}});
  CHECK(to_string(w.read()) == "[[1 2]\n [3 4]]");
  CHECK(typed_data<int64_t>(step.read())[0] == 7);
  // An empty checkpoint still has its root.
  write_object_checkpoint(prefix, {});
  object_graph::TrackableObjectGraph g = object_graph::decode(stored_graph(prefix));
  CHECK(g.nodes.size() == 1 && g.nodes[0].has_checkpoint_values == std::optional<bool>(false));
}

TEST(reads_a_checkpoint_tensorflow_wrote) {
  auto repo = std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();
  const std::string prefix =
      (repo / "tests" / "fixtures" / "tf_checkpoints" / "tf2_checkpoint" / "ckpt").string();
  if (!std::filesystem::exists(prefix + ".index")) {
    throw check::Failure("missing TensorFlow fixture " + prefix + ".index (tests/tools/record_tf.py writes it)");
  }
  Variable step = Variable::create(make_scalar<int32_t>(0));
  Variable b = Variable::create(make_tensor<int64_t>({0, 0, 0}));
  read_object_checkpoint(prefix, {{"step", step}, {"b", b}});
  CHECK(typed_data<int32_t>(step.read())[0] == 5);
  CHECK(to_string(b.read()) == "[1 -2 3]");
  // "model" is an object, not a variable.
  CHECK(code_of([&] { read_object_checkpoint(prefix, {{"model", step}}); }) == Code::kNotFound);
}

TEST(restore_is_all_or_nothing) {
  const std::string prefix = temp_dir() + "/all_or_nothing";
  Variable a = Variable::create(make_tensor({1.0f}));
  write_object_checkpoint(prefix, {{"a", a}});
  a.assign(make_tensor({5.0f}));
  Variable other = Variable::create(make_tensor({9.0f}));
  CHECK(code_of([&] { read_object_checkpoint(prefix, {{"a", a}, {"missing", other}}); }) == Code::kNotFound);
  CHECK(typed_data<float>(a.read())[0] == 5.0f);
  Variable wrong = Variable::create(make_tensor({1, 2}));
  CHECK(code_of([&] { read_object_checkpoint(prefix, {{"a", wrong}}); }) == Code::kInvalidArgument);
  // A name-based checkpoint has no graph to follow.
  save_checkpoint(prefix, {{"a", a}});
  CHECK(code_of([&] { read_object_checkpoint(prefix, {{"a", a}}); }) == Code::kNotFound);
  CHECK(code_of([&] { read_object_checkpoint(temp_dir() + "/nothing_here", {{"a", a}}); }) == Code::kNotFound);
}

TEST_MAIN()
