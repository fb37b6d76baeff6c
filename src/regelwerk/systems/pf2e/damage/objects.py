"""Gegenstände und Trefferpunkte: "Gegenstände besitzen den Spielwert Härte, der jeden
Schaden, den der Gegenstand nimmt, um den entsprechenden Wert reduziert. [...] Wird ein
Gegenstand auf 0 Trefferpunkte reduziert, ist er zerstört. [...] Wenn die
Trefferpunkte eines Gegenstandes auf diesen Wert oder darunter sinken, erhält der
Gegenstand den Zustand Beschädigt"."""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["Item", "damage_item"]


@dataclass(frozen=True, slots=True)
class Item:
    """An object's hit points, hardness and broken threshold (Beschädigungswert)."""

    hp: int
    max_hp: int
    hardness: int = 0
    broken_threshold: int = 0

    @property
    def destroyed(self) -> bool:
        """At 0 HP it is destroyed."""
        return self.hp == 0

    @property
    def broken(self) -> bool:
        """At or below the broken threshold it is broken: no function, no bonuses."""
        return self.hp <= self.broken_threshold


def damage_item(item: Item, amount: int) -> tuple[Item, int]:
    """The item after ``amount`` damage, and the damage it took after its hardness."""
    taken = max(0, amount - item.hardness)
    return replace(item, hp=max(0, item.hp - taken)), taken
