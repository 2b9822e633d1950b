#include "varrt/io/zlib_stream.h"

#include <zlib.h>

#include <cstring>

#include "varrt/core/error.h"

namespace varrt {
namespace zlib_stream {
namespace {

// zlib's windowBits: MAX_WBITS for a zlib header, +16 for a gzip one.
int window_bits(Compression c) { return c == Compression::kGzip ? MAX_WBITS + 16 : MAX_WBITS; }

}  // namespace

struct Deflater::State {
  z_stream z{};
};

Deflater::Deflater(Compression compression, int level) : state_(new State) {
  if (deflateInit2(&state_->z, level, Z_DEFLATED, window_bits(compression), 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw_error(Code::kInternal, "deflateInit2 failed");
  }
}

Deflater::~Deflater() { deflateEnd(&state_->z); }

void Deflater::run(const char* data, size_t n, int flush, std::string* out) {
  z_stream& z = state_->z;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data));
  z.avail_in = static_cast<uInt>(n);
  char chunk[1 << 16];
  for (;;) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof(chunk);
    int rc = deflate(&z, flush);
    if (rc == Z_STREAM_ERROR) throw_error(Code::kInternal, "deflate() failed");
    out->append(chunk, sizeof(chunk) - z.avail_out);
    if (rc == Z_STREAM_END) return;
    if (z.avail_out != 0 && z.avail_in == 0) return;  // all input taken, all output given
  }
}

void Deflater::append(const char* data, size_t n, std::string* out) {
  // avail_in is 32-bit: feed large spans in pieces.
  while (n > 0) {
    size_t piece = n < (1u << 30) ? n : (1u << 30);
    run(data, piece, Z_NO_FLUSH, out);
    data += piece;
    n -= piece;
  }
}

void Deflater::sync(std::string* out) { run(nullptr, 0, Z_SYNC_FLUSH, out); }
void Deflater::finish(std::string* out) { run(nullptr, 0, Z_FINISH, out); }

struct Inflater::State {
  z_stream z{};
  int bits = MAX_WBITS;
  bool in_stream = false;  // bytes of a stream have been read and its end not yet
};

Inflater::Inflater(Compression compression) : state_(new State) {
  state_->bits = window_bits(compression);
  if (inflateInit2(&state_->z, state_->bits) != Z_OK) throw_error(Code::kInternal, "inflateInit2 failed");
}

Inflater::~Inflater() { inflateEnd(&state_->z); }

void Inflater::feed(const char* data, size_t n) {
  state_->z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data));
  state_->z.avail_in = static_cast<uInt>(n);
}

bool Inflater::consumed() const { return state_->z.avail_in == 0; }
bool Inflater::inside_stream() const { return state_->in_stream; }

size_t Inflater::read(char* out, size_t n) {
  z_stream& z = state_->z;
  size_t done = 0;
  while (done < n && z.avail_in > 0) {
    size_t want = n - done < (1u << 30) ? n - done : (1u << 30);
    z.next_out = reinterpret_cast<Bytef*>(out + done);
    z.avail_out = static_cast<uInt>(want);
    state_->in_stream = true;
    int rc = inflate(&z, Z_NO_FLUSH);
    done += want - z.avail_out;
    if (rc == Z_STREAM_END) {
      state_->in_stream = false;
      inflateReset(&z);  // a following member, if any, is read on
      continue;
    }
    if (rc == Z_BUF_ERROR) break;  // needs more input
    if (rc != Z_OK) {
      throw_error(Code::kDataLoss, "inflate() failed with error " + std::to_string(rc) + ": " +
                                       (z.msg != nullptr ? z.msg : "unknown"));
    }
  }
  return done;
}

}  // namespace zlib_stream
}  // namespace varrt
