#include "varrt/io/record_writer.h"

#include "varrt/core/error.h"
#include "varrt/io/coding.h"
#include "varrt/io/crc32c.h"

namespace varrt {
namespace record_io {

RecordWriter::RecordWriter(const std::string& path, zlib_stream::Compression compression, int level)
    : file_(new file_io::OutputFile(path)) {
  if (compression != zlib_stream::Compression::kNone) deflater_.reset(new zlib_stream::Deflater(compression, level));
}

RecordWriter::~RecordWriter() {
  try {
    close();
  } catch (...) {  // a destructor reports nothing; close() explicitly to see errors
  }
}

void RecordWriter::emit(const char* data, size_t n) {
  if (!deflater_) {
    file_->append(data, n);
    return;
  }
  deflater_->append(data, n, &compressed_);
  if (compressed_.size() >= (1u << 16)) {
    file_->append(compressed_.data(), compressed_.size());
    compressed_.clear();
  }
}

void RecordWriter::write(std::string_view record) {
  if (!file_) throw_error(Code::kFailedPrecondition, "Writer is closed.");
  std::string header;
  coding::put_fixed64(&header, record.size());
  coding::put_fixed32(&header, crc32c::mask(crc32c::value(header.data(), 8)));
  emit(header.data(), header.size());
  emit(record.data(), record.size());
  std::string footer;
  coding::put_fixed32(&footer, crc32c::mask(crc32c::value(record.data(), record.size())));
  emit(footer.data(), footer.size());
}

void RecordWriter::flush() {
  if (!file_) throw_error(Code::kFailedPrecondition, "Writer is closed.");
  if (deflater_) {
    deflater_->sync(&compressed_);
    file_->append(compressed_.data(), compressed_.size());
    compressed_.clear();
  }
  file_->flush();
}

void RecordWriter::close() {
  if (!file_) return;
  std::unique_ptr<file_io::OutputFile> file = std::move(file_);
  if (deflater_) {
    deflater_->finish(&compressed_);
    file->append(compressed_.data(), compressed_.size());
    compressed_.clear();
    deflater_.reset();
  }
  file->close(false);
}

}  // namespace record_io
}  // namespace varrt
