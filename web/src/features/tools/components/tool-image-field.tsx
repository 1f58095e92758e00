import {
  isToolImageLink,
  manageToolsTexts,
  MAX_TOOL_IMAGE_BYTES,
  texts,
} from '@tools-factory/contract';
import { useId, type ChangeEvent } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUploadToolImage } from '../api/upload-tool-image';

const words = manageToolsTexts.image;
const ACCEPTED = 'image/jpeg,image/png,image/webp';

interface ToolImageFieldProps {
  value: string;
  onChange: (link: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Set by the upload's own problem (too large, not a picture): shown at the field. */
  onUploadError: (message: string) => void;
  disabled?: boolean;
}

/**
 * A tool's picture (Add Product, Edit Tool): its link (an https URL or a path on this site), or a
 * picture uploaded from the device, which fills the link in with where the server keeps it; a
 * preview of whatever the link names.
 */
export function ToolImageField({
  value,
  onChange,
  onBlur,
  error,
  onUploadError,
  disabled = false,
}: ToolImageFieldProps) {
  const upload = useUploadToolImage();
  const uploadId = useId();
  const hintId = useId();
  const link = value.trim();

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Said here before sending 5 MB for nothing; the server says it too (413).
    if (file.size > MAX_TOOL_IMAGE_BYTES) {
      onUploadError(texts.adminErrors.imageTooLarge(MAX_TOOL_IMAGE_BYTES / 1024 / 1024));
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      onChange(url);
      toast.success(words.uploaded);
    } catch (problem) {
      onUploadError(errorMessage(problem));
    }
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex min-w-0 grow flex-col gap-2">
        <TextField
          label={texts.addProduct.imageLink}
          // Not type="url": a path on this site ('/images/...') is a good answer too.
          inputMode="url"
          autoComplete="off"
          aria-required="true"
          name="img"
          hint={texts.addProduct.imageLinkHint}
          value={value}
          error={error}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={uploadId}
            className={`btn btn-outline btn-sm ${disabled || upload.isPending ? 'btn-disabled' : ''}`}
          >
            {upload.isPending ? (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            ) : null}
            {upload.isPending ? words.uploading : words.upload}
          </label>
          <input
            id={uploadId}
            type="file"
            accept={ACCEPTED}
            className="sr-only"
            aria-describedby={hintId}
            disabled={disabled || upload.isPending}
            onChange={(event) => void chosen(event)}
          />
          <span id={hintId} className="text-base-content/70 text-xs">
            {words.uploadHint}
          </span>
        </div>
      </div>
      {link !== '' && isToolImageLink(link) ? (
        <img
          src={link}
          alt={words.preview}
          className="border-base-300 bg-base-200 size-24 shrink-0 rounded-box border object-contain p-1"
        />
      ) : null}
    </div>
  );
}
