/**
 * Code loaded on demand (its own chunk, React.lazy): screens, and large parts that only some screens
 * show (the QR code, the drawing canvas). Once loaded, a part renders at once, without suspending.
 * A chunk that does not load (an older release's after a deploy, or no network) reloads the page
 * once; failing again, the error reaches the app's boundary (App.tsx), which says so.
 */
import { lazy, type ComponentType } from 'react';

const RELOADED_KEY = 'quiz-reloaded-for-release';

const loaders: Array<() => Promise<unknown>> = [];

/** A part loaded on demand can be asked for before it renders, and says whether it is there. */
export interface LoadsOnDemand {
  /** Resolves once the part's code is there, or could not be loaded (rendering it then throws to the error boundary). */
  preload(): Promise<void>;
  /** Whether rendering it now waits for nothing: its code is there, or failed for good (it then throws to the boundary). */
  isLoaded(): boolean;
}

/** `name` of the module `load` imports, as a component that loads the module when it first renders (or on `preload`). */
export function onDemand<Module, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
): Module[Name] & LoadsOnDemand {
  let Part: AnyComponent | null = null;
  const loadPart = () =>
    load().then((module) => {
      sessionStore()?.removeItem(RELOADED_KEY);
      Part = module[name] as AnyComponent;
      return { default: Part };
    }, reloadForNewRelease);
  const Lazy = lazy(loadPart);
  loaders.push(loadPart);
  // A preload that failed for good (after its one reload): the part's render reaches the error boundary with it.
  let failure: { error: unknown } | null = null;
  function OnDemand(props: Record<string, unknown>) {
    if (failure) throw failure.error;
    return Part ? <Part {...props} /> : <Lazy {...props} />;
  }
  let preloading: Promise<void> | null = null;
  OnDemand.preload = () =>
    (preloading ??= loadPart().then(
      () => undefined,
      (error: unknown) => {
        failure = { error };
      },
    ));
  OnDemand.isLoaded = () => Part !== null || failure !== null;
  return OnDemand as unknown as Module[Name] & LoadsOnDemand;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props (a ref too) pass through unchanged
type AnyComponent = ComponentType<any>;

/** Loads every on-demand part now, and those their modules declare (tests render on the server, synchronously). */
export async function preloadOnDemand(): Promise<void> {
  for (let done = 0; done < loaders.length;) {
    const batch = loaders.slice(done);
    done = loaders.length;
    await Promise.all(batch.map((load) => load()));
  }
}

function reloadForNewRelease(error: unknown): Promise<never> {
  const session = sessionStore();
  if (session && session.getItem(RELOADED_KEY) === null) {
    session.setItem(RELOADED_KEY, '1');
    window.location.reload();
    return new Promise<never>(() => undefined);
  }
  session?.removeItem(RELOADED_KEY);
  throw error;
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
