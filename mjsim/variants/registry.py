"""The 42 rule sets mjsim's variants are built from: id, names, source texts, playable or not.

This is data, not behaviour: the rules themselves live in each playable variant's ``RuleSpec``
(``mjsim/variants/<id>.py``). The table lets every boundary say what an id is even when it is not
playable yet (``mjsim.variants.get("xuzhou")`` names the rule set instead of calling it unknown),
and lets listings print the English and Chinese names.

``sources`` names the published Chinese texts the rules are taken from, primary first: the
compilation 《全国各地麻将玩法总汇》 (online-platform rules, by chapter), a collection of rule pages
titled 麻将规则 (Chinese Official, Guangdong, the regional pages, Japanese Riichi; by page) and a
collection of Shandong rules (山东麻将规则: Yantai, Weihai, Jinan, Rizhao). Each playable
variant's docs page quotes them. ``detail`` says how much of the rules those texts give: ``"full"``, ``"partial"``,
``"mention"`` (the variant is built from the most common published rules) or ``"heading only"``.
``playable`` is True exactly for the ids :func:`mjsim.variants.names` registers, together with
the named presets of :data:`PRESETS` (variants derived from one rule set with only the
differences of a published rule book; a test keeps the two in step).
"""

from __future__ import annotations

from typing import NamedTuple


class RuleSet(NamedTuple):
    """One rule set of the registry."""

    id: str  #: the id ``mjsim.variants.get`` takes
    english: str  #: English name, e.g. "Wuhan"
    chinese: str  #: Chinese name, e.g. "红中赖子杠"
    summary: str  #: what sets it apart, in a few words
    sources: str  #: the texts the rules come from, primary first (see the module docstring)
    detail: str  #: "full", "partial", "mention" or "heading only"
    playable: bool  #: registered with the engine (``mjsim.variants.names()``)

    @property
    def title(self) -> str:
        """``"Wuhan 红中赖子杠"``: the English and Chinese names."""
        return f"{self.english} {self.chinese}"


_R = RuleSet

