"""Seeded San Marco map generator: districts as land cells separated by canals.

How a map is made (all steps draw from one ``random.Random(seed)``, nothing global):

1. The style gives a coastline (``lagoon``: a Venice-like island whose outline is jittered
   by the seed; ``ring``: a central district inside a ring of districts, the seed's
   "ring of planets"; ``island``: an own, Taiwan-like sweet-potato silhouette).
2. Sites are scattered inside the coast and spread by Lloyd relaxation (each site moves
   to the centroid of its cell) so districts come out of similar size.
3. Each district is the site's Voronoi cell clipped to the coast; cutting every bisector
   back by half the canal width leaves canals of exactly that width between districts.
4. Two districts are neighbours when their shared border is long enough for all the
   bridge sites of one pair; the sites sit evenly along that border, spanning the canal.
   Every other pair is kept ``apart_width`` apart (a wide basin, also where two cells would
   only touch at a corner), so the only districts that face each other across a canal are
   those joined by bridge sites.
5. The label goes to the pole of inaccessibility (the inside point farthest from the
   shore), so it sits inside the district with the most room around it.
6. A map is rejected and redrawn (same generator, next numbers) when a district is too
   small for its label or the neighbour graph is not connected.
7. Where the board will be cut when printed on two sheets (``map.seams``), no label and no
   bridge site goes: relaxation moves the sites off those strips, the bridge sites of a pair
   slide along their border (or close up) off them, and the label keeps its distance.  Only
   when no such map comes within the attempts (ten districts on the ring or the island) is
   a map drawn without them, and the build names what its seam cuts.

Coordinates are rounded to 0.1 mm so the YAML written from a map is stable text.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from printkit.games.san_marco.model.game import MapGenConfig, MapStyleConfig, SeamStrips
from printkit.games.san_marco.rules import geometry as geo

Pt = tuple[float, float]


@dataclass(frozen=True)
class GenDistrict:
    outline: tuple[Pt, ...]
    label: Pt
    room: float  # mm, distance from the label point to the district's shore


@dataclass(frozen=True)
class GenSite:
    x: float
    y: float
    angle: float


@dataclass(frozen=True)
class GenPair:
    a: int
    b: int
    sites: tuple[GenSite, ...]


@dataclass(frozen=True)
class GenMap:
    style: str
    width: float
    height: float
    canal_width: float
    land: tuple[tuple[Pt, ...], ...]
    districts: tuple[GenDistrict, ...]
    pairs: tuple[GenPair, ...]


class MapGenerationError(ValueError):
    """No acceptable map within the attempt budget (too many districts for the area)."""


def _r(v: float) -> float:
    # round to 0.1 mm, and never print "-0.0"
    out = round(v, 1)
    return 0.0 if out == 0 else out


def _coast(style: MapStyleConfig, cfg: MapGenConfig, rng: random.Random) -> list[Pt]:
    """The coastline in map millimetres, jittered by the seed (radial noise per vertex)."""
    w, h = cfg.width, cfg.height
    pts: list[Pt] = []
    cx, cy = 0.5, 0.5
    for x, y in style.outline:
        j = 1.0 + rng.uniform(-style.jitter, style.jitter)
        pts.append(((cx + (x - cx) * j) * w, (cy + (y - cy) * j) * h))
    if geo.area(pts) < 0:
        pts.reverse()
    return pts


def _bbox(poly: list[Pt]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _scatter(n: int, coast: list[Pt], rng: random.Random) -> list[Pt]:
    x0, y0, x1, y1 = _bbox(coast)
    sites: list[Pt] = []
    min_d = math.sqrt(abs(geo.area(coast)) / n) * 0.45
    tries = 0
    while len(sites) < n:
        tries += 1
        p = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        if not geo.point_in_polygon(p, coast) or geo.boundary_distance(p, coast) < min_d * 0.5:
            continue
        if tries < 5000 and any(math.dist(p, s) < min_d for s in sites):
            continue
        sites.append(p)
    return sites


RING_RADIUS = 0.72  # ring sites, as a fraction of the coast's half-size
HUB_RADIUS = 0.5  # where the centre district's border lies, same fraction


def _ring_sites(n: int, coast: list[Pt], rng: random.Random) -> tuple[list[Pt], list[float]]:
    """One centre district and n-1 around it, the whole ring turned by the seed.

    The centre gets a power-diagram weight so it grows to HUB_RADIUS: its border with
    each ring district is then long enough for the bridge sites (a plain Voronoi centre
    would be a small polygon touching its ring only at short edges).
    """
    x0, y0, x1, y1 = _bbox(coast)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2, (y1 - y0) / 2
    turn = rng.uniform(0, 2 * math.pi)
    sites = [(cx, cy)]
    for k in range(n - 1):
        a = turn + 2 * math.pi * k / (n - 1)
        sites.append((cx + hx * RING_RADIUS * math.cos(a), cy + hy * RING_RADIUS * math.sin(a)))
    r_mean = (hx + hy) / 2
    hub = (2 * RING_RADIUS * HUB_RADIUS - RING_RADIUS**2) * r_mean**2
    return sites, [hub] + [0.0] * (n - 1)


def _relax(sites: list[Pt], coast: list[Pt], iterations: int, seams: SeamStrips | None = None) -> list[Pt]:
    """Lloyd relaxation; with ``seams``, each step also moves a site off the strips kept clear for the board's
    cuts, so each district grows round a middle where its label may go."""
    for _ in range(iterations):
        cells = geo.voronoi_cells(sites, coast)
        sites = [geo.centroid(c) if len(c) >= 3 else s for c, s in zip(cells, sites, strict=True)]
        if seams is not None:
            sites = [_off_seams(s, seams) for s in sites]
    return sites


def _off_seams(p: Pt, seams: SeamStrips) -> Pt:
    """``p`` moved to the nearer side of each strip it lies in."""
    x, y = p
    for at in seams.x:
        if abs(x - at) < seams.label_clear[0]:
            x = at + math.copysign(seams.label_clear[0], x - at)
    for at in seams.y:
        if abs(y - at) < seams.label_clear[1]:
            y = at + math.copysign(seams.label_clear[1], y - at)
    return x, y


SLIDE_STEP = 0.5  # mm between the positions tried when a pair's bridge sites slide along their border off a cut


def _bridge_sites(a: Pt, b: Pt, sa: Pt, sb: Pt, count: int, cfg: MapGenConfig) -> tuple[GenSite, ...] | None:
    """``count`` sites along border a–b, centred, ``bridge_pitch`` apart (closer, down to
    ``min_bridge_pitch``, on a shorter border); None if the border is too short even for that.

    Where the board is cut (``cfg.seams``) the sites slide along the border, as little as they can, or close up
    towards ``min_bridge_pitch``, until no cut runs through one; None if no position on the border does."""
    length = math.dist(a, b)
    room = length - 2 * cfg.bridge_end_margin
    pitch = cfg.bridge_pitch if count < 2 else min(cfg.bridge_pitch, room / (count - 1))
    if room < 0 or pitch < cfg.min_bridge_pitch:
        return None
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    mid = length / 2
    angle = math.degrees(math.atan2(sb[1] - sa[1], sb[0] - sa[0]))

    def placed(p: float, shift: float) -> tuple[GenSite, ...]:
        return tuple(GenSite(_r(a[0] + ux * t), _r(a[1] + uy * t), _r(angle))
                     for t in (mid + shift + (k - (count - 1) / 2) * p for k in range(count)))

    seams = cfg.seams
    if seams is None:
        return placed(pitch, 0.0)
    pitches = [pitch] if count < 2 else [pitch - k * SLIDE_STEP for k in range(int((pitch - cfg.min_bridge_pitch)
                                                                                     / SLIDE_STEP) + 1)]
    for p in pitches:
        slack = (room - (count - 1) * p) / 2  # how far the row of sites may slide either way
        steps = int(slack / SLIDE_STEP + 1e-9)
        for shift in sorted((k * SLIDE_STEP for k in range(-steps, steps + 1)), key=lambda v: (abs(v), v)):
            sites = placed(p, shift)
            if all(_clear_of_seams(s.x, s.y, seams.site_clear, seams) for s in sites):
                return sites
    return None


def _clear_of_seams(x: float, y: float, clear: float, seams: SeamStrips) -> bool:
    return (all(abs(x - at) >= clear for at in seams.x) and all(abs(y - at) >= clear for at in seams.y))


def _connected(n: int, pairs: list[GenPair]) -> bool:
    seen = {0}
    todo = [0]
    while todo:
        i = todo.pop()
        for p in pairs:
            for u, v in ((p.a, p.b), (p.b, p.a)):
                if u == i and v not in seen:
                    seen.add(v)
                    todo.append(v)
    return len(seen) == n


def _attempt(n: int, style: MapStyleConfig, cfg: MapGenConfig, sites_per_pair: int,
             rng: random.Random) -> GenMap | None:
    coast = _coast(style, cfg, rng)
    weights: list[float] | None = None
    if style.layout == "ring":
        sites, weights = _ring_sites(n, coast, rng)
    else:
        sites = _relax(_scatter(n, coast, rng), coast, cfg.lloyd_iterations, cfg.seams)
    if style.min_label_room is not None:
        cfg = cfg.model_copy(update={"min_label_room": style.min_label_room})
    return map_from_sites(style.name, sites, coast, cfg, sites_per_pair, weights)


def map_from_sites(style: str, sites: list[Pt], coast: list[Pt], cfg: MapGenConfig,
                   sites_per_pair: int, weights: list[float] | None = None) -> GenMap | None:
    """Cells, canals, bridge sites and labels for given sites; None if unacceptable."""
    n = len(sites)
    w = weights or [0.0] * n
    if geo.area(coast) < 0:
        coast = list(reversed(coast))
    full = geo.voronoi_cells(sites, coast, weights=w)
    pairs: list[GenPair] = []
    for i in range(n):
        for j in range(i + 1, n):
            border = geo.shared_border(full[i], sites[i], sites[j], wp=w[i], wq=w[j])
            if border is None:
                continue
            placed = _bridge_sites(border[0], border[1], sites[i], sites[j], sites_per_pair, cfg)
            if placed is not None:
                pairs.append(GenPair(i, j, placed))
    if not _connected(n, pairs):
        return None
    # Every pair without bridge sites gets a wide basin instead of a canal (also pairs that would
    # only meet at a corner): nobody can argue that two such districts are "neighbours".
    bridged = {(p.a, p.b) for p in pairs}
    gaps = {(i, j): cfg.apart_width for i in range(n) for j in range(i + 1, n) if (i, j) not in bridged}
    cut = geo.voronoi_cells(sites, coast, gap=cfg.canal_width, weights=w, gaps=gaps)
    if any(len(c) < 3 for c in cut):
        return None
    # a basin may eat the end of another pair's border: every bridge site must still reach both shores
    reach = cfg.canal_width / 2 + 1.0
    for p in pairs:
        for s in p.sites:
            a = math.radians(s.angle)
            dx, dy = math.cos(a) * reach, math.sin(a) * reach
            if not (geo.inside_distance((s.x - dx, s.y - dy), cut[p.a]) > 0.5
                    and geo.inside_distance((s.x + dx, s.y + dy), cut[p.b]) > 0.5):
                return None
    # no label where the board is cut: its plaque, drawn round it, stays whole
    seams = cfg.seams
    bands = [] if seams is None else [(0, at, seams.label_clear[0]) for at in seams.x] + [
        (1, at, seams.label_clear[1]) for at in seams.y]
    districts = []
    for i, c in enumerate(cut):
        outline = tuple((_r(x), _r(y)) for x, y in c)
        # keep the label clear of the bridge sites along this district's shores
        sites_here = [(s.x, s.y, cfg.canal_width / 2 + cfg.bridge_site_reach)
                      for p in pairs if i in (p.a, p.b) for s in p.sites]
        label, room = geo.pole_of_inaccessibility(list(outline), obstacles=sites_here, bands=bands)
        if room < cfg.min_label_room:
            return None
        districts.append(GenDistrict(outline, (_r(label[0]), _r(label[1])), _r(room)))
    land = (tuple((_r(x), _r(y)) for x, y in coast),)
    return GenMap(style, cfg.width, cfg.height, cfg.canal_width, land, tuple(districts), tuple(pairs))


def generate_map(n_districts: int, seed: int, style: MapStyleConfig, cfg: MapGenConfig,
                 sites_per_pair: int = 3) -> GenMap:
    """A connected map of ``n_districts`` cells; the same arguments always give the same map."""
    rng = random.Random(f"san-marco-map/{style.name}/{n_districts}/{seed}")
    # first a map the board's cuts miss; else (a crowded ring, a rare seed) one they may cross, which the build
    # names in its warning rather than fail
    for strips in ((cfg, cfg.model_copy(update={"seams": None})) if cfg.seams is not None else (cfg,)):
        for _ in range(cfg.attempts):
            m = _attempt(n_districts, style, strips, sites_per_pair, rng)
            if m is not None:
                return m
    raise MapGenerationError(
        f"no {style.name} map with {n_districts} districts fits after {cfg.attempts} attempts; "
        "try fewer districts or another seed"
    )
