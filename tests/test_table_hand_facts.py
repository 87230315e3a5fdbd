"""The fan tables' hand facts (mjsim.scoring.tables.WIN_SIZE, STAND_IN, IMAGINED_WILD) agree with the
registered rule sets that play them: mjsim.score reads them from the scoring layer, which does
not import the variants."""

import pytest

from mjsim import variants
from mjsim.scoring import tables
from mjsim.scoring.table_score import imagined_wild, stand_in, win_size


@pytest.mark.parametrize("vid", [v for v in variants.names() if v in tables.names()])
def test_table_hand_facts_match_the_rule_set(vid):
    spec = variants.get(vid)
    assert imagined_wild(vid) == spec.imagined_wild
    assert win_size(vid) == (17 if spec.hand_size == 16 else 14) - spec.imagined_wild
    assert stand_in(vid) == spec.wild_stand_in


def test_wenzhou_scores_seventeen_tile_hands_with_the_white_dragon_standing_in():
    assert (win_size("wenzhou"), stand_in("wenzhou")) == (17, 31)
    assert (win_size("hebei"), stand_in("hebei")) == (14, -1)


def test_jiangnan_scores_thirteen_tiles_and_its_imagined_wild():
    assert (win_size("jiangnan"), imagined_wild("jiangnan")) == (13, 1)
    assert imagined_wild("hebei") == 0
