import type { Category } from '@tools-factory/contract';
import type { ComponentProps } from 'react';
import { LabelledField } from './labelled-field';

interface CategorySelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: string;
  categories: readonly Category[];
  /** The first choice, '' (none, or the top level). */
  noneLabel: string;
  /** Slugs that may not be chosen (a category and those under it, when moving it). */
  excluded?: ReadonlySet<string>;
  error?: string | undefined;
}

/**
 * A category chosen from the tree, each indented under its parent; the select's own props (a
 * form's register, or value and onChange) pass through.
 */
export function CategorySelect({
  label,
  categories,
  noneLabel,
  excluded,
  error,
  ...select
}: CategorySelectProps) {
  return (
    <LabelledField label={label} error={error}>
      {(control) => (
        <select {...control} {...select} className="select select-bordered w-full">
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
