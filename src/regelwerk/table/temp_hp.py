"""Temporary hit points at a PF2e table: "Du kannst aber Temporäre Trefferpunkte
immer nur aus einer Quelle gleichzeitig haben. Wenn du bereits Temporäre
Trefferpunkte besitzt und dann weitere Temporäre Trefferpunkte erlangst, musst du
wählen, ob du jene behältst, die du schon hast [...] oder ob du die neuen
Temporären Trefferpunkte [...] erlangst."  The rules' ``gain_temp_hp`` decides;
``keep`` is the choice to keep the old ones."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.table.combat import need_pf2e
from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.errors import NotAllowed
from regelwerk.table.steps import audience, health_change

__all__: list[str] = []

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]


class TempHp(BaseModel):
    """Temporary hit points for a character (any member, as healing) or a creature
    (game master); ``keep`` keeps the ones it has instead of the new ones."""

    model_config = COMMAND_CONFIG
    character_id: Id
    amount: Annotated[StrictInt, Field(ge=1, le=1_000_000)]
    keep: StrictBool = False


@command("temp_hp", TempHp)
def _temp_hp(d: Decision, c: TempHp) -> None:
    need_pf2e(d)
    target = d.character(c.character_id)
    if not d.gm and target["kind"] != "character":
        raise NotAllowed(d.t("Only the game master gives creatures temporary hit points."))
    answer = d.ask("pf2e", "gain_temp_hp", {"creature": target["health"],
                                            "amount": c.amount, "keep": c.keep})
    kind, payload = health_change(c.character_id, answer, "temp_hp")
    d.emit(kind, payload, audience(d, c.character_id))
