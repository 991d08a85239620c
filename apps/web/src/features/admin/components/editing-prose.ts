/** The public pages' typography, so the text looks in the editor and Preview as it will be read. */
export const EDITING_PROSE = [
  'text-base leading-7 text-slate-800',
  '[&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_p]:my-3 [&_a]:text-brand-700 [&_a]:underline [&_strong]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li_p]:my-1',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
].join(' ');
