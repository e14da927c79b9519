"""Reading card rows from a spreadsheet (.xlsx, .xlsm, .xls, .ods) with python-calamine.

A sheet is picked by name (a workbook of one sheet may leave it out), one row is the header (default:
row 1), and every later non-empty row is one record.  Header names are matched ignoring case and become
lower-case field names, as a CSV's do, so ``Qty`` is the quantity column in every source.

Each record keeps where it came from (sheet, row and the
column letters of its cells) so an error can say ``cards.xlsx: sheet 'Cards', row 7, column C (qty)``.
calamine is a Rust reader: it needs no system libraries and never runs a workbook's macros.
"""

from __future__ import annotations

import datetime as _dt
import io
import re
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.engine.errors import InputError

SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods")
MAX_ROWS = 20_000  # a deck with more rows than this is a mistake (or an attack), not a deck
MAX_COLUMNS = 200
# A workbook is looked at before calamine reads it: calamine builds a sheet's whole grid, from A1 to its farthest
# cell, and copies a shared string into every cell that names it, before any row cap can apply.
MAX_UNPACKED_BYTES = 64 * 1024 * 1024  # a workbook's parts unzipped; a 20,000-row deck takes a few MB
MAX_GRID_CELLS = (MAX_ROWS + 100) * MAX_COLUMNS  # rows × columns from A1 to the farthest cell
MAX_CELL_TEXT = 32_767  # characters in one cell: Excel's own limit
MAX_SHEET_TEXT = 20_000_000  # characters a sheet's text cells hold once every shared string is filled in


def column_letter(index: int) -> str:
    """``0`` → ``A``, ``25`` → ``Z``, ``26`` → ``AA``: the name a spreadsheet shows for a column."""
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = chr(ord("A") + rem) + name
    return name


@dataclass(frozen=True)
class SheetRow:
    """One record: its values by header name, and where it sits in the workbook."""

    fields: dict[str, Any]
    sheet: str
    row: int  # 1-based, as the spreadsheet shows it
    columns: dict[str, int]  # header name -> 1-based column

    def where(self, column: str | None = None) -> str:
        text = f"sheet {self.sheet!r}, row {self.row}"
        if column is not None and column in self.columns:
            text += f", column {column_letter(self.columns[column] - 1)} ({column})"
        return text


def _value(cell: Any) -> Any:
    """A cell as a template sees it: whole numbers as int, text stripped, dates as ISO text."""
    if isinstance(cell, bool):
        return cell
    if isinstance(cell, float) and cell.is_integer():
        return int(cell)
    if isinstance(cell, str):
        return cell.strip()
    if isinstance(cell, _dt.datetime | _dt.date | _dt.time):
        return cell.isoformat()
    if isinstance(cell, _dt.timedelta):
        return str(cell)
    return cell


_CELL = re.compile(rb"<c\b([^>]*?)(?:/>|>(.*?)</c>)", re.S)
_REF = re.compile(rb'\br="([A-Z]{1,3})([0-9]{1,7})"')
_TYPE = re.compile(rb'\bt="([a-zA-Z]+)"')
_VALUE = re.compile(rb"<v>([0-9]+)</v>")
_SI = re.compile(rb"<si>(.*?)</si>", re.S)
_TAG = re.compile(rb"<[^>]*>")


def _column_number(letters: bytes) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ch - 64
    return n


def _part(book: zipfile.ZipFile, name: str, shown: str) -> bytes:
    """One part unzipped, at most :data:`MAX_UNPACKED_BYTES` (its declared size may lie)."""
    with book.open(name) as fh:
        data = fh.read(MAX_UNPACKED_BYTES + 1)
    if len(data) > MAX_UNPACKED_BYTES:
        raise InputError.single(f"part {name} unpacks to more than {MAX_UNPACKED_BYTES // 2**20} MB; printkit "
                                "refuses workbooks that large", shown)
    return data


def check_workbook(source: Path | bytes, shown: str) -> None:
    """Refuse an .xlsx/.xlsm whose parts unpack too large, whose sheets reach too far from A1, whose cells hold
    more text than Excel allows or whose shared strings fill in to too much text: before calamine reads it."""
    try:
        book = zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source)
    except (zipfile.BadZipFile, OSError, ValueError):
        return  # not a zip (.xls), or not there: calamine says so
    try:
        with book:
            _check_parts(book, shown)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, OSError, ValueError) as exc:
        raise InputError.single(f"this workbook is damaged ({type(exc).__name__}: {str(exc)[:120]})", shown) from None


def _check_parts(book: zipfile.ZipFile, shown: str) -> None:
    """The sizes :func:`check_workbook` bounds, read from the parts themselves."""
    parts = book.infolist()
    declared = sum(p.file_size for p in parts)
    if declared > MAX_UNPACKED_BYTES:
        raise InputError.single(f"this workbook unpacks to {declared / 2**20:,.0f} MB; printkit refuses workbooks "
                                f"over {MAX_UNPACKED_BYTES // 2**20} MB", shown)
    names = {p.filename for p in parts}
    strings: list[int] = []
    if "xl/sharedStrings.xml" in names:
        for si in _SI.finditer(_part(book, "xl/sharedStrings.xml", shown)):
            strings.append(len(_TAG.sub(b"", si.group(1))))
    longest = max(strings, default=0)
    if longest > MAX_CELL_TEXT:
        raise InputError.single(f"a shared string of {longest:,} characters; a cell holds at most "
                                f"{MAX_CELL_TEXT:,}", shown)
    for name in sorted(n for n in names if n.startswith("xl/worksheets/") and n.endswith(".xml")):
        _check_worksheet(_part(book, name, shown), strings, name, shown)