#: the 42 rule sets, in the order of the rule texts' registry
RULE_SETS: tuple[RuleSet, ...] = (
    _R("guobiao", "Chinese Official (MCR)", "国标麻将", "81 fans, 8-fan minimum", "麻将规则 collection: 国标麻将", "full", True),
    _R("sichuan", "Sichuan", "四川麻将", "first win ends the hand", "《全国各地麻将玩法总汇》四川麻将; 麻将规则 collection: 四川麻将", "full", True),
    _R("sichuan_xuezhan", "Sichuan blood battle", "血战到底", "play on until three have won", "《全国各地麻将玩法总汇》四川麻将", "full", True),
    _R("chengdu", "Chengdu", "成都麻将", "Sichuan rules, 成都计番", "麻将规则 collection: 成都麻将", "mention", True),
    _R("changsha", "Changsha", "长沙麻将", "2-5-8 pair, opening small wins, birds", "《全国各地麻将玩法总汇》长沙麻将; 麻将规则 collection: 长沙麻将", "full", True),
    _R("guangdong_jipinghu", "Guangdong chicken hand", "广东鸡平胡", "爆和 cap", "麻将规则 collection: 广东鸡平胡", "full", True),
    _R("guangdong_tuidaohu", "Guangdong push-down", "广东推倒胡", "no chow, self-draw only", "麻将规则 collection: 广东推倒胡; 《全国各地麻将玩法总汇》 (named in its contents only)", "mention", True),
    _R("hebei", "Hebei online", "河北麻将", "no chow, keep 6 stacks", "《全国各地麻将玩法总汇》河北麻将; 麻将规则 collection: 河北麻将 (QQ)", "partial", True),
    _R("hebei_basic", "Hebei short form", "河北麻将 简版", "chow allowed, base 1/2/3", "麻将规则 collection: 河北麻将 (百科)", "mention", True),
    _R("shanghai", "Shanghai", "上海清混碰", "flower points, 勒子 cap", "《全国各地麻将玩法总汇》上海麻将", "full", False),
    _R("ningbo", "Ningbo", "宁波百搭", "wild, flowers, 台, at least 4 台", "《全国各地麻将玩法总汇》浙江宁波麻将", "full", True),
    _R("hefei", "Hefei", "合肥麻将", "84 tiles, no calls but concealed kong, 8 of one suit", "《全国各地麻将玩法总汇》安徽合肥麻将; 麻将规则 collection: 合肥麻将", "full", False),
    _R("tianjin", "Tianjin", "天津麻将", "混儿 wilds, self-draw only, multiplicative fans", "《全国各地麻将玩法总汇》天津麻将; 麻将规则 collection: 天津麻将", "full", True),
    _R("changchun", "Changchun", "长春麻将", "special kongs, 宝 after ready", "《全国各地麻将玩法总汇》吉林长春麻将", "partial", False),
    _R("taiyuan", "Taiyuan stand-four", "太原立四", "four tiles stand face up", "《全国各地麻将玩法总汇》山西太原立四麻将; 麻将规则 collection: 太原立四麻将", "full", True),
    _R("harbin", "Harbin", "哈尔滨麻将", "112 tiles, 宝, must open, must be ready", "《全国各地麻将玩法总汇》黑龙江哈尔滨麻将", "partial", False),
    _R("fuzhou", "Fuzhou", "福州麻将", "16-tile hands, 金 wild, 抢金, 三金倒", "《全国各地麻将玩法总汇》福建麻将", "partial", True),
    _R("shaanxi", "Shaanxi", "陕西麻将", "十三幺, 七对, 全不靠, 组合龙, 下炮子", "《全国各地麻将玩法总汇》陕西麻将", "partial", False),
    _R("hangzhou", "Hangzhou", "杭州麻将", "财神, 爆头, 财飘", "麻将规则 collection: 杭州麻将; 《全国各地麻将玩法总汇》 (named in its contents only)", "partial", True),
    _R("wuhan", "Wuhan", "红中赖子杠", "red-dragon and wild kongs", "麻将规则 collection: 武汉红中赖子杠; 《全国各地麻将玩法总汇》 (named in its contents only)", "partial", True),
    _R("nanchang", "Nanchang", "南昌麻将", "精 wilds, 十三烂, honour chows, 德国", "麻将规则 collection: 南昌麻将", "partial", True),
    _R("yingkou", "Yingkou", "营口麻将", "会 wild, all three suits, pair not 2/8", "麻将规则 collection: 营口麻将", "mention", True),
    _R("guizhou", "Guizhou chicken-catching", "贵州捉鸡", "豆 payments, chickens", "麻将规则 collection: 贵州捉鸡", "partial", False),
    _R("jiangnan", "Jiangnan", "江南心皇", "an imagined wild tile, 12-tile hands", "麻将规则 collection: 江南麻将", "partial", True),
    _R("fujian_baida", "Fujian", "福建百搭", "moving wild", "麻将规则 collection: 福建麻将", "mention", True),
    _R("taiwan", "Taiwan", "台湾麻将", "16-tile hands, 台", "麻将规则 collection: 台湾麻将", "mention", False),
    _R("qingyuan", "Qingyuan", "清远麻将", "100 tiles, no characters, self-draw only", "麻将规则 collection: 清远麻将", "full", False),
    _R("neimenggu", "Inner Mongolia", "内蒙麻将", "must open, a pung, terminals", "麻将规则 collection: 内蒙麻将", "mention", False),
    _R("wenzhou", "Wenzhou", "温州麻将", "财神 wild, 16-tile hands", "麻将规则 collection: 温州麻将", "mention", True),
    _R("xuzhou", "Xuzhou", "徐州麻将", "no rules in the texts: generic preset", "麻将规则 collection: 徐州麻将", "heading only", False),
    _R("hainan", "Hainan", "海南麻将", "a qualifying 番 required, flowers", "麻将规则 collection: 海南麻将", "partial", False),
    _R("jinan", "Jinan online", "济南麻将", "2-5-8 pair, flowers, liability", "山东麻将规则: 济南麻将", "full", True),
    _R("jinan_baike", "Jinan short form", "济南麻将 简版", "明摸 / 明打", "麻将规则 collection: 济南麻将 (百科)", "partial", True),
    _R("anqing", "Anqing", "安庆麻将", "钻 wilds, 发/白 kong tiles", "麻将规则 collection: 安庆麻将", "partial", True),
    _R("riichi", "Japanese Riichi", "日本麻将", "yaku, fu, riichi, dora", "麻将规则 collection: 日本麻将", "partial", True),
    _R("beijing", "Beijing 2020", "北京麻将", "门清, 上楼, cap 6 番", "麻将规则 collection: 北京麻将 (麻将规则第4稿)", "full", True),
    _R("two_player", "Two-player", "二人麻将", "71 of the 136 tiles", "麻将规则 collection: 二人麻将", "partial", False),
    _R("luoshu", "Ancient Luoshu", "洛书麻将", "sum-15 sets", "麻将规则 collection: 洛书麻将", "mention", False),
    _R("common_fan", "Common fan table", "常用麻将算番规则表", "additive fans", "麻将规则 collection: 常用麻将算番规则表", "partial", True),
    _R("yantai", "Yantai", "烟台麻将", "明楼 / 暗楼, 2-5-8 option, additive 番", "山东麻将规则: 烟台麻将", "full", True),
    _R("weihai", "Weihai", "威海麻将", "放风 / 补风, 2^n", "山东麻将规则: 威海麻将", "full", True),
    _R("rizhao", "Rizhao", "日照麻将", "must be ready, self-draw only, 2-5-8 pair", "山东麻将规则: 日照麻将", "full", True),
)  # fmt: skip

