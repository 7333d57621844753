"""The JSON Schema of `shipyard.handicap-result/1`: what `shipyard handicap --json` prints.

Written out by hand, key by key, as `battle_schema` is; every output of the command is
checked against it in the tests.
"""

from __future__ import annotations

from typing import Any

from shipyard.services.battle_schema import COUNT, RATE, SHARE, TEXT

HANDICAP_SCHEMA = "shipyard.handicap-result/1"


def _obj(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    return {"type": "object", "properties": properties,
            "required": list(properties) if required is None else required,
            "additionalProperties": False}


SIDE = _obj({
    "name": {**TEXT, "description": "The design's name as printed ((A) and (B) added for "
                                    "namesakes)."},
    "design": {**TEXT, "description": "The design's own name."},
    "file": {**TEXT, "description": "The design as named: a file or sample:NAME."},
    "points": {**COUNT, "description": "One ship's points, from its priced sheet."},
    "policy": TEXT,
})
ROW = _obj({
    "copies": {"type": "integer", "minimum": 1, "description": "k: ships of design A."},
    "points": {**COUNT, "description": "The k copies' points together."},
    "wins": {**RATE, "description": "Battles the k copies of A won, with the 95% Wilson "
                                    "interval."},
    "draws": RATE,
    "losses": {**RATE, "description": "Battles B won."},
    "b_survival": {**RATE, "description": "Battles B ended still flying."},
    "mean_turns": {"type": ["number", "null"]},
    "turn_limit_reached": _obj({"count": COUNT, "rate": SHARE}),
})
K = {"type": ["integer", "null"], "minimum": 1}


def handicap_result_schema() -> dict[str, Any]:
    """JSON Schema of the `shipyard handicap --json` document."""
    properties: dict[str, Any] = {
        "schema": {"const": HANDICAP_SCHEMA},
        "ruleset": TEXT,
        "seed": {"type": "integer", "description": "Battle j of every row is fought on "
                                                   "duel_seed(seed, j - 1)."},
        "runs": {**COUNT, "description": "Battles a row."},
        "max_copies": {"type": "integer", "minimum": 1, "description": "N: rows k = 1 to N."},
        "engine": {"type": ["string", "null"], "description": "null: the game's default."},
        "scenario": {"type": "object"},
        "a": SIDE,
        "b": SIDE,
        "rows": {"type": "array", "items": ROW, "description": "One row a k, from k = 1."},
        "answer": _obj({
            "equal": {**K, "description": "The smallest k whose win rate's 95% interval lies "
                                          "wholly above 50%; null: not even N."},
            "even": {**K, "description": "The smallest k whose win rate passes 50% by point "
                                         "estimate; null: none."},
            "words": {"type": "array", "items": TEXT, "description": "The two lines the "
                                                                     "text output prints."},
        }),
        "notes": {"type": "array", "items": TEXT},
        "catalog": {"type": "object", "description": "A house catalog (--catalog)."},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://shipyard.invalid/schema/shipyard.handicap-result-1.json",
        "title": HANDICAP_SCHEMA,
        "description": "k copies of design A against one design B, k = 1 to N "
                       "(shipyard handicap --json).",
        **_obj(properties, [key for key in properties if key != "catalog"]),
    }
