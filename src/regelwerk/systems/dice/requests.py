"""The request models of the dice actions (pydantic), loaded on first use: a
well-formed request is checked without them (``actions.plain``)."""

from __future__ import annotations

from pydantic import BaseModel, Field, StrictStr

from regelwerk.protocol.fields import MODEL_CONFIG

__all__ = ["DistributionRequest", "RollRequest"]

Notation = StrictStr


class RollRequest(BaseModel):
    """Roll a dice expression."""

    model_config = MODEL_CONFIG
    expression: Notation = Field(description="dice notation, e.g. 2W6+3 or 4d6kh3")


class DistributionRequest(BaseModel):
    """The exact distribution of a dice expression."""

    model_config = MODEL_CONFIG
    expression: Notation = Field(description="dice notation, e.g. 4d6kh3")
