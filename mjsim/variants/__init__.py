"""Variant registry: ``get(id, **overrides)`` returns a validated :class:`~mjsim.rules.RuleSpec`.

Each playable variant is a module ``mjsim/variants/<id>.py`` exposing ``SPEC`` and a docstring
citing its sources. Only variants the engine can play are registered; the 42 rule sets they are
drawn from, playable or not, are listed in :mod:`mjsim.variants.registry`.
"""

from __future__ import annotations

import importlib
import types
import typing
from typing import Any

from mjsim.rules.spec import RuleSpec, check_field_name

#: registered variant ids -> module path
_REGISTRY: dict[str, str] = {
    "hebei": "mjsim.variants.hebei",
    "hebei_basic": "mjsim.variants.hebei_basic",  # short form: chow allowed, base 1/2/3
    "changsha": "mjsim.variants.changsha",
    "guangdong_jipinghu": "mjsim.variants.guangdong_jipinghu",
    "guobiao": "mjsim.variants.guobiao",
    "sichuan": "mjsim.variants.sichuan",
    "sichuan_xuezhan": "mjsim.variants.sichuan_xuezhan",
    "chengdu": "mjsim.variants.chengdu",
    "riichi": "mjsim.variants.riichi",  # Japanese Riichi (Tenhou rules)
    "riichi_mahjongsoul": "mjsim.variants.riichi_mahjongsoul",  # preset: Mahjong Soul rules
    "riichi_wrc": "mjsim.variants.riichi_wrc",  # preset: World Riichi Championship rules
    "riichi_sanma": "mjsim.variants.riichi_sanma",  # three-player Riichi (Mahjong Soul, Tenhou)
    "riichi_sanma_tenhou": "mjsim.variants.riichi_sanma_tenhou",  # preset: Tenhou's sanma rules
    "tianjin": "mjsim.variants.tianjin",  # 混儿 wilds, self-draw only
    "jinan_baike": "mjsim.variants.jinan_baike",  # short form: 2-5-8 pair, 明摸 / 明打
    "taiyuan": "mjsim.variants.taiyuan",  # 立四 stand-four, additive points
    "guangdong_tuidaohu": "mjsim.variants.guangdong_tuidaohu",  # 鬼牌, self-draw only, horses
    "ningbo": "mjsim.variants.ningbo",  # 百搭, 杠花, 1 + 台 with >= 4 台
    "hangzhou": "mjsim.variants.hangzhou",  # 财神, 爆头, 财飘
    "yantai": "mjsim.variants.yantai",  # 明楼 / 暗楼, additive 番, dealer +1 per pair
    "weihai": "mjsim.variants.weihai",  # 2^N, 放风 / 补风, dealer x2 per pair
    "rizhao": "mjsim.variants.rizhao",  # ready required, self-draw only, 2-5-8 pair
    "common_fan": "mjsim.variants.common_fan",  # 常用麻将算番规则表: additive, 扣听
    "wenzhou": "mjsim.variants.wenzhou",  # 16-tile 财神 hands, 连庄 raises the base
    "fujian_baida": "mjsim.variants.fujian_baida",  # moving 百搭, the 白板 stand-in
    "fuzhou": "mjsim.variants.fuzhou",  # 16-tile hands, 金, 抢金, 三金倒, honour flowers
    "anqing": "mjsim.variants.anqing",  # 钻 wilds, 发/白 kong tiles, 庄底子
    "wuhan": "mjsim.variants.wuhan",  # 红中赖子杠: must open, 赖子, 屁胡 / 大胡, 开口翻
    "yingkou": "mjsim.variants.yingkou",  # 会 for simples, three suits, pair not 2/8
    "nanchang": "mjsim.variants.nanchang",  # 精 wilds, 十三烂, honour chows, 德国, 精 bonus
    "jiangnan": "mjsim.variants.jiangnan",  # 心皇 imagined wild, 12-tile hands
    "beijing": "mjsim.variants.beijing",  # 门清 rons, base per payer x 2^番, 上楼, 跟庄
    "jinan": "mjsim.variants.jinan",  # (花 + 5) x 番, 明楼, 承包, 杠爆
}


def names() -> list[str]:
    """The registered (playable) variant ids, sorted."""
    return sorted(_REGISTRY)


def module(variant_id: str) -> types.ModuleType | None:
    """The module that defines the registered variant ``variant_id`` (its docstring cites the
    variant's sources), or ``None`` for an id that is not registered (e.g. the name of a spec
    built by hand)."""
    path = _REGISTRY.get(variant_id)
    return None if path is None else importlib.import_module(path)


def register(variant_id: str, module: str) -> None:
    """Register ``module`` (exposing ``SPEC``) under ``variant_id``.

    The module is imported at the first :func:`get` of the id, which then checks that its fan
    table can value every win the rule set allows (:func:`mjsim.scoring.tables.check_readings`)."""
    _REGISTRY[variant_id] = module
    _READINGS_CHECKED.discard(variant_id)


#: registered ids whose ``SPEC`` passed :func:`mjsim.scoring.tables.check_readings`
_READINGS_CHECKED: set[str] = set()


