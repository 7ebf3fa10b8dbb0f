import type { ReactNode } from "react";

/**
 * A table's header row: one `<th scope="col">` per column, given as
 * `[label, className]` (the cell's padding and alignment).
 */
export function HeaderRow({ className, columns }: { className?: string; columns: readonly (readonly [ReactNode, string])[] }) {
  return (
    <tr className={className}>
      {columns.map(([label, cellClass], index) => (
        <th key={index} scope="col" className={cellClass}>
          {label}
        </th>
      ))}
    </tr>
  );
}