def _check_worksheet(xml: bytes, strings: list[int], name: str, shown: str) -> None:
    rows = columns = text = 0
    for cell in _CELL.finditer(xml):
        attributes, body = cell.group(1), cell.group(2) or b""
        ref = _REF.search(attributes)
        if ref is not None:
            columns = max(columns, _column_number(ref.group(1)))
            rows = max(rows, int(ref.group(2)))
        kind = _TYPE.search(attributes)
        if kind is not None and kind.group(1) == b"s":
            index = _VALUE.search(body)
            if index is not None and int(index.group(1)) < len(strings):
                text += strings[int(index.group(1))]
        elif kind is not None and kind.group(1) == b"inlineStr":
            size = len(_TAG.sub(b"", body))
            if size > MAX_CELL_TEXT:
                raise InputError.single(f"{name}: a cell of {size:,} characters; a cell holds at most "
                                        f"{MAX_CELL_TEXT:,}", shown)
            text += size
    if rows * columns > MAX_GRID_CELLS:
        raise InputError.single(f"{name}: cells reach row {rows:,}, column {column_letter(columns - 1)}: "
                                f"{rows * columns:,} cells from A1; a deck's sheet may span at most "
                                f"{MAX_GRID_CELLS:,}", shown)
    if text > MAX_SHEET_TEXT:
        raise InputError.single(f"{name}: its cells hold {text:,} characters of text; a deck's sheet may hold at "
                                f"most {MAX_SHEET_TEXT:,}", shown)


def read_sheet(path: Path, sheet: str | None = None, header_row: int = 1, data: bytes | None = None,
               label: str | None = None) -> list[SheetRow]:
    """The records of one sheet.  ``data`` (the file's bytes) may stand in for reading ``path``."""
    from python_calamine import CalamineWorkbook  # imported here: only decks from spreadsheets need it

    shown = label or str(path)
    check_workbook(path if data is None else data, shown)
    try:
        if data is not None:
            book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        else:
            book = CalamineWorkbook.from_path(str(path))
    except FileNotFoundError:
        raise InputError.single("spreadsheet file not found", shown) from None
    except Exception as exc:  # calamine raises its own kinds for a damaged or mislabelled file
        raise InputError.single(f"cannot read this spreadsheet ({type(exc).__name__}: {str(exc)[:120]})",
                                shown) from None
    names = list(book.sheet_names)
    if not names:
        raise InputError.single("the spreadsheet has no sheets", shown)
    if sheet is None and len(names) > 1:  # the first sheet of several is often a notes sheet: never guess
        raise InputError.single(f"sheet not given; sheets: {', '.join(names)} (say which with `sheet:`)", shown)
    name = sheet if sheet is not None else names[0]
    if name not in names:
        raise InputError.single(f"no sheet named {name!r}; the sheets are {', '.join(repr(n) for n in names)}", shown)
    try:
        rows = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
    except Exception as exc:
        raise InputError.single(f"sheet {name!r}: cannot read it ({type(exc).__name__})", shown) from None
    if len(rows) > MAX_ROWS + header_row:
        raise InputError.single(f"sheet {name!r} has {len(rows)} rows; at most {MAX_ROWS} cards rows are read",
                                shown)
    if len(rows) < header_row:
        raise InputError.single(f"sheet {name!r}: the header row {header_row} is empty (the sheet has "
                                f"{len(rows)} rows)", shown)
    header = [str(_value(h)).lower() if h not in (None, "") else "" for h in rows[header_row - 1]][:MAX_COLUMNS]
    while header and not header[-1]:
        header.pop()
    if not header:
        raise InputError.single(f"sheet {name!r}, row {header_row}: the header row is empty; it names the columns",
                                shown)
    columns: dict[str, int] = {}
    for i, h in enumerate(header):
        if not h:
            raise InputError.single(f"sheet {name!r}, row {header_row}, column {column_letter(i)}: this header cell "
                                    "is empty; every column with data needs a name", shown)
        if h in columns:
            raise InputError.single(f"sheet {name!r}, row {header_row}, column {column_letter(i)}: the header "
                                    f"{h!r} is already column {column_letter(columns[h] - 1)} (names are matched "
                                    "ignoring case)", shown)
        columns[h] = i + 1
    out: list[SheetRow] = []
    for r, row in enumerate(rows[header_row:], start=header_row + 1):
        cells = [_value(c) for c in row]
        if not any(c not in (None, "") for c in cells):
            continue
        extra = [i for i, c in enumerate(cells[len(header):], start=len(header)) if c not in (None, "")]
        if extra:
            raise InputError.single(f"sheet {name!r}, row {r}, column {column_letter(extra[0])}: a value in a column "
                                    "with no header; name the column in the header row", shown)
        fields = {h: (cells[i] if i < len(cells) and cells[i] is not None else "") for i, h in enumerate(header)}
        out.append(SheetRow(fields, name, r, columns))
    return out
