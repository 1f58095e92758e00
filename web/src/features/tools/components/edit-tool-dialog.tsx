import {
  manageToolsTexts,
  texts,
  UpdateToolSchema,
  type Category,
  type Tool,
  type UpdateTool,
} from '@tools-factory/contract';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { DialogForm } from '../../../components/ui/dialog-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useEditTool } from '../api/edit-tool';
import { takenField, typedNumber, type ToolFormValues } from '../tool-form';
import { showFieldErrors } from './show-field-errors';
import { SkuField } from './sku-field';
import { ToolImageField } from './tool-image-field';
import {
  categoryAndAttributes,
  categoryFieldsOf,
  ToolCategoryFields,
} from './tool-category-fields';

const words = manageToolsTexts.edit;
const { addProduct } = texts;

const FIELDS = [
  'name',
  'sku',
  'desc',
  'img',
  'price',
  'minOrderQuantity',
  'category',
  'brandLine',
  'size',
  'material',
] as const;

/** The contract's own schema (the server's), every field's first problem at once. */
const resolver: Resolver<ToolFormValues, unknown, UpdateTool> = (values) => {
  const result = UpdateToolSchema.safeParse({
    ...values,
    price: typedNumber(values.price),
    minOrderQuantity: typedNumber(values.minOrderQuantity),
    ...categoryAndAttributes(values),
  });
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<ToolFormValues> = {};
  for (const issue of result.error.issues) {
    // An attribute's problem is under its own field (attributes.size -> size).
    const field = issue.path[0] === 'attributes' ? issue.path[1] : issue.path[0];
    if (!FIELDS.some((known) => known === field)) continue;
    errors[field as (typeof FIELDS)[number]] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

interface EditToolFormProps {
  tool: Tool;
  categories: readonly Category[];
  update: ReturnType<typeof useEditTool>;
  onDone: () => void;
}

/**
 * The tool's name, SKU, description, picture, list price and minimum, filled with what it has;
 * each field's problem under it, all at once (the form's and the server's alike); a name or a SKU
 * another tool has (409) under its field. The form always sends the SKU: emptied, it is required.
 */
function EditToolForm({ tool, categories, update, onDone }: EditToolFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ToolFormValues, unknown, UpdateTool>({
    resolver,
    defaultValues: {
      name: tool.name,
      sku: tool.sku,
      desc: tool.desc,
      img: tool.img,
      price: String(tool.price),
      minOrderQuantity: String(tool.minOrderQuantity),
      ...categoryFieldsOf(tool),
    },
  });

  const submit = handleSubmit(async (fields) => {
    setServerError(null);
    try {
      const saved = await update.mutateAsync({ id: tool._id, ...fields });
      toast.success(words.saved(saved.name));
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // The server names the SKU it refused; any other 409 here is about the name.
        setError(
          takenField(error.message, fields.sku),
          { message: error.message },
          { shouldFocus: true },
        );
      } else if (isApiError(error) && error.fieldErrors.length > 0) {
        // The tool's price breaks (not in this form) are told under it, every problem at once.
        const breaks = error.fieldErrors.filter(({ field }) => field === 'priceBreaks');
        showFieldErrors(
          error.fieldErrors.filter(({ field }) => field !== 'priceBreaks'),
          setError,
        );
        if (breaks.length > 0) setServerError(breaks.map(({ message }) => message).join('. '));
      } else {
        setServerError(errorMessage(error));
      }
    }
  });

  const field = (name: 'name' | 'sku' | 'desc' | 'price' | 'minOrderQuantity') => ({
    'aria-required': 'true' as const,
    error: errors[name]?.message,
    ...register(name),
  });
  const busy = isSubmitting || update.isPending;

  return (
    <DialogForm
      sending={{ onSubmit: (event) => void submit(event), serverError }}
      submitLabel={words.save}
      cancelLabel={words.cancel}
      busy={busy}
      onCancel={onDone}
    >
      <TextField label={addProduct.name} autoComplete="off" {...field('name')} />
      <SkuField hint={texts.sku.editHint} {...field('sku')} />
      <TextAreaField label={addProduct.description} rows={4} {...field('desc')} />
      <Controller
        control={control}
        name="img"
        render={({ field: image }) => (
          <ToolImageField
            value={image.value}
            onChange={image.onChange}
            onBlur={image.onBlur}
            error={errors.img?.message}
            onUploadError={(message) => setError('img', { message })}
            disabled={busy}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={addProduct.price}
          inputMode="decimal"
          autoComplete="off"
          hint={addProduct.priceHint}
          {...field('price')}
        />
        <TextField
          label={addProduct.minOrderQuantity}
          inputMode="numeric"
          autoComplete="off"
          {...field('minOrderQuantity')}
        />
      </div>
      <ToolCategoryFields
        categories={categories}
        register={(name) => register(name)}
        errors={errors}
      />
    </DialogForm>
  );
}

interface EditToolDialogProps {
  /** The tool being edited; null: the dialog is closed. */
  tool: Tool | null;
  /** The category tree to choose the tool's from. */
  categories: readonly Category[];
  onClose: () => void;
}

/** Manage Tools' 'Edit': a tool's five fields (issue 25) and its SKU (issue 26) in a modal. */
export function EditToolDialog({ tool, categories, onClose }: EditToolDialogProps) {
  const update = useEditTool();
  return (
    <FormDialog
      open={tool !== null}
      title={tool ? words.title(tool.name) : words.button}
      closeLabel={texts.priceBreaks.close}
      busy={update.isPending}
      onClose={onClose}
    >
      {tool ? (
        <EditToolForm
          key={tool._id}
          tool={tool}
          categories={categories}
          update={update}
          onDone={onClose}
        />
      ) : null}
    </FormDialog>
  );
}
