"""Keras's file hashes (keras/src/utils/file_utils.py): sha256, or md5 for the legacy hashes;
"auto" takes a 64-digit hash for sha256 and anything else for md5."""
import hashlib


def resolve_hasher(algorithm, file_hash=None):
    if algorithm == "sha256":
        return hashlib.sha256()
    if algorithm == "auto" and file_hash is not None and len(file_hash) == 64:
        return hashlib.sha256()
    return hashlib.md5()


def hash_file(fpath, algorithm="sha256", chunk_size=65535):
    """The file's hex digest by `algorithm` (a name, or a hashlib object to feed)."""
    hasher = resolve_hasher(algorithm) if isinstance(algorithm, str) else algorithm
    with open(fpath, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            hasher.update(chunk)
    return hasher.hexdigest()


def validate_file(fpath, file_hash, algorithm="auto", chunk_size=65535):
    """Whether the file's hash is `file_hash`."""
    return str(hash_file(fpath, resolve_hasher(algorithm, file_hash), chunk_size)) == str(file_hash)
