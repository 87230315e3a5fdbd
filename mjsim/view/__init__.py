"""See a hand: the HTML hand viewer, pictures of the table, and a page to play against the bots.

- :func:`record_html`: a record as one self-contained HTML block (inline SVG tiles, CSS and
  script; no network): the table as the players see it, a step control and a slider over every
  event, a toggle between one seat's view and every hand open, the scoring at the end;
  :func:`page_html` wraps hands in a whole page (``mjsim view``);
- :func:`game_html`, :func:`score_html`: how a ``Game`` and a ``mjsim.score`` result show
  themselves in Jupyter (``_repr_html_``);
- :func:`table_image`: a picture of the table as ``uint8[H, W, 3]`` (the envs'
  ``render_mode="rgb_array"``);
- :mod:`mjsim.view.play`: ``mjsim play``, a local page where a person plays one seat against
  the built-in bots.

Presentation only: no kernel calls into this package, and editing it keeps the compiled cache
(``mjsim._cache.PRESENTATION``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["game_html", "page_html", "record_html", "score_html", "table_image"]


def record_html(record: Any, **kwargs: Any) -> str:
    """See :func:`mjsim.view.html.record_html`."""
    from mjsim.view.html import record_html as f

    return f(record, **kwargs)


def page_html(records: Any, **kwargs: Any) -> str:
    """See :func:`mjsim.view.html.page_html`."""
    from mjsim.view.html import page_html as f

    return f(records, **kwargs)


def game_html(game: Any, **kwargs: Any) -> str:
    """See :func:`mjsim.view.html.game_html`."""
    from mjsim.view.html import game_html as f

    return f(game, **kwargs)


def score_html(result: Any) -> str:
    """See :func:`mjsim.view.html.score_html`."""
    from mjsim.view.html import score_html as f

    return f(result)


def table_image(state: Any, spec: Any, rules: Any = None, **kwargs: Any) -> Any:
    """See :func:`mjsim.view.image.table_image`."""
    from mjsim.view.image import table_image as f

    return f(state, spec, rules, **kwargs)
