import type { AdminDocument } from '@gurumatch/shared/schemas/admin';
import { lazy, Suspense, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatWhen, useAdminAction } from '../api.ts';

import { AdminList } from './admin-list.tsx';
import { EDITING_PROSE } from './editing-prose.ts';

/** The rich-text editor (Tiptap) is fetched only when an editor opens (decision 045). */
const RichTextEditor = lazy(async () => ({
  default: (await import('./rich-text-editor.tsx')).RichTextEditor,
}));

type Mode = 'editor' | 'html';

/** The public address of a document: a policy's slug is its path, a guide's is its area. */
function publicPathOf(doc: AdminDocument): string {
  return doc.kind === 'area_guide' ? `/home-tutors-in/${doc.slug}` : `/${doc.slug}`;
}

/**
 * One policy or area guide: title, description and text. The text editor has
 * no tables or address blocks, so a text holding one opens as HTML (the server
 * sanitises either).
 */
function DocumentEditor({ start, onClose }: { start: AdminDocument; onClose: () => void }) {
  const toast = useToast();
  const save = useAdminAction<AdminDocument>();
  const [doc, setDoc] = useState(start);
  const [mode, setMode] = useState<Mode>(
    /<(?:table|address)[\s>]/.test(start.content) ? 'html' : 'editor',
  );
  const [preview, setPreview] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const set = (change: Partial<AdminDocument>) => setDoc((current) => ({ ...current, ...change }));

  const submit = () => {
    save.mutate(
      {
        path: `documents/${String(doc.id)}/`,
        method: 'PATCH',
        body: { title: doc.title, description: doc.description, content: doc.content },
      },
      {
        onSuccess: (saved) => {
          toast.success('Saved. The page shows it now, dated today.');
          setErrors({});
          setDoc(saved);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors(error.fieldErrors);
            toast.error(error.firstError());
          } else toast.error(error.message);
        },
      },
    );
  };

  return (
    <section
      aria-label="Page editor"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">Edit {doc.title}</h2>
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" onClick={() => setPreview(!preview)}>
            {preview ? 'Back to editing' : 'Preview'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      {doc.kind === 'area_guide' ? (
        <p className="mt-2 text-sm text-slate-600">
          Keep the introduction first, then a “Getting there” heading, then a “Questions” heading
          with each question as a small heading and its answer below.
        </p>
      ) : null}
      {preview ? (
        <article className="mt-4">
          <h1 className="text-2xl font-bold text-slate-900">{doc.title}</h1>
          <div
            className={`${EDITING_PROSE} mt-3`}
            // the administrator's own text; the server sanitises it on store
            dangerouslySetInnerHTML={{ __html: doc.content }}
          />
        </article>
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          <TextField
            label="Title"
            value={doc.title}
            maxLength={200}
            error={errors.title?.[0]}
            onChange={(event) => set({ title: event.target.value })}
          />
          <TextField
            label="Description (search engines)"
            value={doc.description}
            maxLength={500}
            error={errors.description?.[0]}
            onChange={(event) => set({ description: event.target.value })}
          />
          <SegmentedControl<Mode>
            label="Edit the text with"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'editor', label: 'Editor' },
              { value: 'html', label: 'HTML' },
            ]}
          />
          {mode === 'editor' ? (
            <Suspense fallback={<Spinner />}>
              <RichTextEditor
                label="Text"
                initialHtml={doc.content}
                resetKey={`${String(doc.id)}-${mode}`}
                onChange={(content) => set({ content })}
              />
            </Suspense>
          ) : (
            <Textarea
              label="Text (HTML)"
              rows={18}
              className="font-mono text-sm"
              value={doc.content}
              onChange={(event) => set({ content: event.target.value })}
            />
          )}
          {errors.content?.[0] ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.content[0]}
            </p>
          ) : null}
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button busy={save.isPending} onClick={submit}>
          Save
        </Button>
        <a
          href={publicPathOf(doc)}
          target="_blank"
          rel="noreferrer"
          className="text-sm text-brand-800 underline"
        >
          Open the public page
        </a>
      </div>
    </section>
  );
}

/** The policies and area guides: edit their text; each save is in the audit log. */
export function DocumentsSection() {
  const [editing, setEditing] = useState<AdminDocument | null>(null);
  return (
    <>
      {editing ? (
        <DocumentEditor key={editing.id} start={editing} onClose={() => setEditing(null)} />
      ) : null}
      <AdminList<AdminDocument>
        resource="documents"
        label="Policies and area guides"
        searchLabel="Search by title"
        itemKey={(doc) => doc.id}
        renderItem={(doc) => (
          <article
            aria-label={doc.title}
            className="flex flex-wrap items-center justify-between gap-2"
          >
            <div className="min-w-0">
              <h2 className="font-semibold break-words text-slate-900">{doc.title}</h2>
              <p className="text-xs text-slate-600">
                {publicPathOf(doc)} · {doc.kind === 'policy' ? 'policy' : 'area guide'} ·{' '}
                {doc.edited ? 'edited here' : 'as written in the repository'} · updated{' '}
                {formatWhen(doc.updated_at)}
              </p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => setEditing(doc)}>
              Edit
            </Button>
          </article>
        )}
      />
    </>
  );
}
