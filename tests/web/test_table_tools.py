"""The game master's tools at a PF2e table, in two browsers: revoking an invitation,
action pips, conditions, temporary hit points, dying and avoiding death with hero
points, undo, the log's filter and export, the dice seed revealed; the contrast
of the pages; the player's page in Icelandic."""

from __future__ import annotations

import hashlib
import json
import re

from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import Served
from tests.web.contrast import worst_contrast
from tests.web.table_helpers import LAPTOP, PHONE, member, settled
from tests.web.test_table_play import add_pf2e, create_table, invite, join

AVOID_DEATH = "Falls es tötet: alle Heldenpunkte ausgeben, um den Tod zu vermeiden"


def combat_form(page: Page, command: str) -> Locator:
    settled(page)
    return page.locator(f"#sec-combat form[hx-post$='/do/{command}']")


def damage(gm: Page, who: str, amount: int, critical: bool = False,
           avoid_death: bool = False) -> None:
    form = page_form = combat_form(gm, "damage")
    page_form.get_by_label("Wer", exact=True).select_option(label=who)
    form.get_by_label("Menge").fill(str(amount))
    form.get_by_label("kritisch").set_checked(critical)
    form.get_by_label(AVOID_DEATH).set_checked(avoid_death)
    form.get_by_role("button", name="Schaden zufügen").click()
    expect(gm.locator("#combat-result")).to_contain_text(f"verliert {amount} TP")


