"""Numbers, charts and the page language, without a browser."""

from __future__ import annotations

from fractions import Fraction

import httpx
import pytest
from starlette.requests import Request

from regelwerk.web.charts import chart
from regelwerk.web.numbers import percent
from regelwerk.web.render import choose_language


def test_percent_in_each_language() -> None:
    assert percent(Fraction(7366, 10000), "de") == "73,66\u00a0%"
    assert percent(Fraction(7366, 10000), "en") == "73.66%"
    assert percent(Fraction(7366, 10000), "is") == "73,66%"
    assert percent(0.05, "en", digits=0) == "5%"


def test_a_chance_above_zero_never_reads_zero() -> None:
    assert percent(Fraction(1, 10**9), "de") == "< 0,01\u00a0%"
    assert percent(1 - Fraction(1, 10**9), "en") == "> 99.99%"
    assert percent(0, "en") == "0.00%"
    assert percent(1, "en") == "100.00%"


def test_chart_marks_the_roll_and_shades_this_or_better() -> None:
    two_d6 = [(s, Fraction(6 - abs(s - 7), 36)) for s in range(2, 13)]
    drawn = chart(two_d6, rolled=9)
    assert [bar.low for bar in drawn.bars] == list(range(2, 13))
    assert [bar.low for bar in drawn.bars if bar.marked] == [9]
    assert [bar.low for bar in drawn.bars if bar.at_least] == [9, 10, 11, 12]
    tallest = max(drawn.bars, key=lambda bar: bar.height)
    assert tallest.low == 7
    assert sum(bar.chance for bar in drawn.bars) == 1


def test_chart_groups_many_totals_and_keeps_the_mass() -> None:
    wide = [(v, Fraction(1, 1000)) for v in range(1, 1001)]
    drawn = chart(wide, rolled=500)
    assert len(drawn.bars) <= 80
    assert sum(bar.chance for bar in drawn.bars) == 1
    assert sum(bar.marked for bar in drawn.bars) == 1
    assert all(bar.width > 2 for bar in drawn.bars)


def test_chart_needs_a_total() -> None:
    with pytest.raises(ValueError, match="at least one total"):
        chart([])


def request(query: str = "", headers: dict[str, str] | None = None) -> Request:
    raw = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    return Request({"type": "http", "query_string": query.encode(), "headers": raw})


def test_language_order_query_cookie_table_browser_english() -> None:
    assert choose_language(request("lang=is", {"cookie": "lang=de"})) == "is"
    assert choose_language(request("", {"cookie": "lang=de"}), table_lang="is") == "de"
    assert choose_language(request(), table_lang="is") == "is"
    accept = {"accept-language": "fr-CH, de;q=0.9, en;q=0.8"}
    assert choose_language(request("", accept)) == "de"
    assert choose_language(request("lang=xx", {"accept-language": "fr"})) == "en"


def test_without_javascript_the_form_answers_a_whole_page(server_url: str) -> None:
    with httpx.Client(base_url=server_url) as client:
        whole = client.post("/dice?lang=en", data={"expression": "2d6"})
        part = client.post("/dice?lang=en", data={"expression": "2d6"},
                           headers={"HX-Request": "true"})
        bad = client.post("/dice?lang=de", data={"expression": "2d"})
        long = client.post("/dice?lang=en", data={"expression": "1" * 300})
    assert whole.status_code == 200
    assert "<html" in whole.text
    assert "article" in whole.text
    assert part.status_code == 200
    assert "<html" not in part.text
    assert "article" in part.text
    assert whole.cookies.get("lang") == "en"
    assert bad.status_code == 422
    assert "Das lässt sich nicht würfeln" in bad.text
    assert long.status_code == 422
    assert "at most 200 characters" in long.text


def test_a_refusal_is_shown_in_the_pages_language(server_url: str) -> None:
    """A table's refusal on a page is said in the page's language: ``?lang=`` first, then
    the table's (a German table), before the browser's ``Accept-Language``."""
    from regelwerk.i18n import translator
    from regelwerk.web.table_session import cookie_name

    with httpx.Client(base_url=server_url) as client:
        made = client.post("/api/v1/tables", json={"name": "Runde", "system": "pf2e",
                                                   "lang": "de", "gm_name": "Ute"}).json()
        client.cookies.set(cookie_name(made["table_id"]), made["token"])
        undo = f"/t/{made['table_id']}/do/undo"
        fragment = {"HX-Request": "true", "Accept-Language": "en"}
        german = client.post(undo, headers=fragment)
        icelandic = client.post(f"{undo}?lang=is", headers=fragment)
    assert german.status_code == icelandic.status_code == 422
    assert translator("de")("There is nothing to undo.") in german.text
    assert translator("is")("There is nothing to undo.") in icelandic.text
