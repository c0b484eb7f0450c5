import { lazy, Suspense, useEffect, useState } from 'react';
import { whenToastWanted } from './notify';

const Toasts = lazy(() => import('./Toasts'));

/** Mounts notistack's provider (loading its code) at the first toast; a page that shows none never downloads it. */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenToastWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
