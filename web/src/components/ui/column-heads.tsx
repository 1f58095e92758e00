export interface ColumnHead {
  label: string;
  /** A column of figures: its name right-aligned above them. */
  numeric?: boolean;
}

/** A plain table's header row: each column's name, a header for screen readers. */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr>
        {columns.map(({ label, numeric = false }) => (
          <th key={label} scope="col" className={numeric ? 'text-right' : undefined}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
