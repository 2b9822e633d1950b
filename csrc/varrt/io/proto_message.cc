#include "varrt/io/proto_message.h"

#include <limits>

#include "varrt/core/error.h"
#include "varrt/io/coding.h"
#include "varrt/io/proto_wire.h"

namespace varrt {
namespace proto {
namespace {

WireType wire_type_of(Kind k) {
  switch (k) {
    case Kind::kDouble: case Kind::kFixed64: case Kind::kSFixed64: return kFixed64;
    case Kind::kFloat: case Kind::kFixed32: case Kind::kSFixed32: return kFixed32;
    case Kind::kString: case Kind::kBytes: case Kind::kMessage: return kLengthDelimited;
    default: return kVarint;
  }
}

// Wire value -> FieldValues' normalized form (see proto_message.h).
uint64_t normalize(Kind k, uint64_t raw) {
  switch (k) {
    case Kind::kInt32: case Kind::kEnum: case Kind::kSFixed32:
      return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(raw))));
    case Kind::kUInt32: case Kind::kFixed32: case Kind::kFloat:
      return raw & 0xffffffffu;
    case Kind::kBool:
      return raw != 0;
    case Kind::kSInt32: {
      const auto n = static_cast<uint32_t>(raw);
      const auto v = static_cast<int32_t>((n >> 1) ^ (~(n & 1) + 1));
      return static_cast<uint64_t>(static_cast<int64_t>(v));
    }
    case Kind::kSInt64:
      return (raw >> 1) ^ (~(raw & 1) + 1);
    default:
      return raw;
  }
}

// Normalized form -> wire value.
uint64_t to_wire(Kind k, uint64_t v) {
  switch (k) {
    case Kind::kSInt32: {
      const auto n = static_cast<int32_t>(static_cast<uint32_t>(v));
      return static_cast<uint32_t>((static_cast<uint32_t>(n) << 1) ^ static_cast<uint32_t>(n >> 31));
    }
    case Kind::kSInt64: {
      const auto n = static_cast<int64_t>(v);
      return (static_cast<uint64_t>(n) << 1) ^ static_cast<uint64_t>(n >> 63);
    }
    default:
      return v;
  }
}

class Decoder {
 public:
  Decoder(const Schema& schema, int root, std::string_view what, int max_depth)
      : schema_(schema), root_(root), what_(what), max_depth_(max_depth) {}

  void message(int type, std::string_view bytes, Message* out, int depth) {
    const MessageDef& def = schema_.messages[type];
    out->type = type;
    if (depth > max_depth_) fail(def, nullptr, "messages nested deeper than " + std::to_string(max_depth_));
    Reader r(bytes);
    Field f;
    while (r.next(&f)) {
      const FieldDef* fd = def.field(f.number);
      if (fd == nullptr) {
        out->unknown.append(r.last_field());
        continue;
      }
      if (fd->oneof >= 0) clear_oneof_siblings(def, *fd, out);
      FieldValues& values = out->fields[fd->number];
      if (is_length_delimited(fd->kind)) {
        if (f.type != kLengthDelimited) wrong_wire_type(def, *fd, f.type);
        if (fd->kind == Kind::kMessage) {
          if (fd->repeated || values.messages.empty()) values.messages.emplace_back();
          message(fd->message, f.bytes, &values.messages.back(), depth + 1);  // a singular one merges
          continue;
        }
        if (fd->kind == Kind::kString && !is_utf8(f.bytes)) fail(def, fd, "a string that is not UTF-8");
        if (!fd->repeated) values.strings.clear();
        values.strings.emplace_back(f.bytes);
        continue;
      }
      if (f.type == kLengthDelimited && fd->repeated) {
        packed(def, *fd, f.bytes, &values.scalars);
        continue;
      }
      if (f.type != wire_type_of(fd->kind)) wrong_wire_type(def, *fd, f.type);
      if (!fd->repeated) values.scalars.clear();
      values.scalars.push_back(normalize(fd->kind, f.varint));
    }
    if (!r.ok()) fail(def, nullptr, "a truncated or malformed field");
  }

 private:
  void packed(const MessageDef& def, const FieldDef& fd, std::string_view bytes, std::vector<uint64_t>* out) {
    const char* p = bytes.data();
    const char* limit = p + bytes.size();
    const WireType wt = wire_type_of(fd.kind);
    const size_t width = wt == kFixed64 ? 8 : wt == kFixed32 ? 4 : 0;
    if (width != 0 && bytes.size() % width != 0) fail(def, &fd, "a packed field of a size that is not a multiple of " + std::to_string(width));
    while (p < limit) {
      uint64_t raw = 0;
      if (width == 8) {
        raw = coding::decode_fixed64(p);
        p += 8;
      } else if (width == 4) {
        raw = coding::decode_fixed32(p);
        p += 4;
      } else {
        p = coding::get_varint64(p, limit, &raw);
        if (p == nullptr) fail(def, &fd, "a truncated packed varint");
      }
      out->push_back(normalize(fd.kind, raw));
    }
  }

