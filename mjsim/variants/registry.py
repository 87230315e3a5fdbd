"""The 42 rule sets mjsim's variants are built from: id, names, rule-text sections, playable or not.

This is data, not behaviour: the rules themselves live in each playable variant's ``RuleSpec``
(``mjsim/variants/<id>.py``). The table lets every boundary say what an id is even when it is not
playable yet (``mjsim.variants.get("wuhan")`` names the rule set instead of calling it unknown),
and lets listings print the English and Chinese names.

``sections`` cites the two rule texts the variants are distilled from: **A §n** (the online
platform rules of the compilation 全国各地麻将玩法总汇) and **B §n** (Chinese Official, Guangdong,
the regional pages, Japanese Riichi and the Shandong rules); the first section named is the
primary one. ``detail`` says how much of the rules those texts give: ``"full"``, ``"partial"``,
``"mention"`` (the variant is built from the most common published rules) or ``"heading only"``.
``playable`` is True exactly for the ids :func:`mjsim.variants.names` registers (a test keeps the
two in step).
"""

from __future__ import annotations

from typing import NamedTuple


class RuleSet(NamedTuple):
    """One rule set of the registry."""

    id: str  #: the id ``mjsim.variants.get`` takes
    english: str  #: English name, e.g. "Wuhan"
    chinese: str  #: Chinese name, e.g. "红中赖子杠"
    summary: str  #: what sets it apart, in a few words
    sections: str  #: rule-text sections, primary first, e.g. "B §22, A App. A.4"
    detail: str  #: "full", "partial", "mention" or "heading only"
    playable: bool  #: registered with the engine (``mjsim.variants.names()``)

    @property
    def title(self) -> str:
        """``"Wuhan 红中赖子杠"``: the English and Chinese names."""
        return f"{self.english} {self.chinese}"


_R = RuleSet

