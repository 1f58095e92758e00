import { type Category, categoryTexts } from '@tools-factory/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CategorySelect } from '../../../components/ui/category-select';
import { TextField } from '../../../components/ui/text-field';
import type { ToolFormValues } from '../tool-form';

const words = categoryTexts.manage;

/** What the tool forms register of these fields. */
type CategoryField = 'category' | 'brandLine' | 'size' | 'material';

interface ToolCategoryFieldsProps {
  /** The tree to choose from (the page hands it in: it is the categories feature's). */
  categories: readonly Category[];
  /** The form's own register. */
  register: (name: CategoryField) => UseFormRegisterReturn;
  errors: Partial<Record<CategoryField, { message?: string | undefined } | undefined>>;
}

/** A tool's category and its three attributes (issue 43), on Add Product and Edit Tool alike. */
export function ToolCategoryFields({ categories, register, errors }: ToolCategoryFieldsProps) {
  const text = (name: Exclude<CategoryField, 'category'>) => ({
    autoComplete: 'off',
    error: errors[name]?.message,
    ...register(name),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CategorySelect
        label={words.toolCategory}
        categories={categories}
        noneLabel={words.noCategory}
        error={errors.category?.message}
        {...register('category')}
      />
      <TextField label={words.brandLine} {...text('brandLine')} />
      <TextField label={words.size} {...text('size')} />
      <TextField label={words.material} {...text('material')} />
    </div>
  );
}

/**
 * The form's category and attributes as Edit Tool sends them (always: emptied is none), or, with
 * `onlyGiven`, as Add Product does (only what was given: a form without them sends the spec's
 * fields alone).
 */
export function categoryAndAttributes(values: ToolFormValues, onlyGiven = false) {
  const attributes = { brandLine: values.brandLine, size: values.size, material: values.material };
  if (!onlyGiven) return { category: values.category || null, attributes };
  return {
    // Undefined, not left out: the form's own '' would stay otherwise (JSON drops undefined).
    category: values.category || undefined,
    ...(Object.values(attributes).some((value) => value.trim() !== '') ? { attributes } : {}),
  };
}

/** A tool's category and attributes as the form shows them ('' for none). */
export function categoryFieldsOf(tool?: {
  category?: string | undefined;
  attributes?: { brandLine?: string; size?: string; material?: string } | undefined;
}) {
  return {
    category: tool?.category ?? '',
    brandLine: tool?.attributes?.brandLine ?? '',
    size: tool?.attributes?.size ?? '',
    material: tool?.attributes?.material ?? '',
  };
}
