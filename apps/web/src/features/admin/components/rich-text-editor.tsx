import { CONTENT_EDITOR_STARTER_KIT, CONTENT_LINK_PATTERN } from '@gurumatch/shared/content-editor';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { EDITING_PROSE } from './editing-prose.ts';

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

/** The editor's document model: exactly what the server's sanitiser keeps (shared options). */
export const CONTENT_EDITOR_EXTENSIONS = [
  StarterKit.configure(CONTENT_EDITOR_STARTER_KIT),
  Image.configure({ inline: false, allowBase64: false }),
];

function ToolButton({
  label,
  isActive,
  onClick,
  children,
}: {
  label: string;
  isActive?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={isActive}
      title={label}
      // keep the selection in the editor
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="h-9 min-w-9 rounded-md px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
    >
      {children}
    </button>
  );
}

function activeMarks(editor: Editor) {
  return {
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
  };
}

/**
 * The back office's rich-text editor (Tiptap, decision 045): headings,
 * emphasis, lists, quotes, links and images, written as the same HTML in every
 * browser. Loaded only when an editor opens, never on the public pages.
 */
export function RichTextEditor({
  label,
  initialHtml,
  resetKey,
  onChange,
  pickImage,
  uploadImage,
  uploadAccept = 'image/*',
}: RichTextEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const uploadId = useId();
  const editor = useEditor({
    extensions: CONTENT_EDITOR_EXTENSIONS,
    content: initialHtml,
    // the page's Content-Security-Policy allows no inline <style>; EDITING_PROSE styles it
    injectCSS: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: `${EDITING_PROSE} min-h-60 max-w-none p-3 focus:outline-none`,
      },
    },
    onUpdate: ({ editor: changed }) => {
      onChange(changed.isEmpty ? '' : changed.getHTML());
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => activeMarks(current),
  });

  // only a new document resets the editor; typing must not (the first one came with `content`)
  const shownKey = useRef(resetKey);
  useEffect(() => {
    if (shownKey.current === resetKey || editor.isDestroyed) return;
    shownKey.current = resetKey;
    editor.commands.setContent(initialHtml, { emitUpdate: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  const chain = () => editor.chain().focus();
  const link = () => {
    const url = window.prompt('Link address (https://…)')?.trim();
    if (!url) return;
    if (CONTENT_LINK_PATTERN.test(url))
      chain().extendMarkRange('link').setLink({ href: url }).run();
  };
  const image = async () => {
    const url = pickImage ? await pickImage() : window.prompt('Image address (https://…)');
    if (url) chain().setImage({ src: url }).run();
  };
  const upload = async (file: File) => {
    if (!uploadImage) return;
    setUploading(true);
    try {
      const url = await uploadImage(file);
      const alt = file.name.replace(/\.[a-z0-9]+$/i, '').slice(0, 120);
      // the editor kept its selection while the picker was open: the image goes there
      if (url) chain().setImage({ src: url, alt }).run();
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
        <ToolButton
          label="H2 heading"
          isActive={active.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          H2
        </ToolButton>
        <ToolButton
          label="H3 subheading"
          isActive={active.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          H3
        </ToolButton>
        <ToolButton label="Paragraph" onClick={() => chain().setParagraph().run()}>
          ¶
        </ToolButton>
        <ToolButton label="Bold" isActive={active.bold} onClick={() => chain().toggleBold().run()}>
          <strong>B</strong>
        </ToolButton>
        <ToolButton
          label="Italic"
          isActive={active.italic}
          onClick={() => chain().toggleItalic().run()}
        >
          <em>I</em>
        </ToolButton>
        <ToolButton
          label="Underline"
          isActive={active.underline}
          onClick={() => chain().toggleUnderline().run()}
        >
          <span className="underline">U</span>
        </ToolButton>
        <ToolButton
          label="Bulleted list"
          isActive={active.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        >
          • List
        </ToolButton>
        <ToolButton
          label="1. List, numbered"
          isActive={active.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        >
          1. List
        </ToolButton>
        <ToolButton
          label="Quote"
          isActive={active.blockquote}
          onClick={() => chain().toggleBlockquote().run()}
        >
          “ ”
        </ToolButton>
        <ToolButton label="Link" isActive={active.link} onClick={link}>
          Link
        </ToolButton>
        <ToolButton label="Image" onClick={() => void image()}>
          Image
        </ToolButton>
        {uploadImage ? (
          <>
            <ToolButton label="Upload image" onClick={() => fileInput.current?.click()}>
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
        <ToolButton
          label="Clear formatting"
          onClick={() => chain().unsetAllMarks().clearNodes().run()}
        >
          Clear
        </ToolButton>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
