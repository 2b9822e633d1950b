// Fuzz target: the checkpoint reader (TensorFlow's tensor bundle: an SSTable index of
// BundleEntryProtos plus a data shard), as a hostile file would reach it.
//
// Input layout: a little-endian uint32 N, then N bytes of ".index" file, then the bytes of
// the data shard ".data-00000-of-00001" (tests/fuzz/run.sh builds seeds in this layout from
// real TensorFlow checkpoints). Every key is listed, checked, read, and restored into a
// variable of its dtype and shape. Errors must be the reader's documented ones (DataLoss,
// NotFound, Unimplemented, InvalidArgument, ResourceExhausted); anything else, a crash, a
// sanitizer report or an allocation beyond libFuzzer's limit is a finding.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "bundle_exercise.h"
#include "varrt/io/sstable.h"

namespace {
std::string g_prefix;
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  g_prefix = fuzz::scratch_prefix();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  uint32_t index_size = 0;
  if (size >= 4) std::memcpy(&index_size, data, 4);
  const char* bytes = reinterpret_cast<const char*>(data) + (size >= 4 ? 4 : 0);
  size_t rest = size >= 4 ? size - 4 : size;
  if (index_size > rest) index_size = static_cast<uint32_t>(rest);

  try {
    varrt::sstable::Table::parse(std::string(bytes, index_size), "fuzz.index");  // from memory, no files
  } catch (const varrt::Error& e) {
    fuzz::expected(e);
  }
  fuzz::write_file(varrt::bundle::meta_filename(g_prefix), bytes, index_size);
  fuzz::write_file(varrt::bundle::data_filename(g_prefix, 0, 1), bytes + index_size, rest - index_size);
  fuzz::exercise(g_prefix);
  return 0;
}
