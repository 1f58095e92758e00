import {
  CreateToolSchema,
  suggestSku,
  texts,
  type Category,
  type CreateTool,
} from '@tools-factory/contract';
import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAddTool } from '../api/add-tool';
import { PriceBreaksFields, readPriceBreaks, type PriceBreakRow } from './price-breaks-fields';
import { takenField, typedNumber, type ToolFormValues } from '../tool-form';
import { showFieldErrors } from './show-field-errors';
import { SkuField } from './sku-field';
import { ToolImageField } from './tool-image-field';
import {
  categoryAndAttributes,
  categoryFieldsOf,
  ToolCategoryFields,
} from './tool-category-fields';

/**
 * The tool's fields as typed (its SKU filled in from the name, suggestSku, until the admin types
 * one of their own), the stock, and the optional price breaks.
 */
interface AddProductFormValues extends ToolFormValues {
  availableQuantity: string;
  priceBreaks: PriceBreakRow[];
}

/** The fields typed as text (the price breaks have their own editor). */
type TypedField = Exclude<keyof AddProductFormValues, 'priceBreaks'>;

const { addProduct } = texts;

/** The three numbers, side by side; what each takes is said under it where it is not obvious. */
const numberFields: {
  name: TypedField;
  label: string;
  inputMode: 'decimal' | 'numeric';
  hint?: string;
}[] = [
  { name: 'price', label: addProduct.price, inputMode: 'decimal', hint: addProduct.priceHint },
  { name: 'minOrderQuantity', label: addProduct.minOrderQuantity, inputMode: 'numeric' },
  {
    name: 'availableQuantity',
    label: addProduct.availableQuantity,
    inputMode: 'numeric',
    hint: addProduct.availableQuantityHint,
  },
];

const emptyForm: AddProductFormValues = {
  name: '',
  sku: '',
  desc: '',
  img: '',
  price: '',
  minOrderQuantity: '',
  availableQuantity: '',
  priceBreaks: [],
  ...categoryFieldsOf(),
};

/** The four digits of a new product's suggested SKU: picked once per product, at random. */
function randomSkuDigits(): number {
  return Math.floor(Math.random() * 10_000);
}

/** The SKU suggested for a name: none for a name not typed yet. */
function suggestedSku(name: string, digits: number): string {
  return name.trim() === '' ? '' : suggestSku(name, digits);
}

/**
 * The contract's schema, word for word as the server answers it. Not zodResolver: for a number
 * (a union of number and digits) it reports the first branch's words ('Invalid input: expected
 * number, received undefined') where the schema's own are 'price is required'. An empty number
 * is sent as missing: the schema calls '' 'not a number' (a JSON client sending "" did send one).
 */
const resolver: Resolver<AddProductFormValues, unknown, CreateTool> = (values) => {
  const price = typedNumber(values.price);
  const minOrderQuantity = typedNumber(values.minOrderQuantity);
  // The breaks are read by the editor's own rules, against the price and minimum once readable:
  // so their problem shows with the other fields' at once, not after those are fixed.
  const { shape } = CreateToolSchema;
  const readPrice = shape.price.safeParse(price);
  const readMinimum = shape.minOrderQuantity.safeParse(minOrderQuantity);
  const breaks = readPriceBreaks(
    values.priceBreaks,
    readPrice.success && readMinimum.success
      ? { price: readPrice.data, minOrderQuantity: readMinimum.data }
      : undefined,
  );
  const result = CreateToolSchema.safeParse({
    ...values,
    price,
    minOrderQuantity,
    availableQuantity: typedNumber(values.availableQuantity),
    priceBreaks: 'breaks' in breaks ? breaks.breaks : [],
    ...categoryAndAttributes(values, true),
  });
  if (result.success && 'breaks' in breaks) return { values: result.data, errors: {} };
  const errors: FieldErrors<AddProductFormValues> = {};
  for (const issue of result.error?.issues ?? []) {
    // An attribute's problem is under its own field (attributes.size -> size).
    const field = issue.path[0] === 'attributes' ? issue.path[1] : issue.path[0];
    if (typeof field !== 'string' || !(field in emptyForm) || field === 'priceBreaks') continue;
    // The first problem of each field is the one to fix first.
    errors[field as TypedField] ??= {
      type: issue.code,
      message: issue.message,
    };
  }
  if ('errors' in breaks) errors.priceBreaks = breaks.errors;
  return { values: {}, errors };
};

