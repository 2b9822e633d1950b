// Fuzz target: tf.train.Example's and SequenceExample's codec and the ParseExampleV2 parser (io/example_proto,
// io/example_parser), which read serialized Examples straight from TFRecord files. Besides "no
// crash, no sanitizer report": the parser fails only with InvalidArgument, and whatever the codec
// accepts encodes to bytes it decodes to the same features.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/io/example_parser.h"
#include "varrt/io/example_proto.h"

namespace ex = varrt::example;

namespace {

void require(bool ok) {
  if (!ok) std::abort();  // a property failed: libFuzzer saves the input as a crash
}

bool same(const ex::FeatureMap& a, const ex::FeatureMap& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const ex::Feature& x = a[i].second;
    const ex::Feature& y = b[i].second;
    if (a[i].first != b[i].first || x.kind != y.kind || x.bytes != y.bytes || x.ints != y.ints) return false;
    if (x.floats.size() != y.floats.size()) return false;
    for (size_t j = 0; j < x.floats.size(); ++j) {  // NaN payloads compare by bits
      if (std::string_view(reinterpret_cast<const char*>(&x.floats[j]), 4) !=
          std::string_view(reinterpret_cast<const char*>(&y.floats[j]), 4)) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  ex::FeatureMap features;
  if (ex::decode_example(bytes, &features)) {
    ex::FeatureMap again;
    require(ex::decode_example(ex::encode_example(features), &again));
    require(same(features, again));
  }
  ex::FeatureMap context;
  ex::FeatureListMap lists;
  bool has_context = false, has_lists = false;
  if (ex::decode_sequence_example(bytes, &context, &has_context, &lists, &has_lists)) {
    const std::string once =
        ex::encode_sequence_example(has_context ? &context : nullptr, has_lists ? &lists : nullptr);
    ex::FeatureMap c2;
    ex::FeatureListMap l2;
    bool h1 = false, h2 = false;
    require(ex::decode_sequence_example(once, &c2, &h1, &l2, &h2));
    require(h1 == has_context && h2 == has_lists && same(context, c2) && l2.size() == lists.size());
  }
  const std::vector<ex::SparseSpec> sparse = {{"a", varrt::DType::kInt64}, {"b", varrt::DType::kString}};
  std::vector<ex::DenseSpec> dense(2);
  dense[0] = {"c", varrt::DType::kFloat32, {2}, false, varrt::Tensor()};
  dense[1] = {"d", varrt::DType::kInt64, {}, true, varrt::Tensor()};
  for (bool single : {true, false}) {
    try {
      ex::parse_examples({bytes}, single, sparse, dense);
    } catch (const varrt::Error& e) {
      require(e.code() == varrt::Code::kInvalidArgument);
    }
  }
  return 0;
}
