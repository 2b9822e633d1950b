#include "varrt/io/record_reader.h"

#include <algorithm>
#include <cstring>

#include "varrt/core/error.h"
#include "varrt/io/coding.h"
#include "varrt/io/crc32c.h"

namespace varrt {
namespace record_io {
namespace {

constexpr size_t kHeaderSize = 12;  // length, its CRC
constexpr size_t kDefaultBuffer = 256 * 1024;

[[noreturn]] void truncated(uint64_t offset) {
  throw_error(Code::kDataLoss,
              "truncated record at " + std::to_string(offset) + "' failed with Read less bytes than requested");
}

[[noreturn]] void corrupted(uint64_t offset, bool first) {
  // TensorFlow adds its guess when the very first header does not check out.
  throw_error(Code::kDataLoss, "corrupted record at " + std::to_string(offset) +
                                   (first ? " (Is this even a TFRecord file?)" : ""));
}

}  // namespace

RecordReader::RecordReader(const std::string& path, zlib_stream::Compression compression, size_t buffer_size)
    : file_(new file_io::InputFile(path)), buffer_(buffer_size == 0 ? kDefaultBuffer : buffer_size) {
  if (compression != zlib_stream::Compression::kNone) inflater_.reset(new zlib_stream::Inflater(compression));
}

RecordReader::~RecordReader() = default;

bool RecordReader::fill() {
  size_t got = file_->read_at(file_offset_, buffer_.size(), buffer_.data());
  file_offset_ += got;
  begin_ = 0;
  end_ = got;
  if (inflater_) inflater_->feed(buffer_.data(), got);
  return got > 0;
}

size_t RecordReader::read(char* out, size_t n) {
  size_t done = 0;
  while (done < n) {
    if (inflater_) {
      if (inflater_->consumed() && !fill()) break;
      done += inflater_->read(out + done, n - done);
      continue;
    }
    if (begin_ == end_) {
      // A large span bypasses the buffer.
      if (n - done >= buffer_.size()) {
        size_t got = file_->read_at(file_offset_, n - done, out + done);
        file_offset_ += got;
        done += got;
        break;
      }
      if (!fill()) break;
    }
    size_t take = std::min(n - done, end_ - begin_);
    std::memcpy(out + done, buffer_.data() + begin_, take);
    begin_ += take;
    done += take;
  }
  return done;
}

bool RecordReader::next(std::string* record) {
  char header[kHeaderSize];
  size_t got = read(header, kHeaderSize);
  if (got == 0) {
    if (inflater_ && inflater_->inside_stream()) truncated(offset_);  // the stream's end is missing
    return false;
  }
  if (got < kHeaderSize) truncated(offset_);
  if (!crc32c::matches(crc32c::mask(crc32c::value(header, 8)) , coding::decode_fixed32(header + 8))) {
    corrupted(offset_, offset_ == 0);
  }
  const uint64_t length = coding::decode_fixed64(header);
  // The length is checked (its CRC) but may still exceed the file: never allocate more than is there.
  // A compressed record grows as its bytes arrive, in steps of 64 MB.
  if (!inflater_ && length > file_->size()) truncated(offset_);
  record->clear();
  for (uint64_t have = 0; have < length;) {
    size_t step = static_cast<size_t>(std::min<uint64_t>(length - have, uint64_t{64} << 20));
    record->resize(static_cast<size_t>(have) + step);
    if (read(&(*record)[static_cast<size_t>(have)], step) < step) truncated(offset_);
    have += step;
  }
  char footer[4];
  if (read(footer, 4) < 4) truncated(offset_);
  if (!crc32c::matches(coding::decode_fixed32(footer), crc32c::mask(crc32c::value(record->data(), length)))) {
    corrupted(offset_ + kHeaderSize, false);
  }
  offset_ += kHeaderSize + length + 4;
  return true;
}

size_t RecordReader::next_batch(size_t max, std::vector<std::string>* records) {
  size_t n = 0;
  std::string record;
  while (n < max && next(&record)) {
    records->push_back(std::move(record));
    ++n;
  }
  return n;
}

}  // namespace record_io
}  // namespace varrt
