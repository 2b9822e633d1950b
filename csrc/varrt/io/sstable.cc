#include "varrt/io/sstable.h"

#include <algorithm>
#include <cstring>

#include "varrt/io/coding.h"
#include "varrt/io/crc32c.h"
#include "varrt/core/error.h"

namespace varrt {
namespace sstable {
namespace {

constexpr size_t kMaxHandleLength = 20;  // two varint64s
// TensorFlow writes restart points every 16 entries, so a block's decoded keys are at most
// ~16x its size; a file claiming far more is hostile (quadratic memory via shared prefixes).
constexpr size_t kMaxKeyExpansion = 32;

// TensorFlow's (LevelDB's) bytewise comparator helpers, which pick the index keys.
void shortest_separator(std::string* start, std::string_view limit) {
  size_t min_length = std::min(start->size(), limit.size());
  size_t diff = 0;
  while (diff < min_length && (*start)[diff] == limit[diff]) ++diff;
  if (diff >= min_length) return;  // one is a prefix of the other
  auto byte = static_cast<uint8_t>((*start)[diff]);
  if (byte < 0xff && byte + 1 < static_cast<uint8_t>(limit[diff])) {
    (*start)[diff] = static_cast<char>(byte + 1);
    start->resize(diff + 1);
  }
}

void short_successor(std::string* key) {
  for (size_t i = 0; i < key->size(); ++i) {
    auto byte = static_cast<uint8_t>((*key)[i]);
    if (byte != 0xff) {
      (*key)[i] = static_cast<char>(byte + 1);
      key->resize(i + 1);
      return;
    }
  }
}

void put_handle(std::string* dst, uint64_t offset, uint64_t size) {
  coding::put_varint64(dst, offset);
  coding::put_varint64(dst, size);
}

[[noreturn]] void corrupt(const std::string& filename, const std::string& what) {
  throw_error(Code::kDataLoss, "Unable to read file (" + filename +
                                   "). Perhaps the file is corrupt or was produced by a newer version of "
                                   "TensorFlow with format changes (" + what + ")");
}

struct Handle {
  uint64_t offset = 0;
  uint64_t size = 0;
};

const char* decode_handle(const char* p, const char* limit, Handle* h) {
  p = coding::get_varint64(p, limit, &h->offset);
  if (p == nullptr) return nullptr;
  return coding::get_varint64(p, limit, &h->size);
}

// Reads `n` bytes at `offset`; a short read means the file shrank under us.
void read_exactly(const ReadAt& read, uint64_t offset, size_t n, char* out, const std::string& name) {
  if (read(offset, n, out) != n) corrupt(name, "truncated block read at offset " + std::to_string(offset));
}

// Reads and verifies the block at `h`, which must lie in [0, limit). The handle is checked
// before anything is read; a large block's CRC is checked in pieces before it is allocated.
std::string read_block(const ReadAt& read, uint64_t limit, const Handle& h, const std::string& name) {
  if (h.offset > limit || h.size > limit - h.offset || kBlockTrailerSize > limit - h.offset - h.size) {
    corrupt(name, "bad block handle: block at " + std::to_string(h.offset) + " of size " + std::to_string(h.size) +
                      " extends past the end of the table");
  }
  char trailer[kBlockTrailerSize];
  read_exactly(read, h.offset + h.size, kBlockTrailerSize, trailer, name);
  const uint32_t stored = crc32c::unmask(coding::decode_fixed32(trailer + 1));
  auto check_crc = [&](uint32_t contents_crc) {
    if (!crc32c::matches(stored, crc32c::extend(contents_crc, trailer, 1))) {
      corrupt(name, "block checksum mismatch at offset " + std::to_string(h.offset));
    }
  };
  if (h.size > kStreamedBlockBytes) {
    std::string piece(kStreamedBlockBytes, '\0');
    uint32_t crc = 0;
    for (uint64_t done = 0; done < h.size;) {
      size_t n = static_cast<size_t>(std::min<uint64_t>(kStreamedBlockBytes, h.size - done));
      read_exactly(read, h.offset + done, n, &piece[0], name);
      crc = crc32c::extend(crc, piece.data(), n);
      done += n;
    }
    check_crc(crc);
  }
  std::string block(static_cast<size_t>(h.size), '\0');
  read_exactly(read, h.offset, block.size(), &block[0], name);
  check_crc(crc32c::value(block.data(), block.size()));
  auto type = static_cast<unsigned char>(trailer[0]);
  if (type == 1) {
    throw_error(Code::kUnimplemented, "Unable to read file (" + name + "): Snappy-compressed table blocks are not "
                                      "supported (TensorFlow writes uncompressed checkpoint indexes)");
  }
  if (type != 0) corrupt(name, "bad block compression type " + std::to_string(type));
  return block;
}

// Calls fn(key, value) for every entry of a verified block.
template <class Fn>
void parse_block(std::string_view block, const std::string& name, Fn&& fn) {
  if (block.size() < 4) corrupt(name, "bad block contents: block too short");
  const char* base = block.data();
  uint32_t num_restarts = coding::decode_fixed32(base + block.size() - 4);
  if (num_restarts > (block.size() - 4) / 4) corrupt(name, "bad block contents: too many restart points");
  size_t data_end = block.size() - 4 - size_t{num_restarts} * 4;
  for (uint32_t i = 0; i < num_restarts; ++i) {
    uint32_t r = coding::decode_fixed32(base + data_end + size_t{i} * 4);
    if (r > data_end || (r == data_end && data_end != 0)) corrupt(name, "bad block contents: bad restart point");
  }
  if (num_restarts == 0 && data_end != 0) corrupt(name, "bad block contents: entries without restart points");
  size_t key_budget = kMaxKeyExpansion * block.size() + 4096;
  std::string key;
  const char* p = base;
  const char* limit = base + data_end;
  while (p < limit) {
    uint32_t shared = 0, non_shared = 0, value_len = 0;
    p = coding::get_varint32(p, limit, &shared);
    if (p) p = coding::get_varint32(p, limit, &non_shared);
    if (p) p = coding::get_varint32(p, limit, &value_len);
    if (p == nullptr || shared > key.size() || non_shared > static_cast<size_t>(limit - p) ||
        value_len > static_cast<size_t>(limit - p) - non_shared) {
      corrupt(name, "bad entry in block");
    }
    size_t key_size = size_t{shared} + non_shared;
    if (key_size > key_budget) corrupt(name, "bad entry in block: implausibly long keys");
    key_budget -= key_size;
    key.resize(shared);
    key.append(p, non_shared);
    p += non_shared;
    fn(key, std::string_view(p, value_len));
    p += value_len;
  }
}

}  // namespace

// ---- building ----------------------------------------------------------------------------

void TableBuilder::Block::reset() {
  buffer_.clear();
  restarts_.assign(1, 0);
  counter_ = 0;
  last_key_.clear();
}

void TableBuilder::Block::add(std::string_view key, std::string_view value) {
  size_t shared = 0;
  if (counter_ < restart_interval_) {
    size_t n = std::min(last_key_.size(), key.size());
    while (shared < n && last_key_[shared] == key[shared]) ++shared;
  } else {
    restarts_.push_back(static_cast<uint32_t>(buffer_.size()));
    counter_ = 0;
  }
  coding::put_varint32(&buffer_, static_cast<uint32_t>(shared));
  coding::put_varint32(&buffer_, static_cast<uint32_t>(key.size() - shared));
  coding::put_varint32(&buffer_, static_cast<uint32_t>(value.size()));
  buffer_.append(key.data() + shared, key.size() - shared);
  buffer_.append(value.data(), value.size());
  last_key_.assign(key.data(), key.size());
  ++counter_;
}

std::string_view TableBuilder::Block::finish() {
  for (uint32_t r : restarts_) coding::put_fixed32(&buffer_, r);
  coding::put_fixed32(&buffer_, static_cast<uint32_t>(restarts_.size()));
  return buffer_;
}

TableBuilder::TableBuilder(Options options)
    : options_(options), data_block_(options.restart_interval), index_block_(1) {}

void TableBuilder::add(std::string_view key, std::string_view value) {
  if (finished_) throw_error(Code::kInternal, "TableBuilder::add after finish");
  if (num_entries_ > 0) {
    if (key <= std::string_view(last_key_)) {
      throw_error(Code::kInternal, "table keys must be added in strictly increasing order");
    }
    constexpr size_t kOverlyLargeBlockRatio = 2;
    if (key.size() + value.size() >= kOverlyLargeBlockRatio * options_.block_size) flush();
  }
  if (pending_index_entry_) {
    shortest_separator(&last_key_, key);
    std::string handle;
    put_handle(&handle, pending_offset_, pending_size_);
    index_block_.add(last_key_, handle);
    pending_index_entry_ = false;
  }
  last_key_.assign(key.data(), key.size());
  ++num_entries_;
  data_block_.add(key, value);
  if (data_block_.size_estimate() >= options_.block_size) flush();
}

void TableBuilder::flush() {
  if (data_block_.empty()) return;
  write_block(&data_block_, &pending_offset_, &pending_size_);
  pending_index_entry_ = true;
}

void TableBuilder::write_block(Block* block, uint64_t* offset, uint64_t* size) {
  std::string_view contents = block->finish();
  *offset = out_.size();
  *size = contents.size();
  out_.append(contents.data(), contents.size());
  char type = 0;  // kNoCompression
  uint32_t crc = crc32c::extend(crc32c::value(contents.data(), contents.size()), &type, 1);
  out_.push_back(type);
  coding::put_fixed32(&out_, crc32c::mask(crc));
  block->reset();
}

std::string TableBuilder::finish() {
  if (finished_) throw_error(Code::kInternal, "TableBuilder::finish called twice");
  flush();
  finished_ = true;
  uint64_t meta_offset = 0, meta_size = 0, index_offset = 0, index_size = 0;
  Block meta_block(options_.restart_interval);
  write_block(&meta_block, &meta_offset, &meta_size);
  if (pending_index_entry_) {
    short_successor(&last_key_);
    std::string handle;
    put_handle(&handle, pending_offset_, pending_size_);
    index_block_.add(last_key_, handle);
    pending_index_entry_ = false;
  }
  write_block(&index_block_, &index_offset, &index_size);
  std::string footer;
  put_handle(&footer, meta_offset, meta_size);
  put_handle(&footer, index_offset, index_size);
  footer.resize(2 * kMaxHandleLength, '\0');
  coding::put_fixed32(&footer, static_cast<uint32_t>(kTableMagic & 0xffffffffu));
  coding::put_fixed32(&footer, static_cast<uint32_t>(kTableMagic >> 32));
  out_ += footer;
  return std::move(out_);
}

// ---- reading -----------------------------------------------------------------------------

Table Table::parse(const std::string& contents, const std::string& filename) {
  return parse(
      contents.size(),
      [&contents](uint64_t offset, size_t n, char* out) -> size_t {
        if (offset >= contents.size()) return 0;
        n = static_cast<size_t>(std::min<uint64_t>(n, contents.size() - offset));
        std::memcpy(out, contents.data() + offset, n);
        return n;
      },
      filename);
}

Table Table::parse(uint64_t file_size, const ReadAt& read, const std::string& filename) {
  if (file_size < kFooterSize) corrupt(filename, "file is too short to be an sstable");
  char footer[kFooterSize];
  read_exactly(read, file_size - kFooterSize, kFooterSize, footer, filename);
  if (coding::decode_fixed64(footer + 2 * kMaxHandleLength) != kTableMagic) {
    corrupt(filename, "not an sstable (bad magic number)");
  }
  Handle meta, index;
  const char* p = decode_handle(footer, footer + 2 * kMaxHandleLength, &meta);
  if (p) p = decode_handle(p, footer + 2 * kMaxHandleLength, &index);
  if (p == nullptr) corrupt(filename, "bad block handle in footer");
  // Only the canonical encoding is accepted ("9c 00" also decodes as 28), so that no bit of
  // the footer can change without notice.
  std::string canonical;
  put_handle(&canonical, meta.offset, meta.size);
  put_handle(&canonical, index.offset, index.size);
  if (static_cast<size_t>(p - footer) != canonical.size()) corrupt(filename, "bad block handle in footer");
  for (; p < footer + 2 * kMaxHandleLength; ++p) {
    if (*p != 0) corrupt(filename, "bad footer padding");
  }
  const uint64_t limit = file_size - kFooterSize;

  // TensorFlow's writer lays the blocks end to end: data blocks from offset 0, then the
  // metaindex, the index and the footer. Requiring exactly that layout means no byte of the
  // file escapes a check, and parsing work is bounded by the file size.
  Table table;
  uint64_t next_block_start = 0;
  std::string index_block = read_block(read, limit, index, filename);
  parse_block(index_block, filename, [&](const std::string&, std::string_view value) {
    Handle h;
    if (decode_handle(value.data(), value.data() + value.size(), &h) == nullptr) {
      corrupt(filename, "bad block handle in index");
    }
    if (h.offset != next_block_start) corrupt(filename, "bad block handle in index: unexpected block offset");
    std::string block = read_block(read, limit, h, filename);
    next_block_start = h.offset + h.size + kBlockTrailerSize;
    parse_block(block, filename, [&](const std::string& key, std::string_view v) {
      if (!table.entries_.empty() && !(table.entries_.back().first < key)) {
        corrupt(filename, "table keys out of order");
      }
      table.entries_.emplace_back(key, std::string(v));
    });
  });
  if (meta.offset != next_block_start) corrupt(filename, "bad metaindex block handle");
  read_block(read, limit, meta, filename);
  if (index.offset != meta.offset + meta.size + kBlockTrailerSize ||
      index.offset + index.size + kBlockTrailerSize != limit) {
    corrupt(filename, "bad index block handle");
  }
  return table;
}

const std::string* Table::find(std::string_view key) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                             [](const std::pair<std::string, std::string>& e, std::string_view k) {
                               return std::string_view(e.first) < k;
                             });
  if (it == entries_.end() || it->first != key) return nullptr;
  return &it->second;
}

}  // namespace sstable
}  // namespace varrt
