"""Writing small .xlsx and .ods files for tests, by hand (zip + XML), so expected cells are literal."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.sax.saxutils import escape


def _col(i: int) -> str:
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(65 + r) + name
    return name


def write_xlsx(path: Path, sheets: dict[str, list[list[object]]]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("[Content_Types].xml",
                   '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                   'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
                   'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName='
                   '"/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
                   '.main+xml"/>' + "".join(
                       f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-'
                       f'officedocument.spreadsheetml.worksheet+xml"/>'
                       for i in range(1, len(sheets) + 1)) + "</Types>")
        z.writestr("_rels/.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
                   'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml",
                   '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/'
                   'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
                   'relationships"><sheets>' + "".join(
                       f'<sheet name="{escape(n)}" sheetId="{i}" r:id="rId{i}"/>'
                       for i, n in enumerate(sheets, start=1)) + "</sheets></workbook>")
        z.writestr("xl/_rels/workbook.xml.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/relationships">' + "".join(
                       f'<Relationship Id="rId{i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                       f'relationships/worksheet" Target="worksheets/sheet{i}.xml"/>'
                       for i in range(1, len(sheets) + 1)) + "</Relationships>")
        for i, rows in enumerate(sheets.values(), start=1):
            body = []
            for r, row in enumerate(rows, start=1):
                cells = []
                for c, v in enumerate(row):
                    ref = f"{_col(c)}{r}"
                    if v is None:
                        continue
                    if isinstance(v, int | float):
                        cells.append(f'<c r="{ref}"><v>{v}</v></c>')
                    else:
                        cells.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(v))}</t></is></c>')
                body.append(f'<row r="{r}">{"".join(cells)}</row>')
            z.writestr(f"xl/worksheets/sheet{i}.xml",
                       '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
                       f'spreadsheetml/2006/main"><sheetData>{"".join(body)}</sheetData></worksheet>')
    return path


def write_ods(path: Path, sheets: dict[str, list[list[object]]]) -> Path:
    tables = []
    for name, rows in sheets.items():
        trs = []
        for row in rows:
            tds = []
            for v in row:
                if v is None:
                    tds.append("<table:table-cell/>")
                elif isinstance(v, int | float):
                    tds.append(f'<table:table-cell office:value-type="float" office:value="{v}"><text:p>{v}</text:p>'
                               "</table:table-cell>")
                else:
                    tds.append(f'<table:table-cell office:value-type="string"><text:p>{escape(str(v))}</text:p>'
                               "</table:table-cell>")
            trs.append(f"<table:table-row>{''.join(tds)}</table:table-row>")
        tables.append(f'<table:table table:name="{escape(name)}">{"".join(trs)}</table:table>')
    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
               f'<office:body><office:spreadsheet>{"".join(tables)}</office:spreadsheet></office:body>'
               "</office:document-content>")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content)
        z.writestr("META-INF/manifest.xml",
                   '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:'
                   'opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/"'
                   ' manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry '
                   'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    return path


def write_xls(path: Path, sheets: dict[str, list[list[object]]]) -> Path:
    """A legacy Excel 97-2003 (.xls, BIFF8) workbook, written by xlwt (a test-only dependency)."""
    import xlwt

    book = xlwt.Workbook(encoding="utf-8")
    for name, rows in sheets.items():
        sheet = book.add_sheet(name)
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if value is not None:
                    sheet.write(r, c, value)
    book.save(str(path))
    return path
