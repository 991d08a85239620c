import type { RouteObject } from 'react-router';

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
