"""Golden hashes of the planes encoders: fixed-seed hands of several variants played through the
AEC env with seeded random legal actions; at every step ``planes-v0`` .. ``planes-v4`` of every
seat are encoded and all their bytes hashed (sha256). The recorded digests pin every output byte:
a change of the encoders that is meant to be a pure speed-up must leave them unchanged, and a
change of meaning needs a new encoder version (a published name never changes meaning).

The variants cover the encoders' branches: riichi (red fives, dora indicator, concealed kongs
shown), three-player riichi (fewer seats), sichuan_xuezhan (void suits, blood-battle wins),
ningbo (flowers, wild indicator, wild flowers held in hand), fuzhou (honours kept as flowers,
wild 金), guobiao, changsha (opening declarations, 海底), weihai (放风 / 补风), taiyuan (立牌
standing tiles, face-down discards), tianjin (混儿 wilds, 拉庄 stakes) and hebei with harbin's
宝 (a treasure looked at once ready).

Regenerate (only for an intended change of the game engine, never of an encoder version):
``python tests/test_envs_encoders_golden.py`` prints the table below."""

from __future__ import annotations

import hashlib

import mjsim.envs as E
import numpy as np
import pytest

#: AEC steps played per variant (new hands dealt with the next seed when one ends)
STEPS = 300
#: ready declarations (plain, shown, 吃听) and wins: preferred, to reach ready and won states
READY_ACTIONS = frozenset({*range(68, 102), 107, *range(154, 191)})
WIN = 107
ENCODERS = [E.get_encoder(f"planes-v{v}") for v in range(5)]

#: variant -> (first seed, sha256 of every planes-v0..v4 observation of every seat, every step)
GOLDEN: dict[str, tuple[int, str]] = {
    "riichi": (
        11,
        "9a97d10b38354529675a08bd12ad21e8d15130c8b529da311dd8146119770df6",
    ),
    "riichi_sanma": (
        12,
        "3c2f2344cd07e6303f41642ee6d33447a37885ada98b11c9fb10f6bac6e6e6a3",
    ),
    "sichuan_xuezhan": (
        13,
        "efbf3b32b11717b2e206e2c021d49eddf32c4c800cc2c2539adacaae882dee2a",
    ),
    "ningbo": (
        14,
        "78036863037d0bb279f4c08039da57622574575bffb6c459bebdd47224d39592",
    ),
    "fuzhou": (
        15,
        "6e8c2e84e1d8dbd35285f50df53a82e69fe6e7114649e084e8283ebe7761ddbb",
    ),
    "guobiao": (
        16,
        "2fd67043598abf96d61636a5dc23c94c94c24d6aeef970f55331ad450499d828",
    ),
    "changsha": (
        17,
        "21c170947266280c6b13c489855ac0e0aa533e80b0fdfa60322c208d24729ec8",
    ),
    "weihai": (
        18,
        "fce8c220059cf908594961cbfaa2b956b95c188657ee5e773cd6d70481f84f69",
    ),
    "taiyuan": (
        19,
        "c5fccba9e0ea0b9566ced067490427c2da713490978dbcf80e5f1ad9408630e1",
    ),
    "tianjin": (
        20,
        "1caf3b107f51b6e4510c41741d23b984026b5b6f53513159ec05d322ea357be4",
    ),
    "hebei-harbin": (
        21,
        "f22bb26e3f212269d7b19b8f83ea8f79ca3f2846ea3508f7a69048eb066861fe",
    ),
}
#: rule changes on a registered variant (as in tests/test_envs_encoders.py): the 宝 of harbin
RULES: dict[str, tuple[str, dict]] = {
    "hebei-harbin": (
        "hebei",
        dict(wild_rule="treasure", wild_after_ready_only=True, treasure_count_melds=True),
    ),
}


def _pick(legal: np.ndarray, hand: np.ndarray, rng: np.random.Generator) -> int:
    """A seeded, roughly purposeful legal action (random play seldom gets ready or wins): a win
    when legal, else a ready declaration, else mostly the discard of the loneliest kind (fewest
    copies and neighbours in ``hand``), else a random legal action."""
    if WIN in legal:
        return WIN
    ready = [int(a) for a in legal if a in READY_ACTIONS]
    if ready:
        return ready[rng.integers(len(ready))]
    discards = [int(a) for a in legal if a < 34]
    if discards and rng.random() < 0.9:
        c = hand[:34].astype(np.int64)

        def company(k: int) -> float:
            near = 2 * c[k]
            if k < 27:
                near += sum(
                    c[j] for j in (k - 2, k - 1, k + 1, k + 2) if j // 9 == k // 9 and j >= 0
                )
            return near + rng.random()

        return min(discards, key=company)
    return int(legal[rng.integers(len(legal))])


def planes_digest(variant: str, seed: int, steps: int = STEPS) -> str:
    """sha256 over ``steps`` AEC steps of ``variant`` (seeded random legal actions, ready
    declarations and wins preferred): before each step and after the last, ``planes-v0`` ..
    ``planes-v4`` of every seat, in seat order."""
    base, rules = RULES.get(variant, (variant, {}))
    raw = E.mahjong_v0.raw_env(base, **rules)
    rng = np.random.default_rng(seed)
    h = hashlib.sha256()
    hand_seed = seed
    raw.reset(seed=hand_seed)

    def encode_all() -> None:
        s, r = raw.state_arrays, raw._rules
        for enc in ENCODERS:
            for me in range(raw.n_players):
                h.update(enc.encode(s, r, 0, me).tobytes())

    for _ in range(steps):
        encode_all()
        agent = raw.agent_selection
        if raw.terminations[agent] or raw.truncations[agent]:
            hand_seed += 1000
            raw.reset(seed=hand_seed)
            continue
        legal = np.flatnonzero(raw.observe(agent)["action_mask"])
        raw.step(_pick(legal, raw.state_arrays.hands[0, raw.seat_of(agent)], rng))
    encode_all()
    return h.hexdigest()


@pytest.mark.parametrize("variant", sorted(GOLDEN))
def test_planes_golden(variant):
    seed, digest = GOLDEN[variant]
    assert planes_digest(variant, seed) == digest


if __name__ == "__main__":
    for v, (seed, _) in GOLDEN.items():
        print(f'    "{v}": ({seed}, "{planes_digest(v, seed)}"),')
