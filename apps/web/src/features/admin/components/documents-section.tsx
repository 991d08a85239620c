import type { AdminDocument } from '@gurumatch/shared/schemas/admin';
import { Suspense, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { SegmentedControl, type SegmentOption } from '../../../components/ui/segmented-control.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatWhen } from '../api.ts';

import { useSave } from './admin-form.tsx';
import { AdminList } from './admin-list.tsx';
import { ContentEditor, RichTextEditor } from './content-editor.tsx';
import { ContentRow } from './content-row.tsx';

type Mode = 'editor' | 'html';

const MODES: readonly SegmentOption<Mode>[] = [
  { value: 'editor', label: 'Editor' },
  { value: 'html', label: 'HTML' },
];

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
  const { run, errors, busy } = useSave<AdminDocument>();
  const [doc, setDoc] = useState(start);
  const [mode, setMode] = useState<Mode>(
    /<(?:table|address)[\s>]/.test(start.content) ? 'html' : 'editor',
  );
  const set = (change: Partial<AdminDocument>) => setDoc((current) => ({ ...current, ...change }));

  const submit = () => {
    run(
      `documents/${String(doc.id)}/`,
      'PATCH',
      { title: doc.title, description: doc.description, content: doc.content },
      setDoc,
      'Saved. The page shows it now, dated today.',
    );
  };

  return (
    <ContentEditor
      label="Page editor"
      heading={`Edit ${doc.title}`}
      draft={doc}
      onChange={set}
      errors={errors}
      onClose={onClose}
      intro={
        doc.kind === 'area_guide' ? (
          <p className="mt-2 text-sm text-slate-600">
            Keep the introduction first, then a “Getting there” heading, then a “Questions” heading
            with each question as a small heading and its answer below.
          </p>
        ) : null
      }
      publicPath={publicPathOf(doc)}
      actions={
        <Button busy={busy} onClick={submit}>
          Save
        </Button>
      }
    >
      <TextField
        label="Description (search engines)"
        value={doc.description}
        maxLength={500}
        error={errors.description?.[0]}
        onChange={(event) => set({ description: event.target.value })}
      />
      <SegmentedControl
        label="Edit the text with"
        options={MODES}
        value={mode}
        onChange={setMode}
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
    </ContentEditor>
  );
}

function DocumentRow({ doc, onEdit }: { doc: AdminDocument; onEdit: () => void }) {
  return (
    <ContentRow
      title={doc.title}
      actions={
        <Button size="sm" variant="secondary" onClick={onEdit}>
          Edit
        </Button>
      }
    >
      {publicPathOf(doc)} · {doc.kind === 'policy' ? 'policy' : 'area guide'} ·{' '}
      {doc.edited ? 'edited here' : 'as written in the repository'} · updated{' '}
      {formatWhen(doc.updated_at)}
    </ContentRow>
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
        renderItem={(doc) => <DocumentRow doc={doc} onEdit={() => setEditing(doc)} />}
      />
    </>
  );
}
