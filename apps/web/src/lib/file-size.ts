const units = [['byte', 1], ['kilobyte', 1000], ['megabyte', 1_000_000]] as const;

/** A size in bytes as people read it, in their language: "512 B", "84,2 kB", "1,2 MB" in Spanish. */
export function formatFileSize(bytes: number, language: string): string {
  const [unit, size] = units.findLast(([, unitSize]) => bytes >= unitSize) ?? units[0];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 })
    .format(bytes / size);
}
