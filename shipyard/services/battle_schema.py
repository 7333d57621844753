"""The JSON Schema of `shipyard.battle-result/1`: what `shipyard battle --json` prints.

Written out by hand, key by key, so that the contract is read in one place; every
output of the command is checked against it in the tests.
"""

from __future__ import annotations

from typing import Any

RESULT_SCHEMA = "shipyard.battle-result/1"


def _obj(properties: dict[str, Any], required: list[str] | None = None,
         closed: bool = True) -> dict[str, Any]:
    return {"type": "object", "properties": properties,
            "required": list(properties) if required is None else required,
            "additionalProperties": not closed}


NUMBER = {"type": "number"}
COUNT = {"type": "integer", "minimum": 0}
SHARE = {"type": "number", "minimum": 0, "maximum": 1}
TEXT = {"type": "string"}
INTERVAL = {"type": "array", "items": NUMBER, "minItems": 2, "maxItems": 2}
RATE = _obj({"count": COUNT, "rate": SHARE, "ci95": INTERVAL})
MEAN = _obj({"mean": NUMBER, "ci95": INTERVAL})
SHIP = _obj({"name": TEXT, "design": TEXT, "points": COUNT, "survival": RATE})
SIDE = _obj({
    "name": {**TEXT, "description": "The fleet's name ((A) and (B) added for namesakes)."},
    "file": {**TEXT, "description": "The fleet as named: a file or sample-fleet:NAME."},
    "policy": TEXT,
    "budget": {"type": ["integer", "null"], "description": "The fleet file's own budget."},
    "points": {**COUNT, "description": "The fleet's points, from each ship's priced sheet."},
    "points_destroyed": {**MEAN, "description": "Points of the other fleet's craft this one "
                                                "destroyed, a battle."},
    "survivors": {**_obj({"mean": NUMBER, "ci95": INTERVAL, "distribution": {
        "type": "array", "items": _obj({"survivors": COUNT, "battles": COUNT,
                                        "share": SHARE})}}),
        "description": "This fleet's craft flying at the end: the mean a battle, and the "
                       "battles ending with 0, 1, ... n of them."},
    "kills": {**COUNT, "description": "Craft of the other fleet destroyed, all battles."},
    "kill_causes": {"type": "object",
                    "additionalProperties": _obj({"count": COUNT, "share": SHARE})},
    "ships": {"type": "array", "items": SHIP,
              "description": "Every ship in fleet order, with its survival rate."},
})
FATE = _obj({"side": {"enum": ["a", "b"]}, "index": COUNT, "survived": {"type": "boolean"},
             "turn": {**COUNT, "description": "Turn destroyed on; 0: survived."},
             "cause": TEXT, "taken": COUNT})


def battle_result_schema() -> dict[str, Any]:
    """JSON Schema of the `shipyard battle --json` document."""
    properties: dict[str, Any] = {
        "schema": {"const": RESULT_SCHEMA},
        "ruleset": TEXT,
        "budget": {"type": ["integer", "null"],
                   "description": "The agreed budget: the larger fleet budget, or --budget."},
        "draft": {"type": "boolean", "description": "Fought with --draft."},
        "unequal": {"type": "array", "items": TEXT,
                    "description": "One line per fleet over the agreed budget (--draft): "
                                   "empty when the sides were equal."},
        "seed": {"type": "integer"},
        "engine": {"type": ["string", "null"], "description": "null: the game's default."},
        "scenario": {"type": "object"},
        "runs": COUNT,
        "wins": {**RATE, "description": "Battles A won, with the 95% Wilson interval."},
        "losses": {**RATE, "description": "Battles B won."},
        "draws": RATE,
        "exchange_ratio": _obj({"value": {"type": ["number", "null"]},
                                "ci95": {"oneOf": [INTERVAL, {"type": "null"}]}}),
        "mean_turns": {"type": ["number", "null"]},
        "turn_limit_reached": _obj({"count": COUNT, "rate": SHARE}),
        "a": SIDE,
        "b": SIDE,
        "notes": {"type": "array", "items": TEXT},
        "log_battle": {"type": "integer", "minimum": 1},
        "log": {"type": "array", "items": TEXT},
        "battle": _obj({"winner": {"type": ["string", "null"]}, "turns": COUNT,
                        "fates": {"type": "array", "items": FATE}}),
        "catalog": {"type": "object", "description": "A house catalog (--catalog)."},
    }
    optional = {"log_battle", "log", "battle", "catalog"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://shipyard.invalid/schema/shipyard.battle-result-1.json",
        "title": RESULT_SCHEMA,
        "description": "Fleet battles of fleet A against fleet B (shipyard battle --json).",
        **_obj(properties, [key for key in properties if key not in optional]),
    }
