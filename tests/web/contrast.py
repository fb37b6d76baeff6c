"""The contrast of every visible text on a page (WCAG 2 relative luminance), measured
in the browser from the computed colours."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

_WORST = """(() => {
  const parse = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const channel = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  };
  const luminance = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const over = (top, below) => { const a = top.length > 3 ? top[3] : 1;
    return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)); };
  function background(element) {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.length < 3 || (c.length > 3 && c[3] === 0)) continue;
      layers.push(c);
      if (c.length === 3 || c[3] === 1) break;
    }
    let colour = [255, 255, 255];
    for (let i = layers.length - 1; i >= 0; i--) { colour = over(layers[i], colour); }
    return colour;
  }
  const found = [];
  for (const element of document.querySelectorAll("body *")) {
    const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !element.getClientRects().length) continue;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || style.opacity === "0") continue;
    if (element.closest("[hidden], .visually-hidden, svg")) continue;
    const back = background(element);
    const fore = over(parse(style.color), back);
    const [a, b] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
    found.push({ratio: (a + 0.05) / (b + 0.05), text: element.textContent.trim().slice(0, 30),
                tag: element.tagName, cls: element.className,
                bold: parseInt(style.fontWeight, 10) >= 600});
  }
  found.sort((x, y) => x.ratio - y.ratio);
  return found.slice(0, 50);
})()"""


def worst_contrast(page: Page) -> list[dict[str, Any]]:
    """The 50 texts of lowest contrast on the page, lowest first (ratio, text, tag,
    class, whether bold)."""
    worst: list[dict[str, Any]] = page.evaluate(_WORST)
    return worst