#: the 42 rule sets, in the order of the rule texts' registry
RULE_SETS: tuple[RuleSet, ...] = (
    _R("guobiao", "Chinese Official (MCR)", "国标麻将", "81 fans, 8-fan minimum", "B §1", "full", True),
    _R("sichuan", "Sichuan", "四川麻将", "first win ends the hand", "A §3, B §14", "full", True),
    _R("sichuan_xuezhan", "Sichuan blood battle", "血战到底", "play on until three have won", "A §3", "full", True),
    _R("chengdu", "Chengdu", "成都麻将", "Sichuan rules, 成都计番", "B §13", "mention", True),
    _R("changsha", "Changsha", "长沙麻将", "2-5-8 pair, opening small wins, birds", "A §2, B §12", "full", True),
    _R("guangdong_jipinghu", "Guangdong chicken hand", "广东鸡平胡", "爆和 cap", "B §2", "full", True),
    _R("guangdong_tuidaohu", "Guangdong push-down", "广东推倒胡", "no chow, self-draw only", "B §3, A App. A", "mention", False),
    _R("hebei", "Hebei online", "河北麻将", "no chow, keep 6 stacks", "A §7, B §18", "partial", True),
    _R("hebei_basic", "Hebei short form", "河北麻将 简版", "chow allowed, base 1/2/3", "B §17", "mention", False),
    _R("shanghai", "Shanghai", "上海清混碰", "flower points, 勒子 cap", "A §1", "full", False),
    _R("ningbo", "Ningbo", "宁波百搭", "wild, flowers, 台, at least 4 台", "A §4", "full", False),
    _R("hefei", "Hefei", "合肥麻将", "84 tiles, no calls but concealed kong, 8 of one suit", "A §5, B §11", "full", False),
    _R("tianjin", "Tianjin", "天津麻将", "混儿 wilds, self-draw only, multiplicative fans", "A §6, B §21", "full", True),
    _R("changchun", "Changchun", "长春麻将", "special kongs, 宝 after ready", "A §8", "partial", False),
    _R("taiyuan", "Taiyuan stand-four", "太原立四", "four tiles stand face up", "A §9, B §25", "full", False),
    _R("harbin", "Harbin", "哈尔滨麻将", "112 tiles, 宝, must open, must be ready", "A §10", "partial", False),
    _R("fuzhou", "Fuzhou", "福州麻将", "16-tile hands, 金 wild, 抢金, 三金倒", "A §11", "partial", False),
    _R("shaanxi", "Shaanxi", "陕西麻将", "十三幺, 七对, 全不靠, 组合龙, 下炮子", "A §12", "partial", False),
    _R("hangzhou", "Hangzhou", "杭州麻将", "财神, 爆头, 财飘", "B §4, A App. A", "partial", False),
    _R("wuhan", "Wuhan", "红中赖子杠", "red-dragon and wild kongs", "B §22, A App. A.4", "partial", False),
    _R("nanchang", "Nanchang", "南昌麻将", "精 wilds, 十三烂, honour chows, 德国", "B §5", "partial", False),
    _R("yingkou", "Yingkou", "营口麻将", "会 wild, all three suits, pair not 2/8", "B §6", "mention", False),
    _R("guizhou", "Guizhou chicken-catching", "贵州捉鸡", "豆 payments, chickens", "B §7", "partial", False),
    _R("jiangnan", "Jiangnan", "江南心皇", "an imagined wild tile, 12-tile hands", "B §8", "partial", False),
    _R("fujian_baida", "Fujian", "福建百搭", "moving wild", "B §9", "mention", False),
    _R("taiwan", "Taiwan", "台湾麻将", "16-tile hands, 台", "B §10", "mention", False),
    _R("qingyuan", "Qingyuan", "清远麻将", "100 tiles, no characters, self-draw only", "B §15", "full", False),
    _R("neimenggu", "Inner Mongolia", "内蒙麻将", "must open, a pung, terminals", "B §16", "mention", False),
    _R("wenzhou", "Wenzhou", "温州麻将", "财神 wild, 16-tile hands", "B §19", "mention", False),
    _R("xuzhou", "Xuzhou", "徐州麻将", "no rules in the texts: generic preset", "B §20", "heading only", False),
    _R("hainan", "Hainan", "海南麻将", "a qualifying 番 required, flowers", "B §23", "partial", False),
    _R("jinan", "Jinan online", "济南麻将", "2-5-8 pair, flowers, liability", "B §34", "full", False),
    _R("jinan_baike", "Jinan short form", "济南麻将 简版", "明摸 / 明打", "B §24", "partial", False),
    _R("anqing", "Anqing", "安庆麻将", "钻 wilds, 发/白 kong tiles", "B §26", "partial", False),
    _R("riichi", "Japanese Riichi", "日本麻将", "yaku, fu, riichi, dora", "B §27", "partial", True),
    _R("beijing", "Beijing 2020", "北京麻将", "门清, 上楼, cap 6 番", "B §28", "full", False),
    _R("two_player", "Two-player", "二人麻将", "71 of the 136 tiles", "B §29", "partial", False),
    _R("luoshu", "Ancient Luoshu", "洛书麻将", "sum-15 sets", "B §30", "mention", False),
    _R("common_fan", "Common fan table", "常用麻将算番规则表", "additive fans", "B §31", "partial", False),
    _R("yantai", "Yantai", "烟台麻将", "明楼 / 暗楼, 2-5-8 option, 2^n", "B §32", "full", False),
    _R("weihai", "Weihai", "威海麻将", "放风 / 补风, 2^n", "B §33", "full", False),
    _R("rizhao", "Rizhao", "日照麻将", "must be ready, self-draw only, 2-5-8 pair", "B §35", "full", False),
)  # fmt: skip

#: id -> rule set
BY_ID: dict[str, RuleSet] = {r.id: r for r in RULE_SETS}


def rule_set(variant_id: str) -> RuleSet | None:
    """The registry entry of ``variant_id``, or ``None`` for an id outside the 42."""
    return BY_ID.get(variant_id)


__all__ = ["BY_ID", "RULE_SETS", "RuleSet", "rule_set"]
