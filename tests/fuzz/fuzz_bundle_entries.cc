// Fuzz target: hostile but well-formed checkpoints. The input chooses entries (dtype, shape,
// shard, offset, size, checksum) from interesting values and the data shard's bytes; the
// index is then built with valid encoding and block checksums, so every input reaches the
// reader's checks of the entries themselves (sizes against shapes and files, allocation
// before verification, string records), where byte-level mutation of a real file rarely gets.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "bundle_exercise.h"
#include "varrt/io/crc32c.h"
#include "varrt/io/sstable.h"

using namespace varrt;

namespace {

std::string g_prefix;

class Input {
 public:
  Input(const uint8_t* p, size_t n) : p_(p), n_(n) {}
  uint8_t byte() { return n_ ? (--n_, *p_++) : 0; }
  uint64_t u64() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = v << 8 | byte();
    return v;
  }
  // A value that matters for sizes and offsets: small, at a boundary, huge, or anything.
  uint64_t interesting() {
    static const uint64_t kValues[] = {0, 1, 2, 3, 4, 7, 8, 16, 255, 256, 65535, 1u << 20, (1ull << 31) - 1,
                                       1ull << 31, 1ull << 32, 1ull << 40, 1ull << 62, (1ull << 63) - 1,
                                       1ull << 63, ~0ull};
    uint8_t b = byte();
    if (b < 2 * sizeof(kValues) / sizeof(kValues[0])) return kValues[b / 2];
    if (b < 200) return b - 40;  // small numbers
    return u64();
  }
  std::string rest() {
    std::string out(reinterpret_cast<const char*>(p_), n_);
    n_ = 0;
    return out;
  }

 private:
  const uint8_t* p_;
  size_t n_;
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  g_prefix = fuzz::scratch_prefix();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const int32_t kDtypes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 17, 18, 19, 22, 23, 0, 20, 99, -1};
  Input in(data, size);
  bundle::Header header;
  uint8_t h = in.byte();
  header.num_shards = h % 16 == 0 ? 0 : h % 16 == 1 ? 2 : 1;
  header.endianness = h % 32 == 3 ? 1 : 0;
  header.version_min_consumer = h % 64 == 5 ? 7 : 0;

  struct Planned {
    std::string key;
    bundle::Entry entry;
    int crc_mode;
  };
  std::vector<Planned> entries;
  int count = 1 + in.byte() % 4;
  for (int i = 0; i < count; ++i) {
    Planned p;
    p.key = "k" + std::to_string(i);
    bundle::Entry& e = p.entry;
    e.dtype = kDtypes[in.byte() % (sizeof(kDtypes) / sizeof(kDtypes[0]))];
    std::vector<int64_t> dims(in.byte() % 5);
    for (int64_t& d : dims) d = static_cast<int64_t>(in.interesting() & 0x7fffffffffffffffull);
    e.shape = Shape(dims);  // may overflow in num_elements: the reader must refuse it
    e.shard_id = static_cast<int32_t>(in.byte() % 3 == 0 ? in.byte() % 3 : 0);
    e.offset = static_cast<int64_t>(in.interesting() & 0x7fffffffffffffffull);
    e.size = static_cast<int64_t>(in.interesting() & 0x7fffffffffffffffull);
    p.crc_mode = in.byte() % 4;  // 0-2: the right checksum of the span (when it lies in the file), 3: any
    e.masked_crc32c = static_cast<uint32_t>(in.u64());
    e.num_slices = in.byte() % 50 == 0 ? 1 : 0;
    entries.push_back(std::move(p));
  }
  const std::string shard = in.rest();
  for (Planned& p : entries) {
    bundle::Entry& e = p.entry;
    auto offset = static_cast<uint64_t>(e.offset), length = static_cast<uint64_t>(e.size);
    if (p.crc_mode < 3 && offset <= shard.size() && length <= shard.size() - offset) {
      e.masked_crc32c = crc32c::mask(crc32c::value(shard.data() + offset, length));
    }
  }
  sstable::TableBuilder builder;
  builder.add("", bundle::encode_header(header));
  for (const Planned& p : entries) builder.add(p.key, bundle::encode_entry(p.entry));
  const std::string index = builder.finish();

  fuzz::write_file(bundle::meta_filename(g_prefix), index.data(), index.size());
  fuzz::write_file(bundle::data_filename(g_prefix, 0, 1), shard.data(), shard.size());
  fuzz::exercise(g_prefix);
  return 0;
}
