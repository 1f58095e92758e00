/** A badge, and under it one short line that says what the badge means. */
export function BadgeWithNote({ label, note }: { label: string; note: string }) {
  return (
    <span className="mt-1 flex flex-col items-start gap-0.5">
      <span className="badge badge-outline border-accent whitespace-nowrap">{label}</span>
      <span className="text-base-content/70 text-xs">{note}</span>
    </span>
  );
}
