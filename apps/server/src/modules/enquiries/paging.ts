import { PAGE_SIZE } from '@gurumatch/shared/constants';
import type { PageQuery } from '@gurumatch/shared/schemas/enquiries';

import type { AppContext } from '../../context.ts';

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export function toPageRequest(query: PageQuery): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * `next` and `previous` as absolute URLs keeping `page_size`; page 1 is written
 * without `page`. The same rules as the content lists.
 */
export function pageLinks(
  ctx: AppContext,
  path: string,
  { page, pageSize }: PageRequest,
  count: number,
): { next: string | null; previous: string | null } {
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const linkTo = (target: number): string => {
    const params = new URLSearchParams();
    if (pageSize !== PAGE_SIZE) params.set('page_size', String(pageSize));
    if (target > 1) params.set('page', String(target));
    const search = params.toString();
    return `${ctx.config.publicUrl}${path}${search ? `?${search}` : ''}`;
  };
  return {
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(Math.min(page - 1, lastPage)) : null,
  };
}
