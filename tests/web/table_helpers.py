"""Helpers of the table's browser tests: members in their own browser contexts,
with every response body and every stream message their browser receives."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Browser, BrowserContext, Page, Response, ViewportSize

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
