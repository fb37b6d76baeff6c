"""A W6 table and a 5e table in the browser: a character added by each system's
form, and a check rolled with its odds shown before the roll."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Served
from tests.web.table_helpers import LAPTOP, member


def new_table(page: Page, url: str, system: str) -> None:
    page.goto(f"{url}/")
    page.get_by_label("Name des Tisches").fill(f"Runde {system}")
    page.get_by_label("Dein Name (Spielleitung)").fill("Gisela")
    page.get_by_label("Spielsystem").select_option(system)
    page.get_by_label("Sprache des Tisches").select_option("de")
    page.get_by_role("button", name="Tisch eröffnen").click()
    expect(page.locator("[data-live]")).to_have_text("live")


def add(page: Page, name: str, fields: dict[str, str]) -> None:
    form = page.locator("form.add-character")
    if not form.is_visible():
        page.get_by_text("Formular öffnen").click()
    form.get_by_label("Name", exact=True).fill(name)
    form.get_by_label("Art").select_option("character")
    for label, value in fields.items():
        form.get_by_label(label, exact=True).fill(value)
    form.get_by_role("button", name="Hinzufügen").click()
    expect(page.locator("#add-result")).to_contain_text(f"{name} ist am Tisch.")


def roll(page: Page, who: str, what: str, fields: dict[str, str], shows: re.Pattern[str]) -> None:
    """Roll a check once the odds the page shows before the roll are ``shows``."""
    form = page.locator("form.check-form")
    expect(form.get_by_label("Wer", exact=True)).to_contain_text(who)  # the form drawn anew
    form.get_by_label("Wer", exact=True).select_option(label=who)
    form.get_by_label("Was", exact=True).fill(what)
    for label, value in fields.items():
        if value == "on":
            form.get_by_label(label, exact=True).check()
        else:
            form.get_by_label(label, exact=True).fill(value)
    expect(page.locator("#check-odds")).to_contain_text(shows)
    form.get_by_role("button", name="Würfeln").click()
    expect(page.locator("#check-result .entry")).to_be_visible()


def test_w6_and_5e_characters_and_checks(browser: Browser, served: Served) -> None:
    gm = member(browser, "Gisela", LAPTOP)
    page = gm.page

    # W6: Eigenschaften, Fertigkeiten and Hilfsmittel in plain lines; a Probe on GE 3
    # with 2 points of Klettern and a rope of 1. "Da Finn aber einen Punkt in der
    # Fertigkeit "Schlösser öffnen" hat, darf sie sich wieder 3 Würfel dazunehmen":
    # 3 + 2 × 3 + 1 = 10 dice.
    new_table(page, served.url, "w6")
    add(page, "Alrik", {"Eigenschaften": "GE: 3\nKK: 2", "Fertigkeiten": "Klettern: 2",
                        "Hilfsmittel": "Seil: 1"})
    # "Grundsätzlich sind bei einer Probe zwei so genannte Erfolge gefordert [...] Als
    # Erfolg gilt hierbei jeder Würfel, der eine Fünf oder eine Sechs zeigt":
    # 1 - (2/3)^10 - 10 (1/3) (2/3)^9 = 52905/59049 = 89.60 %.
    roll(page, "Alrik", "GE", {"Fertigkeit": "Klettern", "Hilfsmittel": "Seil",
                               "Erschwerung": "0"}, re.compile(r"Erfolg 89,60?\s%"))
    entry = page.locator("#check-result .entry")
    expect(entry).to_contain_text("Alrik")
    expect(entry).to_contain_text("mit 10 Würfeln")
    expect(entry.locator(".roll-line .die")).to_have_count(10)
    expect(page.locator("#log")).to_contain_text("Alrik: Wurf auf GE.")

    # 5e: ability scores and proficiencies; Athletics with advantage (Strength 16:
    # +3, proficient +2) against DC 15. "Þegar slíkt á við, þá kastarðu einum d20 til
    # viðbótar þegar þú kastar. Notaðu hærri teninginn ef þú hefur meðbyr": two d20,
    # 1 - 0.45² = 79.75 %.
    new_table(page, served.url, "dnd5e")
    add(page, "Brienne", {"strength": "16", "dexterity": "12", "level": "1",
                          "Übung": "athletics"})
    roll(page, "Brienne", "athletics", {"SG": "15", "Vorteil": "on"},
         re.compile(r"Erfolg 79,75\s%"))
    entry = page.locator("#check-result .entry")
    expect(entry).to_contain_text("Brienne")
    expect(entry.locator(".roll-line .die")).to_have_count(2)
    expect(page.locator("#log")).to_contain_text("Brienne: Wurf auf athletics.")
    gm.context.close()
