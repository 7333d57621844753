"""The Bradley-Terry fit alone: it recovers known strengths from synthetic results."""

from __future__ import annotations

import math
import random

import pytest

from shipyard.services.tournament import bradley_terry, log_strength_errors, pairings

TRUE = [1.0, 2.0, 4.0, 0.5, 1.5]


def centred(strengths: list[float]) -> list[float]:
    mean = sum(math.log(p) for p in strengths) / len(strengths)
    return [math.log(p) - mean for p in strengths]


def test_expected_results_give_back_the_strengths_exactly() -> None:
    games = [(i, j, 1000 * TRUE[i] / (TRUE[i] + TRUE[j]), 1000 * TRUE[j] / (TRUE[i] + TRUE[j]))
             for i, j in pairings(len(TRUE))]
    fitted = bradley_terry(len(TRUE), games)
    assert centred(fitted) == pytest.approx(centred(TRUE), abs=1e-7)
    assert math.prod(fitted) == pytest.approx(1.0)


def test_sampled_results_recover_the_strengths_within_their_intervals() -> None:
    rng = random.Random(11)
    games = []
    for i, j in pairings(len(TRUE)):
        p = TRUE[i] / (TRUE[i] + TRUE[j])
        wins = sum(rng.random() < p for _ in range(2000))
        games.append((i, j, float(wins), float(2000 - wins)))
    fitted = bradley_terry(len(TRUE), games)
    errors = log_strength_errors(fitted, games)
    for estimate, truth, error in zip(centred(fitted), centred(TRUE), errors, strict=True):
        assert 0 < error < 0.05
        assert abs(estimate - truth) < 3 * error


def test_draws_count_half() -> None:
    # Two players who only ever draw are equal; 30 wins + 20 draws of 60 is a score of 40.
    assert bradley_terry(2, [(0, 1, 5.0, 5.0)]) == pytest.approx([1.0, 1.0])
    fitted = bradley_terry(2, [(0, 1, 30 + 10.0, 10 + 10.0)])
    assert fitted[0] / fitted[1] == pytest.approx(2.0)


def test_a_clean_sweep_needs_the_prior() -> None:
    with pytest.raises(ValueError):
        bradley_terry(2, [(0, 1, 100.0, 0.0)])
    fitted = bradley_terry(2, [(0, 1, 100.0, 0.0)], prior=1.0)
    assert fitted[0] / fitted[1] == pytest.approx(100.5 / 0.5)
