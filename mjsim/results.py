"""Result files that say what produced them, and result rows in words.

- :func:`variant_label`: the canonical name of a spec, ``"changsha(allow_chow=false)"``;
- :func:`run_metadata`: what produced a run (variant with overrides, seed, agents, hands, mjsim
  version, the full spec), as a JSON-ready dict;
- :func:`write_rows` / :func:`read_rows`: result rows as Parquet (the metadata in the pyarrow
  schema metadata under the key ``"mjsim"``) or CSV (a plain CSV that ``pandas.read_csv`` reads
  as is, the metadata in the sidecar ``FILE.csv.meta.json``); :func:`read_rows` gives the
  metadata back in ``df.attrs["mjsim"]``, :func:`read_metadata` alone;
- :func:`decode`: the coded columns of result rows (``mjsim.selfplay.RESULT_DTYPE``) by name: win
  kind, tiles, scoring items, errors, prevailing wind, winners as seat lists.

Plain Python and pandas: nothing here is compiled.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from mjsim.rules.spec import RuleSpec
from mjsim.variants.label import spec_overrides, variant_label

#: key of the run metadata in Parquet schema metadata, ``df.attrs`` and the summary JSON
METADATA_KEY = "mjsim"
#: suffix of the CSV metadata sidecar: ``r.csv`` -> ``r.csv.meta.json``
SIDECAR_SUFFIX = ".meta.json"
OUT_SUFFIXES = (".parquet", ".csv")
#: names of the prevailing wind codes 0..3 (row column ``round_wind``)
WIND_NAMES = ("east", "south", "west", "north")


# ------------------------------------------------------------------------------ what produced it
# variant_label and spec_overrides (imported above) are shared with hand records:
# mjsim.variants.label


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if hasattr(v, "item"):  # numpy scalars
        return v.item()
    return v


def run_metadata(
    spec: RuleSpec,
    seed: int,
    agents: Any,
    hands: int,
    *,
    variant_id: str | None = None,
    requested: int | None = None,
    match_hands: int = 1,
    **extra: Any,
) -> dict[str, Any]:
    """What produced a run, JSON-ready: ``producer`` ("mjsim"), ``mjsim_version``, ``variant``
    (:func:`variant_label`), ``variant_id``, ``overrides`` (:func:`spec_overrides`:
    ``mjsim.variants.get(variant_id, **overrides)`` gives the spec back), ``seed``, ``agents``
    (per seat), ``hands`` (rows written), ``hands_requested`` (fewer rows than that: the run was
    interrupted), ``match_hands``, ``spec`` (``RuleSpec.to_dict()``: every field, so the run
    stays described if the variant module changes) and any ``extra`` keys."""
    from mjsim import __version__

    vid = variant_id or spec.name
    agents = [agents] if isinstance(agents, str) else [str(a) for a in agents]
    meta = {
        "producer": "mjsim",
        "mjsim_version": __version__,
        "variant": variant_label(spec, vid),
        "variant_id": vid,
        "overrides": _jsonable(spec_overrides(spec, vid)),
        "seed": int(seed),
        "agents": agents,
        "hands": int(hands),
        "hands_requested": int(hands if requested is None else requested),
        "match_hands": int(match_hands),
        "spec": spec.to_dict(),
    }
    meta.update(_jsonable(extra))
    return meta


def spec_from_metadata(meta: dict[str, Any]) -> RuleSpec:
    """The spec a run recorded (:func:`run_metadata`): its ``spec`` dict, else its variant id
    with its overrides. ``ValueError`` if neither gives a valid spec."""
    from mjsim import variants

    if "spec" in meta:
        try:
            return RuleSpec.from_dict(meta["spec"])
        except (ValueError, TypeError):
            pass  # written by another version of mjsim: rebuild from the variant
    if "variant_id" not in meta:
        raise ValueError("the metadata names no variant (keys 'spec' or 'variant_id')")
    return variants.get(meta["variant_id"], **meta.get("overrides", {}))


# ------------------------------------------------------------------------------ files
def sidecar_path(path: str | Path) -> Path:
    """The metadata sidecar of a CSV results file: ``r.csv`` -> ``r.csv.meta.json``."""
    p = Path(path)
    return p.with_name(p.name + SIDECAR_SUFFIX)


def write_whole(path: Path, write: Any) -> None:
    """``write(tmp)`` to a temporary file beside ``path``, then rename it to ``path``: an
    interrupted or failed write leaves no partial file (and an older ``path`` untouched)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_rows(rows: Any, path: str | Path, metadata: dict[str, Any] | None = None) -> Path:
    """Write result rows (a structured array or a DataFrame) to ``.parquet`` or ``.csv`` (by
    suffix; ``ValueError`` otherwise) with the run's ``metadata`` (:func:`run_metadata`):
    Parquet keeps it in the pyarrow schema metadata (key ``"mjsim"``, a JSON string), CSV in the
    sidecar ``FILE.csv.meta.json`` (the CSV itself stays plain: ``pandas.read_csv(FILE)`` reads
    it as is). Without metadata a CSV's old sidecar is removed. Each file appears whole or not
    at all (:func:`write_whole`). Returns the path; ``OSError`` if it cannot be written."""
    import pandas as pd

    p = Path(path)
    if p.suffix not in OUT_SUFFIXES:
        raise ValueError(f"--out {str(path)!r}: the file must end in .parquet or .csv")
    if p.parent and not p.parent.exists():
        p.parent.mkdir(parents=True, exist_ok=True)
    df = pd.DataFrame(rows)
    text = None if metadata is None else json.dumps(_jsonable(metadata), ensure_ascii=False)
    if p.suffix == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pandas(df, preserve_index=False)
        if text is not None:
            meta = dict(table.schema.metadata or {})
            meta[METADATA_KEY.encode()] = text.encode("utf-8")
            table = table.replace_schema_metadata(meta)
        write_whole(p, lambda tmp: pq.write_table(table, tmp))
    else:
        side = sidecar_path(p)
        if text is not None:
            write_whole(side, lambda tmp: Path(tmp).write_text(text + "\n", encoding="utf-8"))
        elif side.exists():
            side.unlink()
        write_whole(p, lambda tmp: df.to_csv(tmp, index=False))
    return p


