import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

/**
 * Static parts of a server-rendered page (issue 27): hydrating them costs a phone most of its
 * main-thread time (a fiber and a comparison per element) for markup that never changes while
 * the page is up. The first render in the browser keeps the server's DOM of such a part as it
 * is, without running its components (their code can then stay in a chunk of its own, loaded
 * only when the browser must render them: a client-side navigation, or `keep` turning false).
 */

const ATTRIBUTE = 'data-server-html';

/** Every part's element React has committed: what is left in the document is the server's. */
const claimed = new WeakSet<Element>();

function claim(element: HTMLDivElement | null): void {
  if (element) claimed.add(element);
}

/** The server's element of the part named `id` that React has not taken over yet, if any. */
function serverElementOf(id: string): Element | null {
  if (typeof document === 'undefined') return null;
  const element = document.querySelector(`[${ATTRIBUTE}="${id}"]`);
  return element && !claimed.has(element) ? element : null;
}

/**
 * True while the page is the server's, not yet hydrated, and holds the part `id`: the first
 * render in the browser (a page rendered later, after a client-side navigation, has none).
 */
export function hasServerMarkup(id: string): boolean {
  return serverElementOf(id) !== null;
}

/** A plain click on a link to this site, as React Router's Link would take it. */
function inAppLinkOf(event: MouseEvent<HTMLElement>): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  if (!(event.target instanceof Element)) return null;
  const anchor = event.target.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  return url.origin === window.location.origin ? url : null;
}

/** The server's links (React Router's Links once) stay client-side navigations. */
function followLinksInApp(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    const url = inAppLinkOf(event);
    if (!url) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}

/**
 * A button in a part that asks for the part to be rendered (Show more reviews): it carries
 * `data-action` (a name), and the page passes ServerHtml an `onAction` for it.
 */
export const ACTION_ATTRIBUTE = 'data-action';

/** The action named by a plain click on a `data-action` element of the part, if any. */
function actionOf(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (!(event.target instanceof Element)) return null;
  const element = event.target.closest(`[${ACTION_ATTRIBUTE}]`);
  if (!element || !event.currentTarget.contains(element)) return null;
  return element.getAttribute(ACTION_ATTRIBUTE);
}

interface ServerHtmlProps {
  /** Names the part in the HTML (unique in the page). */
  id: string;
  /**
   * Called with the name of a `data-action` button clicked in the server's markup: the page
   * then sets `keep` false and renders the part as that action asks. Once the part is rendered,
   * the button of the same name has the focus.
   */
  onAction?: (action: string) => void;
  /**
   * While true the server's markup stays; once false (the part must now show something else,
   * e.g. another search), `load` is awaited and the children render from then on.
   */
  keep?: boolean;
  /** Loads the children's code (their lazy chunk), so they replace the markup without a gap. */
  load?: () => Promise<unknown>;
  /** The part itself (lazy components: under a Suspense of their own). */
  children: ReactNode;
}

/**
 * A part of a server-rendered page kept as the server's DOM on the hydrating render, in a
 * `display: contents` wrapper (the layout is the children's). Rendered in the browser later
 * (another page first, then this one), it renders its children.
 */
export function ServerHtml({ id, keep = true, load, onAction, children }: ServerHtmlProps) {
  const navigate = useNavigate();
  const [markup] = useState(() => serverElementOf(id)?.innerHTML ?? null);
  const [released, setReleased] = useState(markup === null);
  const [asked, setAsked] = useState<string | null>(null);
  const rendered = useRef<HTMLDivElement | null>(null);

  // The button pressed in the server's markup keeps the focus in the rendered part.
  useEffect(() => {
    if (!released || asked === null) return;
    const button = rendered.current?.querySelector(`[${ACTION_ATTRIBUTE}="${asked}"]`);
    if (button instanceof HTMLElement) button.focus();
  }, [released, asked]);

  useEffect(() => {
    if (released || keep) return;
    let current = true;
    void (load?.() ?? Promise.resolve())
      .catch(() => {
        // A chunk that did not arrive: the children's own boundary says so when they render.
      })
      .then(() => {
        if (current) setReleased(true);
      });
    return () => {
      current = false;
    };
  }, [released, keep, load]);

  if (!released && markup !== null) {
    return (
      <div
        {...{ [ATTRIBUTE]: id }}
        ref={claim}
        className="contents"
        onClick={(event) => {
          const action = onAction ? actionOf(event) : null;
          if (action === null) return followLinksInApp(navigate)(event);
          event.preventDefault();
          setAsked(action);
          onAction?.(action);
        }}
        // The server's own markup, read from this very element: the same HTML, not run again.
        dangerouslySetInnerHTML={{ __html: markup }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div
      {...{ [ATTRIBUTE]: id }}
      ref={(element) => {
        claim(element);
        rendered.current = element;
      }}
      className="contents"
    >
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}

/** A part's component, from a chunk of its own; `load` loads it ahead. */
export type LazyPart<Props> = ComponentType<Props> & { load(): Promise<unknown> };

/**
 * A part's component loaded when first rendered (React.lazy), or ahead by `load`; once loaded,
 * a part mounted later renders at once instead of suspending (as lib/lazy-route.tsx's pages).
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyPart<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start) as unknown as ComponentType<Props>;
  function Part(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the module itself would remount.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  Part.load = start;
  return Part;
}
