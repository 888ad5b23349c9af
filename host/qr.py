"""The join QR code: one matrix, drawn as SVG for phones, as text for terminals, as pixels on TV."""

from __future__ import annotations

from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M

QUIET_ZONE = 4


def qr_matrix(text: str) -> list[list[bool]]:
    """Rows of modules, True for dark, quiet zone included."""
    code = qrcode.QRCode(border=QUIET_ZONE, error_correction=ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]


@lru_cache(maxsize=8)
def qr_svg(text: str) -> str:
    """A crisp, scalable SVG: one path, no external references. Kept for the few addresses a
    host has: made afresh it cost 8 ms of the loop per request, and a guest looping on /qr.svg
    held the seated players' replies back by 100 ms (QA)."""
    matrix = qr_matrix(text)
    size = len(matrix)
    cells = "".join(
        f"M{x},{y}h1v1h-1z" for y, row in enumerate(matrix) for x, dark in enumerate(row) if dark
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{cells}" fill="#000"/></svg>'
    )


def qr_text(text: str) -> str:
    """Two module rows per line with half-block characters, dark on a light terminal square."""
    matrix = qr_matrix(text)
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    lines = []
    for top, bottom in zip(matrix[::2], matrix[1::2], strict=True):
        # Terminals are usually light on dark: draw the light modules, which scanners read too.
        line = "".join(
            " " if t and b else "▄" if t else "▀" if b else "█"
            for t, b in zip(top, bottom, strict=True)
        )
        lines.append(line)
    return "\n".join(lines)
