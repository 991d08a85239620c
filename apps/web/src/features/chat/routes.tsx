import type { RouteObject } from '../../lib/router/index.ts';

export const chatRoutes: RouteObject[] = [
  {
    path: 'chat',
    lazy: async () => ({
      Component: (await import('./components/chat-list-page.tsx')).ChatListPage,
    }),
  },
  {
    path: 'chat/:id',
    lazy: async () => ({
      Component: (await import('./components/chat-page.tsx')).ChatPage,
    }),
  },
];
