// The body states as CSV: the rows the core keeps of the run (core/session/state_log.h),
// printed by the same writer as `contactlab run --csv`, so that the file equals the
// command line's for the same scene, options and steps. The rows are printed in pieces
// of about NUMBERS_PER_PIECE numbers straight into the Blob's parts, the page drawing
// between pieces, so neither a long export nor the whole file's text blocks it. The run
// must stand still meanwhile (the caller pauses it): a step, restart or scene load
// during the export stops it with an error.
const NUMBERS_PER_PIECE = 50000; // tens of milliseconds of printing

function yieldToThePage() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Resolves with {blob, rows (in the file), dropped (rows before them that the budget
// did not keep), from (the first row's time [s])}; rejects when the run changed during
// the export. `onProgress(fraction)` hears how far it has got, between pieces.
export async function stateCsv(simulation, onProgress = () => {}) {
  const header = simulation.stateCsvHeader();
  const rows = simulation.stateRows;
  const dropped = simulation.stateRowsDropped;
  const { description, stepCount } = simulation;
  const rowsPerPiece = Math.max(1, Math.floor(NUMBERS_PER_PIECE / header.split(',').length));
  const parts = [header];
  for (let first = 0; first < rows; first += rowsPerPiece) {
    if (first > 0) {
      onProgress(first / rows);
      await yieldToThePage();
      const unchanged =
        simulation.description === description &&
        simulation.stepCount === stepCount &&
        simulation.stateRows === rows &&
        simulation.stateRowsDropped === dropped;
      if (!unchanged) throw new Error('the run changed while its rows were printed; export again');
    }
    parts.push(simulation.stateCsvRows(first, rowsPerPiece));
  }
  const from = rows > 0 ? Number(parts[1].slice(0, parts[1].indexOf(','))) : 0;
  return { blob: new Blob(parts, { type: 'text/csv' }), rows, dropped, from };
}
