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
FIXTURES = Path(__file__).parents[1] / "table" / "fixtures"
WIDER_THAN_SCREEN = """[...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 5)"""


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


def import_pathbuilder(seat: Member, path: Path) -> None:
    page = seat.page
    page.get_by_text("Aus Pathbuilder 2e importieren (JSON)").click()
    page.get_by_label("Pathbuilder-Export").set_input_files(str(path))
    page.get_by_role("button", name="Importieren").click()
    expect(page.locator("#import-result")).to_contain_text("ist am Tisch.")


def paste_statblock(gm: Member, text: str, name: str) -> None:
    page = gm.page
    page.get_by_text("Werteblock einfügen (Deutsch oder Englisch)").click()
    form = page.locator("form[hx-post$='/do/import_statblock']")
    form.get_by_label("Werteblock").fill(text)
    form.get_by_label("Name (falls nicht der des Blocks)").fill(name)
    form.get_by_label("Vor den Spielenden verborgen").check()
    form.get_by_role("button", name="Hinzufügen").click()
    expect(page.locator("#statblock-result")).to_contain_text(f"{name} kommt an den Tisch")


def play_turn(seats: dict[str, Member], owners: dict[str, str], gm: Member,
              targets: dict[str, str]) -> str:
    """The participant whose turn it is makes one Strike and ends the turn; answers
    its id.  A player acts on their own page, the game master for the creatures."""
    active = gm.page.locator("#initiative li.active")
    expect(active).to_have_count(1)
    cid = active.get_attribute("data-id") or ""
    name = active.locator(".turn-name strong").inner_text()
    seat = seats[owners[cid]]
    page = seat.page
    # The actor's page shows the same turn (it follows the stream too).
    expect(page.locator("#turn-title")).to_have_text(f"{name} ist am Zug")
    form = page.locator("form.strike-form")
    expect(form).to_be_visible()
    form.get_by_label("Ziel").select_option(targets[cid])
    odds = page.locator("#strike-odds")
    # The odds to hit, against the creature's AC too, which players never receive.
    expect(odds).to_contain_text("Trefferchance")
    form.get_by_role("button", name="Angriff").click()
    expect(page.locator("#combat-result")).to_contain_text("greift")
    # The turn's forms are drawn anew with the next attack's penalty.
    expect(page.locator("form.strike-form")).to_contain_text("Das ist Angriff 2 in diesem Zug.")
    page.get_by_role("button", name="Zug beenden").click()
    result = page.locator("#combat-result")
    expect(result).to_contain_text(re.compile("beendet den Zug|Es gibt keinen Charakter"))
    if seat is not gm and "Es gibt keinen Charakter" in result.inner_text():
        # The table service refuses a player's end of turn when the next participant
        # is a hidden creature (reported to the table's owner); the game master ends it.
        expect(gm.page.locator("#turn-title")).to_have_text(f"{name} ist am Zug")
        gm.page.locator("#sec-combat").get_by_role("button", name="Zug beenden").click()
    expect(gm.page.locator("#initiative li.active")).not_to_have_attribute("data-id", cid)
    return cid


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
    expect(gm.page.locator("#log")).to_contain_text("Ann spielt mit.")
    expect(gm.page.locator("#log")).to_contain_text("Bo spielt mit.")
    gm.page.screenshot(path=str(screenshots / "invite-1280.png"), full_page=True)

    import_pathbuilder(ann, FIXTURES / "pathbuilder_amiri.json")
    add_pf2e(bo, "Kyra", {"Stufe": "1", "Wahrnehmung": "6", "RK": "18", "TP": "200"},
             skills="Religion +6\nAthletik +5", strikes="Streitkolben +6 1d6 bludgeoning")
    add_pf2e(gm, "Goblin", {"Wahrnehmung": "2", "RK": "16", "TP": "200"}, skills="Stealth +5",
             strikes="Kurzschwert +6 1d6 piercing agile", creature=True)
    paste_statblock(gm, (FIXTURES / "troll.de.txt").read_text("utf-8"), HIDDEN)
    ids = {"Amiri Testfall": "c1", "Kyra": "c2", "Goblin": "c3", HIDDEN: "c4"}

    # Everyone sees the players' characters and the goblin live; only the game
    # master the hidden creature.
    for seat in (gm, ann, bo):
        expect(seat.page.locator("#card-c1")).to_contain_text("Amiri Testfall")
        expect(seat.page.locator("#card-c2")).to_contain_text("Kyra")
        expect(seat.page.locator("#card-c3")).to_contain_text("Goblin")
    expect(gm.page.locator("#card-c4")).to_contain_text(HIDDEN)
    expect(gm.page.locator("#card-c4")).to_contain_text("Verborgen")
    # Own HP exactly, others' as an estimate (the table's default).
    expect(ann.page.locator("#card-c1 .hp-text")).to_have_text("53/53 TP")
    expect(ann.page.locator("#card-c2 .estimate")).to_have_text("unverletzt")

    # Ann sees her odds before she rolls: Athletics +12 against DC 20.
    odds = roll_check(ann, "Amiri Testfall", "Athletics", 20)
    assert re.search(r"Kritischer Erfolg 15\s%.*Erfolg 50\s%.*Fehlschlag 30\s%"
                     r".*Kritischer Fehlschlag 5\s%", odds.replace("\u00a0", " "), re.S), odds
    for seat in (gm, bo):
        expect(seat.page.locator("#log")).to_contain_text("Amiri Testfall: Wurf auf Athletics.")

    # The game master rolls a secret Perception check for Amiri.
    roll_check(gm, "Amiri Testfall", "perception", 20, secret=True)
    secret_entry = gm.page.locator("#log .entry[data-kind=check_rolled]").last
    expect(secret_entry).to_contain_text("verdeckter Wurf auf perception")
    for seat in (ann, bo):
        expect(seat.page.locator("#log .entry.secret").last).to_contain_text(
            "Der SL hat einen Verdeckten Wurf abgelegt.")

    # An encounter of two rounds: everyone, the hidden creature too.
    expect(gm.page.locator("input[name=p_c4]")).to_be_checked()  # the form drawn anew
    gm.page.get_by_role("button", name="Initiative würfeln und beginnen").click()
    expect(gm.page.locator("#initiative li")).to_have_count(4)
    for seat in (ann, bo):
        expect(seat.page.locator("#initiative li")).to_have_count(3)
        expect(seat.page.locator("#initiative")).not_to_contain_text(HIDDEN)
    owners = {"c1": "ann", "c2": "bo", "c3": "gm", "c4": "gm"}
    seats = {"ann": ann, "bo": bo, "gm": gm}
    targets = {"c1": ids["Goblin"], "c2": ids["Goblin"], "c3": ids["Kyra"], "c4": ids["Kyra"]}
    # Before her first Strike Ann's page names the multiple attack penalty of each.
    played = []
    for _ in range(8):
        played.append(play_turn(seats, owners, gm, targets))
        if len(played) == 4:
            for seat, name in ((gm, "gm"), (ann, "player")):
                for width, size in (("390", PHONE), ("1280", LAPTOP)):
                    seat.page.set_viewport_size(size)
                    wide = seat.page.evaluate(WIDER_THAN_SCREEN)
                    assert wide == [], wide
                    seat.page.evaluate("window.scrollTo(0, 0)")
                    seat.page.screenshot(path=str(screenshots / f"table-{name}-{width}.png"))
            ann.page.set_viewport_size(PHONE)
            gm.page.set_viewport_size(LAPTOP)
    assert sorted(played) == sorted(["c1", "c2", "c3", "c4"] * 2)
    expect(gm.page.locator("#enc-title")).to_contain_text("Runde 3")
    for seat in (ann, bo):
        expect(seat.page.locator("#log")).to_contain_text("Runde 2 beginnt.")

    # The game master reorders the initiative: by keyboard, then by dragging.
    rows = gm.page.locator("#initiative li")
    before = rows.evaluate_all("items => items.map(i => i.dataset.id)")
    first_down = gm.page.locator(f"#initiative li[data-id={before[0]}] .move button").nth(1)
    first_down.focus()
    gm.page.keyboard.press("Enter")
    swapped = [before[1], before[0], *before[2:]]
    expect(rows.first).to_have_attribute("data-id", swapped[0])
    assert rows.evaluate_all("items => items.map(i => i.dataset.id)") == swapped
    rows.last.drag_to(rows.first)
    dragged = [swapped[-1], *swapped[:-1]]
    expect(rows.first).to_have_attribute("data-id", dragged[0])
    assert rows.evaluate_all("items => items.map(i => i.dataset.id)") == dragged
    for seat in (ann, bo):
        expect(seat.page.locator("#log")).to_contain_text("Neue Initiativereihenfolge")
        order = seat.page.locator("#log .entry[data-kind=order_set]").first.inner_text()
        assert "c4" not in order, order

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
    secrets = [HIDDEN, "Kiefer", "Klaue", secret_text, *seeds, gm_token]
    assert HIDDEN in gm.received()
    for seat, others_link in ((ann, link_bo), (bo, link_ann)):
        received = seat.received()
        assert len(seat.stream_messages()) > 20
        for secret in [*secrets, others_link.split("code=")[1]]:
            assert secret not in received, f"{seat.name} received {secret[:20]!r}"
    for seat in (gm, ann, bo):
        seat.context.close()
