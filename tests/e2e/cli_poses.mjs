// The native CLI's poses, for the tests that compare a page's run with the CLI's.
import { readFileSync } from 'node:fs';

// Per step (row) of a `contactlab run --csv`: {body: [x, y, z, qw, qx, qy, qz]}.
export function csvPoses(path) {
  const [header, ...rows] = readFileSync(path, 'utf8').trim().split('\n');
  const columns = header.split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    const poses = {};
    columns.forEach((column, i) => {
      const match = /^(.+)\.(x|y|z|qw|qx|qy|qz)$/.exec(column);
      if (match) (poses[match[1]] ??= []).push(Number(cells[i]));
    });
    return poses;
  });
}
