export interface Summary {
  n: number;
  mean: number;
  p50: number;
  p99: number;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    n: sorted.length,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    p50: at(0.5),
    p99: at(0.99),
  };
}

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => "| " + row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ") + " |";
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const row of cells.slice(1)) console.log(line(row));
}

export const ms = (value: number) => value.toFixed(3);
