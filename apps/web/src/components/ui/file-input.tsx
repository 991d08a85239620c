import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';

const BYTES_PER_MEGABYTE = 1024 * 1024;

/** '2 MB', '5 MB', '1.5 MB'. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / BYTES_PER_MEGABYTE;
  return `${String(Number.isInteger(megabytes) ? megabytes : Number(megabytes.toFixed(1)))} MB`;
}

interface FileInputProps {
  label: string;
  /** The `accept` attribute: 'image/*', 'image/*,application/pdf' … */
  accept: string;
  /** Largest file accepted here, in bytes; a larger one is refused with a message. */
  maxBytes: number;
  /** What kinds of file are wanted, e.g. 'JPEG, PNG or WebP image'; the size limit is added. */
  kindHint: string;
  /** Called with the chosen file, or null when cleared or refused. */
  onFileChange: (file: File | null) => void;
  /** Name of the chosen file. */
  chosenName?: string | null;
  /** Said when nothing is chosen but a file is already on record, e.g. 'Already uploaded.' */
  onRecordText?: string | null;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  /** Extra content beside the picker, such as an image preview. */
  children?: ReactNode;
}

/** A labelled file picker that says what it takes, shows the chosen file and refuses large files. */
export function FileInput({
  label,
  accept,
  maxBytes,
  kindHint,
  onFileChange,
  chosenName,
  onRecordText,
  error,
  required = false,
  disabled = false,
  name,
  children,
}: FileInputProps) {
  const inputId = useId();
  const [sizeError, setSizeError] = useState<string | null>(null);
  const shownError = sizeError ?? error;
  const inputRef = useRef<HTMLInputElement>(null);
  const status = chosenName ? (
    <>
      <span className="font-medium">Chosen:</span> {chosenName}
    </>
  ) : (
    (onRecordText ?? 'No file chosen.')
  );
  const hintId = `${inputId}-hint`;
  const chosenId = `${inputId}-chosen`;
  const errorId = `${inputId}-error`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && file.size > maxBytes) {
      setSizeError(
        `${file.name} is larger than ${formatMegabytes(maxBytes)}. Please choose a smaller file.`,
      );
      event.target.value = '';
      onFileChange(null);
      return;
    }
    setSizeError(null);
    onFileChange(file);
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-3">
        {children}
        {/* The native control is visually hidden: its own 'No file chosen' text is cut short on
            phones and repeats the line below. It keeps focus and keyboard use. */}
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="file"
          accept={accept}
          required={required}
          disabled={disabled}
          onChange={onChange}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[hintId, chosenId, shownError ? errorId : null]
            .filter(Boolean)
            .join(' ')}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          onClick={() => {
            if (!disabled) inputRef.current?.click();
          }}
          className="shrink-0 cursor-pointer rounded-md bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-brand-100"
        >
          Choose file
        </span>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {kindHint}, up to {formatMegabytes(maxBytes)}.
      </p>
      <p id={chosenId} className="text-sm wrap-anywhere text-slate-800">
        {status}
      </p>
      {shownError ? (
        <p id={errorId} className="text-sm text-red-700">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