  void clear_oneof_siblings(const MessageDef& def, const FieldDef& fd, Message* out) {
    for (size_t i = 0; i < def.n_fields; ++i) {
      if (def.fields[i].oneof == fd.oneof && def.fields[i].number != fd.number) out->fields.erase(def.fields[i].number);
    }
  }

  [[noreturn]] void wrong_wire_type(const MessageDef& def, const FieldDef& fd, WireType got) {
    fail(def, &fd, "wire type " + std::to_string(static_cast<int>(got)) + ", expected " +
                       std::to_string(static_cast<int>(wire_type_of(fd.kind))));
  }

  [[noreturn]] void fail(const MessageDef& def, const FieldDef* fd, const std::string& why) {
    std::string where = fd == nullptr ? std::string(def.name) : std::string(def.name) + "." + fd->name;
    throw_error(Code::kDataLoss, std::string(what_) + " is not a valid " + schema_.messages[root_].name + ": " +
                                     why + " in " + where);
  }

  const Schema& schema_;
  int root_;  // the message decode() was asked for, named in errors
  std::string_view what_;
  int max_depth_;
};

void encode_into(const Schema& schema, const Message& m, Writer* w) {
  const MessageDef& def = schema.messages[m.type];
  for (const auto& [number, values] : m.fields) {
    const FieldDef* fd = def.field(number);
    if (fd == nullptr) continue;
    // A map entry's key and value are written even at their defaults, as protobuf's MapEntry does.
    const bool presence = fd->presence || def.map_entry;
    switch (fd->kind) {
      case Kind::kMessage:
        for (const Message& sub : values.messages) {
          Writer inner;
          encode_into(schema, sub, &inner);
          w->bytes(number, inner.str());
        }
        break;
      case Kind::kString:
      case Kind::kBytes:
        for (const std::string& s : values.strings) {
          if (!fd->repeated && !presence && s.empty()) continue;  // proto3's default
          w->bytes(number, s);
        }
        break;
      default: {
        const WireType wt = wire_type_of(fd->kind);
        if (fd->repeated) {
          if (values.scalars.empty()) break;
          std::string payload;  // packed, as proto3 writes repeated scalars
          for (uint64_t v : values.scalars) {
            if (wt == kFixed64) coding::put_fixed64(&payload, v);
            else if (wt == kFixed32) coding::put_fixed32(&payload, static_cast<uint32_t>(v));
            else coding::put_varint64(&payload, to_wire(fd->kind, v));
          }
          w->bytes(number, payload);
          break;
        }
        if (values.scalars.empty()) break;
        const uint64_t v = values.scalars.back();
        if (!presence && v == 0) break;  // proto3's default (bits: -0.0 is written, as protobuf does)
        if (wt == kFixed64) w->fixed64(number, v);
        else if (wt == kFixed32) w->fixed32(number, static_cast<uint32_t>(v));
        else w->varint(number, to_wire(fd->kind, v));
      }
    }
  }
  w->raw(m.unknown);
}

}  // namespace

Message decode(const Schema& schema, int type, std::string_view bytes, std::string_view what, int max_depth) {
  if (type < 0 || static_cast<size_t>(type) >= schema.n_messages) throw_error(Code::kInvalidArgument, "no such message type");
  // protobuf refuses messages of 2 GiB and more; so does this codec.
  if (bytes.size() >= (size_t{1} << 31)) {
    throw_error(Code::kDataLoss, std::string(what) + " is not a valid " + schema.messages[type].name +
                                     ": " + std::to_string(bytes.size()) + " bytes, over protobuf's 2 GiB limit");
  }
  Decoder d(schema, type, what, max_depth);
  Message m;
  d.message(type, bytes, &m, 0);
  return m;
}

std::string encode(const Schema& schema, const Message& message) {
  Writer w;
  encode_into(schema, message, &w);
  return w.take();
}

bool is_utf8(std::string_view s) {
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len = 0;
    uint32_t cp = 0;
    if ((c & 0xe0) == 0xc0) { len = 2; cp = c & 0x1f; }
    else if ((c & 0xf0) == 0xe0) { len = 3; cp = c & 0x0f; }
    else if ((c & 0xf8) == 0xf0) { len = 4; cp = c & 0x07; }
    else return false;
    if (n - i < len) return false;
    for (size_t k = 1; k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3f);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)) return false;  // overlong
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += len;
  }
  return true;
}

}  // namespace proto
}  // namespace varrt