/**
 * Add Product (SPEC.md sections 2 and 5): name, description, image link, price, minimum and
 * available quantity, all required and checked by the same schema as the server's, and the SKU
 * (issue 26), suggested from the name as it is typed ('Claw hammer' -> 'CH-4821') until the admin
 * types their own. Success says 'New product added' and empties the form; a name or SKU another
 * tool has (409) is told under its field, any other refusal in red under the form.
 */
export function AddProductForm({ categories = [] }: { categories?: readonly Category[] }) {
  const addTool = useAddTool();
  const [serverError, setServerError] = useState<string | null>(null);
  const [productsAdded, setProductsAdded] = useState(0);
  const [skuDigits, setSkuDigits] = useState(randomSkuDigits);
  // True once the admin typed a SKU of their own: the name no longer changes it (emptied: again).
  const [skuTyped, setSkuTyped] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<AddProductFormValues, unknown, CreateTool>({
    resolver,
    defaultValues: emptyForm,
  });

  const submit = handleSubmit(async (tool) => {
    setServerError(null);
    try {
      await addTool.mutateAsync(tool);
      toast.success(texts.admin.newProductAdded);
      reset(emptyForm);
      setSkuTyped(false);
      setSkuDigits(randomSkuDigits());
      setProductsAdded((count) => count + 1);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setError(
          takenField(error.message, tool.sku),
          { message: error.message },
          { shouldFocus: true },
        );
      } else if (isApiError(error) && showFieldErrors(error.fieldErrors, setError)) {
        // Every field's problem is under its field.
      } else {
        setServerError(errorMessage(error));
      }
    }
  });

  // Ready for the next product. After the render: reset() lets go of the fields until then.
  useEffect(() => {
    if (productsAdded > 0) setFocus('name');
  }, [productsAdded, setFocus]);

  /**
   * A field of this form: required, its first problem under it, registered by its name; what
   * else typing in it does, in `onChange`.
   */
  const requiredField = (
    name: TypedField,
    onChange?: (event: { target: { value: string } }) => void,
  ) => ({
    'aria-required': 'true' as const,
    error: errors[name]?.message,
    ...register(name, { onChange }),
  });

  // The SKU follows the name while the admin has not typed one of their own.
  const nameField = requiredField('name', (event) => {
    if (skuTyped) return;
    setValue('sku', suggestedSku(event.target.value, skuDigits), { shouldValidate: isSubmitted });
  });
  const skuField = requiredField('sku', (event) => {
    setSkuTyped(event.target.value.trim() !== '');
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <div className="card-body gap-4">
        <TextField label={addProduct.name} autoComplete="off" {...nameField} />
        <SkuField hint={texts.sku.suggestionHint} {...skuField} />
        <TextAreaField label={addProduct.description} rows={4} {...requiredField('desc')} />
        <Controller
          control={control}
          name="img"
          render={({ field }) => (
            <ToolImageField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.img?.message}
              onUploadError={(message) => setError('img', { message })}
            />
          )}
        />
        {/* Text inputs, not type="number": the browser would hand over '' for '12,5' or 'abc'
            and accept '1e3', where the contract's words say what is wrong. */}
        <div className="grid gap-4 sm:grid-cols-3">
          {numberFields.map(({ name, ...input }) => (
            <TextField key={name} autoComplete="off" {...input} {...requiredField(name)} />
          ))}
        </div>
        <ToolCategoryFields
          categories={categories}
          register={(name) => register(name)}
          errors={errors}
        />
        <Controller
          control={control}
          name="priceBreaks"
          render={({ field }) => (
            <PriceBreaksFields
              rows={field.value}
              onChange={field.onChange}
              errors={errors.priceBreaks}
            />
          )}
        />
        <FormError message={serverError} />
        <div className="card-actions justify-end">
          <BusyButton type="submit" busy={isSubmitting} className="btn-primary w-full sm:w-auto">
            {addProduct.submit}
          </BusyButton>
        </div>
      </div>
    </form>
  );
}
