"""Helpers of the table's browser tests: members in their own browser contexts,
with every response body and every stream message their browser receives."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Browser, BrowserContext, Page, Position, Response, ViewportSize
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}

# Records the data of every Server-Sent Event the page receives (window.__sse).
RECORD_STREAM = """
(() => {
  const Real = window.EventSource;
  window.__sse = [];
  function Recording(url, options) {
    const source = new Real(url, options);
    for (const type of ["log", "changed", "message", "closing"]) {
      source.addEventListener(type, (event) => window.__sse.push(event.data));
    }
    return source;
  }
  Recording.prototype = Real.prototype;
  Recording.CONNECTING = Real.CONNECTING;
  Recording.OPEN = Real.OPEN;
  Recording.CLOSED = Real.CLOSED;
  window.EventSource = Recording;
})();
"""


@dataclass
class Member:
    """One person at the table: a browser context and its page."""

    name: str
    context: BrowserContext
    page: Page
    responses: list[Response] = field(default_factory=list)

    def received(self) -> str:
        """Everything this browser received: response bodies (streams aside), the
        stream messages, and the page's DOM now."""
        parts = []
        for response in self.responses:
            if "text/event-stream" in (response.headers.get("content-type") or ""):
                continue
            try:
                parts.append(response.body().decode("utf-8", "replace"))
            except Exception:  # a body the browser discarded (a redirect): none to read
                continue
        parts.extend(self.page.evaluate("window.__sse || []"))
        parts.append(self.page.content())
        return "\n".join(parts)

    def stream_messages(self) -> list[str]:
        return list(self.page.evaluate("window.__sse || []"))


def member(browser: Browser, name: str, viewport: ViewportSize, locale: str = "de-DE") -> Member:
    context = browser.new_context(viewport=viewport, locale=locale)
    context.add_init_script(RECORD_STREAM)
    page = context.new_page()
    seat = Member(name, context, page)
    page.on("response", lambda response: seat.responses.append(response))
    return seat


SETTLED = """() => {
  const holder = document.getElementById("sigs");
  if (!holder) { return true; }
  const sigs = JSON.parse(holder.dataset.sigs || "{}");
  return [...document.querySelectorAll("[data-section]")].every(
    (s) => !(s.dataset.section in sigs) || sigs[s.dataset.section] === s.dataset.sig);
}"""


def settled(page: Page) -> None:
    """Wait until every form section of a table page is drawn from the panels' state
    (a section is drawn anew, its inputs reset, when what it offers changed)."""
    page.wait_for_function(SETTLED)


# The scale of the connected map drawing (0 while it is absent, detached or not yet laid
# out: a stream may redraw the map at any moment, and a detached node measures 0).
_MAP_SCALE = """
(selector) => {
  const svg = document.querySelector(selector);
  if (!svg || !svg.isConnected) return 0;
  const width = svg.getBoundingClientRect().width;
  return width > 0 ? width / svg.viewBox.baseVal.width : 0;
}
"""


def click_map_square(page: Page, x: int, y: int, selector: str = ".battle .map-svg svg",
                     inset: int = 16) -> None:
    """Click into the square (x, y) of a battle map drawing (squares of 32 units after a
    margin of 22 that holds the coordinates), `inset` units from its top left corner.
    The scale is measured on the drawing that is on the page when it is laid out; a
    click that a redraw overtook is made again on the new drawing."""
    for attempt in range(3):
        scale = float(page.wait_for_function(_MAP_SCALE, arg=selector).json_value())
        position: Position = {"x": (22 + x * 32 + inset) * scale,
                              "y": (22 + y * 32 + inset) * scale}
        try:
            page.locator(selector).click(position=position, timeout=5_000)
            return
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
