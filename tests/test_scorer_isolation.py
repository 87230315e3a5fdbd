"""The scorer is part of the compiled type: a rule set's compiled code reaches its own scorer only.

``CompiledRules.scorer`` (:mod:`mjsim.rules.scorer`) names the scorer in its numba type, and
the engine picks the scorer while typing, so the game loop compiled for a table-driven rule set
holds the pattern detector and no family scorer, and the loop of guobiao, riichi or changsha
holds that family's scorer only. The Sichuan family is table-driven: its hand-written scorer
(:func:`mjsim.scoring.sichuan.sichuan_value`) is a test oracle that no loop reaches.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numba as nb
import numpy as np
import pytest
from numba.core import types

from mjsim import variants
from mjsim._jit import internal
from mjsim.engine import settle
from mjsim.rules.scorer import SCORERS, kind_of, kind_of_array, marker, only_for


def test_marker_names_its_scorer_in_the_numba_type():
    for kind in SCORERS:
        m = marker(kind)
        assert m.shape == (0,) and m.dtype.names == (kind,)
        assert kind_of(nb.typeof(m)) == kind
        assert kind_of_array(m) == kind
    assert nb.typeof(marker("table")) != nb.typeof(marker("guobiao"))


def test_bad_scorer_names_raise_with_the_legal_ones():
    with pytest.raises(ValueError, match="'fan'.*table, guobiao, riichi, changsha$"):
        marker("fan")
    with pytest.raises(ValueError, match="'fan' is not one of"):
        only_for("fan", lambda: None)
    with pytest.raises(TypeError, match="not a scorer marker"):
        kind_of(nb.typeof(np.zeros(3)))


@pytest.mark.parametrize(
    ("variant", "kind"),
    [
        ("hebei", "table"),
        ("guangdong_jipinghu", "table"),
        ("tianjin", "table"),
        ("guobiao", "guobiao"),
        ("riichi", "riichi"),
        ("changsha", "changsha"),
        ("sichuan", "table"),
        ("chengdu", "table"),
        ("sichuan_xuezhan", "table"),
    ],
)
def test_each_rule_set_compiles_with_its_scorer(variant, kind):
    spec = variants.get(variant)
    assert spec.scorer_kind() == kind
    assert kind_of_array(spec.compile().scorer) == kind


def test_every_table_driven_rule_set_has_one_compiled_type():
    """A new table-driven rule set is the same numba type as hebei: no new compiled code."""
    a = nb.typeof(variants.get("hebei").compile())
    b = nb.typeof(variants.get("tianjin").compile())
    c = nb.typeof(variants.get("guobiao").compile())
    d = nb.typeof(variants.get("sichuan_xuezhan").compile())
    assert a == b == d
    assert a != c


def _impl_names(kind: str) -> set[str]:
    """Global names the hand-value implementation chosen for ``kind`` calls."""
    m = nb.typeof(marker(kind))
    impl = settle._scorer_value_impl(m, *([types.none] * 6))
    return set(impl.__code__.co_names)


@pytest.mark.parametrize(
    ("kind", "called"),
    [
        ("table", "table_value"),
        ("guobiao", "guobiao_fan"),
        ("changsha", "changsha_hand_value"),
        ("riichi", "riichi_eval"),
    ],
)
def test_hand_value_calls_only_the_scorer_of_the_type(kind, called):
    scorers = {"table_value", "guobiao_fan", "sichuan_value", "changsha_hand_value", "riichi_eval"}
    names = _impl_names(kind)
    assert called in names
    assert not (names & (scorers - {called}))


@internal
def _bump_internal(out, k):
    out[0] += k


def test_only_for_takes_an_internal_function():
    """A hook made of an @internal function (an inline-always wrapper) compiles and runs (the
    changsha opening-win hook of reset_table is one)."""
    hook = only_for("changsha", _bump_internal)

    @nb.njit
    def run(sc, out):
        hook(sc, out, 3)

    out = np.zeros(1, np.int64)
    run(marker("changsha"), out)
    assert out[0] == 3
    run(marker("table"), out)
    assert out[0] == 3


def test_only_for_runs_the_hook_for_its_scorer_and_skips_it_otherwise():
    @nb.njit
    def bump(out, k):
        out[0] += k

    hook = only_for("riichi", bump)
    counted = only_for("riichi", nb.njit(lambda x: x + 1), default=-1)

    @nb.njit
    def run(sc, out):
        hook(sc, out, 5)
        return counted(sc, 41)

    out = np.zeros(1, np.int64)
    assert run(marker("riichi"), out) == 42 and out[0] == 5
    out[:] = 0
    assert run(marker("table"), out) == -1 and out[0] == 0


def test_the_sichuan_family_has_no_scorer_kind_of_its_own():
    assert "sichuan" not in SCORERS
    with pytest.raises(ValueError, match="'sichuan' is not one of"):
        marker("sichuan")


def test_a_family_with_its_own_scorer_takes_no_fan_table():
    with pytest.raises(ValueError, match="fan_table='hebei' with scoring='guobiao'"):
        variants.get("guobiao").replace(fan_table="hebei")


@pytest.mark.slow
def test_a_cold_table_driven_loop_compiles_no_family_scorer(tmp_path):
    """Cold compile of hebei's self-play on an empty cache: the cache then holds the detector
    and none of the family scorers (guobiao, riichi, changsha, sichuan)."""
    env = dict(os.environ, MJSIM_CACHE_DIR=str(tmp_path), MJSIM_QUIET="1")
    for k in ("NUMBA_CACHE_DIR", "MJSIM_NUMBA_CACHE_AUTO"):
        env.pop(k, None)
    code = textwrap.dedent(
        """
        import mjsim
        from mjsim.scoring import changsha, guobiao, riichi, sichuan
        mjsim.simulate("hebei", 1)
        for f in (guobiao.guobiao_fan, riichi.riichi_eval, changsha.changsha_hand_value,
                  sichuan.sichuan_value):
            assert not f.signatures, f
        print("ok")
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().endswith("ok")
