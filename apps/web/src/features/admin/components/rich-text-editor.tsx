import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface RichTextEditorProps {
  label: string;
  /** HTML; read once when the editor opens and whenever `resetKey` changes. */
  initialHtml: string;
  resetKey: string | number;
  onChange: (html: string) => void;
  /** Asks for an image; answers its URL, or null when none was chosen. */
  pickImage?: () => Promise<string | null>;
  /**
   * Uploads a chosen image file and answers its address, or null when it was
   * refused (the caller says why). Without it there is no upload button.
   */
  uploadImage?: (file: File) => Promise<string | null>;
  /** The `accept` list of the upload's file picker. */
  uploadAccept?: string;
}

/** The public pages' typography, so the text looks as it will be read. */
const EDITING_PROSE = [
  'text-base leading-7 text-slate-800',
  '[&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_p]:my-3 [&_a]:text-brand-700 [&_a]:underline [&_strong]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
].join(' ');

type Command =
  'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList' | 'removeFormat';

function ToolButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      // keep the selection in the editor
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="h-9 min-w-9 rounded-md px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {children}
    </button>
  );
}

/**
 * A small rich-text editor: a contentEditable area with a toolbar for the
 * formatting the public pages style (headings, emphasis, lists, quotes, links,
 * images). The server sanitises whatever it produces on store.
 */
export { EDITING_PROSE };

export function RichTextEditor({
  label,
  initialHtml,
  resetKey,
  onChange,
  pickImage,
  uploadImage,
  uploadAccept = 'image/*',
}: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** Where the caret was when the file picker opened: the image goes there. */
  const savedRange = useRef<Range | null>(null);
  const [uploading, setUploading] = useState(false);
  const uploadId = useId();

  useEffect(() => {
    if (area.current) area.current.innerHTML = initialHtml;
    // only a new document resets the editor; typing must not
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  const emit = () => onChange(area.current?.innerHTML ?? '');
  const exec = (
    command: Command | 'formatBlock' | 'createLink' | 'insertImage',
    value?: string,
  ) => {
    area.current?.focus();
    // execCommand is deprecated but still the only editing primitive every browser ships;
    // the server sanitises the result, so a browser's quirks cannot store unsafe markup
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    document.execCommand(command, false, value);
    emit();
  };
  const block = (tag: string) => exec('formatBlock', `<${tag}>`);
  const link = () => {
    const url = window.prompt('Link address (https://…)');
    if (url && /^(https?:\/\/|\/|mailto:)/i.test(url.trim())) exec('createLink', url.trim());
  };
  const image = async () => {
    const url = pickImage ? await pickImage() : window.prompt('Image address (https://…)');
    if (url) exec('insertImage', url);
  };
  const rememberCaret = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    savedRange.current =
      range && area.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };
  /** Puts an image where the caret was (or at the end), then the caret after it. */
  const placeImage = (src: string, alt: string) => {
    const root = area.current;
    if (!root) return;
    const img = document.createElement('img');
    img.setAttribute('src', src);
    img.setAttribute('alt', alt);
    const range = savedRange.current;
    if (range && root.contains(range.commonAncestorContainer)) {
      range.deleteContents();
      range.insertNode(img);
      range.setStartAfter(img);
      range.collapse(true);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    } else {
      root.appendChild(img);
    }
    savedRange.current = null;
    emit();
  };
  const upload = async (file: File) => {
    if (!uploadImage) return;
    setUploading(true);
    try {
      const url = await uploadImage(file);
      if (url) placeImage(url, file.name.replace(/\.[a-z0-9]+$/i, '').slice(0, 120));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className="rounded-lg border border-slate-300 bg-white focus-within:border-brand-700">
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        className="flex flex-wrap gap-0.5 border-b border-slate-200 p-1"
      >
        <ToolButton label="Heading" onClick={() => block('h2')}>
          H2
        </ToolButton>
        <ToolButton label="Subheading" onClick={() => block('h3')}>
          H3
        </ToolButton>
        <ToolButton label="Paragraph" onClick={() => block('p')}>
          ¶
        </ToolButton>
        <ToolButton label="Bold" onClick={() => exec('bold')}>
          <strong>B</strong>
        </ToolButton>
        <ToolButton label="Italic" onClick={() => exec('italic')}>
          <em>I</em>
        </ToolButton>
        <ToolButton label="Underline" onClick={() => exec('underline')}>
          <span className="underline">U</span>
        </ToolButton>
        <ToolButton label="Bulleted list" onClick={() => exec('insertUnorderedList')}>
          • List
        </ToolButton>
        <ToolButton label="Numbered list" onClick={() => exec('insertOrderedList')}>
          1. List
        </ToolButton>
        <ToolButton label="Quote" onClick={() => block('blockquote')}>
          “ ”
        </ToolButton>
        <ToolButton label="Link" onClick={link}>
          Link
        </ToolButton>
        <ToolButton label="Image" onClick={() => void image()}>
          Image
        </ToolButton>
        {uploadImage ? (
          <>
            <ToolButton
              label="Upload image"
              onClick={() => {
                rememberCaret();
                fileInput.current?.click();
              }}
            >
              {uploading ? 'Uploading…' : 'Upload image'}
            </ToolButton>
            <label htmlFor={uploadId} className="sr-only">
              Upload an image into the {label.toLowerCase()}
            </label>
            <input
              ref={fileInput}
              id={uploadId}
              type="file"
              accept={uploadAccept}
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </>
        ) : null}
        <ToolButton label="Clear formatting" onClick={() => exec('removeFormat')}>
          Clear
        </ToolButton>
      </div>
      <div
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        className={`${EDITING_PROSE} min-h-60 max-w-none p-3 focus:outline-none`}
      />
    </div>
  );
}
