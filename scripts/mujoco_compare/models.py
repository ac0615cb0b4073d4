"""Benchmark-only: MJCF models equivalent to tests/bench/pile_bench.cpp's scenes (0.1 m
cubes or spheres of 1 kg, mu = 0.8, h = 2.5 ms, Newton solver, condim 3; the pyramidal
cone has 2 (condim - 1) = 4 edges, as the lab's u = 4)."""
import sys


def header(cone):
    return ('<mujoco>\n  <option timestep="0.0025" cone="%s" solver="Newton" gravity="0 0 -9.81"/>\n'
            '  <size nconmax="1500" njmax="6000"/>\n'
            '  <default><geom friction="0.8 0.005 0.0001" condim="3"/></default>\n'
            '  <worldbody>\n    <geom type="plane" size="0 0 1"/>\n' % cone)


def body(x, y, z, geom):
    return '    <body pos="%g %g %g"><freejoint/>%s</body>\n' % (x, y, z, geom)


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


def sphere_column():
    return [body(0, 0, 0.05 + 0.1 * i, SPHERE) for i in range(199)]


if __name__ == "__main__":
    kind, cone = sys.argv[1], sys.argv[2]
    bodies = sphere_column() if kind == "sphere_column" else pyramid(int(kind))
    sys.stdout.write(header(cone) + "".join(bodies) + "  </worldbody>\n</mujoco>\n")
