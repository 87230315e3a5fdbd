"""Jinan short form 济南麻将: 2-5-8 pair, shown ready declarations 明摸 / 明打 worth fixed 番.

Rules in prose and their sources: docs/variants/jinan_baike.md. The rule text is six lines of
the 麻将规则 collection (济南麻将):

- the pair must be 2, 5 or 8 ["必须以二五八做将"];
- an ordinary win (推倒胡) is worth 1 番 ["推倒胡，放炮即1全部人1番"]: the discarder pays it,
  each player on a self-draw (recommended reading of a garbled line; the other, everybody pays
  a discard win, is the table parameter ``discard_everyone``);
- each kong adds 1 番 ["杠算1番"];
- a player may declare ready showing the hand in one of two ways: 明摸, which may then win by
  self-draw only ["报听明摸放炮不能和牌，必须自摸"], worth 4 番 from each player and 8 from the dealer
  ["明摸1人4番，庄上8番"]; or 明打, which may still win on a discard, worth 8 番 from the discarder,
  16 from a dealer ["明打1人8番，庄上16番"] (``ready_modes``: ``READY_DISCARD + k`` declares 明摸,
  ``READY_SHOWN + k`` 明打);
- everything else as in the common game ["其余规则与大众麻将相同"]: 144 tiles, chow from the
  previous player, pung and kong, four sets and a pair; flowers only add 1 番 each and never
  stand for a tile; a win on a flower replacement (花砸) adds nothing
  ["花子只算加番，不能替牌，补来的牌和牌算花砸但不算番"].

The dealer pays or receives double in every pair (the recommended reading of "庄上"; the table
parameter ``dealer_mult``). A 明打 hand's self-draw is worth 4 番 from each player (the price of a
shown self-draw; the text is silent: parameter ``mingda_self_draw``). ``score_values`` =
``(mingda_self_draw, discard_everyone, dealer_mult)``.

No code of its own: the hand value is its fan table (:mod:`mjsim.scoring.tables.jinan_baike`),
the ready kind reaches it as the win-context patterns ``ready_shown`` /
``ready_shown_self_draw_only``, the payments are its payment record.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``score_values`` = ``(mingda_self_draw, discard_everyone, dealer_mult)``
DEFAULT_SCORE_VALUES = (4, 0, 2)

SPEC = RuleSpec(
    name="jinan_baike",
    n_players=4,
    tile_set="144",
    flowers="bonus",
    hand_size=13,
    allow_chow=True,
    win_shapes=("standard",),
    pair_rule="258",
    allow_ready=True,
    ready_modes=("shown_self_draw_only", "shown"),
    scoring="table",
    fan_table="jinan_baike",
    score_values=DEFAULT_SCORE_VALUES,
)
