/**
 * Typography for stored HTML (blog posts and FAQ articles), written as utilities on the
 * wrapper so the styles ship in the page's stylesheet and server-rendered text is styled
 * before any script runs.
 */
const PROSE_CLASSES = [
  'max-w-none text-base leading-7 text-slate-800 sm:text-lg sm:leading-8',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_p]:my-4',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-900',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-slate-700 [&_blockquote]:italic',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100',
  '[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_table]:text-base',
  '[&_th]:border-b [&_th]:border-slate-300 [&_th]:px-2 [&_th]:py-2 [&_th]:font-semibold',
  '[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-2',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
  '[&>:first-child]:mt-0',
].join(' ');

/** HTML sanitized by the server (when stored and again when answered), shown as text. */
export function RichContent({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`${PROSE_CLASSES} ${className}`}
      // The server sanitizes this HTML before answering; it never carries scripts or handlers.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
