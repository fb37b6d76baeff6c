"""QR codes for invitation links (segno, drawn as inline SVG on the server)."""

from __future__ import annotations

import segno
from markupsafe import Markup

__all__ = ["qr_svg"]


def qr_svg(text: str, title: str) -> Markup:
    """``text`` as a QR code (error correction M) in an inline SVG titled ``title``.

    segno escapes the title and draws only a path, so the markup is safe to embed.
    """
    code = segno.make(text, error="m")
    svg = code.svg_inline(scale=4, border=2, title=title, dark="#1b1a1f", light="#ffffff",
                          svgclass="qr", lineclass=None, omitsize=True)
    return Markup(svg)
