#include "varrt/io/bundle_writer.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <string_view>
#include <thread>
#include <vector>

#include "varrt/io/coding.h"
#include "varrt/io/crc32c.h"
#include "varrt/core/error.h"
#include "varrt/io/sstable.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "varrt checkpoints assume a little-endian host (the bundle header records LITTLE)"
#endif

namespace varrt {
namespace bundle {
namespace {

// Checksum and write in pieces that stay in cache between the two passes.
constexpr size_t kChunk = size_t{256} << 10;

// The shard count the index at `prefix` names, read from its first entry (the header: key
// "", first in the first block, which starts at offset 0) without parsing the whole index;
// 0 when there is no index or it does not start as a bundle index does. Not CRC-checked: an
// index damaged there names no checkpoint worth keeping, whatever this returns.
int32_t indexed_shards(const std::string& prefix) noexcept {
  try {
    const std::string path = meta_filename(prefix);
    const file_io::InputFile index(path);
    char buf[4096];
    const char* p = buf;
    const char* limit = buf + index.read_at(0, sizeof buf, buf);
    uint32_t shared = 1, non_shared = 1, length = 0;
    p = coding::get_varint32(p, limit, &shared);
    if (p != nullptr) p = coding::get_varint32(p, limit, &non_shared);
    if (p != nullptr) p = coding::get_varint32(p, limit, &length);
    if (p == nullptr || shared != 0 || non_shared != 0 || length > static_cast<uint64_t>(limit - p)) return 0;
    return decode_header(std::string_view(p, length), path).num_shards;
  } catch (...) {
    return 0;
  }
}

// Old shard files are removed after a commit only up to this count (a hostile header must
// not make a writer unlink billions of names).
constexpr int32_t kMaxRemovedShards = 1024;

}  // namespace

BundleWriter::BundleWriter(std::string prefix, WriterOptions options)
    : prefix_(std::move(prefix)), options_(options) {
  if (prefix_.empty()) throw_error(Code::kInvalidArgument, "checkpoint prefix must not be empty");
  file_io::create_dirs(file_io::dirname(prefix_));
  // Two writers that start together each see the other's claims. Giving up at once made both
  // give up, every time they kept colliding, which on a fresh prefix left no checkpoint at all:
  // a writer that sees another steps back (its claims removed) for a random, growing while and
  // tries again, so one of them gets ahead; after kContendedFor it gives up with Aborted.
  const auto give_up_at = std::chrono::steady_clock::now() + kContendedFor;
  std::mt19937_64 rng(std::random_device{}());
  auto pause = std::chrono::microseconds(500);
  while (!try_claim()) {
    if (std::chrono::steady_clock::now() >= give_up_at) {
      throw_error(Code::kAborted, "Another writer is saving a checkpoint at " + prefix_ +
                                      " (its temporary files are in use); this save was abandoned and left the "
                                      "checkpoint there as it was");
    }
    std::uniform_int_distribution<int64_t> jitter(pause.count() / 2, pause.count());
    std::this_thread::sleep_for(std::chrono::microseconds(jitter(rng)));
    pause = std::min(pause * 2, std::chrono::microseconds(std::chrono::milliseconds(50)));
  }
}

bool BundleWriter::try_claim() {
  const std::string data_final = data_filename(prefix_, 0, 1);
  const std::string index_final = meta_filename(prefix_);
  // Claims first, then the look at others': of two writers starting together, the later
  // sees the earlier's claims (both may step back; never both go on).
  data_claim_ = std::make_unique<file_io::TempClaim>(data_final);
  data_temp_ = data_claim_->path();
  try {
    for (int i = 0; i < 2; ++i) {
      index_claims_[i] = std::make_unique<file_io::TempClaim>(index_final);
      index_temps_[i] = index_claims_[i]->path();
    }
    const std::vector<std::string> own = {data_temp_, index_temps_[0], index_temps_[1]};
    if (file_io::remove_stale_temps(data_final, own) + file_io::remove_stale_temps(index_final, own) == 0) {
      data_ = std::make_unique<file_io::OutputFile>(data_temp_);
      return true;
    }
  } catch (...) {
    release_claims();
    throw;
  }
  release_claims();
  return false;
}

void BundleWriter::release_claims() noexcept {
  file_io::remove_file_noexcept(data_temp_);
  for (std::string& temp : index_temps_) {
    if (!temp.empty()) file_io::remove_file_noexcept(temp);
    temp.clear();
  }
  data_temp_.clear();
  data_claim_.reset();
  index_claims_[0].reset();
  index_claims_[1].reset();
}

BundleWriter::~BundleWriter() {
  if (finished_) return;
  data_.reset();
  file_io::remove_file_noexcept(data_temp_);
  for (const std::string& temp : index_temps_) file_io::remove_file_noexcept(temp);
}

uint64_t BundleWriter::stored_size(const Tensor& t) {
  if (t.dtype() != DType::kString) return t.byte_size();
  const auto* strings = t.data_as<std::string>();
  uint64_t bytes = 4;  // the length checksum
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    uint64_t len = strings[i].size();
    char buf[10];
    bytes += coding::encode_varint64(buf, len) + len;
  }
  return bytes;
}

void BundleWriter::add(const std::string& key, const Tensor& t) {
  if (finished_) throw_error(Code::kFailedPrecondition, "BundleWriter is closed");
  if (key.empty()) throw_error(Code::kInvalidArgument, "The empty key is reserved for the bundle header");
  if (entries_.count(key) != 0) throw_error(Code::kInvalidArgument, "Adding duplicate key: " + key);
  if (!dtype_is_valid(static_cast<int32_t>(t.dtype()))) {
    throw_error(Code::kInvalidArgument,
                "Cannot save " + key + ": tensors of dtype " + dtype_name(t.dtype()) + " cannot be checkpointed");
  }
  Entry e;
  e.dtype = static_cast<int32_t>(t.dtype());
  e.shape = t.shape();
  e.shard_id = 0;
  e.offset = static_cast<int64_t>(data_->size());
  if (t.dtype() == DType::kString) {
    write_strings(t, &e);
  } else {
    const char* p = static_cast<const char*>(t.data());
    size_t n = t.byte_size();
    uint32_t crc = 0;
    for (size_t done = 0; done < n;) {
      size_t step = std::min(kChunk, n - done);
      crc = crc32c::extend(crc, p + done, step);
      data_->append(p + done, step);
      done += step;
    }
    e.size = static_cast<int64_t>(n);
    e.masked_crc32c = crc32c::mask(crc);
  }
  entries_.emplace(key, std::move(e));
}

// TensorFlow's layout: [varint64 length]... [masked CRC of the lengths][string bytes]...
// The entry's CRC covers the lengths (as uint32, or uint64 above 4 GB, little-endian), the
// stored length checksum, and the string bytes.
void BundleWriter::write_strings(const Tensor& t, Entry* e) {
  const auto* strings = t.data_as<std::string>();
  const int64_t n = t.num_elements();
  std::string lengths;
  lengths.reserve(static_cast<size_t>(n));
  uint32_t crc = 0;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t len = strings[i].size();
    coding::put_varint64(&lengths, len);
    char le[8];
    size_t width = len <= UINT32_MAX ? 4 : 8;
    for (size_t b = 0; b < width; ++b) le[b] = static_cast<char>(len >> (8 * b));
    crc = crc32c::extend(crc, le, width);
  }
  data_->append(lengths.data(), lengths.size());
  std::string length_checksum;
  coding::put_fixed32(&length_checksum, crc32c::mask(crc));
  data_->append(length_checksum.data(), length_checksum.size());
  crc = crc32c::extend(crc, length_checksum.data(), length_checksum.size());
  uint64_t bytes = lengths.size() + length_checksum.size();
  for (int64_t i = 0; i < n; ++i) {
    data_->append(strings[i].data(), strings[i].size());
    crc = crc32c::extend(crc, strings[i].data(), strings[i].size());
    bytes += strings[i].size();
  }
  e->size = static_cast<int64_t>(bytes);
  e->masked_crc32c = crc32c::mask(crc);
}

