"""Every python block of docs/regional_scoring.md runs as written (blocks used to hold
placeholders (``hand``, ``melds=[...]``), a winner marked in ``has_won`` / as ``liable``, and
``mjsim.scoring.changsha`` unreachable after ``import mjsim``)."""

from __future__ import annotations

from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "regional_scoring.md"
BLOCKS = [b.split("```", 1)[0] for b in DOC.read_text(encoding="utf-8").split("```python\n")[1:]]


def test_the_doc_has_python_blocks() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_regional_scoring_example_runs(i: int) -> None:
    exec(compile(BLOCKS[i], f"{DOC.name}[block {i}]", "exec"), {})
