"""The four Robber Knights actions as small frozen values, with their JSON dict forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .tiles import TILE_KINDS

DIRECTIONS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


@dataclass(frozen=True, slots=True)
class Keep:
    """During setup: keep this non-castle A tile in hand (the other two go to the start layout)."""

    tile: str

    def __str__(self) -> str:
        return f"keep {self.tile}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "keep", "tile": self.tile}


@dataclass(frozen=True, slots=True)
class Place:
    """Lay a tile of this kind from hand at (x, y); with two of the kind, the earlier letter."""

    tile: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"place {self.tile} at ({self.x}, {self.y})"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "place", "tile": self.tile, "x": self.x, "y": self.y}


@dataclass(frozen=True, slots=True)
class Deploy:
    """Bring ``count`` knights in at the castle just laid; ``drops[0]`` stays on the castle,
    ``drops[i]`` on the i-th tile in direction ``dir``. Count 0 brings none."""

    count: int
    dir: str | None
    drops: tuple[int, ...]

    def __post_init__(self) -> None:
        if type(self.drops) is not tuple:  # accept a list, keep the value hashable
            object.__setattr__(self, "drops", tuple(self.drops))

    def __str__(self) -> str:
        if self.count == 0:
            return "deploy no knights"
        if self.dir is None:
            return f"deploy {self.count} knights, all staying on the castle"
        steps = "-".join(str(d) for d in self.drops)
        return f"deploy {self.count} knights {self.dir} as {steps}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "deploy", "count": self.count, "dir": self.dir, "drops": list(self.drops)}


@dataclass(frozen=True, slots=True)
class End:
    """Stop laying for this turn (after at least one lay)."""

    def __str__(self) -> str:
        return "end turn"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "end"}


Action = Keep | Place | Deploy | End
NO_DEPLOY = Deploy(0, None, ())
END = End()


def _int(d: dict[str, Any], key: str) -> int:
    value = d.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"action field {key!r} must be an integer, got {value!r}")
    return value


def _kind(d: dict[str, Any]) -> str:
    tile = d.get("tile")
    if not isinstance(tile, str) or tile not in TILE_KINDS:
        raise ValueError(f"{tile!r} is not a tile kind (one of {', '.join(TILE_KINDS)})")
    return str(tile)


def _deploy_from_dict(d: dict[str, Any]) -> Deploy:
    count = _int(d, "count")
    direction = d.get("dir")
    drops = d.get("drops")
    if direction is not None and (not isinstance(direction, str) or direction not in DIRECTIONS):
        raise ValueError(f"deploy direction must be N, E, S, W or null, got {direction!r}")
    if not isinstance(drops, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in drops
    ):
        raise ValueError("deploy drops must be a list of non-negative integers")
    if count < 0 or sum(drops) != count:
        raise ValueError(f"deploy drops {drops} do not add up to count {count}")
    if count == 0 and (drops or direction is not None):
        raise ValueError("a deployment of 0 knights has no direction and no drops")
    if count > 0 and direction is None and len(drops) != 1:
        raise ValueError("knights that stay on the castle are written as drops [count]")
    if direction is not None and len(drops) < 2:
        raise ValueError("a deployment with a direction needs drops for the castle and a tile")
    return Deploy(count, direction, tuple(drops))


_FIELDS: dict[str, frozenset[str]] = {
    "keep": frozenset({"type", "tile"}),
    "place": frozenset({"type", "tile", "x", "y"}),
    "deploy": frozenset({"type", "count", "dir", "drops"}),
    "end": frozenset({"type"}),
}


def action_from_dict(d: Any) -> Action:
    """Parse an action dict (see docs/contract.md); raises ValueError on anything malformed,
    unknown fields included (a misspelt field must not be silently ignored)."""
    if not isinstance(d, dict):
        raise ValueError(f"an action must be a dict, got {type(d).__name__}")
    kind = d.get("type")
    fields = _FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is not None and not set(d) <= fields:
        unknown = sorted(str(key) for key in set(d) - fields)
        raise ValueError(f"a {kind} action has no fields {unknown}")
    if kind == "keep":
        return Keep(_kind(d))
    if kind == "place":
        return Place(_kind(d), _int(d, "x"), _int(d, "y"))
    if kind == "deploy":
        return _deploy_from_dict(d)
    if kind == "end":
        return END
    raise ValueError(f"unknown action type {kind!r} (keep, place, deploy or end)")
