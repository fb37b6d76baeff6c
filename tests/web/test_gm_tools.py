"""The game master's tools in a real browser: damage with its preview through
resistances; slowed (a lost action pip) and an effect's duration ticking down and
ending; persistent damage and recovery checks as proposals (the table set to
propose) overridden, skipped and confirmed; dying, wounded and doomed; settings and
effects through the form that every command has."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import Served
from tests.web.table_helpers import LAPTOP, member
from tests.web.test_table_play import add_pf2e, create_table
from tests.web.test_table_tools import combat_form


def command(page: Page, name: str, fields: dict[str, str]) -> Locator:
    """Send a command through its generated form under "More commands"; answers the
    form's result."""
    form = page.locator(f"details.console form[hx-post$='/do/{name}']")
    if not form.is_visible():
        page.get_by_text(name, exact=True).click()
    for field, value in fields.items():
        control = form.locator(f"#cmd-{name}-{field}")
        if value in ("on", "off"):
            control.set_checked(value == "on")
        elif control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    form.get_by_role("button", name="Senden").click()
    return form.locator("xpath=following-sibling::div[contains(@class, 'result')]")


def test_damage_preview_persistent_damage_and_proposals(browser: Browser,
                                                        served: Served) -> None:
    gm = member(browser, "Gisela", LAPTOP)
    page = gm.page
    create_table(gm, served.url)
    add_pf2e(gm, "Goblin", {"Wahrnehmung": "2", "RK": "16", "TP": "30"},
             strikes="Kurzschwert +6 1d6 piercing agile", creature=True)
    card = page.locator("#card-c1")
    expect(card.locator(".hp-text")).to_have_text("30/30 TP")

    # Persistent damage at the end of a turn and a dying creature's recovery check
    # become proposals (table settings, changed with the generic form of set_setting).
    for step in ("persistent_damage", "recovery_check"):
        command(page, "set_setting", {"key": f"automation.{step}", "value": '"propose"'})
        expect(page.locator("#log")).to_contain_text(f"automation.{step} ist jetzt propose.")

    page.get_by_role("button", name="Initiative würfeln und beginnen").click()
    expect(page.locator("#turn-title")).to_have_text("Goblin ist am Zug")

    # Slowed 1, and an effect until the end of the goblin's next turn.
    condition = combat_form(page, "condition")
    condition.get_by_label("Zustand", exact=True).fill("Verlangsamt")
    condition.get_by_role("button", name="Zustand setzen").click()
    expect(card.locator(".tags")).to_contain_text("Verlangsamt 1")
    command(page, "add_effect", {"label": "Segen", "kind": "target_turns", "creator": "c1",
                                 "target": "c1", "remaining": "1"})
    effects = page.locator(".encounter")
    expect(effects).to_contain_text("Segen → Goblin (1)")

    damage = combat_form(page, "damage")
    damage.get_by_label("Menge").fill("7")
    damage.get_by_label("Schadensart").fill("fire")
    expect(page.locator("#dmg-preview")).to_contain_text(
        "Nach Immunitäten, Schwächen und Resistenzen: 7 Schaden")
    damage.get_by_role("button", name="Schaden zufügen").click()
    expect(card.locator(".hp-text")).to_have_text("23/30 TP")

    damage.get_by_label("Menge").fill("")
    damage.get_by_label("oder Würfel").fill("2")
    damage.get_by_label("anhaltend").check()
    damage.get_by_role("button", name="Schaden zufügen").click()
    expect(page.locator("#log")).to_contain_text("Goblin: anhaltender Schaden 2 fire.")

    # The end of the turn proposes the persistent damage; the game master overrides
    # it with her own: none (the generic form of resolve_proposal).
    end_turn(page)
    proposals = page.locator(".proposals li")
    expect(proposals.first).to_contain_text("Goblin · Anhaltender Schaden")
    expect(card.locator(".hp-text")).to_have_text("23/30 TP")
    command(page, "resolve_proposal", {"proposal_id": "p1", "confirm": "off",
                                       "persistent": "[]"})
    expect(page.locator("#log")).to_contain_text("Vorschlag p1 übergangen.")
    expect(page.locator("#log")).to_contain_text("Goblin: anhaltender Schaden —.")
    expect(proposals).to_have_count(0)
    expect(card.locator(".hp-text")).to_have_text("23/30 TP")

    # The next turn: slowed 1 takes one of the three actions (a lost pip); the effect
    # lasts to the end of this turn.
    active = page.locator("#initiative li.active")
    expect(active.locator(".pip.lost")).to_have_count(1)
    expect(active.locator(".pips")).to_have_attribute(
        "aria-label", "2 von 2 Aktionen übrig, 1 verloren, Reaktion bereit")
    expect(effects).to_contain_text("Segen → Goblin (1)")

    # Down to 0 HP: dying 1.  At the start of its next turn the recovery check is
    # proposed: skipped (overridden with nothing), then confirmed a turn later.
    damage = combat_form(page, "damage")
    damage.get_by_label("Menge").fill("23")
    damage.get_by_role("button", name="Schaden zufügen").click()
    expect(card.locator(".tags")).to_contain_text("sterbend 1")
    end_turn(page)
    expect(effects).not_to_contain_text("Segen")
    expect(proposals.first).to_contain_text(re.compile(r"Goblin · Erholungswurf: Goblin: 0 TP"))
    proposals.first.get_by_role("button", name="Überspringen").click()
    expect(proposals).to_have_count(0)
    expect(card.locator(".tags")).to_contain_text("sterbend 1")
    end_turn(page)
    expect(proposals).to_have_count(1)
    proposed = proposals.first.inner_text()
    proposals.first.get_by_role("button", name="Bestätigen").click()
    expect(proposals).to_have_count(0)
    dying = re.search(r"sterbend (\d)", proposed)
    if dying:
        expect(card.locator(".tags")).to_contain_text(f"sterbend {dying[1]}")
    else:  # a success at dying 1: no longer dying, wounded 1
        expect(card.locator(".tags")).not_to_contain_text("sterbend")
    expect(page.locator("#log")).to_contain_text("bestätigt")

    # Healed: no longer dying, wounded; then doomed, in the creature's health.
    heal = combat_form(page, "heal")
    heal.get_by_label("Menge", exact=True).fill("5")
    heal.get_by_role("button", name="Heilen").click()
    expect(card.locator(".hp-text")).to_have_text("5/30 TP")
    expect(card.locator(".tags")).not_to_contain_text("sterbend")
    expect(card.locator(".tags")).to_contain_text(re.compile(r"verwundet [12]"))
    condition = combat_form(page, "condition")
    condition.get_by_label("Zustand", exact=True).fill("Todgeweiht")
    condition.get_by_role("button", name="Zustand setzen").click()
    expect(card.locator(".tags")).to_contain_text("todgeweiht 1")
    gm.context.close()


def end_turn(page: Page) -> None:
    before = page.locator("#enc-title").inner_text()
    combat_form(page, "end_turn").get_by_role("button", name="Zug beenden").click()
    expect(page.locator("#enc-title")).not_to_have_text(before)
