import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminArticle, AdminBlog } from '@gurumatch/shared/schemas/admin';
import { Suspense, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { SegmentedControl, type SegmentOption } from '../../../components/ui/segmented-control.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { CONTENT_IMAGE_ACCEPT, formatWhen, uploadContentImage, useAdminAction } from '../api.ts';

import { useSave } from './admin-form.tsx';
import { AdminList } from './admin-list.tsx';
import { ContentEditor, RichTextEditor } from './content-editor.tsx';
import { ContentRow } from './content-row.tsx';
import { DocumentsSection } from './documents-section.tsx';

type Kind = 'blogs' | 'articles';
type Tab = Kind | 'documents';
type Item = AdminBlog | AdminArticle;

const TABS: readonly SegmentOption<Tab>[] = [
  { value: 'blogs', label: 'Blog posts' },
  { value: 'articles', label: 'FAQs' },
  { value: 'documents', label: 'Pages' },
];

interface Draft {
  id: number | null;
  title: string;
  slug: string;
  content: string;
  featured_image: string;
  category: 'student' | 'teacher';
  published: boolean;
}

const EMPTY: Draft = {
  id: null,
  title: '',
  slug: '',
  content: '',
  featured_image: '',
  category: 'student',
  published: false,
};

function toDraft(item: Item): Draft {
  return {
    id: item.id,
    title: item.title,
    slug: item.slug,
    content: item.content,
    featured_image: 'featured_image' in item ? (item.featured_image ?? '') : '',
    category: 'category' in item ? item.category : 'student',
    published: item.published,
  };
}

function Editor({ kind, start, onClose }: { kind: Kind; start: Draft; onClose: () => void }) {
  const toast = useToast();
  const { run, errors, busy } = useSave<Item>();
  const [draft, setDraft] = useState(start);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const [uploadingFeatured, setUploadingFeatured] = useState(false);

  /** Uploads an image; answers its path, or null after telling why it was refused. */
  const upload = async (file: File): Promise<string | null> => {
    try {
      const result = await uploadContentImage(file);
      toast.success(ADMIN_MESSAGES.imageUploaded);
      return result.path;
    } catch (error) {
      toast.error(
        error instanceof ApiError
          ? error.detail
          : error instanceof Error
            ? error.message
            : ADMIN_MESSAGES.imageUploadFailed,
      );
      return null;
    }
  };

  const submit = (published: boolean) => {
    const body = {
      title: draft.title,
      content: draft.content,
      published,
      ...(draft.slug ? { slug: draft.slug } : {}),
      ...(kind === 'blogs'
        ? { featured_image: draft.featured_image.trim() || null }
        : { category: draft.category }),
    };
    const onSaved = (saved: Item) => setDraft(toDraft(saved));
    const message = published ? 'Published.' : 'Saved as a draft.';
    if (draft.id === null) run(`${kind}/`, 'POST', body, onSaved, message);
    else run(`${kind}/${String(draft.id)}/`, 'PATCH', body, onSaved, message);
  };

  const publicPath =
    draft.id !== null && draft.published
      ? kind === 'blogs'
        ? paths.blog(draft.slug)
        : paths.faq(draft.slug)
      : null;

  return (
    <ContentEditor
      label="Editor"
      heading={`${draft.id === null ? 'New' : 'Edit'} ${kind === 'blogs' ? 'blog post' : 'FAQ'}${draft.published ? ' · published' : ' · draft'}`}
      draft={draft}
      onChange={set}
      errors={errors}
      onClose={onClose}
      publicPath={publicPath}
      previewLead={
        draft.featured_image ? (
          <img src={draft.featured_image} alt="" className="mt-3 max-h-64 rounded-xl" />
        ) : null
      }
      actions={
        <>
          <Button busy={busy} onClick={() => submit(true)}>
            {draft.published ? 'Save and keep published' : 'Publish'}
          </Button>
          <Button variant="secondary" busy={busy} onClick={() => submit(false)}>
            {draft.published ? 'Unpublish' : 'Save draft'}
          </Button>
        </>
      }
    >
      <TextField
        label="Address (slug)"
        hint="Leave empty to make one from the title."
        value={draft.slug}
        error={errors.slug?.[0]}
        onChange={(event) => set({ slug: event.target.value.toLowerCase() })}
      />
      {kind === 'blogs' ? (
        <div className="flex flex-col gap-2">
          <TextField
            label="Featured image address"
            hint="Upload an image, or give a site path such as /content/blog/x.svg or an https address."
            value={draft.featured_image}
            error={errors.featured_image?.[0]}
            onChange={(event) => set({ featured_image: event.target.value })}
          />
          <div className="flex flex-wrap items-center gap-3">
            <label className="inline-flex h-9 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 focus-within:outline-2 focus-within:outline-brand-700 hover:bg-slate-50">
              {uploadingFeatured ? 'Uploading…' : 'Upload featured image'}
              <input
                type="file"
                accept={CONTENT_IMAGE_ACCEPT}
                className="sr-only"
                disabled={uploadingFeatured}
                onChange={(event) => {
                  const input = event.currentTarget;
                  const file = input.files?.[0];
                  if (!file) return;
                  setUploadingFeatured(true);
                  void upload(file).then((path) => {
                    setUploadingFeatured(false);
                    input.value = '';
                    if (path) set({ featured_image: path });
                  });
                }}
              />
            </label>
            {draft.featured_image ? (
              <img
                src={draft.featured_image}
                alt="Featured image preview"
                className="h-16 w-auto rounded-lg ring-1 ring-slate-200"
              />
            ) : null}
          </div>
        </div>
      ) : (
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Category
          <select
            value={draft.category}
            onChange={(event) =>
              set({ category: event.target.value === 'teacher' ? 'teacher' : 'student' })
            }
            className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
          >
            <option value="student">Student</option>
            <option value="teacher">Tutor</option>
          </select>
        </label>
      )}
      <Suspense fallback={<Spinner />}>
        <RichTextEditor
          label="Text"
          initialHtml={draft.content}
          resetKey={start.id ?? 'new'}
          onChange={(content) => set({ content })}
          uploadImage={upload}
          uploadAccept={CONTENT_IMAGE_ACCEPT}
        />
      </Suspense>
    </ContentEditor>
  );
}

function Row({ kind, item, onEdit }: { kind: Kind; item: Item; onEdit: () => void }) {
  const toast = useToast();
  const action = useAdminAction();
  return (
    <ContentRow
      title={item.title}
      actions={
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            busy={action.isPending}
            onClick={() => {
              if (!window.confirm(`Delete “${item.title}”?`)) return;
              action.mutate(
                { path: `${kind}/${String(item.id)}/`, method: 'DELETE' },
                {
                  onSuccess: () => toast.success('Deleted.'),
                  onError: (error) =>
                    toast.error(error instanceof ApiError ? error.detail : error.message),
                },
              );
            }}
          >
            Delete
          </Button>
        </div>
      }
    >
      /{item.slug} · {item.published ? 'published' : 'draft'} · updated{' '}
      {formatWhen(item.updated_at)}
    </ContentRow>
  );
}

/** Blog posts and FAQs (write, preview, publish, unpublish), and the policies and area guides. */
export function ContentPage() {
  const [tab, setTab] = useState<Tab>('blogs');
  return (
    <div className="flex flex-col gap-4">
      <SegmentedControl label="Kind of content" options={TABS} value={tab} onChange={setTab} />
      {tab === 'documents' ? <DocumentsSection /> : <PostsSection key={tab} kind={tab} />}
    </div>
  );
}

/** One kind of post: its editor (when open) above its list. */
function PostsSection({ kind }: { kind: Kind }) {
  const [editing, setEditing] = useState<Draft | null>(null);
  return (
    <>
      {editing ? (
        <Editor
          key={`${kind}-${String(editing.id)}`}
          kind={kind}
          start={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <AdminList<Item>
        key={kind}
        resource={kind}
        label={kind === 'blogs' ? 'Blog posts' : 'FAQs'}
        searchLabel="Search by title"
        toolbar={
          <Button size="sm" className="h-10" onClick={() => setEditing({ ...EMPTY })}>
            {kind === 'blogs' ? 'New blog post' : 'New FAQ'}
          </Button>
        }
        itemKey={(item) => item.id}
        renderItem={(item) => (
          <Row kind={kind} item={item} onEdit={() => setEditing(toDraft(item))} />
        )}
      />
    </>
  );
}
