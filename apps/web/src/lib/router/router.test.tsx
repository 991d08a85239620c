import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  createBrowserRouter,
  createMemoryRouter,
  createStaticHandler,
  isRouteErrorResponse,
  Link,
  Navigate,
  Outlet,
  readHydrationData,
  redirect,
  RouteErrorResponse,
  RouterProvider,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
  useSearchParams,
  type LoaderFunctionArgs,
  type RouteObject,
} from './index.ts';

/** A promise the test settles when it likes. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function Layout() {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  return (
    <>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/posts/1">First post</Link>
        <Link to="/old">Old address</Link>
        <Link to="/broken">Broken</Link>
      </nav>
      <p data-testid="where">
        {pathname}
        {search}
      </p>
      <p data-testid="navigation">{navigation.state}</p>
      <Outlet />
    </>
  );
}

function Post() {
  return <h1>{useLoaderData<{ title: string }>().title}</h1>;
}

function PostError() {
  const error = useRouteError();
  return <h1>{isRouteErrorResponse(error) ? `Status ${String(error.status)}` : 'Crashed'}</h1>;
}

function Broken(): never {
  throw new Error('render failed');
}

function appRoutes(postLoader: (args: LoaderFunctionArgs) => unknown): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        { index: true, element: <h1>Home page</h1> },
        {
          path: 'posts/:id',
          HydrateFallback: () => <p>Loading the post</p>,
          lazy: () =>
            Promise.resolve({ Component: Post, loader: postLoader, ErrorBoundary: PostError }),
        },
        {
          path: 'old',
          loader: () => redirect('/posts/2'),
        },
        { path: 'broken', element: <Broken />, errorElement: <h1>Page broke</h1> },
      ],
    },
  ];
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('navigating', () => {
  it('keeps the old page while the next one loads, then shows it and writes history', async () => {
    const answer = deferred<{ title: string }>();
    const loader = vi.fn(() => answer.promise);
    const router = createMemoryRouter(appRoutes(loader));
    render(<RouterProvider router={router} />);

    await userEvent.click(screen.getByRole('link', { name: 'First post' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByTestId('navigation')).toHaveTextContent('loading');
    expect(loader).toHaveBeenCalledWith(
      expect.objectContaining({ params: { id: '1' }, request: expect.any(Request) as Request }),
    );

    await act(async () => {
      answer.resolve({ title: 'Exam tips' });
      await answer.promise;
    });
    expect(screen.getByRole('heading', { name: 'Exam tips' })).toBeInTheDocument();
    expect(screen.getByTestId('navigation')).toHaveTextContent('idle');
    expect(screen.getByTestId('where')).toHaveTextContent('/posts/1');

    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('calls off a navigation that a newer one overtakes', async () => {
    const slow = deferred<{ title: string }>();
    const signals: AbortSignal[] = [];
    const router = createMemoryRouter(
      appRoutes(({ params, request }) => {
        signals.push(request.signal);
        return params.id === '1' ? slow.promise : { title: `Post ${String(params.id)}` };
      }),
    );
    render(<RouterProvider router={router} />);

    const first = router.navigate('/posts/1');
    await act(() => router.navigate('/posts/3'));
    expect(screen.getByRole('heading', { name: 'Post 3' })).toBeInTheDocument();
    expect(signals[0]?.aborted).toBe(true);

    await act(async () => {
      slow.resolve({ title: 'Too late' });
      await first;
    });
    expect(screen.getByRole('heading', { name: 'Post 3' })).toBeInTheDocument();
  });

  it("follows a loader's redirect in place of the page asked for", async () => {
    const router = createMemoryRouter(appRoutes(() => ({ title: 'Second post' })));
    render(<RouterProvider router={router} />);

    await userEvent.click(screen.getByRole('link', { name: 'Old address' }));

    expect(await screen.findByRole('heading', { name: 'Second post' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/posts/2');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the route's error element for a loader's status, and for a page that breaks", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      appRoutes(() => {
        throw new RouteErrorResponse(404);
      }),
    );
    render(<RouterProvider router={router} />);

    await act(() => router.navigate('/posts/9'));
    expect(screen.getByRole('heading', { name: 'Status 404' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Broken' }));
    expect(screen.getByRole('heading', { name: 'Page broke' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('runs the loader again for a new query, but not for a new #hash', async () => {
    const loader = vi.fn(({ request }: LoaderFunctionArgs) => ({
      title: new URL(request.url).search,
    }));
    const router = createMemoryRouter(appRoutes(loader), { initialEntries: ['/posts/1?page=1'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: '?page=1' })).toBeInTheDocument();

    await act(() => router.navigate('?page=2'));
    expect(screen.getByRole('heading', { name: '?page=2' })).toBeInTheDocument();
    await act(() => router.navigate('#comments'));
    expect(router.state.location).toMatchObject({ search: '?page=2', hash: '#comments' });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('shows the fallback while the first page loads without data from the server', async () => {
    const answer = deferred<{ title: string }>();
    const router = createMemoryRouter(
      appRoutes(() => answer.promise),
      { initialEntries: ['/posts/1'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Loading the post')).toBeInTheDocument();

    await act(async () => {
      answer.resolve({ title: 'Exam tips' });
      await router.ready;
    });
    expect(screen.getByRole('heading', { name: 'Exam tips' })).toBeInTheDocument();
  });

  it("follows a guard's redirect that passes the location along", async () => {
    function Guard() {
      const location = useLocation();
      return <Navigate to="/login" state={{ from: location }} replace />;
    }
    const router = createMemoryRouter(
      [
        { path: 'profile', element: <Guard /> },
        {
          path: 'login',
          lazy: () => Promise.resolve({ Component: () => <h1>Sign in</h1> }),
        },
      ],
      { initialEntries: ['/profile'] },
    );
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      from: expect.objectContaining({ pathname: '/profile' }) as unknown,
    });
  });

  it('updates the query through useSearchParams', async () => {
    function Search() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ q: 'maths' })}>
          {params.get('q') ?? 'none'}
        </button>
      );
    }
    const router = createMemoryRouter([{ path: '*', element: <Search /> }], {
      initialEntries: ['/find'],
    });
    render(<RouterProvider router={router} />);

    await userEvent.click(screen.getByRole('button', { name: 'none' }));

    expect(screen.getByRole('button', { name: 'maths' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/find', search: '?q=maths' });
  });
});

describe('links', () => {
  function renderLinks() {
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <>
            <Link to="/about">About</Link>
            <Link to="?page=2">Next page</Link>
            <Link to="https://example.com/help">Help</Link>
            <Link to="/report.pdf" download>
              Report
            </Link>
          </>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    return router;
  }

  it('are real links with addresses', () => {
    renderLinks();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/?page=2');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute(
      'href',
      'https://example.com/help',
    );
  });

  it('leave modified clicks, downloads and other sites to the browser', () => {
    const router = renderLinks();
    const clicks: boolean[] = [];
    const seen = (event: MouseEvent) => {
      clicks.push(event.defaultPrevented);
      event.preventDefault(); // the test environment cannot open a page
    };
    window.addEventListener('click', seen);
    try {
      screen
        .getByRole('link', { name: 'About' })
        .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
      screen.getByRole('link', { name: 'Help' }).click();
      screen.getByRole('link', { name: 'Report' }).click();
    } finally {
      window.removeEventListener('click', seen);
    }
    expect(clicks).toEqual([false, false, false]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('navigate in the app on a plain click', async () => {
    const router = renderLinks();
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(router.state.location.pathname).toBe('/about');
  });
});

describe('server render and hydration', () => {
  const routes = appRoutes(({ params }) => {
    if (params.id === 'missing') throw new RouteErrorResponse(404);
    return { title: 'Fees </script><script>alert(1)</script>' };
  });

  it('answers a redirect, a status, and the data the page was rendered with', async () => {
    const handler = createStaticHandler(routes);

    expect(await handler.query(new Request('http://localhost/old'))).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/posts/2',
    });

    const missing = await handler.query(new Request('http://localhost/posts/missing'));
    expect(missing.kind === 'page' && missing.status).toBe(404);

    const page = await handler.query(new Request('http://localhost/posts/1'));
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.status).toBe(200);
    expect(page.matches.map(({ route }) => route.id)).toEqual(['0', '0-1']);
    expect(renderToString(<RouterProvider router={page.router} />)).toContain(
      'Fees &lt;/script&gt;',
    );
    expect(page.hydrationScript.match(/<\/script>/g)).toHaveLength(1);
  });

  it('hydrates with the server data: no loader runs, no fallback shows', async () => {
    const handler = createStaticHandler(routes);
    const page = await handler.query(new Request('http://localhost/posts/missing'));
    if (page.kind !== 'page') throw new Error('expected a page');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<RouterProvider router={page.router} />);
    document.body.append(container);
    container.insertAdjacentHTML('beforeend', page.hydrationScript);
    // run it, as the browser does when it parses the page
    window.eval(container.querySelector('script')?.textContent ?? '');
    window.history.replaceState(null, '', '/posts/missing');

    const loader = vi.fn();
    const onError = vi.spyOn(console, 'error');
    const router = createBrowserRouter(appRoutes(loader), { hydrationData: readHydrationData() });
    await router.ready;
    render(<RouterProvider router={router} />, { container, hydrate: true });

    expect(screen.getByRole('heading', { name: 'Status 404' })).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('follows Back and Forward in the browser', async () => {
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter(appRoutes(() => ({ title: 'Exam tips' })));
    render(<RouterProvider router={router} />);

    await userEvent.click(screen.getByRole('link', { name: 'First post' }));
    expect(await screen.findByRole('heading', { name: 'Exam tips' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/posts/1');

    window.history.back();
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    });
  });
});
