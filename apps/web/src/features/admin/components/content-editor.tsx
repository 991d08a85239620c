import { lazy, useState, type ReactNode } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

import { EDITING_PROSE } from './editing-prose.ts';

/** The rich-text editor (Tiptap) is fetched only when an editor opens (decision 045). */
export const RichTextEditor = lazy(async () => ({
  default: (await import('./rich-text-editor.tsx')).RichTextEditor,
}));

/**
 * The frame of an editor of stored text (posts, FAQs, policies, area guides): a
 * heading with Preview and Close, then either the fields or the text as it will
 * be read (the title first, the server's message about the text last), and
 * the actions below.
 */
export function ContentEditor({
  label,
  heading,
  draft,
  onChange,
  errors,
  onClose,
  intro,
  previewLead,
  publicPath,
  actions,
  children,
}: {
  label: string;
  heading: ReactNode;
  /** The title and HTML text being edited, as the preview shows them. */
  draft: { title: string; content: string };
  onChange: (change: { title: string }) => void;
  /** The server's messages by field. */
  errors: Record<string, string[]>;
  onClose: () => void;
  /** Guidance shown under the heading. */
  intro?: ReactNode;
  /** Shown in the preview between the title and the text. */
  previewLead?: ReactNode;
  /** Where the text is read once saved; null while it is not public. */
  publicPath: string | null;
  actions: ReactNode;
  children: ReactNode;
}) {
  const [preview, setPreview] = useState(false);
  return (
    <section aria-label={label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{heading}</h2>
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" onClick={() => setPreview(!preview)}>
            {preview ? 'Back to editing' : 'Preview'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      {intro}
      {preview ? (
        <article className="mt-4">
          <h1 className="text-2xl font-bold text-slate-900">{draft.title}</h1>
          {previewLead}
          <div
            className={`${EDITING_PROSE} mt-3`}
            // the administrator's own text; the server sanitises it on store
            dangerouslySetInnerHTML={{ __html: draft.content }}
          />
        </article>
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          <TextField
            label="Title"
            value={draft.title}
            maxLength={200}
            error={errors.title?.[0]}
            onChange={(event) => onChange({ title: event.target.value })}
          />
          {children}
          {errors.content?.[0] ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.content[0]}
            </p>
          ) : null}
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {actions}
        {publicPath ? (
          <a
            href={publicPath}
            target="_blank"
            rel="noreferrer"
            className="text-sm text-brand-800 underline"
          >
            Open the public page
          </a>
        ) : null}
      </div>
    </section>
  );
}
