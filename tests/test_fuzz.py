"""Any request to any action is answered with a response, never an exception, and
never by the last-resort internal error."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.protocol import registry

ACTIONS = sorted((system, name) for system, table in registry().items() for name in table)

scalars = (st.integers(-5, 40) | st.booleans() | st.sampled_from(
    ["", "fire", "Erfolg", "success", "medium", "2d6", "herausfordernd", "a", "b", "x"])
    | st.none() | st.floats(-3, 30, allow_nan=False))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.sampled_from(["name", "value", "type", "at",
                                                         "hp", "max_hp", "stage"]),
                                        inner, max_size=3), max_leaves=6)


@settings(max_examples=300)
@given(st.sampled_from(ACTIONS), st.data())
def test_every_action_answers_any_fields(action: tuple[str, str], data: st.DataObject) -> None:
    system, name = action
    model = registry()[system][name].model
    fields = list(model.model_fields)
    chosen = data.draw(st.lists(st.sampled_from(fields), max_size=len(fields), unique=True))
    request: dict[str, Any] = {"system": system, "action": name,
                               **{f: data.draw(values) for f in chosen}}
    if data.draw(st.booleans()):
        request["faces"] = data.draw(st.lists(st.integers(1, 20), max_size=12))
    response = resolve(request)
    assert isinstance(response["ok"], bool)
    if not response["ok"]:
        assert response["error"]["code"] != "internal_error", (request, response)


@settings(max_examples=200)
@given(st.sampled_from(ACTIONS), st.data())
def test_every_example_answers(action: tuple[str, str], data: st.DataObject) -> None:
    system, name = action
    example = registry()[system][name].example
    assert example is not None
    response = resolve({**example, "seed": data.draw(st.integers(0, 10**6)),
                        "lang": data.draw(st.sampled_from(["en", "de", "is"]))})
    assert response["ok"] is True, (example, response)
    assert response["text"]