def get(variant_id: str | RuleSpec, **overrides: Any) -> RuleSpec:
    """The spec of ``variant_id`` with ``overrides`` applied (a new validated spec).

    Values may be strings as typed on a command line (``"true"``, ``"8"``, ``"1,2,3"``); they are
    converted by field type. A qualifier field follows the field it qualifies unless it is given
    too (:meth:`RuleSpec.replace`, :data:`mjsim.rules.spec.QUALIFIERS`): ``get("hebei",
    allow_chow=True)`` chows from the previous seat only (上家, ``chow_left_only=True``; add
    ``chow_left_only=False`` for chows from any seat), ``get("changsha", allow_chow=False)`` drops
    changsha's ``chow_left_only`` with its chows. Raises ``ValueError`` for an unknown id
    (suggesting the closest ids and listing the playable ones), an id of a rule set that is not
    playable yet (naming it, see :mod:`mjsim.variants.registry`), a registered rule set that
    allows a win its fan table has no reading for (naming the win shape,
    :func:`mjsim.scoring.tables.check_readings`), an unknown field (suggesting the closest field
    names) or an impossible resulting spec.
    """
    if isinstance(variant_id, RuleSpec):
        spec = variant_id
    else:
        check_id(variant_id)
        spec = module(variant_id).SPEC
        if variant_id not in _READINGS_CHECKED:
            from mjsim.scoring.tables import check_readings

            check_readings(variant_id, spec)  # every win it allows, its table can value
            _READINGS_CHECKED.add(variant_id)
    if not overrides:
        return spec
    converted = {k: _convert(k, v) for k, v in overrides.items()}
    return spec.replace(**converted)


def check_id(variant_id: Any) -> None:
    """Raise ``ValueError`` unless ``variant_id`` is a registered (playable) id.

    The message names what went wrong: a rule set of :mod:`mjsim.variants.registry` that is not
    playable yet (``"'xuzhou' is a known rule set (Xuzhou 徐州麻将) but is not playable yet;
    playable: ..."``), a near miss (``"unknown variant 'sichuan_xuezan';
    did you mean sichuan_xuezhan? valid ids: ..."``) or something that is not an id at all."""
    from mjsim._text import did_you_mean
    from mjsim.variants.registry import BY_ID

    playable = names()
    if not isinstance(variant_id, str):
        raise ValueError(
            f"variant must be an id (str) or a RuleSpec, got {type(variant_id).__name__} "
            f"{variant_id!r}; valid ids: {', '.join(playable)}"
        )
    if variant_id in _REGISTRY:
        return
    known = BY_ID.get(variant_id)
    if known is not None:
        raise ValueError(
            f"{variant_id!r} is a known rule set ({known.title}) but is not playable yet; "
            f"playable: {', '.join(playable)}"
        )
    hint = did_you_mean(variant_id, playable)
    if not hint:
        near = did_you_mean(variant_id, BY_ID)
        hint = near[:-1] + " (known, not playable yet)?" if near else ""
    listed = f"valid ids: {', '.join(playable)}"
    raise ValueError(
        f"unknown variant {variant_id!r}{hint} ({listed})"
        if hint
        else f"unknown variant {variant_id!r}; {listed}"
    )


_HINTS: dict[str, Any] | None = None


def _field_type(name: str) -> Any:
    global _HINTS
    if _HINTS is None:
        _HINTS = typing.get_type_hints(RuleSpec)
    return _HINTS[name]


def _convert(name: str, value: Any) -> Any:
    check_field_name(name)
    if not isinstance(value, str):
        return value
    tp = _field_type(name)
    s = value.strip()
    if tp is bool:
        low = s.lower()
        if low in ("true", "1", "yes", "on"):
            return True
        if low in ("false", "0", "no", "off"):
            return False
        raise ValueError(f"{name}={value!r}: expected true/false")
    if tp is int:
        try:
            return int(s)
        except ValueError:
            raise ValueError(f"{name}={value!r}: expected an integer") from None
    if tp is str:
        return s
    args = typing.get_args(tp)
    # tuple[int, ...] | None, tuple[str, ...]
    inner = [a for a in args if a is not type(None)]
    if isinstance(tp, types.UnionType) or typing.get_origin(tp) is typing.Union:
        if s.lower() == "none" and type(None) in args:
            return None
        tp = inner[0]
        args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple:
        elem = args[0]
        parts = [p.strip() for p in s.split(",") if p.strip()]
        if elem is int:
            try:
                return tuple(int(p) for p in parts)
            except ValueError:
                raise ValueError(f"{name}={value!r}: expected comma-separated integers") from None
        return tuple(parts)
    return s


def parse_override(text: str) -> tuple[str, Any]:
    """``"allow_chow=true"`` -> ``("allow_chow", True)``, converted by the field's type.

    Raises ``ValueError`` for a missing ``=``, an unknown field or a value of the wrong type.
    """
    if "=" not in text:
        raise ValueError(f"bad override {text!r}: expected key=value")
    key, val = text.split("=", 1)
    key = key.strip()
    return key, _convert(key, val)


__all__ = ["check_id", "get", "names", "parse_override", "register"]
