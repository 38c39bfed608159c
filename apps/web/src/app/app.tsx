import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';

/** The router is made by the caller: the browser's in main.tsx, a memory one when prerendering. */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
