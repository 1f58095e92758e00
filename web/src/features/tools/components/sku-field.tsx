import { texts } from '@tools-factory/contract';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';

/** A tool's SKU as typed: capitals offered, nothing filled in or corrected by the browser. */
export function SkuField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label={texts.sku.label}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      {...props}
    />
  );
}
