"""A game master and two players at one PF2e table, each in their own browser:
create, invite, join, characters, a hidden creature, open and secret checks with
their odds shown first, the live log; and no secret in anything a player's
browser receives (pages, fragments, the stream)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.web.conftest import Served
from tests.web.table_helpers import LAPTOP, PHONE, Member, member

HIDDEN = "Schattenpirscher"


def create_table(gm: Member, url: str) -> str:
    page = gm.page
    page.goto(f"{url}/")
    page.get_by_label("Name des Tisches").fill("Die Runde")
    page.get_by_label("Dein Name (Spielleitung)").fill("Gisela")
    page.get_by_label("Spielsystem").select_option("pf2e")
    page.get_by_label("Sprache des Tisches").select_option("de")
    page.get_by_role("button", name="Tisch eröffnen").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Die Runde")
    expect(page.locator("[data-live]")).to_have_text("live")
    return page.url.rsplit("/", 1)[1]


def invite(gm: Member) -> str:
    links = gm.page.locator(".invite-link")
    before = links.count()
    gm.page.get_by_role("button", name="Neuer Einladungslink").click()
    expect(links).to_have_count(before + 1)
    link = links.first  # the newest comes first
    expect(gm.page.locator(".qr-box svg").first).to_be_visible()
    return link.input_value()


def join(player: Member, link: str, english: bool = False) -> None:
    """Join by the link; the join page speaks the browser's language."""
    player.page.goto(link)
    player.page.get_by_label("Your name" if english else "Dein Name").fill(player.name)
    player.page.get_by_role("button", name="Join" if english else "Beitreten").click()
    expect(player.page.get_by_role("heading", level=1)).to_have_text("Die Runde")
    expect(player.page.locator("[data-live]")).to_have_text("live")


def add_pf2e(seat: Member, name: str, values: dict[str, str], skills: str = "",
             strikes: str = "", creature: bool = False, hidden: bool = False) -> None:
    page = seat.page
    form = page.locator("form.add-character")
    if not form.is_visible():
        page.get_by_text("Formular öffnen").click()
    form.get_by_label("Name", exact=True).fill(name)
    if creature:
        form.get_by_label("Art").select_option("creature")
    elif form.get_by_label("Art").count():
        form.get_by_label("Art").select_option("character")
    if hidden:
        form.get_by_label("Vor den Spielenden verborgen").check()
    for label, value in values.items():
        form.get_by_label(label, exact=True).fill(value)
    form.get_by_label("Fertigkeiten").fill(skills)
    form.get_by_label("Angriffe").fill(strikes)
    form.get_by_role("button", name="Hinzufügen").click()
    expect(page.locator("#add-result")).to_contain_text(f"{name} ist am Tisch.")


def roll_check(seat: Member, who: str, what: str, dc: int, secret: bool = False) -> str:
    """Roll a check; answers the odds the page showed before the roll."""
    page = seat.page
    form = page.locator("form.check-form")
    form.get_by_label("Wer").select_option(label=who)
    form.get_by_label("Was").fill(what)
    form.get_by_label("SG").fill(str(dc))
    odds = page.locator("#check-odds")
    expect(odds).to_contain_text("Chancen vor dem Wurf")
    shown = odds.inner_text()
    if secret:
        form.get_by_label("Verdeckter Wurf (nur du siehst das Ergebnis)").check()
    form.get_by_role("button", name="Würfeln").click()
    expect(page.locator("#check-result .entry")).to_be_visible()
    return shown