#: named presets: playable variants derived from one of the rule sets above with only the
#: differences of a published rule book (``sources``; ``detail`` is ``"preset"``); each one's
#: module cites every difference
PRESETS: tuple[RuleSet, ...] = (
    _R("riichi_mahjongsoul", "Japanese Riichi, Mahjong Soul rules", "日本麻将 (雀魂)", "riichi with double yakuman, triple ron won by all three", "Mahjong Soul's rules; riichi", "preset", True),
    _R("riichi_wrc", "Japanese Riichi, World Riichi Championship rules", "日本麻将 (WRC)", "riichi with no kazoe yakuman, renhou, no abortive draws, 30,000 start", "World Riichi Championship Rules; riichi", "preset", True),
    _R("riichi_sanma", "Three-player Japanese Riichi", "三人麻雀 (sanma)", "riichi for three: 2m-8m removed, kita (North) as nukidora, no chow, tsumo loss, 35,000 start", "Mahjong Soul's three-player rules; Riichi wiki (Sanma); riichi", "preset", True),
    _R("riichi_sanma_tenhou", "Three-player Japanese Riichi, Tenhou rules", "三人麻雀 (天鳳)", "riichi_sanma checked against Tenhou's three-player rules: 35,000 start, 40,000 return, uma 20/0/-20, tsumo loss", "Tenhou's rules page (三麻); riichi_sanma", "preset", True),
)  # fmt: skip

#: id -> rule set (the 42 and the presets)
BY_ID: dict[str, RuleSet] = {r.id: r for r in RULE_SETS + PRESETS}


def rule_set(variant_id: str) -> RuleSet | None:
    """The registry entry of ``variant_id`` (one of the 42 or a preset), or ``None``."""
    return BY_ID.get(variant_id)


__all__ = ["BY_ID", "PRESETS", "RULE_SETS", "RuleSet", "rule_set"]
