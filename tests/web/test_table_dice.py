"""Rolling any dice at the table in a real browser: the game master openly and
secretly, a player openly; dice (dropped ones struck through), total and odds chart
for the roller, and nothing of a secret roll in any response the player receives."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import Served
from tests.web.table_helpers import LAPTOP, PHONE, member
from tests.web.test_table_play import create_table, invite, join


def test_open_and_secret_dice_rolls(browser: Browser, served: Served) -> None:
    gm = member(browser, "Gisela", LAPTOP)
    create_table(gm, served.url)
    bert = member(browser, "Bert", PHONE)
    join(bert, invite(gm))

    form = bert.page.locator("form.dice-form")
    expect(form.get_by_label("Geheimer Wurf (nur du siehst das Ergebnis)")).to_have_count(0)
    form.get_by_label("Würfelausdruck").fill("4d6kh3")
    form.get_by_role("button", name="Würfeln").click()
    result = bert.page.locator("#dice-result .roll")
    expect(result).to_be_visible()
    expect(result.locator(".die")).to_have_count(4)
    expect(result.locator("s.die.struck")).to_have_count(1)
    expect(result.locator("figure.chart svg rect.marked")).to_have_count(1)
    expect(result).to_contain_text("Chance auf dies oder besser")
    expect(gm.page.locator("#log")).to_contain_text("4d6kh3")

    form = gm.page.locator("form.dice-form")
    form.get_by_label("Würfelausdruck").fill("1d20+1000")
    form.get_by_label("Wofür (optional)").fill("Hinterhalt-Qz")
    form.get_by_label("Geheimer Wurf (nur du siehst das Ergebnis)").check()
    form.get_by_role("button", name="Würfeln").click()
    secret = gm.page.locator("#dice-result .roll")
    expect(secret.locator("figure.chart svg")).to_be_visible()
    secret_total = secret.get_attribute("data-total")
    assert secret_total is not None
    assert int(secret_total) > 1000
    expect(bert.page.locator("#log")).to_contain_text(
        "Die Spielleitung hat geheim gewürfelt.")
    received = bert.received()
    assert "Hinterhalt-Qz" not in received
    assert "1d20+1000" not in received
    assert not any(secret_total in message for message in bert.stream_messages())
    gm.context.close()
    bert.context.close()