void BundleWriter::sync_dir_if_asked() {
  if (options_.sync) file_io::sync_dir(file_io::dirname(prefix_));
}

void BundleWriter::commit_index(int32_t num_shards, const std::string& temp) {
  sstable::TableBuilder builder;
  Header header;
  header.num_shards = num_shards;
  builder.add("", encode_header(header));
  for (const auto& kv : entries_) builder.add(kv.first, encode_entry(kv.second));
  std::string index = builder.finish();
  {
    file_io::OutputFile out(temp);
    out.preallocate(index.size());
    out.append(index.data(), index.size());
    out.close(options_.sync);
  }
  file_io::rename_file(temp, meta_filename(prefix_));
  sync_dir_if_asked();
}

void BundleWriter::finish() {
  if (finished_) throw_error(Code::kFailedPrecondition, "BundleWriter is closed");
  data_->close(options_.sync);
  const std::string data1 = data_filename(prefix_, 0, 1);
  const std::string data2 = data_filename(prefix_, 0, 2);
  const int32_t old_shards = indexed_shards(prefix_);
  if (old_shards == 1) {  // the index names data1: the new data goes beside it first
    file_io::rename_file(data_temp_, data2);
    sync_dir_if_asked();
    commit_index(2, index_temps_[0]);
    // The same file under data1 (a link under the temporary name, still claimed, renamed
    // over the old data, which no index names any more).
    if (file_io::link_file(data2, data_temp_)) {
      file_io::rename_file(data_temp_, data1);
      sync_dir_if_asked();
      commit_index(1, index_temps_[1]);
      file_io::remove_file(data2);
    }
  } else {  // data1 is named by no index: the new data takes its name at once
    file_io::rename_file(data_temp_, data1);
    sync_dir_if_asked();
    commit_index(1, index_temps_[0]);
    if (old_shards == 0) file_io::remove_file(data2);  // a killed writer's, named by no index now
    for (int32_t i = 0; old_shards > 1 && old_shards <= kMaxRemovedShards && i < old_shards; ++i) {
      file_io::remove_file(data_filename(prefix_, i, old_shards));
    }
  }
  finished_ = true;
  file_io::remove_file_noexcept(index_temps_[1]);  // when unused
  data_claim_.reset();
  index_claims_[0].reset();
  index_claims_[1].reset();
}

}  // namespace bundle
}  // namespace varrt
