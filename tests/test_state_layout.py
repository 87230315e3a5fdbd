"""The state slots are declared once (``TV_LAYOUT`` / ``PV_LAYOUT`` in mjsim/engine/state.py) and
docs/state_layout.md is generated from them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mjsim.engine import state
from mjsim.engine.state import N_PV, N_TV, PV_LAYOUT, TV_LAYOUT, _declare, layout_markdown

PAGE = Path(__file__).resolve().parents[1] / "docs" / "state_layout.md"


def test_page_is_current() -> None:
    assert PAGE.read_text(encoding="utf-8") == layout_markdown(), (
        "docs/state_layout.md is stale: python -m mjsim.engine.state docs/state_layout.md"
    )


def test_every_slot_constant_comes_from_the_table() -> None:
    declared = {n for _c, slots in (*TV_LAYOUT, *PV_LAYOUT) for n, _s, _w, _m in slots}
    consts = {k for k in vars(state) if k.startswith(("TV_", "PV_")) and not k.endswith("_LAYOUT")}
    assert consts == declared


def test_slots_do_not_overlap() -> None:
    for layout, n in ((TV_LAYOUT, N_TV), (PV_LAYOUT, N_PV)):
        used = [i for _c, slots in layout for _n, s, w, _m in slots for i in range(s, s + w)]
        assert len(used) == len(set(used)) and all(0 <= i < n for i in used)
    # a few known slots (the compiled code and saved records rely on them)
    assert (state.TV_PHASE, state.TV_ASK0, state.TV_POOL_DRAWS) == (0, 16, 119)
    assert (state.PV_N_MELDS, state.PV_SK_EXTRA, state.PV_LEDGER0, state.PV_RC_DOUBLE) == (
        0,
        17,
        24,
        57,
    )


def test_declare_refuses_a_shared_slot() -> None:
    clash = (("x", (("TV_TEST_A", 200, 2, ""), ("TV_TEST_B", 201, 1, ""))),)
    with pytest.raises(ValueError, match="TV_TEST_B index 201"):
        _declare(clash, 256)
    vars(state).pop("TV_TEST_A", None)


def test_module_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "page.md"
    subprocess.run([sys.executable, "-m", "mjsim.engine.state", str(out)], check=True)
    assert out.read_text(encoding="utf-8") == layout_markdown()
