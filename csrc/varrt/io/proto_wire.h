// The protocol-buffer wire format, just enough to write and read the few messages a
// checkpoint holds without depending on protobuf. Writers emit fields in the order they are
// called (callers go by field number, as protobuf's serializer does); the reader walks
// fields with bounds checks and reports malformed input by returning false.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "varrt/io/coding.h"

namespace varrt {
namespace proto {

enum WireType : uint32_t { kVarint = 0, kFixed64 = 1, kLengthDelimited = 2, kFixed32 = 5 };

class Writer {
 public:
  void varint(uint32_t field, uint64_t v) {
    tag(field, kVarint);
    coding::put_varint64(&out_, v);
  }
  // proto3 scalars are omitted when they hold the default value.
  void varint_if_nonzero(uint32_t field, uint64_t v) {
    if (v != 0) varint(field, v);
  }
  void fixed32(uint32_t field, uint32_t v) {
    tag(field, kFixed32);
    coding::put_fixed32(&out_, v);
  }
  void fixed64(uint32_t field, uint64_t v) {
    tag(field, kFixed64);
    coding::put_fixed64(&out_, v);
  }
  // Fields already encoded (a message's unknown fields, kept verbatim).
  void raw(std::string_view encoded) { out_.append(encoded.data(), encoded.size()); }
  void bytes(uint32_t field, std::string_view b) {
    tag(field, kLengthDelimited);
    coding::put_varint64(&out_, b.size());
    out_.append(b.data(), b.size());
  }
  const std::string& str() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void tag(uint32_t field, WireType type) { coding::put_varint32(&out_, (field << 3) | type); }
  std::string out_;
};

struct Field {
  uint32_t number = 0;
  WireType type = kVarint;
  uint64_t varint = 0;     // kVarint; also kFixed32/kFixed64 values
  std::string_view bytes;  // kLengthDelimited
};

class Reader {
 public:
  explicit Reader(std::string_view data) : p_(data.data()), limit_(data.data() + data.size()) {}

  // Reads the next field into `f`. Returns false at the end; sets `ok()` false on bad input.
  bool next(Field* f) {
    if (!ok_ || p_ >= limit_) return false;
    field_start_ = p_;
    uint64_t key = 0;
    p_ = coding::get_varint64(p_, limit_, &key);
    if (p_ == nullptr || (key >> 3) == 0 || (key >> 3) > 0x1fffffffu) return fail();
    f->number = static_cast<uint32_t>(key >> 3);
    f->type = static_cast<WireType>(key & 7);
    switch (f->type) {
      case kVarint:
        p_ = coding::get_varint64(p_, limit_, &f->varint);
        return p_ != nullptr || fail();
      case kFixed64:
        if (limit_ - p_ < 8) return fail();
        f->varint = coding::decode_fixed64(p_);
        p_ += 8;
        return true;
      case kFixed32:
        if (limit_ - p_ < 4) return fail();
        f->varint = coding::decode_fixed32(p_);
        p_ += 4;
        return true;
      case kLengthDelimited: {
        uint64_t len = 0;
        p_ = coding::get_varint64(p_, limit_, &len);
        if (p_ == nullptr || len > static_cast<uint64_t>(limit_ - p_)) return fail();
        f->bytes = std::string_view(p_, static_cast<size_t>(len));
        p_ += len;
        return true;
      }
      default:
        return fail();  // groups (3, 4) and reserved types do not occur in these messages
    }
  }
  bool ok() const { return ok_; }
  // The wire bytes (tag and value) of the field next() returned last.
  std::string_view last_field() const { return std::string_view(field_start_, static_cast<size_t>(p_ - field_start_)); }

 private:
  bool fail() {
    ok_ = false;
    p_ = nullptr;
    return false;
  }
  const char* p_;
  const char* limit_;
  const char* field_start_ = nullptr;
  bool ok_ = true;
};

}  // namespace proto
}  // namespace varrt
