import { describe, expect, it } from 'vitest';

import { createDataRoutes, matchBranches, rankBranches, type RouteObject } from './routes.ts';

const table: RouteObject[] = [
  {
    children: [
      { index: true },
      { path: 'blogs' },
      { path: 'blogs/:slug' },
      { path: 'blogs/new' },
      {
        path: 'admin',
        children: [{ index: true }, { path: 'users' }],
      },
      { children: [{ path: 'login' }] },
      { path: 'reset-password/:uid/:token' },
      { path: '*' },
    ],
  },
];

/** The paths of the routes that show `pathname`, root first, and the params. */
function match(pathname: string) {
  const routes = createDataRoutes(table);
  const matches = matchBranches(rankBranches(routes), pathname);
  return (
    matches && {
      ids: matches.map(({ route }) => route.id),
      leaf: matches.at(-1)?.route,
      params: matches.at(-1)?.params,
    }
  );
}

describe('route matching', () => {
  it('prefers a static segment to a parameter, whatever the order in the table', () => {
    expect(match('/blogs/new')?.leaf?.path).toBe('blogs/new');
    expect(match('/blogs/exam-tips')?.leaf?.path).toBe('blogs/:slug');
    expect(match('/blogs/exam-tips')?.params).toEqual({ slug: 'exam-tips' });
  });

  it('shows the index route at its parent path, and the splat only when nothing else fits', () => {
    expect(match('/')?.leaf?.index).toBe(true);
    expect(match('/admin')?.ids).toEqual(['0', '0-4', '0-4-0']);
    expect(match('/admin/users')?.ids).toEqual(['0', '0-4', '0-4-1']);
    expect(match('/admin/unknown')?.leaf?.path).toBe('*');
    expect(match('/admin/unknown')?.params).toEqual({ '*': 'admin/unknown' });
  });

  it('goes through layout routes without a path', () => {
    expect(match('/login')?.ids).toEqual(['0', '0-5', '0-5-0']);
  });

  it('ignores case and trailing slashes, and decodes parameters', () => {
    expect(match('/BLOGS/')?.leaf?.path).toBe('blogs');
    expect(match('/reset-password/MQ/a%20b')?.params).toEqual({ uid: 'MQ', token: 'a b' });
  });

  it('finds nothing without a catch-all route', () => {
    const routes = createDataRoutes([{ path: 'about' }]);
    expect(matchBranches(rankBranches(routes), '/contact')).toBeNull();
  });

  it('keeps an id the table gives', () => {
    expect(createDataRoutes([{ id: 'root' }])[0]?.id).toBe('root');
  });
});
