"""The neutral members a game may inherit (`core.defaults`), read on the fake coin game.

Known answers by hand: a hull box costs 3 points (tests/fake_game.py), so a coin of
hull 2 costs 6, and an edit to hull 5 adds 9.
"""

from __future__ import annotations

from fractions import Fraction

from shipyard.core.defaults import record_document
from shipyard.core.document import BoxRows
from shipyard.core.issues import Agreement
from shipyard.core.protocol import Change, Evaluation, Json, Margin
from tests.fake_game import CoinCatalog, CoinDesign, CoinGame, CoinSheet

GAME = CoinGame()
CATALOG = GAME.catalog()


def coin(hull: int) -> Evaluation[CoinDesign, CoinSheet, CoinCatalog]:
    design = CoinDesign(name="Penny", hull=hull)
    sheet = GAME.price(design, CATALOG)
    issues = tuple(GAME.check(design, sheet, CATALOG, Agreement()))
    return Evaluation(design, sheet, issues, CATALOG, GAME)


def set_hull(hull: object) -> Change:
    def change(data: Json) -> None:
        data["hull"] = hull
    return change


def test_an_edit_moves_the_total_and_nothing_else() -> None:
    penny = coin(2).design
    assert GAME.what_if(penny, set_hull(5), CATALOG) == Margin(Fraction(9), 9)
    assert GAME.what_if(penny, set_hull(0), CATALOG) == Margin(Fraction(-6), -6)
    assert GAME.what_if(penny, set_hull("many"), CATALOG) is None  # no design: no margin
    assert penny.hull == 2  # the design itself is left as it was


def test_the_plain_words() -> None:
    penny = coin(2)
    assert GAME.summary(penny, None) == ["Total 6 points"]
    assert GAME.panel_rows(penny) == [("hull", "2")]
    assert GAME.kind_words(penny) == "craft"
    assert GAME.groups(penny.sheet) == {"all": Fraction(6)}
    assert GAME.budget(CATALOG) is None


def test_a_sheet_the_game_does_not_print() -> None:
    doc = GAME.document(coin(2))
    assert GAME.has_sheet(doc, "card") is None
    assert GAME.has_sheet(doc, "back") == "Coin game has no 'back' sheet"


def test_the_record_document_carries_the_sheet_figures_and_the_boxes() -> None:
    broken = coin(0)
    rows = BoxRows()
    rows.add("hull", "hull", "Hull", "Hull", 3)
    doc = record_document(broken, rows, budget=30, draft=True)
    assert doc.sheet == {"total": 0, "legal": False, "issues": [
        {"code": "no-hull", "severity": "error", "message": "a coin needs a hull (C1)",
         "path": "hull", "rule": "C1"}]}
    assert (doc.legal, doc.draft, doc.budget) == (False, True, 30)
    assert [box.id for box in doc.boxes] == ["hull#1", "hull#2", "hull#3"]
    assert doc.catalog.digest == CATALOG.digest and doc.design == broken.design.to_data()
    assert record_document(broken, rows, sheet={"total": 0}).sheet == {"total": 0}
