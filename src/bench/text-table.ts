/**
 * Rows as an aligned plain-text table: the first `textColumns` columns left-aligned, the
 * rest (figures) right-aligned, two spaces apart, no trailing blanks.
 */
export function alignRows(rows: readonly (readonly string[])[], textColumns = 1): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => {
          const pad = ' '.repeat((widths[i] ?? 0) - [...cell].length);
          return i < textColumns ? cell + pad : pad + cell;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Bytes as MiB with one decimal (KiB below 1 MiB), or "n/a". */
export function bytesText(bytes: number | null): string {
  if (bytes === null) return 'n/a';
  const mib = bytes / (1024 * 1024);
  return Math.abs(mib) < 1 ? `${(bytes / 1024).toFixed(0)} KiB` : `${mib.toFixed(1)} MiB`;
}

/** Milliseconds with a precision that suits their size. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value < 10 ? `${value.toFixed(2)} ms` : value < 1000 ? `${value.toFixed(1)} ms` : `${(value / 1000).toFixed(2)} s`;
}
