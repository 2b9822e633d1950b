// Fuzz target: the SavedModel codec (io/saved_model.h over io/proto_message.h), which reads
// saved_model.pb before anything of a model is loaded. Besides "no crash, no sanitizer report, no
// huge allocation", it checks that whatever decode() accepts encodes to bytes that decode and
// encode again to the same bytes (a loader never acts on a message the encoder could not write).
// The first input byte picks the message, so nested messages (a FunctionDef, a StructuredValue)
// are reached directly too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "varrt/core/error.h"
#include "varrt/io/saved_model.h"

namespace sm = varrt::saved_model;

namespace {

void require(bool ok) {
  if (!ok) std::abort();  // a property failed: libFuzzer saves the input as a crash
}

const char* const kRoots[] = {"tensorflow.SavedModel", "tensorflow.FingerprintDef", "tensorflow.FunctionDef",
                              "tensorflow.StructuredValue", "tensorflow.SavedObjectGraph", "tensorflow.GraphDef"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  // Seeds are whole saved_model.pb files: a leading byte of 0..5 picks another message, anything
  // else (a real file starts with 0x08, its schema version) reads the whole input as a SavedModel.
  const size_t pick = data[0] < 6 ? data[0] : 0;
  const size_t skip = data[0] < 6 ? 1 : 0;
  const std::string_view bytes(reinterpret_cast<const char*>(data) + skip, size - skip);
  varrt::proto::Message m;
  try {
    m = sm::decode(kRoots[pick], bytes, "fuzz input");
  } catch (const varrt::Error& e) {
    require(e.code() == varrt::Code::kDataLoss);  // damage is DataLoss, nothing else
    return 0;
  }
  const std::string once = sm::encode(m);
  const std::string twice = sm::encode(sm::decode(kRoots[pick], once, "re-encoded"));  // must not throw
  require(once == twice);
  return 0;
}
