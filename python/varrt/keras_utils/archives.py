"""Extracting tar and zip archives as Keras 3 does (keras/src/utils/file_utils.py): members whose
path (or link target) would land outside the extraction folder are skipped with a warning, tar
members go through tarfile's "data" filter, and a failed extraction removes what it wrote."""
import inspect
import os
import shutil
import sys
import tarfile
import warnings
import zipfile


def _resolve_sub_path(base_dir, relative_path):
    """The resolved path of `relative_path` under `base_dir` (resolved), None when outside it."""
    path = os.path.realpath(os.path.join(base_dir, relative_path))
    try:
        return path if os.path.commonpath([path, base_dir]) == base_dir else None
    except ValueError:
        return None


def _is_link_in_dir(info, base_dir):
    if info.islnk():  # hard links resolve from the root: both ends must stay inside
        return (_resolve_sub_path(base_dir, info.name) is not None
                and _resolve_sub_path(base_dir, info.linkname) is not None)
    destination = _resolve_sub_path(base_dir, info.name)  # symlinks resolve from their own folder
    if destination is None:
        return False
    link = os.path.realpath(os.path.join(os.path.dirname(destination), info.linkname))
    try:
        return os.path.commonpath([link, base_dir]) == base_dir
    except ValueError:
        return False


def _skipped(name):
    warnings.warn(f"Skipping invalid path during archive extraction: '{name}'.", stacklevel=2)


def _safe_zip_members(members, base_dir):
    base_dir = os.path.realpath(base_dir)
    for info in members:
        if _resolve_sub_path(base_dir, info.filename) is not None:
            yield info
        else:
            _skipped(info.filename)


def _safe_tar_members(members, base_dir):
    base_dir = os.path.realpath(base_dir)
    for info in members:
        if info.issym() or info.islnk():
            safe = _is_link_in_dir(info, base_dir)
        else:
            safe = _resolve_sub_path(base_dir, info.name) is not None
        if safe:
            yield info
        else:
            _skipped(info.name)


def _extract_open_archive(archive, path):
    if isinstance(archive, zipfile.ZipFile):
        archive.extractall(path, members=_safe_zip_members(archive.infolist(), path))
        return
    # tarfile's "data" filter exists from Python 3.11.4 and is the default from 3.14.
    kwargs = {}
    if sys.version_info < (3, 14) and "filter" in inspect.signature(archive.extractall).parameters:
        kwargs = {"filter": "data"}
    archive.extractall(path, members=_safe_tar_members(archive, path), **kwargs)


_FORMATS = {"tar": (tarfile.open, tarfile.is_tarfile), "zip": (zipfile.ZipFile, zipfile.is_zipfile)}


def extract_archive(file_path, path=".", archive_format="auto"):
    """Extracts `file_path` into `path` if it is an archive of `archive_format` ("auto": tar then
    zip; "tar" covers .tar, .tar.gz and .tar.bz2; None or [] matches nothing). Whether it was."""
    if archive_format is None:
        return False
    if archive_format == "auto":
        archive_format = ["tar", "zip"]
    if isinstance(archive_format, str):
        archive_format = [archive_format]
    file_path, path = os.fspath(file_path), os.fspath(path)
    for archive_type in archive_format:
        if archive_type not in _FORMATS:
            raise NotImplementedError(archive_type)
        open_fn, is_match = _FORMATS[archive_type]
        if is_match(file_path):
            with open_fn(file_path) as archive:
                try:
                    _extract_open_archive(archive, path)
                except (tarfile.TarError, RuntimeError, KeyboardInterrupt):
                    if os.path.exists(path):
                        if os.path.isfile(path):
                            os.remove(path)
                        else:
                            shutil.rmtree(path)
                    raise
            return True
    return False