def read_metadata(path: str | Path) -> dict[str, Any] | None:
    """The run metadata of a results file written by :func:`write_rows` (Parquet schema
    metadata, or a CSV's ``FILE.csv.meta.json``), or ``None`` if it has none."""
    p = Path(path)
    if p.suffix == ".parquet":
        import pyarrow.parquet as pq

        raw = (pq.read_schema(p).metadata or {}).get(METADATA_KEY.encode())
        return None if raw is None else json.loads(raw.decode("utf-8"))
    side = sidecar_path(p)
    if side.exists():
        return json.loads(side.read_text(encoding="utf-8"))
    return None


def read_rows(path: str | Path) -> Any:
    """Read a results file written by :func:`write_rows` (a ``pandas.DataFrame``); its run
    metadata, if any, in ``df.attrs["mjsim"]`` (:func:`run_metadata`). ``ValueError`` for a
    suffix other than ``.parquet`` / ``.csv``."""
    import pandas as pd

    p = Path(path)
    if p.suffix == ".parquet":
        df = pd.read_parquet(p)
    elif p.suffix == ".csv":
        df = pd.read_csv(p)
    else:
        raise ValueError(f"{str(path)!r}: expected a .parquet or .csv file")
    meta = read_metadata(p)
    df.attrs.pop(METADATA_KEY, None)
    if meta is not None:
        df.attrs[METADATA_KEY] = meta
    return df


# ------------------------------------------------------------------------------ decoding
def decode(rows: Any, variant: str | RuleSpec | None = None) -> Any:
    """Result rows (``mjsim.simulate``'s structured array, or a DataFrame such as
    :func:`read_rows` gives) with the coded columns by name; a new ``pandas.DataFrame``, the
    other columns unchanged:

    - ``winners``: the list of winning seats (``[0, 2]``; ``[]`` on a drawn hand);
    - ``win_kind``: ``"none"`` (drawn hand), ``"self_draw"``, ``"discard"``, ``"rob_kong"``;
    - ``win_tile``: the tile in mpsz notation (``"5m"``, ``"7z"``), ``None`` on a drawn hand;
    - ``discarder``: the seat, ``<NA>`` when nobody discarded the winning tile;
    - ``item0`` .. ``item5``: the scoring items of the first winner by name (the family's
      table, ``mjsim.distributed.item_names``; ``"item N"`` when the variant is not known),
      ``None`` for an empty slot (their counts stay in ``item0_n`` ..);
    - ``round_wind``: ``"east"`` .. ``"north"``; ``error``: ``"none"`` or the engine error's
      name (``mjsim.engine.state.ERROR_NAMES``).

    ``variant``: a variant id or a ``RuleSpec`` for the item names; by default the spec the
    rows' metadata records (``df.attrs["mjsim"]`` from :func:`read_rows`). Columns already
    decoded (not integers) are left as they are. ``ValueError`` for an unknown variant."""
    import pandas as pd

    from mjsim.distributed import item_names
    from mjsim.engine.state import ERROR_NAMES, WIN_KIND_NAMES
    from mjsim.tiles import MPSZ_NAMES

    df = rows.copy() if isinstance(rows, pd.DataFrame) else pd.DataFrame(rows)
    spec: RuleSpec | None
    if isinstance(variant, RuleSpec):
        spec = variant
    elif isinstance(variant, str):
        from mjsim import variants

        spec = variants.get(variant)
    elif df.attrs.get(METADATA_KEY):
        spec = spec_from_metadata(df.attrs[METADATA_KEY])
    else:
        spec = None
    items = item_names(spec) if spec is not None else None

    def coded(col: str) -> bool:
        return col in df.columns and pd.api.types.is_integer_dtype(df[col])

    def put(col: str, values: list[Any]) -> None:
        # object dtype: None stays None (pandas would store a string column's None as NaN)
        df[col] = pd.Series(values, index=df.index, dtype=object)

    def by_name(col: str, names: Any, missing: Any = None) -> None:
        if coded(col):
            put(
                col,
                [
                    missing if v < 0 else (names[v] if v < len(names) else f"{col} {v}")
                    for v in df[col].astype(int)
                ],
            )

    if coded("winners"):
        put("winners", [[p for p in range(4) if (w >> p) & 1] for w in df["winners"].astype(int)])
    by_name("win_kind", WIN_KIND_NAMES)
    by_name("win_tile", MPSZ_NAMES)
    if coded("discarder"):
        df["discarder"] = df["discarder"].astype("Int8").mask(df["discarder"] < 0)
    for i in range(6):
        col = f"item{i}"
        if coded(col):
            names = items or ()
            put(
                col,
                [
                    None if v < 0 else (names[v] if v < len(names) else f"item {v}")
                    for v in df[col].astype(int)
                ],
            )
    by_name("round_wind", WIND_NAMES)
    by_name("error", ERROR_NAMES)
    return df
