import { Outlet } from '../../lib/router/index.ts';

/** Login, registration and password pages: one centred card. */
export function GuestLayout() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-8 sm:py-12">
      <Outlet />
    </div>
  );
}
