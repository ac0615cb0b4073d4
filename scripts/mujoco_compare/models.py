"""Benchmark-only: MJCF models equivalent to tests/bench/pile_bench.cpp's scenes (0.1 m
cubes or spheres of 1 kg, mu = 0.8, h = 2.5 ms, Newton solver, condim 3; the pyramidal
cone has 2 (condim - 1) = 4 edges, as the lab's u = 4), and to the built-in bin_pile
(read from assets/scenes/bin_pile.json: its bin's walls, its 100 objects' shapes, masses
and poses, mu = 0.8)."""
import json
import math
import os
import sys


def header(cone):
    return ('<mujoco>\n  <option timestep="0.0025" cone="%s" solver="Newton" gravity="0 0 -9.81"/>\n'
            '  <size nconmax="1500" njmax="6000"/>\n'
            '  <default><geom friction="0.8 0.005 0.0001" condim="3"/></default>\n'
            '  <worldbody>\n    <geom type="plane" size="0 0 1"/>\n' % cone)


def body(x, y, z, geom, quat=(1, 0, 0, 0)):
    return '    <body pos="%g %g %g" quat="%g %g %g %g"><freejoint/>%s</body>\n' % ((x, y, z) + tuple(quat) + (geom,))


CUBE = '<geom type="box" size="0.05 0.05 0.05" mass="1"/>'
SPHERE = '<geom type="sphere" size="0.05" mass="1"/>'


def pyramid(count):
    base = 1
    while base * (base + 1) // 2 < count:
        base += 1
    bodies, placed, row = [], 0, 0
    while placed < count:
        for i in range(base - row):
            if placed == count:
                break
            bodies.append(body(0.1 * i + 0.05 * row, 0, 0.05 + 0.1 * row, CUBE))
            placed += 1
        row += 1
    return bodies


def pile20():
    """20 cubes turned about z, in a staggered column 0.12 m apart from 0.1 m up."""
    bodies = []
    for i in range(20):
        angle = 0.37 * i
        bodies.append(body(0.03 * ((i * 7) % 5 - 2), 0.03 * ((i * 3) % 5 - 2), 0.1 + 0.12 * i, CUBE,
                           (math.cos(angle / 2), 0, 0, math.sin(angle / 2))))
    return bodies


def scene_geom(geom, mass):
    """A lab geom as an MJCF geom (capsules and cylinders along their local z in both)."""
    kind = geom["type"]
    if kind == "box":
        size = "%g %g %g" % tuple(geom["half_extents"])
    elif kind == "sphere":
        size = "%g" % geom["radius"]
    elif kind in ("capsule", "cylinder"):
        size = "%g %g" % (geom["radius"], geom["half_length"])
    else:
        raise SystemExit("bin_pile: no MJCF equivalent written for a %s geom" % kind)
    pose = ""
    if "position" in geom:
        pose += ' pos="%g %g %g"' % tuple(geom["position"])
    if "orientation" in geom:
        pose += ' quat="%g %g %g %g"' % tuple(geom["orientation"])
    weight = ' mass="%g"' % mass if mass is not None else ""
    return '<geom type="%s" size="%s"%s%s/>' % (kind, size, pose, weight)


def bin_pile():
    path = os.path.join(os.path.dirname(__file__), "..", "..", "assets", "scenes", "bin_pile.json")
    scene = json.load(open(path))
    bodies = []
    for entry in scene["bodies"]:
        geoms = [g for g in entry["geoms"] if g["type"] != "plane"]
        x, y, z = entry.get("position", (0, 0, 0))
        quat = entry.get("orientation", (1, 0, 0, 0))
        if entry.get("static"):
            for geom in geoms:
                bodies.append('    <body pos="%g %g %g" quat="%g %g %g %g">%s</body>\n' %
                              ((x, y, z) + tuple(quat) + (scene_geom(geom, None),)))
            continue
        if len(geoms) != 1:
            raise SystemExit("bin_pile: %s has %d geoms; one is written" % (entry["name"], len(geoms)))
        bodies.append(body(x, y, z, scene_geom(geoms[0], entry["mass"]), quat))
    return bodies


def sphere_column():
    return [body(0, 0, 0.05 + 0.1 * i, SPHERE) for i in range(199)]


if __name__ == "__main__":
    kind, cone = sys.argv[1], sys.argv[2]
    named = {"sphere_column": sphere_column, "pile20": pile20, "bin_pile": bin_pile}
    bodies = named[kind]() if kind in named else pyramid(int(kind))
    sys.stdout.write(header(cone) + "".join(bodies) + "  </worldbody>\n</mujoco>\n")
