"""A page about a table speaks the table's language to everyone who has not chosen
one (``?lang=``, the cookie), also when it refuses: a stranger's browser asking for
English still reads a German table's refusal in German (issue 12)."""

from __future__ import annotations

import httpx

from tests.web.conftest import Served

ENGLISH = {"Accept-Language": "en"}


def test_a_stranger_reads_a_german_tables_refusals_in_german(served: Served) -> None:
    with httpx.Client(base_url=served.url, follow_redirects=True) as gm:
        answer = gm.post("/tables", data={"name": "Runde", "system": "pf2e", "lang": "de",
                                          "gm_name": "Ute"})
        assert answer.status_code == 200
        table = str(answer.url).rsplit("/", 1)[1]
    with httpx.Client(base_url=served.url, headers=ENGLISH) as stranger:
        page = stranger.get(f"/t/{table}")
        assert page.status_code == 403
        assert "Du sitzt in diesem Browser nicht an diesem Tisch" in page.text
        assert "You are not at this table" not in page.text
        placed = stranger.post(f"/t/{table}/map/place", data={"at": "nowhere"})
        assert placed.status_code == 400
        assert "Das Feld at braucht" in placed.text
        assert "needs" not in placed.text
        foreign = stranger.post(f"/t/{table}/map/area", data={},
                                headers={"Origin": "http://elsewhere.example"})
        assert foreign.status_code == 403
        assert "Dieses Formular kam von einer anderen Seite" in foreign.text
        # the reader's own choice still wins over the table's
        chosen = stranger.get(f"/t/{table}?lang=en")
        assert "You are not at this table" in chosen.text