def test_a_table_with_secrets_in_three_browsers(browser: Browser, served: Served,
                                                screenshots: Path) -> None:
    url = served.url
    gm = member(browser, "Gisela", LAPTOP)
    ann = member(browser, "Ann", PHONE)
    bo = member(browser, "Bo", LAPTOP, locale="en-GB")

    table_id = create_table(gm, url)
    link_ann, link_bo = invite(gm), invite(gm)
    assert link_ann != link_bo
    join(ann, link_ann)
    join(bo, link_bo, english=True)
    # The game master's page learns of both players from the stream.
    members = gm.page.locator("#log")
    expect(members).to_contain_text("Ann spielt mit.")
    expect(members).to_contain_text("Bo spielt mit.")

    add_pf2e(ann, "Ezren", {"Stufe": "1", "Wahrnehmung": "5", "RK": "16", "TP": "15",
                            "Willen": "6"},
             skills="Arcana +7", strikes="Dolch +5 1d4 piercing agile")
    add_pf2e(bo, "Kyra", {"Stufe": "1", "Wahrnehmung": "6", "RK": "18", "TP": "18"},
             skills="Religion +6\nAthletik +5")
    add_pf2e(gm, HIDDEN, {"Wahrnehmung": "9", "RK": "19", "TP": "27"}, skills="Lauern +11",
             creature=True, hidden=True)

    # Everyone sees the players' characters live; only the game master the creature.
    for seat in (gm, ann, bo):
        expect(seat.page.locator("#card-c1")).to_contain_text("Ezren")
        expect(seat.page.locator("#card-c2")).to_contain_text("Kyra")
    expect(gm.page.locator("#card-c3")).to_contain_text(HIDDEN)
    expect(gm.page.locator("#card-c3")).to_contain_text("Verborgen")
    # Own HP exactly, others' as an estimate (the table's default).
    expect(ann.page.locator("#card-c1 .hp-text")).to_have_text("15/15 TP")
    expect(ann.page.locator("#card-c2 .estimate")).to_have_text("unverletzt")

    # Ann sees her odds before she rolls: Arcana +7 against DC 15.
    odds = roll_check(ann, "Ezren", "arcana", 15)
    assert re.search(r"Kritischer Erfolg 15\s%.*Erfolg 50\s%.*Fehlschlag 30\s%"
                     r".*Kritischer Fehlschlag 5\s%", odds.replace("\u00a0", " "), re.S), odds
    for seat in (gm, bo):
        expect(seat.page.locator("#log")).to_contain_text("Ezren: Wurf auf arcana.")

    # The game master rolls a secret Perception check for Ezren.
    roll_check(gm, "Ezren", "perception", 20, secret=True)
    secret_entry = gm.page.locator("#log .entry[data-kind=check_rolled]").last
    expect(secret_entry).to_contain_text("verdeckter Wurf auf perception")
    for seat in (ann, bo):
        expect(seat.page.locator("#log .entry.secret").last).to_contain_text(
            "Der SL hat einen Verdeckten Wurf abgelegt.")

    for seat, name in ((gm, "gm"), (ann, "player")):
        for width, size in (("390", PHONE), ("1280", LAPTOP)):
            seat.page.set_viewport_size(size)
            assert seat.page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            seat.page.screenshot(path=str(screenshots / f"table-{name}-{width}.png"),
                                 full_page=True)

    # What the server keeps secret, read from its store.
    events = served.store.read(table_id)
    seeds = [e.payload["seed"] for e in events if e.kind == "seed_secret"]
    secret_check = next(e for e in events if e.kind == "check_rolled" and e.payload["secret"])
    # The secret roll as the game master's page shows it: its dice, total and degree.
    secret_text = gm.page.locator(f"#ev-{secret_check.sequence} .roll-line").inner_html()
    assert "die small" in secret_text
    for seat in (ann, bo):
        shown = seat.page.locator(f"#ev-{secret_check.sequence}")
        expect(shown).to_have_class(re.compile(r"\bsecret\b"))
        expect(shown.locator(".roll-line")).to_have_count(0)
    gm_token = next(c["value"] for c in gm.context.cookies() if c["name"] == f"rw_{table_id}")
    secrets = [HIDDEN, "Lauern", secret_text, *seeds, gm_token]
    assert secret_text in gm.received()
    for seat, others_link in ((ann, link_bo), (bo, link_ann)):
        received = seat.received()
        assert len(seat.stream_messages()) > 5
        for secret in [*secrets, others_link.split("code=")[1]]:
            assert secret not in received, f"{seat.name} received {secret[:20]!r}"
    for seat in (gm, ann, bo):
        seat.context.close()
