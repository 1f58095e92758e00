import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { ACTION_ATTRIBUTE, hasServerMarkup, ServerHtml } from './server-html';

/** The part: a heading and a link, counting its renders in the browser. */
function Part({ onRender, label }: { onRender: () => void; label: string }) {
  onRender();
  return (
    <section>
      <h2>{label}</h2>
      <Link to="/purchase/t1?from=card#top">Purchase</Link>
    </section>
  );
}

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash}`}</p>;
}

function Page({ keep, onRender, label }: { keep: boolean; onRender: () => void; label: string }) {
  return (
    <MemoryRouter initialEntries={['/']}>
      <Where />
      <ServerHtml id="part" keep={keep} load={() => Promise.resolve()}>
        <Part onRender={onRender} label={label} />
      </ServerHtml>
    </MemoryRouter>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The server's HTML of the page (rendered with the part), hydrated by the browser's tree. */
async function hydrateServerPage(onRender: () => void, keep = true) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page keep label="Server" onRender={() => undefined} />);
  document.body.append(container);
  const serverMarkup = container.querySelector('[data-server-html="part"]')?.innerHTML;
  // A different label: were the part rendered again, the heading would change (and mismatch).
  const page = (keep: boolean) => <Page keep={keep} label="Browser" onRender={onRender} />;
  await act(async () => {
    root = hydrateRoot(container, page(keep));
  });
  return {
    serverMarkup,
    rerender: (keep: boolean) => act(async () => root?.render(page(keep))),
  };
}

describe('ServerHtml', () => {
  it('renders its children on the server, in a wrapper that names the part', () => {
    const html = renderToString(<Page keep label="Server" onRender={() => undefined} />);
    expect(html).toContain('<div data-server-html="part" class="contents">');
    expect(html).toContain('<h2>Server</h2>');
  });

  it("keeps the server's markup when hydrating, without running the part", async () => {
    const onRender = vi.fn();
    const errors = vi.spyOn(console, 'error');
    const { serverMarkup } = await hydrateServerPage(onRender);
    expect(onRender).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Server' })).toBeInTheDocument();
    expect(document.querySelector('[data-server-html="part"]')?.innerHTML).toBe(serverMarkup);
    expect(errors).not.toHaveBeenCalled();
    // Taken over: a part mounted later is rendered, not read from the document.
    expect(hasServerMarkup('part')).toBe(false);
  });

  it("follows the server's links as client-side navigations", async () => {
    await hydrateServerPage(vi.fn());
    const link = screen.getByRole('link', { name: 'Purchase' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('/purchase/t1?from=card#top');
  });

  it('leaves a modified click (a new tab) to the browser', async () => {
    await hydrateServerPage(vi.fn());
    const click = new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      button: 0,
      ctrlKey: true,
    });
    // What the app did, read before the document stops jsdom's own (unimplemented) navigation.
    let takenByTheApp: boolean | undefined;
    const stop = (event: Event) => {
      takenByTheApp = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', stop);
    screen.getByRole('link', { name: 'Purchase' }).dispatchEvent(click);
    document.removeEventListener('click', stop);
    expect(takenByTheApp).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('renders the part once it may no longer be kept', async () => {
    const onRender = vi.fn();
    const { rerender } = await hydrateServerPage(onRender);
    await rerender(false);
    expect(onRender).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Browser' })).toBeInTheDocument();
  });

  it('renders the part in a page rendered in the browser', () => {
    render(<Page keep label="Rendered here" onRender={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Rendered here' })).toBeInTheDocument();
  });

  it("renders the part when a button of the server's markup names an action, and focuses it there", async () => {
    /** A part with a More button: `more` says whether it was asked for before rendering. */
    function MorePart({ more }: { more: boolean }) {
      return (
        <section>
          <h2>{more ? 'More shown' : 'First shown'}</h2>
          <button type="button" {...{ [ACTION_ATTRIBUTE]: 'more' }}>
            More
          </button>
        </section>
      );
    }
    const actions: string[] = [];
    function ActionPage() {
      const [more, setMore] = useState(false);
      return (
        <MemoryRouter initialEntries={['/']}>
          <ServerHtml
            id="part"
            keep={!more}
            load={() => Promise.resolve()}
            onAction={(action) => {
              actions.push(action);
              setMore(true);
            }}
          >
            <MorePart more={more} />
          </ServerHtml>
        </MemoryRouter>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ActionPage />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <ActionPage />);
    });
    expect(screen.getByRole('heading', { name: 'First shown' })).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'More' }).click());
    expect(await screen.findByRole('heading', { name: 'More shown' })).toBeInTheDocument();
    expect(actions).toEqual(['more']);
    expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
  });
});
