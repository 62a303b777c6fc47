"""The operating system's errors in Russian: the OS says them in English («Illegal seek»,
«Read-only file system»), and a Russian message must not carry an English clause.

Pure standard library: every layer may use it (the log, the vocabulary cache, downloads,
the command line).

>>> os_error_text(OSError(errno.ESPIPE, "Illegal seek"))
'файл не поддерживает перемотку (это канал или устройство)'
>>> os_error_text(UnicodeDecodeError("utf-8", b"\\xff", 0, 1, "invalid start byte"))
'в тексте есть байты не в кодировке UTF-8'
"""

from __future__ import annotations

import errno

__all__ = ["OS_ERRORS", "os_error_text"]

OS_ERRORS = {
    errno.ENOSPC: "на диске нет места",
    errno.EISDIR: "это папка, а не файл",
    errno.ENOTDIR: "часть пути — не папка",
    errno.ENOENT: "нет такого файла или папки",
    errno.EACCES: "нет доступа",
    errno.EPERM: "операция не разрешена",
    errno.EROFS: "файловая система только для чтения",
    errno.EDQUOT: "превышена дисковая квота",
    errno.EFBIG: "файл слишком велик",
    errno.EIO: "ошибка ввода-вывода",
    errno.EEXIST: "файл уже существует",
    errno.ENAMETOOLONG: "слишком длинное имя файла",
    errno.EMFILE: "открыто слишком много файлов",
    errno.ENFILE: "в системе открыто слишком много файлов",
    errno.EPIPE: "канал закрыт",
    errno.EINVAL: "система не принимает такую запись в этот файл",
    errno.ENXIO: "нет такого устройства",
    errno.ENODEV: "нет такого устройства",
    errno.ELOOP: "слишком много символических ссылок (возможно, ссылка указывает сама на себя)",
    errno.ESPIPE: "файл не поддерживает перемотку (это канал или устройство)",
    errno.EBUSY: "устройство или файл занято",
    errno.ETXTBSY: "файл занят",
    errno.ENOTEMPTY: "папка не пуста",
    errno.EXDEV: "нельзя переместить файл на другой диск",
    errno.EAGAIN: "ресурс временно недоступен",
    errno.ENOMEM: "не хватает памяти",
    errno.ETIMEDOUT: "время ожидания истекло",
    errno.ECONNREFUSED: "сервер отказал в соединении",
    errno.ECONNRESET: "соединение сброшено",
    errno.ENETUNREACH: "сеть недоступна",
    errno.EHOSTUNREACH: "сервер недоступен",
}
"""Russian for the operating system's errors, by ``errno``."""


def os_error_text(error: BaseException) -> str:
    """What went wrong in Russian: an :class:`OSError` by ``errno``, a text-encoding error
    by its kind, else the error's own words.

    >>> os_error_text(OSError(errno.ENOSPC, "No space left on device"))
    'на диске нет места'
    >>> os_error_text(IsADirectoryError(errno.EISDIR, "Is a directory", "/tmp"))
    'это папка, а не файл'
    """
    if isinstance(error, UnicodeDecodeError):
        return f"в тексте есть байты не в кодировке {_codec(error.encoding)}"
    if isinstance(error, UnicodeEncodeError):
        return f"в тексте есть символы, которых нет в кодировке {_codec(error.encoding)}"
    if isinstance(error, OSError):
        if error.errno in OS_ERRORS:
            return OS_ERRORS[error.errno]
        return str(error.strerror or error)
    return str(error)


def _codec(name: str) -> str:
    return {"utf-8": "UTF-8", "utf8": "UTF-8", "ascii": "ASCII"}.get(name.lower(), name)
