import type { Category } from '@tools-factory/contract';
import { LabelledField } from './labelled-field';

interface CategorySelectProps {
  label: string;
  categories: readonly Category[];
  /** The chosen slug; '' for the first choice (`noneLabel`). */
  value: string;
  onChange: (slug: string) => void;
  noneLabel: string;
  /** Slugs that may not be chosen (a category and those under it, when moving it). */
  excluded?: ReadonlySet<string>;
  name?: string;
  error?: string | undefined;
}

/** A category chosen from the tree, each indented under its parent. */
export function CategorySelect({
  label,
  categories,
  value,
  onChange,
  noneLabel,
  excluded,
  name,
  error,
}: CategorySelectProps) {
  return (
    <LabelledField label={label} error={error}>
      {(control) => (
        <select
          {...control}
          name={name}
          className="select select-bordered w-full"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{noneLabel}</option>
          {categories
            .filter((category) => !excluded?.has(category.slug))
            .map((category) => (
              <option key={category._id} value={category.slug}>
                {`${'\u2003'.repeat(category.depth - 1)}${category.name}`}
              </option>
            ))}
        </select>
      )}
    </LabelledField>
  );
}