def test_game_master_tools_in_two_browsers(browser: Browser, served: Served) -> None:
    gm = member(browser, "Gisela", LAPTOP)
    ann = member(browser, "Ann", PHONE)
    create_table(gm, served.url)
    link, revoked = invite(gm), invite(gm)
    # Revoke the second link: it no longer seats anyone.
    revoke = gm.page.locator("#sec-tools").get_by_role("button", name="Zurückziehen")
    expect(revoke).to_have_count(2)  # the section is drawn anew with both invitations
    revoke.last.click()
    expect(gm.page.locator("#sec-tools")).to_contain_text("Die Einladung ist zurückgezogen.")
    stranger = member(browser, "Zoe", PHONE)
    stranger.page.goto(revoked)
    stranger.page.get_by_label("Dein Name").fill("Zoe")
    stranger.page.get_by_role("button", name="Beitreten").click()
    expect(stranger.page.locator("main")).to_contain_text("Diese Einladung gilt nicht")
    stranger.context.close()
    # What the game master typed survives the add form drawn anew when Ann joins.
    gm.page.get_by_text("Formular öffnen").click()
    gm.page.locator("#new-name").fill("Entwurf")
    join(ann, link)
    expect(gm.page.locator("#new-owner")).to_contain_text("Ann")
    expect(gm.page.locator("#new-name")).to_have_value("Entwurf")

    add_pf2e(ann, "Kyra", {"Stufe": "1", "Wahrnehmung": "6", "RK": "18", "TP": "20",
                           "Heldenpunkte": "2"},
             skills="Athletik +5", strikes="Streitkolben +6 1d6 bludgeoning")
    # The add form is drawn anew when a player joins; wait for it before typing.
    expect(gm.page.locator("#new-owner")).to_contain_text("Ann")
    add_pf2e(gm, "Goblin", {"Wahrnehmung": "2", "RK": "16", "TP": "6"},
             strikes="Kurzschwert +6 1d6 piercing agile", creature=True)
    # The start form is drawn anew when a character comes; wait for the last one.
    expect(gm.page.locator("input[name=p_c2]")).to_be_checked()
    gm.page.get_by_role("button", name="Initiative würfeln und beginnen").click()
    # Action pips: three actions and the reaction on the creature whose turn it is.
    active = gm.page.locator("#initiative li.active")
    expect(active.locator(".pip")).to_have_count(4)
    expect(active.locator(".pip.reaction.on")).to_have_count(1)
    expect(active.locator(".pips")).to_have_attribute(
        "aria-label", "3 von 3 Aktionen übrig, Reaktion bereit")

    # Conditions with their values, in the rulebook's words.
    form = combat_form(gm.page, "condition")
    form.get_by_label("Wer", exact=True).select_option(label="Goblin")
    form.get_by_label("Zustand", exact=True).fill("frightened")
    form.get_by_label("Wert").fill("2")
    form.get_by_role("button", name="Zustand setzen").click()
    for seat in (gm, ann):
        expect(seat.page.locator("#card-c2 .tags")).to_contain_text("Verängstigt 2")

    # Quickened: from the start of the goblin's next turn, a fourth action, marked.
    form.get_by_label("Zustand", exact=True).fill("Beschleunigt")
    form.get_by_label("Wert").fill("1")
    form.get_by_role("button", name="Zustand setzen").click()
    expect(gm.page.locator("#card-c2 .tags")).to_contain_text("Beschleunigt")
    for _ in range(2):
        before = active.get_attribute("data-id") or ""
        name = active.locator(".turn-name strong").inner_text()
        expect(gm.page.locator("#turn-title")).to_have_text(f"{name} ist am Zug")
        gm.page.locator("#sec-combat").get_by_role("button", name="Zug beenden").click()
        expect(active).not_to_have_attribute("data-id", before)
        if active.get_attribute("data-id") == "c2":
            break
    settled(gm.page)
    expect(active.locator(".pip")).to_have_count(5)
    expect(active.locator(".pip.quick")).to_have_count(1)
    for seat in (gm, ann):
        expect(seat.page.locator("#initiative li.active .pips")).to_have_attribute(
            "aria-label", "4 von 4 Aktionen übrig, Reaktion bereit")

    # Temporary hit points: a second bar beside the hit points.
    form = combat_form(gm.page, "temp_hp")
    form.get_by_label("Wer", exact=True).select_option(label="Kyra")
    form.get_by_label("Temporäre Trefferpunkte").fill("5")
    form.get_by_role("button", name="Temporäre Trefferpunkte geben").click()
    expect(ann.page.locator("#card-c1 .hp-text")).to_have_text("20/20 TP +5 temp.")
    expect(ann.page.locator("#card-c1 .hp-temp")).to_be_visible()

    # Down to 0 HP: dying 1; two critical hits would kill, and hero points avoid it.
    damage(gm.page, "Kyra", 25)
    expect(ann.page.locator("#card-c1 .tags")).to_contain_text("sterbend 1")
    damage(gm.page, "Kyra", 1, critical=True, avoid_death=True)
    expect(ann.page.locator("#card-c1 .tags")).to_contain_text("sterbend 3")
    expect(ann.page.locator("#card-c1 .tags")).to_contain_text("Heldenpunkte: 2")
    damage(gm.page, "Kyra", 1, critical=True, avoid_death=True)
    expect(ann.page.locator("#card-c1 .tags")).not_to_contain_text("sterbend")
    expect(ann.page.locator("#card-c1 .tags")).to_contain_text("Heldenpunkte: 0")
    expect(ann.page.locator("#card-c1 .hp-text")).to_have_text("0/20 TP")

    # Undo puts the last command back: dying 3 and the hero points again.
    gm.page.get_by_role("button", name="Letzten Befehl rückgängig machen").click()
    expect(ann.page.locator("#card-c1 .tags")).to_contain_text("sterbend 3")
    expect(ann.page.locator("#card-c1 .tags")).to_contain_text("Heldenpunkte: 2")
    expect(gm.page.locator("#log")).to_contain_text("Rückgängig gemacht")

    # A note of the game master's: in her log, nowhere in Ann's browser.
    note = gm.page.locator("form.note-form")
    note.get_by_label("Eine Notiz nur für dich").fill("Der Goblin ist ein verwandelter Drache.")
    note.get_by_label("Worüber").select_option(label="Goblin")
    note.get_by_role("button", name="Notiz ablegen").click()
    expect(gm.page.locator("#note-result")).to_contain_text("Notiz zu Goblin")
    expect(gm.page.locator("#log")).to_contain_text(
        "Notiz zu Goblin: Der Goblin ist ein verwandelter Drache.")
    expect(ann.page.locator("#log .entry.secret")).not_to_have_count(0)

    # The log filtered by kind, then exported as JSON Lines.
    gm.page.locator("#log-kind").select_option(label="Gesundheit")
    entries = gm.page.locator("#log .entry:visible")
    expect(entries.first).to_have_attribute("data-kind", "health_changed")
    kinds = entries.evaluate_all("items => items.map(i => i.dataset.kind)")
    assert set(kinds) == {"health_changed"}, kinds
    with gm.page.expect_download() as download:
        gm.page.get_by_role("link", name="Protokoll exportieren (JSON Lines)").click()
    lines = [json.loads(line) for line in download.value.path().read_text("utf-8").splitlines()]
    assert [e["sequence"] for e in lines] == list(range(1, len(lines) + 1))
    assert {"undone", "check_rolled"} - {e["kind"] for e in lines} == {"check_rolled"}

    # The dice seed revealed: it is the one committed to before the first roll.
    fairness = ann.page.locator(".fairness")
    committed = fairness.locator("code.hash").first.inner_text()
    gm.page.get_by_role("button", name="Würfelsaat aufdecken und neue festlegen").click()
    expect(fairness).to_contain_text(re.compile(r"Saat 1 aufgedeckt: [0-9a-f]{64}"))
    seed = fairness.locator("code.hash").last.inner_text()
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == committed
    expect(fairness.locator("code.hash").first).not_to_have_text(committed)  # the next one

    # Readable contrast on both pages: 7:1 (WCAG AAA) for text, 4.5:1 for bold text.
    for seat in (gm, ann):
        low = [w for w in worst_contrast(seat.page) if w["ratio"] < (4.5 if w["bold"] else 7)]
        assert low == [], low

    # The player's page in Icelandic: words and numbers ("25%", no space).
    ann.page.goto(f"{ann.page.url}?lang=is")
    expect(ann.page.locator("#characters-title")).to_have_text("Persónur")
    ann.page.locator("#check-statistic").fill("Athletik")
    ann.page.locator("#check-dc").fill("20")
    expect(ann.page.locator("#check-odds")).to_contain_text(re.compile(r"\d+%"))
    assert "\u00a0%" not in ann.page.locator("#check-odds").inner_text()
    assert "Drache" not in ann.received()
    for seat in (gm, ann):
        seat.context.close()
