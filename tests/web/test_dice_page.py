"""The dice roller in a real browser: the dice, the struck dropped dice, the
total, the exact odds and the chart, in German, English and Icelandic."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.web.table_helpers import click_map_square

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}


def local_only(page: Page, base: str) -> list[str]:
    """Collect every request the page makes that does not go to the server."""
    foreign: list[str] = []
    page.on("request", lambda request: foreign.append(request.url)
            if not request.url.startswith(base) else None)
    return foreign


def test_a_roll_shows_its_dice_total_odds_and_chart(page: Page, server_url: str) -> None:
    foreign = local_only(page, server_url)
    page.goto(f"{server_url}/dice?lang=en")
    page.get_by_label("Dice expression").fill("4d6kh3")
    page.get_by_role("button", name="Roll").click()
    roll = page.locator("article.roll").first
    expect(roll).to_be_visible()
    # 4d6kh3 keeps three dice: exactly one of the four is struck through.
    expect(roll.locator("s.die.struck")).to_have_count(1)
    kept = [int(text) for text in roll.locator("span.die").all_inner_texts()]
    assert len(kept) == 3
    total = int(roll.get_attribute("data-total") or "")
    assert total == sum(kept)
    assert int(roll.locator(".total").inner_text().split()[-1]) == total
    # The chart marks the rolled total: one bar, titled with that total.
    marked = roll.locator("rect.bar.marked")
    expect(marked).to_have_count(1)
    assert (marked.locator("title").text_content() or "").startswith(f"{total}:")
    expect(roll.locator(".odds")).to_contain_text("Chance of this or better")
    assert re.search(r"\d+\.\d\d%", roll.locator(".odds").inner_text())
    assert foreign == []


def test_german_percentages_and_htmx_keeps_earlier_rolls(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/dice?lang=de")
    box = page.get_by_label("Würfelausdruck")
    box.fill("2W6")
    box.press("Enter")
    expect(page.locator("article.roll")).to_have_count(1)
    box.fill("1d20")
    page.get_by_role("button", name="Würfeln").click()
    expect(page.locator("article.roll")).to_have_count(2)
    # Newest first; German writes "73,66 %" with a comma and a (no-break) space.
    expect(page.locator("article.roll .expression").first).to_have_text("1d20")
    odds = page.locator("article.roll .odds").first.inner_text()
    assert re.search(r"Chance auf dies oder besser: \d+,\d\d\u00a0%", odds), odds


def test_a_bad_expression_says_what_is_wrong(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/dice?lang=is")
    page.get_by_label("Teningasegð").fill("4d6+")
    page.get_by_role("button", name="Kasta").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Þessu er ekki hægt að kasta: 4d6+")
    expect(alert).to_contain_text("átti von á")


def test_keyboard_only_roll(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/dice?lang=en")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to the content")).to_be_focused()
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "expression":
            break
    page.keyboard.type("3d6")
    page.keyboard.press("Enter")
    expect(page.locator("article.roll .expression")).to_have_text("3d6")


def test_screenshots_of_the_dice_page(browser: Browser, server_url: str,
                                      screenshots: Path) -> None:
    for name, size in (("390", PHONE), ("1280", LAPTOP)):
        context = browser.new_context(viewport=size, locale="de-DE")
        page = context.new_page()
        page.goto(f"{server_url}/dice?expression=4d6kh3")
        expect(page.locator("rect.bar.marked")).to_have_count(1)
        # Nothing is wider than the screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        page.screenshot(path=str(screenshots / f"dice-{name}.png"), full_page=True)
        page.goto(f"{server_url}/")
        page.screenshot(path=str(screenshots / f"start-{name}.png"), full_page=True)
        context.close()


def test_the_battle_map_picks_an_area_by_clicking(page: Page, server_url: str,
                                                  screenshots: Path) -> None:
    page.set_viewport_size(LAPTOP)
    page.goto(f"{server_url}/map?lang=de")
    svg = page.locator(".map-svg svg")
    expect(svg).to_be_visible()
    # Click the square (6, 3): a burst from its corner, 3 m.  Squares of 32 units
    # begin after a margin of 22 that holds the coordinates.
    click_map_square(page, 6, 3, selector=".map-svg svg", inset=2)
    expect(page.get_by_label("Ecke einer Explosion (x, y)")).to_have_value("6, 3")
    page.get_by_role("button", name="Bereich zeigen").click()
    expect(page.locator(".affected")).to_have_text("Goblin")
    expect(page.locator(".map-text")).to_contain_text("Explosion")
    page.screenshot(path=str(screenshots / "map-1280.png"))
    # A cone from Amiri toward the east stops at the wall.
    page.get_by_label("Form").select_option("cone")
    page.get_by_label("Von (Ausstrahlung, Kegel, Linie)").select_option("Amiri")
    page.get_by_label("Richtung eines Kegels").select_option("e")
    page.get_by_label("Größe (m)").fill("9")
    page.get_by_role("button", name="Bereich zeigen").click()
    expect(page.locator(".map-text")).to_contain_text("Kegel")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(screenshots / "map-390.png"))
