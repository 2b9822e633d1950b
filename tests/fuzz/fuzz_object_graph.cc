// Fuzz target: the TrackableObjectGraph codec (io/object_graph), which reads the graph of
// every object-based checkpoint before a restore. Besides "no crash, no sanitizer report",
// it checks that whatever decode() accepts encodes to bytes that decode to the same graph
// (a restore never acts on a graph the encoder could not have written back).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "varrt/core/error.h"
#include "varrt/io/object_graph.h"

namespace og = varrt::object_graph;

namespace {

void require(bool ok) {
  if (!ok) std::abort();  // a property failed: libFuzzer saves the input as a crash
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  og::TrackableObjectGraph graph;
  try {
    graph = og::decode(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const varrt::Error& e) {
    require(e.code() == varrt::Code::kDataLoss);  // damage is DataLoss, nothing else
    return 0;
  }
  // Node references were checked by decode: every child and slot points into the graph.
  const auto n = static_cast<int64_t>(graph.nodes.size());
  for (const auto& node : graph.nodes) {
    for (const auto& child : node.children) require(child.node_id >= 0 && child.node_id < n);
  }
  const std::string once = og::encode(graph);
  const std::string twice = og::encode(og::decode(once));  // must not throw: decode accepts what encode writes
  require(once == twice);
  return 0;
}
